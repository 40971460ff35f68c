// Browser tests of the shortlist and compare in Debian's Chromium: hearts on cards, the
// similar listings and the property page, the header's count, /shortlist in three languages, a
// shared link in a fresh browser, a listing that left the site, compare's rows and best values
// (the off-plan rows too, and right to left in Arabic with the labels fixed on a phone), the cards'
// 'Compare' and its tray in English and Arabic, and axe-core on the pages with listings in them and
// with the tray open, at 390 and 1366 px. Screenshots go to e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, answerDialog, gotoSettled, launch, loadLazyImages, openPage, screenshot } from './browser.mjs';
import { axeViolations } from './axe.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
/** The desktop width of the screenshots and axe runs (a common laptop's). */
const LAPTOP = { width: 1366, height: 900 };

let server;
let browser;
/** The published listings, by id (the static JSON API). */
let listings;
/** Where the leads go (the lead function's outbox). */
let outbox;

before(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'estate-shortlist-outbox-'));
  server = await startServer({ outbox });
  browser = await launch();
  listings = new Map(JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8')).map((p) => [p.id, p]));
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (outbox) rmSync(outbox, { recursive: true, force: true });
});

/** The ids saved in the page's browser. */
const savedIn = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('estate.shortlist') ?? '[]'));
/** The ids chosen to compare in the page's browser. */
const comparedIn = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('estate.compare') ?? '[]'));
/** Text without the isolates an Arabic message puts around numbers (src/i18n, LTR_VARS), its spaces as one. */
const plain = (text) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

/** The header's shortlist link's text (its name), once its count is `count`. */
async function headerSays(page, count) {
  await page.waitForFunction((count) => document.querySelector('.site-header .shortlist-link__count')?.textContent === String(count), count);
  return (await page.locator('.site-header .shortlist-link').textContent()).trim();
}

/** Waits until the compare tray's status reads `expected` (as `plain` has it); fails with what it read. */
async function trayReads(page, expected) {
  const status = '.compare-tray [role=status]';
  try {
    await page.waitForFunction(
      ([status, expected]) =>
        (document.querySelector(status)?.innerText ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim() === expected,
      [status, expected],
      { timeout: 5000 },
    );
  } catch {
    const read = await page.evaluate((status) => document.querySelector(status)?.innerText ?? '(no tray)', status);
    assert.fail(`the compare tray reads "${plain(read)}", not "${expected}"`);
  }
}

describe('the shortlist', () => {
  test('save two from cards and one from a property page; reload; the list in each language; share it to a fresh browser', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    await gotoSettled(page, `${server.url}/buy-property`);
    assert.equal(await page.locator('.shortlist-link__count').count(), 0, 'nothing saved: no count');
    const cards = page.locator('.property-card');
    const ids = [];
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      const heart = card.locator('.save-toggle');
      const title = (await card.locator('.property-card__title').innerText()).trim();
      assert.equal(await heart.getAttribute('aria-label'), `Save ${title} to your shortlist`);
      assert.equal(await heart.getAttribute('aria-pressed'), 'false');
      await heart.click();
      assert.equal(await heart.getAttribute('aria-pressed'), 'true');
      ids.push((await card.locator('.property-card__link').getAttribute('href')).split('/').pop());
    }
    assert.equal(await headerSays(page, 2), 'Shortlist2');
    // A property page: its own labelled heart.
    const third = [...listings.keys()].find((id) => !ids.includes(id));
    await gotoSettled(page, `${server.url}/property/${third}`);
    const save = page.getByRole('button', { name: 'Save to shortlist' });
    assert.equal(await save.getAttribute('aria-pressed'), 'false');
    await save.click();
    assert.equal(await save.getAttribute('aria-pressed'), 'true');
    assert.equal(await headerSays(page, 3), 'Shortlist3');
    assert.equal(await page.getByRole('link', { name: 'Shortlist 3' }).count(), 1, 'named with its count');
    assert.deepEqual(await savedIn(page), [third, ...ids.reverse()]);
    await page.reload();
    await headerSays(page, 3);
    assert.equal(await page.getByRole('button', { name: 'Save to shortlist' }).getAttribute('aria-pressed'), 'true', 'kept over a reload');

    const expected = await savedIn(page);
    for (const lang of ['en', 'ar', 'ru']) {
      await gotoSettled(page, `${server.url}${PREFIX[lang]}/shortlist`);
      await page.locator('.property-card').nth(2).waitFor();
      const hrefs = await page.locator('.property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.deepEqual(hrefs, expected.map((id) => `${PREFIX[lang]}/property/${id}`), lang);
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow');
      const title = listings.get(expected[0]).translations?.[lang]?.title ?? listings.get(expected[0]).title;
      assert.ok((await page.locator('.property-card__title').first().innerText()).includes(title), `${lang}: the listing's ${lang} title`);
    }
    assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
    await gotoSettled(page, `${server.url}/shortlist`);
    await page.locator('.property-card').nth(2).waitFor();
    const whatsapp = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    const shared = new URL(decodeURIComponent(whatsapp.split('text=')[1]).split(' ').pop());
    assert.equal(shared.pathname, '/shortlist');
    assert.equal(shared.searchParams.get('ids'), expected.join(','));

    // The link on another phone: the same three, read-only until saved there.
    const other = await openPage(browser, PHONE);
    await gotoSettled(other.page, `${server.url}/shortlist?ids=${expected.join(',')}`);
    await other.page.locator('.property-card').nth(2).waitFor();
    assert.equal(await other.page.locator('h1').innerText(), 'A shared shortlist');
    assert.deepEqual(await savedIn(other.page), [], 'read-only: nothing saved there yet');
    await other.page.getByRole('button', { name: 'Save these to my shortlist' }).click();
    await headerSays(other.page, 3);
    assert.deepEqual(await savedIn(other.page), expected);
    // The router replaces the address after the click's render (asynchronously): wait for it.
    await other.page.waitForURL((url) => url.search === '', { timeout: 5000 }).catch(() => {});
    assert.equal(new URL(other.page.url()).search, '', 'now the visitor\'s own list');
    await other.page.getByRole('heading', { level: 1, name: 'Your shortlist' }).waitFor({ timeout: 5000 });
    await other.context.close();

    // Clear all asks first.
    page.once('dialog', (dialog) => void answerDialog(dialog, false));
    await page.getByRole('button', { name: 'Clear all' }).click();
    assert.equal((await savedIn(page)).length, 3, 'cancelled: kept');
    page.once('dialog', (dialog) => void answerDialog(dialog));
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText('No saved properties yet.').waitFor();
    assert.deepEqual(await savedIn(page), []);
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("'Enquire about these': one lead naming every saved listing reaches the outbox, with the agents' email", async () => {
    const ids = [...listings.values()].filter((p) => p.reference).slice(0, 3).map((p) => p.id);
    const { context, page, problems } = await openPage(browser, DESKTOP);
    await page.addInitScript((ids) => localStorage.setItem('estate.shortlist', JSON.stringify(ids)), ids);
    await gotoSettled(page, `${server.url}/ru/shortlist`);
    await page.locator('.property-card').nth(2).waitFor();
    await page.getByRole('button', { name: 'Запросить информацию по этим объектам' }).click();
    const form = page.locator('form[name="shortlist"]');
    await form.waitFor();
    const message = await form.locator('textarea').inputValue();
    for (const id of ids) {
      const listing = listings.get(id);
      assert.ok(message.includes(`(${listing.reference})`), `the message names ${listing.reference}: ${message}`);
    }
    // The property form's rules: an empty send names the fields.
    await form.getByRole('button').last().click();
    await form.locator('[aria-invalid="true"]').first().waitFor();
    await form.locator('input[autocomplete="name"], input[name="name"]').first().fill('Olga Petrova');
    await form.locator('input[type="email"]').fill('olga@example.ru');
    // The phone field with its country selector (UAE first): the digits typed after +971.
    const phone = form.locator('input[name="contactNumber"]');
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('501234567');
    await form.getByRole('button').last().click();
    const record = await (async () => {
      for (let i = 0; i < 100; i++) {
        const files = readdirSync(outbox).filter((f) => f.endsWith('.json'));
        if (files.length) return JSON.parse(readFileSync(join(outbox, files[0]), 'utf8'));
        await page.waitForTimeout(100);
      }
      await screenshot(page, { path: join(SHOTS, 'desktop-shortlist-enquiry-failed.png'), fullPage: true });
      assert.fail(`no lead in the outbox after 10 s; the form says: ${await form.innerText()}`);
    })();
    assert.equal(record.form, 'shortlist');
    assert.equal(record.lang, 'ru');
    assert.deepEqual(record.propertyIds, ids);
    assert.deepEqual(record.properties.map((p) => p.reference), ids.map((id) => listings.get(id).reference));
    const email = readFileSync(join(outbox, readdirSync(outbox).find((f) => f.endsWith('.eml'))), 'utf8');
    assert.match(email, /Subject: Enquiry about 3 shortlisted properties from Olga Petrova/);
    await page.getByRole('status').filter({ hasText: /./ }).first().waitFor();
    await screenshot(page, { path: join(SHOTS, 'desktop-shortlist-enquiry-ru.png'), fullPage: true });
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('a saved listing that left the site says so, and can be removed; the empty shortlist is in the HTML', async () => {
    const html = await (await fetch(`${server.url}/ar/shortlist`)).text();
    assert.match(html, /لا توجد عقارات محفوظة بعد/, 'the prerendered empty state');
    const { context, page, problems } = await openPage(browser, DESKTOP, { expectNotFound: true });
    const [id] = listings.keys();
    // One never published (named by its id) and one of the sample's sold listings, named by its
    // title as its own page names it, in the page's language.
    await page.addInitScript((ids) => localStorage.setItem('estate.shortlist', JSON.stringify(ids)), [id, 'sold-last-week', 'jumeirah-golf-estates-bungalow']);
    await gotoSettled(page, `${server.url}/shortlist`);
    await page.getByText('A saved property (sold-last-week) is no longer available.').waitFor();
    await page.getByText('A saved property (Single-Storey Golf Bungalow in Jumeirah Golf Estates) is no longer available.').waitFor();
    assert.equal(await page.locator('.property-card').count(), 1);
    await gotoSettled(page, `${server.url}/ru/shortlist`);
    await page.getByText('Сохранённый объект (Одноэтажное бунгало у поля для гольфа в Джумейра Гольф Эстейтс) больше не доступен.').waitFor();
    await gotoSettled(page, `${server.url}/shortlist`);
    await page.locator('.shortlist__gone li').nth(1).getByRole('button', { name: 'Remove' }).click();
    await page.locator('.shortlist__gone').getByRole('button', { name: 'Remove' }).click();
    await page.waitForFunction(() => !document.querySelector('.shortlist__gone'));
    assert.deepEqual(await savedIn(page), [id]);
    await context.close();
    assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
  });

  test('compare: the rows, the lowest AED per sqft and the largest area named in words', async () => {
    // Three sales with a price and an area, one clearly the cheapest per sqft.
    const sales = [...listings.values()].filter((p) => p.mainCategory === 'Residential' && p.price && p.area && !p.pricePeriod).slice(0, 3);
    assert.equal(sales.length, 3);
    const perSqft = sales.map((p) => p.price / p.area);
    const cheapest = perSqft.indexOf(Math.min(...perSqft));
    const largest = sales.map((p) => p.area).indexOf(Math.max(...sales.map((p) => p.area)));
    const { context, page, problems } = await openPage(browser, PHONE);
    await gotoSettled(page, `${server.url}/compare?ids=${sales.map((p) => p.id).join(',')}`);
    await page.locator('.compare__table').waitFor();
    const labels = await page.locator('.compare__table th[scope=row]').allInnerTexts();
    assert.deepEqual(labels, ['Price', 'AED per sqft', 'Type', 'Bedrooms', 'Bathrooms', 'Area', 'Community', 'Permit number', 'Agent']);
    const columns = await page.locator('.compare__table thead th').allInnerTexts();
    assert.deepEqual(columns.map((c) => c.trim()), sales.map((p) => p.title));
    const row = (label) => page.locator('.compare__table tbody tr', { has: page.locator(`th:text-is("${label}")`) }).locator('td');
    const perSqftCells = await row('AED per sqft').allInnerTexts();
    perSqftCells.forEach((cell, i) => assert.equal(cell.includes('Lowest price per sqft'), i === cheapest, cell));
    const areaCells = await row('Area').allInnerTexts();
    areaCells.forEach((cell, i) => assert.equal(cell.includes('Largest area'), i === largest, cell));
    assert.deepEqual(await row('Permit number').allInnerTexts(), sales.map((p) => p.permitNumber));
    // The labels stay put while the listings scroll sideways.
    const scroller = page.locator('.compare__scroll');
    const before = await page.locator('.compare__table th[scope=row]').first().boundingBox();
    await scroller.evaluate((el) => el.scrollBy(400, 0));
    const afterScroll = await page.locator('.compare__table th[scope=row]').first().boundingBox();
    assert.equal(Math.round(afterScroll.x), Math.round(before.x));
    await screenshot(page, { path: join(SHOTS, 'phone-compare.png'), fullPage: true });
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("compare's off-plan rows: completion and payment plan after the community, 'N/A' for a ready home", async () => {
    const offPlan = [...listings.values()].filter((p) => p.mainCategory === 'OffPlan' && p.completionDate && p.paymentPlan?.length).slice(0, 2);
    const ready = [...listings.values()].find((p) => p.mainCategory === 'Residential' && !p.completionDate && !p.paymentPlan?.length);
    assert.equal(offPlan.length, 2, 'the sample has two off-plan listings with a completion date and a payment plan');
    assert.ok(ready, 'and a ready home');
    const chosen = [...offPlan, ready];
    const { context, page, problems } = await openPage(browser, LAPTOP);
    await gotoSettled(page, `${server.url}/compare?ids=${chosen.map((p) => p.id).join(',')}`);
    await page.locator('.compare__table').waitFor();
    const labels = await page.locator('.compare__table th[scope=row]').allInnerTexts();
    assert.deepEqual(labels, ['Price', 'AED per sqft', 'Type', 'Bedrooms', 'Bathrooms', 'Area', 'Community', 'Completion', 'Payment plan', 'Permit number', 'Agent']);
    const row = (label) => page.locator('.compare__table tbody tr', { has: page.locator(`th:text-is("${label}")`) }).locator('td');
    // A month as the page writes it ('September 2029'); a date in the content ('2029-06-30') by its month.
    const month = (date) => {
      const [year, m] = date.split('-').map(Number);
      return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 15)));
    };
    assert.deepEqual(await row('Completion').allInnerTexts(), [...offPlan.map((p) => month(p.completionDate)), 'N/A']);
    // A step a line, its share first ('10% On booking').
    const lines = (cells) => cells.map((cell) => cell.split('\n').map((line) => line.trim()).filter(Boolean));
    const plans = offPlan.map((p) => p.paymentPlan.map((step) => `${step.percent}% ${step.milestone}`));
    assert.deepEqual(lines(await row('Payment plan').allInnerTexts()), [...plans, ['N/A']]);
    // In Arabic: the same lines, the share isolated (not reordered around the words) and each
    // stage in Arabic, as vocabulary/stages.yaml names it; none left English.
    const { vocabulary } = await (await fetch(`${server.url}/data/site.json`)).json();
    const arabic = offPlan.map((p) => p.paymentPlan.map((step) => `\u2068${step.percent}%\u2069 ${vocabulary.stages[step.milestone].ar}`));
    await gotoSettled(page, `${server.url}/ar/compare?ids=${chosen.map((p) => p.id).join(',')}`);
    await page.locator('.compare__table').waitFor();
    await page.waitForFunction((stage) => document.querySelector('.compare__plan')?.textContent.includes(stage), vocabulary.stages[offPlan[0].paymentPlan[0].milestone].ar);
    assert.deepEqual(lines(await row('خطة الدفع').allInnerTexts()), [...arabic, ['غير متوفر']]);
    assert.equal(await row('خطة الدفع').locator('li span[lang=en]').count(), 0, 'no stage left English');
    await page.locator('.compare__plan').first().scrollIntoViewIfNeeded();
    await screenshot(page, { path: join(SHOTS, 'desktop-compare-off-plan-ar.png') });
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('compare in Arabic on a phone: right to left, the labels column fixed on the right while the listings scroll sideways', async () => {
    const ids = [...listings.values()].filter((p) => p.mainCategory === 'Residential').slice(0, 3).map((p) => p.id);
    const { context, page, problems } = await openPage(browser, PHONE);
    await gotoSettled(page, `${server.url}/ar/compare?ids=${ids.join(',')}`);
    await page.locator('.compare__table').waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    assert.deepEqual(await page.locator('.compare__table th[scope=row]').allInnerTexts(), [
      'السعر', 'درهم لكل قدم مربعة', 'النوع', 'غرف النوم', 'الحمّامات', 'المساحة', 'المجتمع', 'رقم التصريح', 'الوكيل',
    ]);
    const scroller = page.locator('.compare__scroll');
    const label = page.locator('.compare__table th[scope=row]').first();
    const firstListing = page.locator('.compare__table tbody tr').first().locator('td').first();
    const frame = await scroller.boundingBox();
    const labelBox = await label.boundingBox();
    const cellBox = await firstListing.boundingBox();
    // The labels at the right edge, the first listing to their left.
    assert.ok(Math.abs(labelBox.x + labelBox.width - (frame.x + frame.width)) <= 2, `labels at the right: ${JSON.stringify({ labelBox, frame })}`);
    assert.ok(cellBox.x + cellBox.width <= labelBox.x + 1, `the first listing left of the labels: ${JSON.stringify({ cellBox, labelBox })}`);
    // Wider than the phone: it scrolls, to the left (negative scrollLeft in a right-to-left box).
    assert.ok(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 100), 'the table is wider than the phone');
    await scroller.evaluate((el) => el.scrollBy({ left: -300, behavior: 'instant' }));
    assert.ok((await scroller.evaluate((el) => el.scrollLeft)) < -250, 'scrolled sideways');
    const labelAfter = await label.boundingBox();
    const cellAfter = await firstListing.boundingBox();
    assert.equal(Math.round(labelAfter.x), Math.round(labelBox.x), 'the labels stay');
    assert.ok(cellAfter.x > cellBox.x + 250, `the listings move under them: ${cellBox.x} -> ${cellAfter.x}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'the page itself does not scroll sideways');
    await screenshot(page, { path: join(SHOTS, 'phone-compare-ar-scrolled.png') });
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("the similar listings' hearts on a property page: each named with its title, saving that listing", async () => {
    const property = [...listings.values()].find((p) => p.location && p.mainCategory === 'Residential');
    const { similar } = JSON.parse(readFileSync(join(server.dist, 'data', 'detail', `${property.id}.json`), 'utf8'));
    assert.ok(similar.length >= 2, `${property.id} has similar listings`);
    const { context, page, problems } = await openPage(browser, PHONE);
    await gotoSettled(page, `${server.url}/property/${property.id}`);
    const section = page.getByRole('region', { name: 'Similar properties' });
    const hearts = section.getByRole('button', { name: /^Save .* to your shortlist$/ });
    assert.equal(await hearts.count(), similar.length, 'a heart on each similar listing');
    const heart = section.getByRole('button', { name: `Save ${similar[1].title} to your shortlist` });
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await heart.click();
    assert.equal(await heart.getAttribute('aria-pressed'), 'true');
    assert.equal(await headerSays(page, 1), 'Shortlist1');
    assert.deepEqual(await savedIn(page), [similar[1].id]);
    assert.equal(new URL(page.url()).pathname, `/property/${property.id}`, 'the heart is not the link: the page stays');
    // The heart is beside the link, not inside it; the link (the title) still opens the listing
    // from anywhere on the card but the heart.
    assert.equal(await section.locator('a button, a [role=button]').count(), 0);
    assert.equal(await section.getByRole('link').nth(1).innerText(), similar[1].title);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, { path: join(SHOTS, 'phone-similar-hearts.png') });
    await context.close();
    assert.deepEqual(problems, []);
  });
});

describe("the cards' Compare and the compare tray", () => {
  const WORDS = {
    en: {
      toggle: (title) => `Compare ${title}`,
      tray: 'Properties to compare',
      count: (n) => `${n} of 4 chosen`,
      more: 'Choose one more to compare.',
      full: 'You can compare up to 4 properties: remove one to choose another.',
      go: (n) => `Compare ${n}`,
      clear: 'Clear the properties chosen to compare',
    },
    ar: {
      toggle: (title) => `قارن ${title}`,
      tray: 'عقارات للمقارنة',
      count: (n) => `تم اختيار ${n} من 4`,
      more: 'اختر عقارًا آخر للمقارنة.',
      full: 'يمكنك مقارنة 4 عقارات كحد أقصى: أزل أحدها لاختيار غيره.',
      go: (n) => `قارن ${n}`,
      clear: 'مسح العقارات المختارة للمقارنة',
    },
  };

  for (const [lang, label, viewport] of [['en', 'phone', PHONE], ['ar', 'desktop', LAPTOP]]) {
    test(`${lang}, ${label}: choose three on /buy-property, the tray counts them and opens /compare with them; a fifth is refused; axe with the tray open`, async () => {
      const words = WORDS[lang];
      const { context, page, problems } = await openPage(browser, viewport);
      await gotoSettled(page, `${server.url}${PREFIX[lang]}/buy-property`);
      const cards = page.locator('.card-grid .property-card');
      assert.ok((await cards.count()) >= 5, 'five cards to choose from');
      const tray = page.getByRole('complementary', { name: words.tray });
      assert.equal(await tray.count(), 0, 'no tray before a choice');
      const cardOf = async (i) => {
        const card = cards.nth(i);
        const title = (await card.locator('.property-card__title').innerText()).trim();
        const id = (await card.locator('.property-card__link').getAttribute('href')).split('/').pop();
        return { id, title, toggle: card.getByRole('button', { name: words.toggle(title), exact: true }) };
      };
      const chosen = [];
      for (const i of [0, 1, 2]) {
        const { id, title, toggle } = await cardOf(i);
        assert.equal(await toggle.getAttribute('aria-pressed'), 'false', `${title}: not chosen yet`);
        await toggle.click();
        assert.equal(await toggle.getAttribute('aria-pressed'), 'true', `${title}: chosen`);
        chosen.push(id);
        await trayReads(page, chosen.length === 1 ? `${words.count(1)} ${words.more}` : words.count(chosen.length));
        if (chosen.length === 1) assert.equal(await tray.getByRole('link').count(), 0, 'one is not a comparison');
      }
      const go = tray.getByRole('link', { name: words.go(3) });
      assert.equal(await go.getAttribute('href'), `${PREFIX[lang]}/compare?ids=${chosen.join(',')}`);
      assert.deepEqual(await comparedIn(page), chosen, 'kept in the browser, in the order chosen');
      // At the bottom of the window, over the page.
      const box = await tray.boundingBox();
      assert.equal(await tray.evaluate((el) => getComputedStyle(el).position), 'fixed');
      assert.ok(Math.abs(box.y + box.height - viewport.height) <= 1 && Math.abs(box.width - viewport.width) <= 1, `the tray spans the bottom: ${JSON.stringify(box)}`);

      // A fourth, then a fifth: refused, said in the tray, nothing chosen.
      const fourth = await cardOf(3);
      await fourth.toggle.click();
      await trayReads(page, words.count(4));
      const fifth = await cardOf(4);
      await fifth.toggle.click();
      await trayReads(page, `${words.count(4)} ${words.full}`);
      assert.equal(await fifth.toggle.getAttribute('aria-pressed'), 'false', 'the fifth is not chosen');
      assert.deepEqual(await comparedIn(page), [...chosen, fourth.id]);
      assert.equal(await tray.getByRole('link', { name: words.go(4) }).count(), 1);
      await screenshot(page, { path: join(SHOTS, `${label}-compare-tray-full-${lang}.png`) });
      assert.deepEqual(await axeViolations(page), [], `axe ${lang} ${label} with the tray open`);
      // Letting the fourth go ends the refusal.
      await fourth.toggle.click();
      assert.equal(await fourth.toggle.getAttribute('aria-pressed'), 'false');
      await trayReads(page, words.count(3));

      // Kept over a reload, then the link: the compare page with those three, in the page's language.
      await page.reload();
      await trayReads(page, words.count(3));
      assert.equal(await (await cardOf(0)).toggle.getAttribute('aria-pressed'), 'true', 'chosen over a reload');
      await screenshot(page, { path: join(SHOTS, `${label}-compare-tray-${lang}.png`) });
      await tray.getByRole('link', { name: words.go(3) }).click();
      await page.waitForURL((url) => url.pathname === `${PREFIX[lang]}/compare` && url.searchParams.get('ids') === chosen.join(','));
      await page.locator('.compare__table').waitFor();
      const columns = (await page.locator('.compare__table thead th').allInnerTexts()).map((c) => c.trim());
      const titles = chosen.map((id) => listings.get(id).translations?.[lang]?.title ?? listings.get(id).title);
      assert.deepEqual(columns, titles);
      assert.equal(await page.getByRole('complementary', { name: words.tray }).count(), 0, 'no tray on the compare page itself');
      assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');

      // Back on the list, 'Clear' lets them all go.
      await page.goBack();
      await tray.waitFor();
      await tray.getByRole('button', { name: words.clear }).click();
      await tray.waitFor({ state: 'detached' });
      assert.deepEqual(await comparedIn(page), []);
      assert.equal(await page.locator('.compare-toggle[aria-pressed=true]').count(), 0);
      await context.close();
      assert.deepEqual(problems, []);
    });
  }
});

describe('axe-core and screenshots', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', LAPTOP]]) {
    test(`axe-core: /shortlist and /compare with listings in them, in three languages, ${label}`, async () => {
      const ids = [...listings.keys()].slice(0, 3);
      const { context, page, problems } = await openPage(browser, viewport);
      await page.addInitScript((ids) => localStorage.setItem('estate.shortlist', JSON.stringify(ids)), ids);
      const found = [];
      for (const lang of ['en', 'ar', 'ru']) {
        await gotoSettled(page, `${server.url}${PREFIX[lang]}/shortlist`);
        await page.locator('.property-card').nth(2).waitFor();
        await loadLazyImages(page);
        await screenshot(page, { path: join(SHOTS, `${label}-shortlist-${lang}.png`), fullPage: true });
        found.push(...(await axeViolations(page)).map((v) => `${lang} /shortlist: ${v}`));
        await gotoSettled(page, `${server.url}${PREFIX[lang]}/compare?ids=${ids.join(',')}`);
        await page.locator('.compare__table').waitFor();
        await loadLazyImages(page);
        await screenshot(page, { path: join(SHOTS, `${label}-compare-${lang}.png`), fullPage: true });
        found.push(...(await axeViolations(page)).map((v) => `${lang} /compare: ${v}`));
      }
      await context.close();
      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
    });
  }
});
