// Browser tests of the query reader on the result pages, in Debian's Chromium: what a visitor
// types ('2 bed marina under 3.5m', 'Marena', 'فيلا للإيجار', 'студия аренда') becomes the
// filters it names, shown as removable chips above the results in the page's language; the
// results are those filters' (checked against the published listings, filtered here on their
// own); a chip removed widens them; a corrected name says what was searched for. Screenshots at
// 390 and 1366 px in English and Arabic go to e2e/screenshots/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, openPage, plain, screenshot, searchResults, settle } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
/** The desktop width of the screenshots (a common laptop's). */
const LAPTOP = { width: 1366, height: 900 };
const repo = join(import.meta.dirname, '..', '..');

/** The published listings (the static JSON API). */
const published = () => JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));

/** The ids of the published listings that `keep` lets through, newest first as search answers (ties: as published). */
const expected = (keep) => published().filter(keep).map((p) => p.id);

/** Waits until the results are settled with the chips `chips`; answers the cards' ids, sorted. */
const settledOn = async (page, chips) => (await searchResults(page, chips)).ids;

const sorted = (ids) => [...ids].sort();
/** A number as the Russian pages write it (a narrow no-break space between thousands). */
const ru = (n) => plain(new Intl.NumberFormat('ru-RU').format(n));

describe('a typed query on the result page', () => {
  test('the published names the reader looks for are the shared vectors', () => {
    const terms = JSON.parse(readFileSync(join(server.dist, 'data', 'search-terms.json'), 'utf8'));
    const vectors = JSON.parse(readFileSync(join(repo, 'lead-fn', 'tests', 'search-vectors.json'), 'utf8'));
    assert.deepEqual(terms, vectors.terms, 'update the vectors\' terms from data/search-terms.json when the vocabulary changes');
  });

  test('English: bedrooms, a community and a price become chips and filters; a chip removed widens the results', async () => {
    const { context, page, problems } = await openPage(browser, LAPTOP);
    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('2 bed marina under 3.5m')}`, { waitUntil: 'load' });
    const marina = (p) => p.location === 'Dubai Marina' && p.price !== null && p.price <= 3_500_000;
    const found = await settledOn(page, ['Dubai Marina', '2 Bedrooms', 'Up to 3,500,000 AED']);
    assert.deepEqual(found, sorted(expected((p) => marina(p) && p.bedrooms === 2)));
    assert.ok(found.length > 0, 'the Marina two-bedroom is found');
    // The address holds the filters read, and no words are left to require.
    const address = new URL(page.url()).searchParams;
    assert.equal(address.get('community'), 'Dubai Marina');
    assert.equal(address.get('bedrooms'), '2');
    assert.equal(address.get('max'), '3500000');
    assert.equal(address.get('query'), null);
    assert.equal(await page.locator('.criteria__searched').count(), 0, 'nothing was corrected');
    // The words typed stay in the box; sent again as they stand, beside the filters read from
    // them, they are the same search (the reader sets aside words naming a filter given).
    const box = page.locator('.search-refine input[name="query"]');
    assert.equal(await box.inputValue(), '2 bed marina under 3.5m', 'the typed words stay in the box');
    await screenshot(page, { path: join(SHOTS, 'query-en-1366.png') });
    const typedSent = (request) => `${decodeURIComponent(request.url()).replaceAll('+', ' ')} ${request.postData() ?? ''}`.includes('2 bed marina under 3.5m');
    const resent = page.waitForRequest((request) => request.url().includes('/api/') && typedSent(request));
    await box.press('Enter');
    await resent;
    assert.deepEqual(await settledOn(page, ['Dubai Marina', '2 Bedrooms', 'Up to 3,500,000 AED']), found);
    assert.equal(await box.inputValue(), '2 bed marina under 3.5m');

    await page.getByRole('button', { name: 'Remove 2 Bedrooms' }).click();
    const wider = await settledOn(page, ['Dubai Marina', 'Up to 3,500,000 AED']);
    assert.deepEqual(wider, sorted(expected(marina)));
    assert.ok(wider.length > found.length, `removing '2 Bedrooms' widens ${found} to ${wider}`);
    assert.equal(new URL(page.url()).searchParams.get('bedrooms'), null);
    // A chip removed is a step Back undoes: the chip and its results come back, on the same page.
    await page.goBack();
    assert.deepEqual(await settledOn(page, ['Dubai Marina', '2 Bedrooms', 'Up to 3,500,000 AED']), found);
    assert.equal(new URL(page.url()).searchParams.get('bedrooms'), '2');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the words typed are no chip while they are read: the chips come once, as the filters they name', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    // The reader's names held back until the page has shown its results.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/data/search-terms.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('2 bed marina under 3.5m')}`, { waitUntil: 'load' });
    await page.waitForRequest('**/data/search-terms.json');
    // The results are shown (the function reads the words by the same rules), the chips' part drawn.
    await page.locator('.card-grid .property-card__link').first().waitFor();
    assert.equal(await page.locator('.criteria__chip').count(), 0, 'no chip of the words before they are read');
    release();
    await settledOn(page, ['Dubai Marina', '2 Bedrooms', 'Up to 3,500,000 AED']);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("English: a misspelt community is found, and the page says what it searched for", async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/search-result?query=Marena`, { waitUntil: 'load' });
    const found = await settledOn(page, ['Dubai Marina']);
    assert.deepEqual(found, sorted(expected((p) => p.location === 'Dubai Marina')));
    assert.equal(plain(await page.locator('.criteria__searched').innerText()), 'Showing results for Dubai Marina');
    await screenshot(page, { path: join(SHOTS, 'query-en-390.png') });
    // 'townhose' is a type within its edits.
    await page.goto(`${server.url}/search-result?query=townhose`, { waitUntil: 'load' });
    const townhouses = await settledOn(page, ['Type: Townhouse']);
    assert.deepEqual(townhouses, sorted(expected((p) => p.subCategory === 'Townhouse')));
    assert.equal(plain(await page.locator('.criteria__searched').innerText()), 'Showing results for Townhouse');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('Arabic: a type and rent, in the page\'s words; removing rent widens to every villa', async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const { context, page, problems } = await openPage(browser, viewport);
      await page.goto(`${server.url}/ar/search-result?query=${encodeURIComponent('فيلا للإيجار')}`, { waitUntil: 'load' });
      const villas = (p) => p.subCategory === 'Villa';
      const found = await settledOn(page, ['النوع: فيلا', 'للإيجار']);
      assert.deepEqual(found, sorted(expected((p) => villas(p) && p.mainCategory === 'Rental')));
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'إزالة للإيجار' }).click();
        const wider = await settledOn(page, ['النوع: فيلا']);
        assert.deepEqual(wider, sorted(expected(villas)));
        assert.ok(wider.length > found.length);
      }
      // A corrected name in Arabic: 'Marena' is Dubai Marina, said in Arabic.
      await page.goto(`${server.url}/ar/search-result?query=${encodeURIComponent('شقة غرفتين Marena')}`, { waitUntil: 'load' });
      await settledOn(page, ['دبي مارينا', 'النوع: شقة', 'غرفتا نوم']);
      assert.equal(plain(await page.locator('.criteria__searched').innerText()), 'عرض نتائج دبي مارينا، شقة');
      await screenshot(page, { path: join(SHOTS, `query-ar-${viewport.width}.png`) });
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test('Russian: a studio to rent, and a price in millions', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/ru/search-result?query=${encodeURIComponent('студия аренда')}`, { waitUntil: 'load' });
    const found = await settledOn(page, ['Студия', 'Аренда']);
    assert.deepEqual(found, sorted(expected((p) => p.bedrooms === 0 && p.mainCategory === 'Rental')));
    assert.ok(found.length > 0);
    // A Russian flat is counted in rooms, its living room among them: a 3-room flat has two bedrooms, a 2-room one one.
    await page.goto(`${server.url}/ru/search-result?query=${encodeURIComponent('3-комнатная до 5 млн')}`, { waitUntil: 'load' });
    const two = await settledOn(page, ['2 спальни', 'До 5 000 000 AED']);
    assert.deepEqual(two, sorted(expected((p) => p.bedrooms === 2 && p.price !== null && p.price <= 5_000_000)));
    assert.ok(two.length > 0);
    await page.goto(`${server.url}/ru/search-result?query=${encodeURIComponent('двухкомнатная')}`, { waitUntil: 'load' });
    const one = await settledOn(page, ['1 спальня']);
    assert.deepEqual(one, sorted(expected((p) => p.bedrooms === 1)));
    assert.ok(one.length > 0);
    // A range with a decimal comma, the unit said once: '2,5 млн' is 2,500,000.
    await page.goto(`${server.url}/ru/search-result?query=${encodeURIComponent('от 2,5 до 8 млн')}`, { waitUntil: 'load' });
    const range = await settledOn(page, [`${ru(2_500_000)} – ${ru(8_000_000)} AED`]);
    assert.deepEqual(range, sorted(expected((p) => p.price !== null && p.price >= 2_500_000 && p.price <= 8_000_000)));
    assert.ok(range.length > 0);
    const address = new URL(page.url()).searchParams;
    assert.deepEqual([address.get('min'), address.get('max'), address.get('query')], ['2500000', '8000000', null]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('English and Arabic: a price range as typed is one chip, and removing it widens the results', async () => {
    const { context, page, problems } = await openPage(browser, LAPTOP);
    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('villa 1m–5m')}`, { waitUntil: 'load' });
    const within = (p) => p.price !== null && p.price >= 1_000_000 && p.price <= 5_000_000;
    const villas = (p) => p.subCategory === 'Villa';
    const found = await settledOn(page, ['Type: Villa', '1,000,000 – 5,000,000 AED']);
    assert.deepEqual(found, sorted(expected((p) => villas(p) && within(p))));
    await page.getByRole('button', { name: 'Remove 1,000,000 – 5,000,000 AED' }).click();
    const wider = await settledOn(page, ['Type: Villa']);
    assert.deepEqual(wider, sorted(expected(villas)));
    assert.ok(wider.length > found.length, `removing the range widens ${found} to ${wider}`);
    await page.goto(`${server.url}/ar/search-result?query=${encodeURIComponent('من 1 إلى 5 مليون')}`, { waitUntil: 'load' });
    const arabic = await settledOn(page, ['1,000,000 – 5,000,000 درهم']);
    assert.deepEqual(arabic, sorted(expected(within)));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** The cards' ids once they are `want` (sorted), or what they were after 5 s. */
async function cardsBecome(page, want) {
  let ids = [];
  for (let tries = 0; tries < 50; tries += 1) {
    ids = (await page.locator('.card-grid .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href').replace(/^.*\/property\//, '')))).sort();
    if (JSON.stringify(ids) === JSON.stringify(want)) break;
    await page.waitForTimeout(100);
  }
  return ids;
}

describe("a rental's terms, as tenants filter on the portals", () => {
  const rentals = (p) => p.mainCategory === 'Rental';
  /** A landlord taking the rent in `n` cheques or more; free by `day` (none: free now). */
  const takes = (n) => (p) => (p.cheques ?? 0) >= n;
  const freeBy = (day) => (p) => !p.availableFrom || p.availableFrom <= day;

  test('English rent page: the number of cheques and a move-in day in More filters narrow the cards', async () => {
    const { context, page, problems } = await openPage(browser, LAPTOP);
    await page.goto(`${server.url}/rent-property`, { waitUntil: 'load' });
    await settle(page);
    await page.locator('.more-filters__toggle').click();
    const cheques = page.getByLabel('Number of cheques');
    await cheques.waitFor();
    const options = await cheques.locator('option').allTextContents();
    const count = (n) => published().filter((p) => rentals(p) && takes(n)(p)).length;
    assert.deepEqual(options, ['Any', `2 cheques (${count(2)})`, `4 cheques (${count(4)})`, `12 cheques (${count(12)})`]);
    await cheques.selectOption('4');
    const four = sorted(expected((p) => rentals(p) && takes(4)(p)));
    assert.ok(four.length >= 2 && four.length < expected(rentals).length, `${four}`);
    assert.deepEqual(await cardsBecome(page, four), four);
    // The address keeps it (a reload and a shared link restore it), a few ticks later.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('cheques') === '4');
    // A move-in day leaves out a rental free only later; one free now stays.
    await page.getByLabel('Move in by').fill('2026-12-31');
    const both = sorted(expected((p) => rentals(p) && takes(4)(p) && freeBy('2026-12-31')(p)));
    assert.ok(both.length > 0 && both.length < four.length, `${both} of ${four}`);
    assert.deepEqual(await cardsBecome(page, both), both);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('availableFrom') === '2026-12-31');
    assert.equal((await page.locator('.more-filters__toggle').innerText()).trim(), 'More filters (2)');
    await screenshot(page, { path: join(SHOTS, 'rental-terms-en-1366.png') });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('Russian and Arabic rent results: the terms in the address are chips, in the page\'s words; one removed widens', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/ru/search-rent?cheques=2&availableFrom=2026-12-20`, { waitUntil: 'load' });
    const found = await settledOn(page, ['2 чека', 'Заселение до 20 декабря 2026 г.']);
    assert.deepEqual(found, sorted(expected((p) => rentals(p) && takes(2)(p) && freeBy('2026-12-20')(p))));
    assert.ok(found.length > 0);
    await page.getByRole('button', { name: 'Убрать: Заселение до 20 декабря 2026 г.' }).click();
    const wider = await settledOn(page, ['2 чека']);
    assert.deepEqual(wider, sorted(expected((p) => rentals(p) && takes(2)(p))));
    assert.ok(wider.length > found.length, `${found} widened to ${wider}`);
    await page.goto(`${server.url}/ar/search-rent?cheques=12`, { waitUntil: 'load' });
    const twelve = await settledOn(page, ['12 شيكاً']);
    assert.deepEqual(twelve, sorted(expected((p) => rentals(p) && takes(12)(p))));
    await screenshot(page, { path: join(SHOTS, 'rental-terms-ar-390.png') });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('before the result page hydrates', () => {
  test('the search panel the page was served with stays: a visitor who typed in it keeps the field, its focus and the text', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    try {
      // The app's script held back until the visitor has typed.
      let release;
      const released = new Promise((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${server.url}/search-result?query=Marina`, { waitUntil: 'load' });
      await page.locator('.search-sheet__toggle').click();
      const field = page.locator('#search-all-query');
      await field.click();
      await field.pressSequentially('Creek');
      await field.evaluate((element) => (element.dataset.typedBefore = 'yes'));
      release();
      await settle(page);
      await settledOn(page, ['Dubai Marina']);
      const state = await page.evaluate(() => ({
        focused: document.activeElement?.id,
        served: document.activeElement?.dataset.typedBefore,
      }));
      assert.deepEqual(state, { focused: 'search-all-query', served: 'yes' });
      assert.equal(await field.inputValue(), 'Creek');
      // What was typed is the panel's own: Enter searches for it.
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]query=Creek/);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
