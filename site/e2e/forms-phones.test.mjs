// Browser tests of the phone numbers the forms send, in EN, AR and RU: every form's number
// arrives in the outbox as the visitor meant it, as +<country><number>, and a number of another
// country typed as a UAE one gets advice, not a useless lead (helpers: forms.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, answerDialog, gotoSettled, openPage, plain, screenshot, settle } from './browser.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SHOTS, browser, leads, outbox, property, server, submitButton, waitForLead, withForms } from './forms.mjs';

withForms();

describe('numbers an agent can dial, sent as the visitor meant them', () => {
  const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
  const words = (lang) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
  const PERSON = { name: 'Oliver Grant', email: 'oliver@example.com' };

  /** Opens `path` in `lang` and the form named `name` on it (the property form by its button). */
  async function formIn(lang, path, name) {
    const opened = await openPage(browser, PHONE);
    const { page } = opened;
    page.on('dialog', (dialog) => void answerDialog(dialog));
    await gotoSettled(page, server.url + PREFIX[lang] + path);
    if (name === 'detail') {
      await page.getByRole('button', { name: words(lang)['property.getInTouch'] }).first().click();
    }
    const form = page.locator(`form[name="${name}"]`);
    await form.waitFor({ state: 'visible' });
    // The pointer over the form: its phone field's library comes, as it does for a visitor.
    await form.hover();
    await settle(page);
    return { ...opened, form };
  }

  /** Fills the form's name, email and message (where it has them) and `number` as autofill does. */
  async function fillIn(form, number) {
    await form.locator('input[name=name]').fill(PERSON.name);
    if ((await form.locator('input[name=email]').count()) > 0) await form.locator('input[name=email]').fill(PERSON.email);
    const message = form.locator('textarea[name=message]');
    if ((await message.count()) > 0 && !(await message.inputValue())) await message.fill('Please call me.');
    // The whole field replaced at once, as a browser's autofill does, the country left at AE.
    await form.locator('input[name=contactNumber]').fill(number);
  }

  const error = async (form) => plain(await form.locator('[data-field="contactNumber"] .field__error').innerText({ timeout: 5000 }));

  for (const lang of ['en', 'ar', 'ru']) {
    test(`${lang}: 123456789 with the UAE chosen is refused by the UAE rule; 07911123456 autofilled is not sent as +9717911123456 but asks for the country; +447911123456, 0501234567 arrive as +447911123456, +971501234567`, async () => {
      const t = words(lang);
      const advice = plain(t['forms.rule.phoneElsewhere'].replace('{code}', '44'));
      const before = leads().length;
      const cases = [
        ['/property/' + property.id, 'detail'],
        ['/pro', 'seller'],
        ['/contact-us', 'contact-lead'],
        ['/contact-us', 'contact'],
      ];
      const sent = [];
      for (const [path, name] of cases) {
        const { form, context, problems } = await formIn(lang, path, name);
        const where = `${lang} ${name}`;
        if (name === 'detail') {
          // Nine digits with the UAE chosen: no UAE number.
          await fillIn(form, '123456789');
          await submitButton(form).click();
          assert.equal(await error(form), plain(t['forms.rule.phoneTen']), where);
        }
        // A British number in its national form, autofilled into the field showing +971.
        await fillIn(form, '07911123456');
        await submitButton(form).click();
        assert.equal(await error(form), advice, where);
        if (name === 'seller') await screenshot(form, { path: join(SHOTS, `forms-phone-elsewhere-${lang}.png`) });
        assert.equal(leads().length, before + sent.length, `${where}: nothing sent`);
        // As the message says: the number with +44.
        const number = name === 'contact' ? '0501234567' : '+447911123456';
        await fillIn(form, number);
        await submitButton(form).click();
        const lead = await waitForLead((l, i) => i >= before + sent.length && l.form === name).catch(async (e) => {
          await screenshot(form, { path: join(SHOTS, `forms-phone-${lang}-${name}-failed.png`) });
          // What the visitor saw instead: the form's own words (a field's error, the send's outcome).
          const shown = plain(await form.innerText({ timeout: 1000 }).catch(() => '(the form is gone)'));
          throw new Error(`${where}: ${e.message}; the form shows: ${shown}`);
        });
        sent.push(lead);
        assert.equal(lead.contactNumber, name === 'contact' ? '+971501234567' : '+447911123456', where);
        assert.equal(lead.lang, lang);
        await context.close();
        assert.deepEqual(problems, [], where);
      }
      // The agent's email: the number with its '+', a link a phone dials.
      const eml = readdirSync(outbox).filter((file) => file.endsWith('.eml')).map((file) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      const consultation = eml.filter((text) => text.includes(PERSON.email) && text.includes('+447911123456'));
      assert.ok(consultation.length >= 3, 'the emails show +447911123456');
      assert.ok(consultation.every((text) => text.includes('href="tel:+447911123456"')), 'with a tel: link');
      assert.ok(!eml.some((text) => /[^+\d]447911123456/.test(text)), 'never without its +');
    });
  }
});
