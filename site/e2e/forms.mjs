// What the browser tests of the enquiry forms share (forms.test.mjs, forms-phones.test.mjs): the
// site with the lead function writing into a temporary outbox, the forms' pages and helpers.
// The tests run every enquiry form against `estate serve` with the lead function
// mounted, in Debian's Chromium: an invalid case of each kind of rule of the shared test vectors
// (lead-fn/tests/form-vectors.json) shows its exact messages; valid data reaches the outbox with
// the right fields; with the function answering 500, then hanging past the 5 s time-out, each
// form shows its exact failure message and keeps what was typed. Screenshots go to /tmp.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, startServer } from './server.mjs';
import { DESKTOP, DEADLINE_MS, answerDialog, gotoSettled, launch, openPage } from './browser.mjs';

export const VECTORS = JSON.parse(readFileSync(join(repo, 'lead-fn', 'tests', 'form-vectors.json'), 'utf8'));
export const SHOTS = process.env.FORMS_SHOTS ?? '/tmp';
export const CONTACT_PATH = '/api/contact-user';

export const SUCCESS = 'User data submitted successfully!';
export const FAILED = 'Failed to submit user data.';
export const FAILED_RETRY = 'Failed to submit user data. Please try again.';
export const ERROR = 'Something went wrong.';
export const ERROR_RETRY = 'Something went wrong. Please try again.';
export const ERROR_LATER = 'Something went wrong. Please try again later.';

/**
 * How the tests enter a vector's number (`countryByDial`: the country a visitor picks in the
 * selector, by dial code), and the vectors with a value the form's controls cannot produce, or
 * of which the form says something else (`reshaped`): the message for that field is then the
 * one it `shows`, or none and the form is sent (the function still refuses such a value, which
 * the Rust tests of the same vectors check). One copy, which src/forms/vectors.test.tsx reads too.
 */
const AS_TYPED = JSON.parse(readFileSync(join(repo, 'site', 'src', 'forms', 'vectors-as-typed.json'), 'utf8'));
export const COUNTRY_BY_DIAL = AS_TYPED.countryByDial;
export const RESHAPED = AS_TYPED.reshaped;

/**
 * Every form: where it is, the label of each field it has (in the order focus looks for the
 * first invalid one), which phone input it uses, and its failure messages.
 */
export const FORMS = {
  seller: {
    path: '/pro',
    fields: { name: 'Name*', email: 'E-mail*', contactNumber: 'Phone number*', propertyType: 'Property Type', propertyArea: 'Area', message: 'Message' },
    phone: 'selector',
    failure: [FAILED, ERROR_RETRY],
  },
  contact: {
    path: '/contact-us',
    fields: { name: 'Name', email: 'Email', contactNumber: 'Phone', message: 'Message' },
    phone: 'selector',
    failure: [FAILED, ERROR],
  },
  'contact-lead': {
    path: '/contact-us',
    fields: { name: 'Name', email: 'Email', contactNumber: 'Phone', message: 'Message (optional)' },
    phone: 'selector',
    failure: [FAILED, ERROR_RETRY],
    alert: 'Form submitted successfully!',
  },
  popup: {
    path: '/',
    fields: { name: 'Name', email: 'Email', contactNumber: 'Phone Number' },
    phone: 'selector',
    failure: [FAILED_RETRY, ERROR_LATER],
  },
  detail: {
    path: null, // a property page, chosen in before()
    fields: { name: 'Name', email: 'Email', contactNumber: 'Phone Number', message: 'Message' },
    phone: 'selector',
    failure: [FAILED_RETRY, ERROR_LATER],
  },
  newsletter: {
    path: '/',
    fields: { email: 'Email address' },
    failure: [FAILED, ERROR_RETRY],
  },
  callback: {
    path: '/',
    fields: { name: 'Name', contactNumber: 'Phone' },
    phone: 'selector',
    failure: [FAILED, ERROR_RETRY],
  },
  requirements: {
    path: '/req',
    fields: {
      name: 'Name*',
      email: 'E-mail*',
      contactNumber: 'Phone number*',
      propertyType: 'Property type',
      propertyArea: 'Preferred communities',
      message: 'Anything else we should know',
    },
    phone: 'selector',
    failure: [FAILED, ERROR_RETRY],
  },
};

/** The home popup's delay (src/pages/Home.tsx). */
export const POPUP_DELAY_MS = 5000;

/** The running site (its leads in `outbox`), its browser and a published listing: live bindings, set by `withForms`. */
export let server;
export let browser;
export let outbox;
export let property;

/** Registers the hooks that start the site with its outbox and the browser before a file's tests, and stop them after. */
export function withForms() {
  before(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'estate-forms-outbox-'));
    // The rate limit is the function's own concern (its Rust tests); here every form sends several.
    server = await startServer({ outbox, env: { LEAD_RATE_LIMIT_PER_MINUTE: '0' } });
    browser = await launch();
    const properties = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));
    property = properties[0];
    assert.ok(property, 'the sample content has a property');
    FORMS.detail.path = `/property/${property.id}`;
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });
}

/** Opens the page of `kind` and brings its form into view (the popup after its 5 s, the modal by its button). */
export async function openForm(kind, viewport = DESKTOP) {
  const spec = FORMS[kind];
  const opened = await openPage(browser, viewport);
  const { page, context } = opened;
  // Alerts are recorded and dismissed.
  const alerts = [];
  page.on('dialog', async (dialog) => {
    alerts.push(dialog.message());
    await answerDialog(dialog);
  });
  if (spec.path === '/' && kind !== 'popup') {
    // The popup would cover the page 5 s after load: a visitor who closed it does not see it again.
    await context.addInitScript(() => sessionStorage.setItem('estate.popupClosed', '1'));
  }
  // The popup's 5 s are the page's clock, not the test's: installed before the page runs, moved
  // on once it is idle (network and rendering stay real).
  if (kind === 'popup') await page.clock.install();
  await gotoSettled(page, server.url + spec.path);
  if (kind === 'popup') {
    await page.clock.fastForward(POPUP_DELAY_MS);
    const dialog = page.getByRole('dialog', { name: 'Submit Your Details' });
    await dialog.waitFor({ state: 'visible', timeout: DEADLINE_MS });
  }
  if (kind === 'detail') {
    await page.getByRole('button', { name: 'Get in Touch' }).first().click();
    await page.getByRole('dialog', { name: 'Get in Touch' }).waitFor({ state: 'visible', timeout: DEADLINE_MS });
  }
  const form = page.locator(`form[name="${kind}"]`);
  await form.waitFor({ state: 'visible' });
  return { ...opened, form, spec, alerts };
}

/** Waits for the form's success: its message, or the alert of the second contact variant. */
export async function expectSuccess(form, spec, alerts, count) {
  // Longer than the form's own 5 s time-out: on a loaded machine the round trip itself can take
  // most of it, and a time-out still fails here (its message shows, not the success).
  if (!spec.alert) return expectStatus(form, SUCCESS, DEADLINE_MS);
  const end = Date.now() + DEADLINE_MS;
  while (alerts.length === count) {
    if (Date.now() > end) throw new Error('no alert');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(alerts.at(-1), spec.alert);
}

export const field = (form, spec, name) => form.getByLabel(spec.fields[name], { exact: true });

/**
 * Picks the country named `country` (its English name, which the search finds in every language)
 * in the field's selector with the keyboard, as a visitor would, on a page whose interface
 * strings are `messages` (English by default). `iso`: the country's ISO code, to check the pick.
 */
export async function pickCountry(form, country, messages = null, iso = null) {
  // Its name: 'Country code: AE, United Arab Emirates, +971' (in the page's language).
  const label = messages?.['forms.phone.country'] ?? 'Country code: {iso}, {country}, +{dial}';
  const button = form.getByRole('button', { name: new RegExp(`^${label.split('{iso}')[0]}`) });
  const chosen = (name) => (iso ? name.startsWith(label.split('{country}')[0].replace('{iso}', iso)) : name.includes(`, ${country}, +`));
  if (chosen(await button.getAttribute('aria-label'))) return;
  await button.focus();
  await button.press('Enter');
  const search = form.getByRole('combobox', { name: messages?.['forms.phone.search'] ?? 'Search countries' });
  await search.waitFor({ state: 'visible' });
  await search.fill(country);
  await search.press('Enter');
  const picked = await button.getAttribute('aria-label');
  if (iso) assert.ok(chosen(picked), `${country}: ${picked}`);
  else assert.match(picked, new RegExp(`^Country code: [A-Z]{2}, ${country}, \\+\\d+$`));
}

/**
 * Where the country button's caret points, as a screen vector ([0, 1.41] is down): it is two
 * borders of a square, turned 45 degrees, so it points where the corner they meet goes.
 */
export function caretPoint(form) {
  return form.locator('.phone-field__caret').evaluate((el) => {
    const style = getComputedStyle(el);
    const drawn = (side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none';
    const corner = new DOMPoint(drawn('Right') ? 1 : drawn('Left') ? -1 : 0, drawn('Bottom') ? 1 : drawn('Top') ? -1 : 0);
    const { a, b, c, d } = new DOMMatrix(style.transform);
    const turned = corner.matrixTransform(new DOMMatrix([a, b, c, d, 0, 0]));
    return [Math.round(turned.x * 100) / 100, Math.round(turned.y * 100) / 100];
  });
}

/** Enters `number` in the selector: its country by dial code, then the rest after the dial code. */
export async function enterPhone(form, input, number) {
  let rest = number.replace(/\s/g, '');
  let country = 'United Arab Emirates';
  if (rest.startsWith('+')) {
    // A number no country's code starts ('+0...') is typed after the default one.
    const [dial, name] = COUNTRY_BY_DIAL.find(([code]) => rest.slice(1).startsWith(code)) ?? ['', country];
    country = name;
    rest = rest.slice(1 + dial.length);
  }
  await pickCountry(form, country);
  await input.click();
  await input.press('Control+A');
  await input.press('Backspace');
  if (rest) await input.pressSequentially(rest);
}

/** Fills the form's fields with `values` (missing ones emptied). */
export async function fill(form, spec, values) {
  for (const name of Object.keys(spec.fields)) {
    const input = field(form, spec, name);
    const value = values[name] ?? '';
    if (name === 'contactNumber' && spec.phone === 'selector') await enterPhone(form, input, value);
    else if (name === 'propertyType') {
      const offered = await input.locator('option').evaluateAll((options) => options.map((option) => option.value));
      await input.selectOption(offered.includes(value) ? value : '');
    }
    else await input.fill(value);
  }
}

/** What the visitor sees: each field's message (absent fields left out), and the form's status line. */
export async function shown(form, spec) {
  const errors = {};
  for (const name of Object.keys(spec.fields)) {
    const box = form.locator(`[data-field="${name}"] .field__error`);
    if ((await box.count()) > 0) errors[name] = (await box.innerText()).trim();
  }
  const status = (await form.locator('.form-status').innerText()).trim();
  return { errors, status };
}

export async function values(form, spec) {
  const result = {};
  for (const name of Object.keys(spec.fields)) result[name] = await field(form, spec, name).inputValue();
  return result;
}

/** The values as kept: the phone field with the country selector lays the number out in groups
 * as it likes ('+971 0501234567' becomes '+971 05 012 3456' once its formatter has run, which
 * on a busy machine may be after the values were first read); the number is what is kept. */
export function kept(values) {
  return { ...values, ...(values.contactNumber === undefined ? {} : { contactNumber: values.contactNumber.replace(/\s/g, '') }) };
}

/** The leads in the outbox, oldest first. */
export function leads() {
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')));
}

export async function waitForLead(pick, timeoutMs = DEADLINE_MS) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = leads().find(pick);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no such lead in the outbox: ${JSON.stringify(leads(), null, 1)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const submitButton = (form) => form.locator('button[type="submit"]');

export async function expectStatus(form, text, timeout = 3000) {
  await form.locator('.form-status', { hasText: text }).waitFor({ timeout });
  assert.equal((await form.locator('.form-status').innerText()).trim(), text);
}

