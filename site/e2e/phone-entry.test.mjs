// The phone field as visitors fill it, in Debian's Chromium against `estate serve`: a number
// typed, pasted or filled in (by Playwright's fill, and as autofill does: the value set and an
// input event) that starts with '+' or '00' picks its country and keeps every digit; a UAE number
// written as at home is the UAE's; what the field shows is what reaches the agents (the outbox).
// On the seller form (/pro), the property page's enquiry and the home call-back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, framesDrawn, gotoSettled, launch, openPage } from './browser.mjs';

let server;
let browser;
let outbox;
let property;

before(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'estate-phone-outbox-'));
  server = await startServer({ outbox, env: { LEAD_RATE_LIMIT_PER_MINUTE: '0' } });
  browser = await launch();
  property = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'))[0];
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (outbox) rmSync(outbox, { recursive: true, force: true });
});

const leads = () =>
  readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')));

async function waitForLead(pick, what) {
  const end = Date.now() + 10_000;
  for (;;) {
    const found = leads().find(pick);
    if (found) return found;
    if (Date.now() > end) throw new Error(`${what}: no such lead in the outbox: ${JSON.stringify(leads().map((l) => [l.form, l.email, l.contactNumber]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What is entered, the country it picks, what the field then shows and what the agents receive. */
const NUMBERS = [
  // A number without '+' or '00' is the shown country's (AE on a fresh form): first.
  { entered: '0501234567', iso: 'AE', shown: '+971 50 123 4567', received: '+971501234567' },
  { entered: '+44 7911 123456', iso: 'GB', shown: '+44 7911 123456', received: '+447911123456' },
  { entered: '+7 912 345 67 89', iso: 'RU', shown: '+7 (912) 345-67-89', received: '+79123456789' },
  { entered: '+1 212 555 0100', iso: 'US', shown: '+1 (212) 555-0100', received: '+12125550100' },
  { entered: '+91 98765 43210', iso: 'IN', shown: '+91 98765-43210', received: '+919876543210' },
  { entered: '0044 7911 123456', iso: 'GB', shown: '+44 7911 123456', received: '+447911123456' },
];

/** How a visitor enters a number into the focused field, its caret after the shown dial code. */
const METHODS = {
  async typed(page, input, number) {
    await input.click();
    await input.press('End');
    await page.keyboard.type(number);
  },
  async pasted(page, input, number) {
    await input.click();
    await input.press('End');
    await page.evaluate((text) => navigator.clipboard.writeText(text), number);
    await page.keyboard.press('Control+V');
  },
  async filled(page, input, number) {
    await input.fill(number);
  },
  // As the browser's autofill does: the value set and an input event, with no keystroke.
  async autofilled(page, input, number) {
    await input.evaluate((element, text) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(element, text);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }, number);
  },
};

/** The forms, where they are and what else they need. */
const FORMS = {
  seller: {
    path: '/pro',
    async open() {},
    fill: async (form, email) => {
      await form.getByLabel('Name*', { exact: true }).fill('Visitor Abroad');
      await form.getByLabel('E-mail*', { exact: true }).fill(email);
    },
    phone: (form) => form.getByLabel('Phone number*', { exact: true }),
  },
  detail: {
    path: null,
    async open(page) {
      await page.locator('.price-card').getByRole('button', { name: 'Get in Touch' }).click();
      await page.getByRole('dialog', { name: 'Get in Touch' }).waitFor({ state: 'visible' });
    },
    fill: async (form, email) => {
      await form.getByLabel('Name', { exact: true }).fill('Visitor Abroad');
      await form.getByLabel('Email', { exact: true }).fill(email);
    },
    phone: (form) => form.getByLabel('Phone Number', { exact: true }),
  },
  callback: {
    path: '/',
    async open() {},
    // The call-back has no email: the name tells the leads apart.
    fill: async (form, email) => form.getByLabel('Name', { exact: true }).fill(email.split('@')[0]),
    phone: (form) => form.getByLabel('Phone', { exact: true }),
  },
};

async function run(kind, methods, viewport) {
  const spec = FORMS[kind];
  const { context, page, problems } = await openPage(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // The home popup would cover the call-back: closed, as a visitor who closed it.
  await context.addInitScript(() => sessionStorage.setItem('estate.popupClosed', '1'));
  for (const method of methods) {
    // A fresh form for each way of entering: the country is AE again.
    await gotoSettled(page, server.url + (spec.path ?? `/property/${property.id}`));
    await spec.open(page);
    const form = page.locator(`form[name="${kind}"]`);
    await form.waitFor({ state: 'visible' });
    for (const [index, { entered, iso, shown, received }] of NUMBERS.entries()) {
      const what = `${kind}, ${method}: ${entered}`;
      const email = `${kind}-${method}-${index}@example.com`;
      await spec.fill(form, email);
      const input = spec.phone(form);
      // The phone library arrives on the visitor's first touch of the form and its field takes
      // the light one's place: the number goes in once it has (a value set on the light field
      // in the very frame it leaves the page was lost once on a loaded machine).
      await input.hover();
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /PhoneFieldFull/.test(e.name)));
      await framesDrawn(page);
      // The field after the last lead: only its country's dial code, as a fresh one.
      assert.match(await input.inputValue(), /^\+\d+ $/, `${what}: the field holds only a dial code`);
      await METHODS[method](page, input, entered);
      await page.waitForFunction(([element, text]) => element.value === text, [await input.elementHandle(), shown], { timeout: 5000 }).catch(() => {});
      assert.equal(await input.inputValue(), shown, `${what}: the field shows every digit`);
      const button = form.getByRole('button', { name: /^Country code: / });
      assert.match(await button.getAttribute('aria-label'), new RegExp(`^Country code: ${iso}, `), `${what}: the country`);
      const before = leads().length;
      const sent = () => form.locator('.form-status', { hasText: 'User data submitted successfully!' }).waitFor({ timeout: 20_000 });
      await form.locator('button[type="submit"]').click();
      await sent().catch(async (error) => {
        const said = await form.locator('.form-status, .field__error').allTextContents();
        // On a machine loaded far past its processors the outbox's write once missed the
        // function's delivery budget (503): the form keeps the number, and a visitor sends again.
        if (said.some((text) => text.startsWith('Failed to submit user data.'))) {
          assert.equal(await input.inputValue(), shown, `${what}: the number kept after a failure`);
          await form.locator('button[type="submit"]').click();
          return sent();
        }
        throw new Error(`${what}: not sent (the form says ${JSON.stringify(said)}, the field ${await input.inputValue()}): ${error.message}`);
      });
      const lead = await waitForLead((l, i) => i >= before && l.form === kind && (l.email === email || l.name === email.split('@')[0]), what);
      assert.equal(lead.contactNumber, received, `${what}: as the agents receive it`);
      assert.equal(shown.replace(/[^+\d]/g, ''), received, `${what}: what was shown is what was sent`);
    }
  }
  await context.close();
  assert.deepEqual(problems, []);
}

describe("a number with '+' or '00' picks its country and keeps every digit, however it is entered", () => {
  test('the seller form (/pro), on a phone: typed, pasted, filled, autofilled', () => run('seller', Object.keys(METHODS), PHONE));
  test("the property page's enquiry, on a desktop: typed, pasted, filled, autofilled", () => run('detail', Object.keys(METHODS), DESKTOP));
  test('the home call-back: typed and autofilled', () => run('callback', ['typed', 'autofilled'], DESKTOP));
});

// Without JavaScript the field is a text box holding '+971 ', and the visitor types after it:
// the form sends what was typed and the lead function reads it as the field would (its own
// number after '+' or '00', a UAE number's trunk 0 dropped), not as '+971' and every digit.
describe('with JavaScript off, a number typed after the shown +971', () => {
  const TYPED = [
    { typed: '+44 7911 123456', received: '+447911123456' },
    { typed: '0044 7911 123456', received: '+447911123456' },
    { typed: '+7 912 345 67 89', received: '+79123456789' },
    { typed: '050 765 4321', received: '+971507654321' },
  ];
  for (const [i, { typed, received }] of TYPED.entries()) {
    test(`the seller form (/pro): '+971 ${typed}' reaches the agents as ${received}`, async () => {
      const { context, page } = await openPage(browser, DESKTOP, { javaScriptEnabled: false });
      try {
        await page.goto(server.url + '/pro');
        const form = page.locator('form[name="seller"]');
        const email = `nojs.${i}@example.com`;
        await form.locator('input[name="name"]').fill('Noor Visitor');
        await form.locator('input[name="email"]').fill(email);
        const phone = form.locator('input[name="contactNumber"]');
        assert.equal(await phone.inputValue(), '+971 ', 'the field shows the UAE dial code');
        await phone.click();
        await phone.press('End');
        await page.keyboard.type(typed);
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(/\/thank-you$/);
        const lead = await waitForLead((l) => l.email === email, typed);
        assert.equal(lead.contactNumber, received);
      } finally {
        await context.close();
      }
    });
  }
});
