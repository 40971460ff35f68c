// Browser tests of every enquiry form against `estate serve` with the lead function mounted, in
// Debian's Chromium: a case of each kind of rule of the shared test vectors (every case is
// src/forms/vectors.test.tsx's), failures that keep what was typed, valid data reaching the
// outbox, keyboard use, home's late forms (helpers: forms.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEADLINE_MS, DESKTOP, PHONE, gotoSettled, holdBack, openPage, screenshot } from './browser.mjs';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_PATH, FORMS, POPUP_DELAY_MS, RESHAPED, SHOTS, SUCCESS, VECTORS, browser, caretPoint, expectStatus, expectSuccess, field, fill, kept, leads, openForm, pickCountry, property, server, shown, submitButton, values, waitForLead, withForms } from './forms.mjs';

withForms();

/**
 * One invalid case of each kind of rule, each form's own, submitted in Chromium before the form's
 * other cases below: every case of the shared vectors runs through the same components under
 * vitest (src/forms/vectors.test.tsx), these check that the real browser, its focus and its
 * typing agree.
 */
const REFUSED = {
  // Required fields, four at once, and the form's own status line.
  contact: 'contact: everything missing',
  // A name too short and the '+' and 9 to 15 digits rule.
  callback: 'callback: short name and a number too short',
  requirements: 'requirements: bad phone',
  // The email rules, in both wordings.
  newsletter: 'newsletter: invalid',
  popup: 'popup: invalid email',
  // A number the wrong length for its country, the country picked in the selector.
  detail: 'detail: a Russian mobile one digit short',
  // Reshaped by the controls into a number the UAE rule refuses: letters cannot be typed; digits
  // without '+' come after the shown +971. (The advice for another country's national number is
  // forms-phones.test.mjs's.)
  'contact-lead': 'contact-lead: letters',
  seller: 'seller: number without plus',
};

/**
 * Submits the form's invalid case (`REFUSED`): each field's exact message, tied to it, the form's
 * own status line, focus on the first invalid field, and no request.
 */
async function expectRefused(kind, { form, spec, page }) {
  const name = REFUSED[kind];
  const vector = VECTORS.find((v) => v.name === name);
  assert.ok(vector && vector.form === kind && Object.keys(vector.errors).length > 0, `${kind}: an invalid case of its own (${name})`);
  let posted = 0;
  const count = (request) => void (request.url().endsWith(CONTACT_PATH) && (posted += 1));
  page.on('request', count);
  await fill(form, spec, vector.input);
  await submitButton(form).click();
  const expected = { ...vector.errors };
  const reshaped = RESHAPED[name];
  if (reshaped) {
    // What the controls make of the value is refused by another rule.
    assert.ok(reshaped.shows, `${name}: still refused`);
    expected[reshaped.field] = reshaped.shows;
    if (reshaped.field === 'contactNumber') {
      const phone = await field(form, spec, 'contactNumber').inputValue();
      assert.match(phone, /^\+/, `${name}: ${reshaped.why}`);
      assert.ok(phone.replace(/\D/g, '').length <= 15, `${name}: at most 15 digits`);
    }
  }
  // Read once the messages are drawn (a busy machine renders after the click returns).
  await form.locator('.field__error').first().waitFor({ timeout: 5000 }).catch(() => undefined);
  const seen = await shown(form, spec);
  assert.deepEqual(seen.errors, expected, name);
  assert.equal(seen.status, vector.form_error ?? '', `${name}: the form's own message`);
  // Each message is tied to its field, and focus went to the first invalid one.
  for (const fieldName of Object.keys(expected)) {
    const input = field(form, spec, fieldName);
    assert.equal(await input.getAttribute('aria-invalid'), 'true', `${name}: ${fieldName} aria-invalid`);
    const describedBy = (await input.getAttribute('aria-describedby')).split(' ');
    const errorId = await form.locator(`[data-field="${fieldName}"] .field__error`).getAttribute('id');
    assert.ok(describedBy.includes(errorId), `${name}: ${fieldName} aria-describedby`);
  }
  const first = Object.keys(spec.fields).find((fieldName) => expected[fieldName]);
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('name'));
  assert.equal(focused, first, `${name}: focus on the first invalid field`);
  // An invalid form sends nothing (the form would have asked before drawing any message).
  page.off('request', count);
  assert.equal(posted, 0, `${name}: no request`);
}

test('the seller form checks a field when it loses focus', async () => {
  const { form, spec, context, problems } = await openForm('seller');
  await field(form, spec, 'name').fill('Al');
  await field(form, spec, 'name').press('Tab');
  assert.deepEqual((await shown(form, spec)).errors, { name: 'Name must be at least 3 characters long.' });
  await field(form, spec, 'email').fill('aisha@example');
  await field(form, spec, 'email').press('Tab');
  assert.deepEqual((await shown(form, spec)).errors, {
    name: 'Name must be at least 3 characters long.',
    email: 'Please enter a valid email address.',
  });
  await field(form, spec, 'name').fill('Aisha');
  assert.deepEqual((await shown(form, spec)).errors, { email: 'Please enter a valid email address.' }, 'a corrected field clears');
  await context.close();
  assert.deepEqual(problems, []);
});

/** Valid input for each form, and what its lead must hold. */
const VALID = {
  seller: {
    input: VECTORS.find((v) => v.name === 'seller: valid').input,
    lead: { contactNumber: '+971501234567', propertyType: 'Villa', propertyArea: 'Palm Jumeirah', message: 'Interested in the Marina listing.' },
  },
  contact: { input: VECTORS.find((v) => v.name === 'contact: valid').input, lead: { contactNumber: '+971501234567' } },
  'contact-lead': {
    input: { name: 'Omar Farouk', email: 'omar@example.com', contactNumber: '+971501234567', message: 'Please call after 6.' },
    // The second variant sends the number as the selector gives it, its '+' kept.
    lead: { contactNumber: '+971501234567', message: 'Please call after 6.' },
  },
  popup: { input: VECTORS.find((v) => v.name === 'popup: valid, only three fields').input, lead: { contactNumber: '+971501234567', message: '' } },
  detail: { input: VECTORS.find((v) => v.name === 'detail: valid').input, lead: { contactNumber: '+971501234567', message: 'Is it available?' } },
  newsletter: { input: VECTORS.find((v) => v.name === 'newsletter: valid').input, lead: { name: '', contactNumber: '' } },
  callback: { input: VECTORS.find((v) => v.name === 'callback: valid').input, lead: { contactNumber: '+447700900123', email: '' } },
  requirements: {
    input: { ...VECTORS.find((v) => v.name === 'requirements: valid').input, propertyType: 'Townhouse', propertyArea: 'Arabian Ranches' },
    lead: { contactNumber: '+971501234567', propertyType: 'Townhouse', propertyArea: 'Arabian Ranches' },
  },
};

/**
 * Pauses the page's clock a moment from now. The moment is the page's now plus a margin, which a
 * loaded machine can pass before the pause is made (Playwright refuses to pause in the past):
 * tried again with a longer margin then.
 */
async function pauseSoon(page) {
  for (let margin = 100; ; margin *= 4) {
    try {
      return await page.clock.pauseAt(await page.evaluate(() => Date.now()) + margin);
    } catch (error) {
      if (margin >= 6400 || !/to the past/.test(error.message)) throw error;
    }
  }
}

describe('an invalid case is refused with its exact messages; failures keep what was typed; valid data reaches the outbox', () => {
  for (const kind of Object.keys(FORMS)) {
    test(`${kind} (refused: ${REFUSED[kind]})`, async () => {
      const opened = await openForm(kind);
      const { form, spec, page, context, problems, alerts } = opened;
      await expectRefused(kind, opened);
      const { input, lead: expectedLead } = VALID[kind];
      await fill(form, spec, input);
      const typed = await values(form, spec);
      const button = submitButton(form);

      // The function answers 500: 'Failed to submit user data.' (or its popup/modal wording).
      let hits = 0;
      await page.route(`**${CONTACT_PATH}`, (route) => {
        hits += 1;
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"ok":false}' });
      });
      await button.click();
      await expectStatus(form, spec.failure[0]);
      assert.deepEqual(kept(await values(form, spec)), kept(typed), 'the input is kept after a 500');
      assert.equal(hits, 1);
      await page.unroute(`**${CONTACT_PATH}`);

      // The function hangs past the 5 s time-out: the button is disabled meanwhile, a second
      // submission is ignored, then 'Something went wrong...' with the input kept. The 5 s are
      // the page's clock (installed now if the popup's did not already), paused, so that only the
      // test moves it: not failed at 4.9 s, failed at 5.1 s.
      hits = 0;
      let release;
      // The clock runs on only once the request has reached the function: on a loaded machine the
      // page's time-out otherwise came first and cancelled it before the route saw it.
      let arrived;
      const requested = new Promise((resolve) => (arrived = resolve));
      await page.route(`**${CONTACT_PATH}`, (route) => {
        hits += 1;
        release = () => route.abort().catch(() => {});
        arrived();
      });
      if (kind !== 'popup') await page.clock.install();
      await pauseSoon(page);
      await button.click();
      await requested;
      await form.locator('button[type="submit"][disabled]').waitFor({ timeout: 2000 });
      await field(form, spec, Object.keys(spec.fields)[0]).press('Enter');
      await page.clock.runFor(4900);
      assert.equal(await form.locator('.form-status', { hasText: spec.failure[1] }).count(), 0, 'still waiting at 4.9 s');
      assert.ok(await button.isDisabled(), 'the button stays disabled while it waits');
      await page.clock.runFor(200);
      await expectStatus(form, spec.failure[1], 5000);
      await page.clock.resume();
      release?.();
      assert.equal(hits, 1, 'no double submission');
      assert.equal(await button.isDisabled(), false, 'the button is back');
      assert.deepEqual(kept(await values(form, spec)), kept(typed), 'the input is kept after the time-out');
      await page.unroute(`**${CONTACT_PATH}`);

      // The function takes it: the success message (the second contact variant alerts), the
      // form empties, and the lead is in the outbox with the right fields.
      const before = leads().length;
      const alertsBefore = alerts.length;
      await button.click();
      await expectSuccess(form, spec, alerts, alertsBefore);
      if (spec.alert) assert.equal((await form.locator('.form-status').innerText()).trim(), '', 'the alert, not a message');
      const emptied = await values(form, spec);
      assert.equal(emptied.name ?? '', '', 'the form is reset');
      assert.equal(emptied.email ?? '', '');
      assert.deepEqual(await shown(form, spec).then((s) => s.errors), {});
      const lead = await waitForLead((l, i) => i >= before && l.form === kind);
      const want = { name: input.name ?? '', email: input.email ?? '', lang: 'en', page: spec.path, ...expectedLead };
      for (const [key, value] of Object.entries(want)) assert.equal(lead[key], value, `${kind}: the lead's ${key}`);
      if (kind === 'popup') {
        // The popup sends only name, email and contactNumber.
        assert.equal(lead.message, '');
        assert.equal(lead.propertyType, undefined);
      }
      if (kind === 'detail') {
        assert.equal(lead.propertyId, property.id);
        assert.equal(lead.property?.id, property.id);
        assert.ok(await page.getByRole('dialog', { name: 'Get in Touch' }).isVisible(), 'the modal stays open');
      }
      if (kind === 'requirements') assert.match(lead.message, /Interested in the Marina listing\.$/);
      await context.close();
      // The browser logs the 500 it was answered on purpose.
      assert.deepEqual(problems.filter((problem) => !problem.includes('status of 500')), []);
    });
  }
});

describe('the popup and the property form take a number of any country', () => {
  // One number per way its country comes, in each language. In English the forms' valid cases
  // above send the UAE's local number, and phone-entry.test.mjs +7 and +44 numbers typed, pasted
  // or filled in; what each keystroke makes of a number, and the rules' refusals, are the
  // component tests' (src/forms/PhoneField.test.tsx, src/forms/vectors.test.tsx).
  test("in Arabic and Russian the property form and the popup take a +7 number picked in the selector (arriving as +7...), and refuse one of the wrong length in the page's language; the property form a UAE number too", async () => {
    // What is typed: the country picked in the selector (by its English name, which its search
    // finds in any language), then the rest; what the agents receive, or the message refusing it.
    // The UAE's own number once per language, on the property form. The UAE rule's refusal in
    // each language is forms-phones.test.mjs's.
    const CASES = [
      [['Russia', 'RU'], '916 123 45 6', null, 'forms.rule.phoneCountry'],
      [['Russia', 'RU'], '916 123 45 67', '+79161234567'],
    ];
    const UAE = [[['United Arab Emirates', 'AE'], '0501234567', '+971501234567']];
    for (const lang of ['ar', 'ru']) {
      const messages = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
      // One tab per language: the property form, then the popup on the home page. The popup's
      // 5 s are the page's clock (see openForm), which otherwise runs as usual.
      const { page, context, problems } = await openPage(browser, DESKTOP);
      await page.clock.install();
      for (const kind of ['detail', 'popup']) {
        if (kind === 'detail') {
          await gotoSettled(page, `${server.url}/${lang}${FORMS.detail.path}`);
          await page.locator('.price-card').getByRole('button', { name: messages['property.getInTouch'] }).click();
        } else {
          await gotoSettled(page, `${server.url}/${lang}`);
          await page.clock.fastForward(POPUP_DELAY_MS);
          await page.getByRole('dialog', { name: messages['popup.title'] }).waitFor({ state: 'visible', timeout: DEADLINE_MS });
        }
        const form = page.locator(`form[name="${kind}"]`);
        await form.waitFor({ state: 'visible' });
        // The country button's caret points down, right to left too.
        assert.deepEqual(await caretPoint(form), [0, 1.41], `${lang} ${kind}: the caret points down`);
        const phone = form.locator('input[name="contactNumber"]');
        for (const [[country, iso], typed, received, error] of kind === 'detail' ? [...CASES, ...UAE] : CASES) {
          const what = `${lang} ${kind} ${iso} ${typed}`;
          // The form empties after each lead it sends.
          await form.locator('input[name="name"]').fill('Ivan Petrov');
          await form.locator('input[name="email"]').fill('ivan@example.com');
          await pickCountry(form, country, messages, iso);
          await phone.click();
          await phone.press('Control+A');
          await phone.press('Backspace');
          await phone.pressSequentially(typed.replace(/\s/g, ''));
          if (kind === 'detail' && iso === 'RU' && received) await screenshot(form, { path: join(tmpdir(), `forms-detail-russian-number-${lang}.png`) });
          const before = leads().length;
          await submitButton(form).click();
          if (error) {
            const shownError = form.locator('[data-field="contactNumber"] .field__error');
            await shownError.waitFor();
            assert.equal((await shownError.innerText()).trim(), messages[error], what);
            assert.equal(leads().length, before, `${what}: nothing sent`);
          } else {
            const lead = await waitForLead((l, i) => i >= before && l.form === kind && l.lang === lang);
            assert.equal(lead.contactNumber, received, what);
            await form.locator('.form-status', { hasText: messages['forms.status.success'] }).waitFor({ timeout: DEADLINE_MS }).catch(async (error) => {
              throw new Error(`${what}: the form says "${await form.locator('.form-status').innerText()}" (${error.message})`);
            });
          }
        }
      }
      await context.close();
      assert.deepEqual(problems, [], lang);
    }
  });
});

test('the seller form works by keyboard alone, with a country found by typing', async () => {
  const { form, spec, page, context, problems } = await openForm('seller');
  await field(form, spec, 'name').focus();
  await page.keyboard.type('Keyboard Only');
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Tab');
  // The country selector: Enter opens it with the search box focused; typing filters; Enter picks.
  assert.match(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), /^Country code: AE, United Arab Emirates, \+971$/);
  await page.keyboard.press('Enter');
  // As a person does, type once the list is open: on a slow machine the picker's code may still
  // be on its way when Enter is pressed (the light button then opens it as it arrives).
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search countries');
  await page.keyboard.type('united kingdom');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'tel');
  await page.keyboard.type('7700900999');
  assert.equal(await field(form, spec, 'contactNumber').inputValue(), '+44 7700 900999');
  await page.keyboard.press('Enter');
  await expectStatus(form, SUCCESS, DEADLINE_MS);
  const lead = await waitForLead((l) => l.email === 'keys@example.com');
  assert.equal(lead.contactNumber, '+447700900999');
  await context.close();
  assert.deepEqual(problems, []);
});

describe('screenshots', () => {
  for (const [viewport, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    for (const kind of ['seller', 'contact']) {
      test(`${FORMS[kind].path} on a ${viewport}`, async () => {
        const { form, spec, page, context, problems } = await openForm(kind, size);
        const name = FORMS[kind].path.slice(1);
        await screenshot(page, { path: join(SHOTS, `forms-${name}-${viewport}.png`), fullPage: true });
        await submitButton(form).click();
        await form.locator('.field__error').first().waitFor();
        await field(form, spec, 'name').scrollIntoViewIfNeeded();
        await screenshot(page, { path: join(SHOTS, `forms-${name}-${viewport}-errors.png`) });
        // Phone-sized layout: nothing is wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
        await context.close();
        assert.deepEqual(problems, []);
      });
    }
  }
  test('the country list open on a phone', async () => {
    const { form, page, context, problems } = await openForm('seller', PHONE);
    const button = form.getByRole('button', { name: /^Country code: / });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await form.getByRole('combobox', { name: 'Search countries' }).fill('united');
    await screenshot(page, { path: join(SHOTS, 'forms-pro-phone-countries.png') });
    assert.ok((await form.getByRole('option').count()) >= 3);
    // A country without a mask of its own gets the default mask '... ... ... ... ..', and the
    // number never holds more than 15 digits.
    await form.getByRole('combobox', { name: 'Search countries' }).fill('austria');
    await form.getByRole('option', { name: /Austria/ }).click();
    const phone = form.getByLabel('Phone number*', { exact: true });
    await phone.pressSequentially('12345678901234567');
    assert.equal(await phone.inputValue(), '+43 123 456 789 012 3');
    await context.close();
    assert.deepEqual(problems, []);
  });
});

test("home's forms: their code loads when wanted; what is typed and sent before it arrives is kept", async () => {
  const { page, context, problems } = await openPage(browser, DESKTOP);
  await context.addInitScript(() => sessionStorage.setItem('estate.popupClosed', '1'));
  // The forms' chunk is held back until released, as on a slow connection.
  const chunk = await holdBack(page, /\/assets\/LeadForms-[\w-]+\.js$/);
  await gotoSettled(page, server.url + '/');
  assert.equal(chunk.count(), 0, 'the first view does not download the forms');
  const form = page.locator('form[name="callback"]');
  // The prerendered form is there and usable as HTML: typing into it...
  await form.getByLabel('Name', { exact: true }).fill('Early Bird');
  const phone = form.getByLabel('Phone', { exact: true });
  await phone.fill('+971 50 123 4567');
  await chunk.requested('coming to the form starts loading its code');
  // ...and sending it: held back (no native post of the page) until the form can send it.
  await form.locator('button[type="submit"]').click();
  assert.equal(new URL(page.url()).pathname, '/');
  const before = leads().length;
  chunk.release();
  await expectStatus(form, SUCCESS, DEADLINE_MS);
  const lead = await waitForLead((l, i) => i >= before && l.form === 'callback');
  assert.equal(lead.name, 'Early Bird');
  assert.equal(lead.contactNumber, '+971501234567');
  await context.close();
  assert.deepEqual(problems, []);

  // Come to the home page by a link from another page: its forms are drawn at once.
  const later = await openPage(browser, DESKTOP);
  await later.context.addInitScript(() => sessionStorage.setItem('estate.popupClosed', '1'));
  await gotoSettled(later.page, server.url + '/about-us');
  await later.page.locator('header a[href="/"]').first().click();
  await later.page.waitForURL(server.url + '/');
  await later.page.locator('form[name="newsletter"]').waitFor({ state: 'attached', timeout: 5000 });
  await later.context.close();
  assert.deepEqual(later.problems, []);
});

test("/contact-us's forms: their code comes after the page's; what is typed and sent before it arrives is kept", async () => {
  const { page, context, problems } = await openPage(browser, DESKTOP);
  // The forms' chunk is held back until released, as on a slow connection.
  const chunk = await holdBack(page, /\/assets\/ContactForms-[\w-]+\.js$/);
  // Not `gotoSettled`: the network is not quiet while the forms' chunk is held.
  await page.goto(server.url + '/contact-us', { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const boot = JSON.parse(await page.locator('script#boot').textContent());
  assert.ok(![boot.entry, ...boot.preload].some((file) => /ContactForms-/.test(file)), 'the first view does not name the forms');
  const form = page.locator('form[name="contact"]');
  await form.getByLabel('Name', { exact: true }).fill('Early Bird');
  await form.getByLabel('Email', { exact: true }).fill('early@example.com');
  await form.getByLabel('Phone', { exact: true }).fill('+971 50 123 4567');
  await form.getByLabel('Message', { exact: true }).fill('Before the code came');
  await chunk.requested('the page idle, or coming to the form, starts loading its code');
  // Sent before the code is here: held back (no native post of the page) until the form can send it.
  await form.locator('button[type="submit"]').click();
  assert.equal(new URL(page.url()).pathname, '/contact-us');
  const before = leads().length;
  chunk.release();
  await expectStatus(form, SUCCESS, DEADLINE_MS);
  const lead = await waitForLead((l, i) => i >= before && l.form === 'contact');
  assert.equal(lead.name, 'Early Bird');
  assert.equal(lead.message, 'Before the code came');
  await context.close();
  assert.deepEqual(problems, []);
});
