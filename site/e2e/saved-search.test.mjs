// 'Save this search' in Debian's Chromium against `estate serve`, which hands POST
// /api/saved-searches to the real lead function with its local store and outbox: a visitor on
// /buy-property with filters, in English and in Arabic (right to left), opens the dialog, reads
// the search in the page's words, saves it, and the confirmation email in the outbox names the
// same criteria in the page's language (and nothing else is sent: no alert before the link is
// opened). The failures a visitor can meet: an address with the most searches already (the
// function's 422, beside the field) and no network (said, then saved on the retry). By keyboard:
// the dialog takes focus, Escape closes it and focus is back on the button. Without JavaScript
// there is no button. The dialog is drawn at 390 and 1366 px into e2e/screenshots/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, startServer } from './server.mjs';
import { DESKTOP, PHONE, gotoSettled, launch, openPage, plain, screenshot } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
const LAPTOP = { width: 1366, height: 900 };

let root;
let outbox;
let server;
let browser;

before(async () => {
  // The outbox, with the store of saved searches that `estate serve` keeps beside it.
  root = mkdtempSync(join(tmpdir(), 'estate-saved-search-'));
  outbox = join(root, 'outbox');
  // No rate limit: the test saves eleven searches of one address in a few seconds.
  server = await startServer({ outbox, env: { LEAD_RATE_LIMIT_PER_MINUTE: '0' } });
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

const messages = (lang) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
/** The lead function's words (lead-fn/templates/strings): its criteria and its email's. */
const alerts = (lang) => JSON.parse(readFileSync(join(repo, 'lead-fn', 'templates', 'strings', `${lang}.json`), 'utf8')).alerts;

/** The outbox's confirmation emails, as Python's email package reads them, by file name. */
function confirmations() {
  return readdirSync(outbox)
    .filter((name) => name.endsWith('-confirm.eml'))
    .sort()
    .map((name) => {
      const parsed = spawnSync('python3', [join(repo, 'lead-fn', 'tests', 'it', 'support', 'smtp_server.py'), '--parse', join(outbox, name)], { encoding: 'utf8' });
      assert.equal(parsed.status, 0, parsed.stderr);
      return { name, ...JSON.parse(parsed.stdout) };
    });
}

/** The page at `path`, hydrated, and its 'Save this search' button. */
async function pageWithButton(viewport, path, lang = 'en') {
  const opened = await openPage(browser, viewport);
  await gotoSettled(opened.page, server.url + path);
  const button = opened.page.getByRole('button', { name: messages(lang)['search.save'] });
  return { ...opened, button };
}

/**
 * Opens the dialog with a press, and waits for it (its code comes on the press) and its animation.
 * Answers the dialog by its class: once saved, its name is its new title's.
 */
async function openDialog(page, button, lang = 'en') {
  await button.click();
  await page.getByRole('dialog', { name: messages(lang)['saveSearch.title'] }).waitFor();
  const dialog = page.locator('dialog.save-search-dialog');
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return dialog;
}

const chips = (dialog) => dialog.locator('.save-search-dialog__chips li').evaluateAll((items) => items.map((item) => item.textContent));

/** Saves with `email` and consent; resolves once the dialog says to check the inbox. */
async function save(dialog, email, lang = 'en') {
  const t = messages(lang);
  await dialog.getByLabel(t['saveSearch.email']).fill(email);
  await dialog.getByRole('checkbox', { name: t['saveSearch.consent'] }).check();
  await dialog.getByRole('button', { name: t['saveSearch.submit'] }).click();
  await dialog.getByRole('heading', { name: t['saveSearch.savedTitle'] }).waitFor();
}

/** The one confirmation email to `email` (waiting for none: the dialog said saved after it was written). */
function confirmationTo(email) {
  const found = confirmations().filter((mail) => mail.headers.To.includes(email));
  assert.equal(found.length, 1, `one confirmation to ${email}: ${found.map((mail) => mail.name)}`);
  return found[0];
}

test('saved from /buy-property in English: the dialog says the filters in the chips\' words, and the confirmation email names them', async () => {
  const email = 'villa.hunter@example.com';
  const t = messages('en');
  for (const [name, viewport] of [
    ['1366', LAPTOP],
    ['390', PHONE],
  ]) {
    const { context, page, problems, button } = await pageWithButton(viewport, '/buy-property?type=Villa&max=30000000&sort=price-asc');
    const dialog = await openDialog(page, button);
    assert.deepEqual(await chips(dialog), ['Residential Properties for Sale in Dubai', 'Type: Villa', 'Up to 30,000,000 AED']);
    assert.equal(plain(await dialog.getByRole('checkbox').evaluate((box) => box.labels[0].textContent)), t['saveSearch.consent']);
    await screenshot(page, { path: join(SHOTS, `save-search-en-${name}.png`) });
    if (name === '390') {
      // On a phone, a sheet at the screen's foot, the screen's width.
      const box = await dialog.boundingBox();
      assert.equal(Math.round(box.y + box.height), PHONE.height, JSON.stringify(box));
      assert.equal(Math.round(box.width), PHONE.width);
      await save(dialog, email);
      await screenshot(page, { path: join(SHOTS, `save-search-en-390-saved.png`) });
      assert.ok(plain(await dialog.textContent()).includes(`We sent a link to ${email}.`));
      // The search finds a listing today: no notice.
      assert.equal(await dialog.locator('.save-search-dialog__notice').count(), 0);
    } else {
      // On a laptop, in the middle of the screen, 32 rem wide.
      const box = await dialog.boundingBox();
      assert.equal(Math.round(box.width), 512);
      assert.ok(Math.abs(box.x * 2 + box.width - LAPTOP.width) <= 1, JSON.stringify(box));
    }
    await context.close();
    assert.deepEqual(problems, []);
  }

  const mail = confirmationTo(email);
  const words = alerts('en');
  assert.equal(mail.headers.Subject, words.email.subject);
  assert.deepEqual(mail.defects, []);
  const criteria = [words.criteria.residential, 'Villa', words.criteria.priceTo.replace('{n}', '30,000,000')].join(' · ');
  assert.ok(mail.text.includes(criteria), `the email names the search, ${criteria}:\n${mail.text}`);
  assert.match(mail.text, /\/api\/saved-searches\/confirm\?token=[0-9A-Za-z_-]{20,}&lang=en/);
  // The results link goes back to the page the search was saved on, with its criteria only.
  assert.ok(mail.text.includes('/buy-property?type=Villa&max=30000000'), mail.text);
  // Nothing but the confirmation is sent to the visitor (the lead for the agents is its own file).
  assert.equal(readdirSync(outbox).filter((name) => name.endsWith('.eml') && !name.endsWith('-confirm.eml')).length, readdirSync(outbox).filter((name) => name.endsWith('.json')).length);
});

test('saved from /ar/buy-property in Arabic, right to left: the dialog and the confirmation email say the search in Arabic', async () => {
  const email = 'arabic.visitor@example.com';
  const t = messages('ar');
  let dialogShown;
  for (const [name, viewport] of [
    ['1366', LAPTOP],
    ['390', PHONE],
  ]) {
    const { context, page, problems, button } = await pageWithButton(viewport, '/ar/buy-property?bedrooms=4&type=Villa', 'ar');
    const dialog = await openDialog(page, button, 'ar');
    assert.equal(await dialog.evaluate((element) => getComputedStyle(element).direction), 'rtl');
    assert.deepEqual(await chips(dialog), [t['listing.residential.meta'], t['search.chip.type'].replace('{value}', 'فيلا'), '4 غرف نوم']);
    await screenshot(page, { path: join(SHOTS, `save-search-ar-${name}.png`) });
    if (name === '390') await save(dialog, email, 'ar');
    dialogShown = true;
    await context.close();
    assert.deepEqual(problems, []);
  }
  assert.ok(dialogShown);
  const mail = confirmationTo(email);
  const words = alerts('ar');
  assert.equal(mail.headers.Subject, words.email.subject);
  assert.ok(mail.text.includes(words.criteria.residential), mail.text);
  assert.ok(mail.text.includes(words.criteria.bedrooms.replace('{n}', '4')), mail.text);
  assert.match(mail.text, /lang=ar/);
  assert.ok(mail.text.includes('/ar/buy-property?bedrooms=4&type=Villa'), mail.text);
});

test('in Russian on a phone the dialog is whole on the screen', async () => {
  const { context, page, problems, button } = await pageWithButton(PHONE, '/ru/rent-property?bedrooms=2', 'ru');
  const dialog = await openDialog(page, button, 'ru');
  const box = await dialog.boundingBox();
  assert.ok(box.y >= 0 && Math.round(box.y + box.height) === PHONE.height, JSON.stringify(box));
  await screenshot(page, { path: join(SHOTS, 'save-search-ru-390.png') });
  await context.close();
  assert.deepEqual(problems, []);
});

test("an address with the most searches is refused beside its field, in the page's words; offline is said, and the retry saves, saying nothing matches today", async () => {
  const full = 'ten.searches@example.com';
  for (let n = 1; n <= 10; n += 1) {
    const response = await fetch(`${server.url}/api/saved-searches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: full, search: `bedrooms=${n % 6}`, category: 'residential', lang: 'en', page: '/buy-property', consent: true }),
    });
    assert.equal(response.status, 200, await response.text());
  }
  const t = messages('en');
  const { context, page, problems, button } = await pageWithButton(DESKTOP, '/buy-property?type=Castle');
  const dialog = await openDialog(page, button);
  await dialog.getByLabel(t['saveSearch.email']).fill(full);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: t['saveSearch.submit'] }).click();
  const field = dialog.getByLabel(t['saveSearch.email']);
  await dialog.locator('[data-field="email"] .field__error').waitFor();
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  assert.equal(plain(await dialog.locator('[data-field="email"] .field__error').textContent()), alerts('en').messages.tooMany);
  assert.ok(await field.evaluate((input) => input === document.activeElement), 'the keyboard is on the field to fix');
  await screenshot(page, { path: join(SHOTS, 'save-search-en-1440-refused.png') });

  // No network: said in the status line, what was typed kept; the retry, online again, saves.
  await field.fill('offline.visitor@example.com');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: t['saveSearch.submit'] }).click();
  await dialog.locator('.form-status[data-status="offline"]').waitFor();
  assert.equal(plain(await dialog.locator('.form-status').textContent()), t['saveSearch.offline']);
  assert.equal(await field.inputValue(), 'offline.visitor@example.com');
  await context.setOffline(false);
  await dialog.getByRole('button', { name: t['saveSearch.retry'] }).click();
  await dialog.getByRole('heading', { name: t['saveSearch.savedTitle'] }).waitFor();
  // No castle today: saved all the same, and the function's notice says so.
  assert.equal(plain(await dialog.locator('.save-search-dialog__notice').textContent()), alerts('en').messages.noMatches);
  await screenshot(page, { path: join(SHOTS, 'save-search-en-1440-no-matches.png') });
  confirmationTo('offline.visitor@example.com');
  await context.close();
  // The browser logs the refusal's status; nothing else went wrong.
  assert.deepEqual(
    problems.filter((problem) => !/status of 422|ERR_INTERNET_DISCONNECTED/.test(problem)),
    [],
  );
});

test('by keyboard: the dialog takes focus, Tab stays in it, Escape closes it and focus is back on the button; without JavaScript there is no button', async () => {
  const t = messages('en');
  const { context, page, problems, button } = await pageWithButton(DESKTOP, '/search-result?type=Apartment');
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t['saveSearch.title'] });
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.classList.contains('dialog__title'));
  for (let n = 0; n < 8; n += 1) {
    await page.keyboard.press('Tab');
    assert.ok(await dialog.evaluate((element) => element.contains(document.activeElement)), `Tab ${n + 1} stays in the dialog`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(await button.evaluate((element) => element === document.activeElement), 'focus is back on the button');
  await context.close();
  assert.deepEqual(problems, []);

  const still = await openPage(browser, DESKTOP, { javaScriptEnabled: false });
  await still.page.goto(`${server.url}/buy-property?type=Villa`);
  assert.equal(await still.page.locator('.save-search').isVisible(), false);
  await still.context.close();
});
