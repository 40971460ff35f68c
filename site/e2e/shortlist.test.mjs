// Browser tests of the shortlist and compare (issue 34) in Debian's Chromium: hearts on cards and
// the property page, the header's count, /shortlist in three languages, a shared link in a fresh
// browser, a listing that left the site, compare's rows and best values, and axe-core on both
// pages with listings in them, at phone and desktop widths. Screenshots go to e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, gotoSettled, launch, openPage } from './browser.mjs';
import { axeViolations } from './axe.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };

let server;
let browser;
/** The published listings, by id (the spec's API). */
let listings;

before(async () => {
  server = await startServer();
  browser = await launch();
  listings = new Map(JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8')).map((p) => [p.id, p]));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The ids saved in the page's browser. */
const savedIn = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('estate.shortlist') ?? '[]'));

/** The header's shortlist link's text (its name), once its count is `count`. */
async function headerSays(page, count) {
  await page.waitForFunction((count) => document.querySelector('.site-header .shortlist-link__count')?.textContent === String(count), count);
  return (await page.locator('.site-header .shortlist-link').textContent()).trim();
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
    assert.equal(new URL(other.page.url()).search, '', 'now the visitor\'s own list');
    await other.context.close();

    // Clear all asks first.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Clear all' }).click();
    assert.equal((await savedIn(page)).length, 3, 'cancelled: kept');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText('No saved properties yet.').waitFor();
    assert.deepEqual(await savedIn(page), []);
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('a saved listing that left the site says so, and can be removed; the empty shortlist is in the HTML', async () => {
    const html = await (await fetch(`${server.url}/ar/shortlist`)).text();
    assert.match(html, /لا توجد عقارات محفوظة بعد/, 'the prerendered empty state');
    const { context, page, problems } = await openPage(browser, DESKTOP, { expectNotFound: true });
    const [id] = listings.keys();
    await page.addInitScript((ids) => localStorage.setItem('estate.shortlist', JSON.stringify(ids)), [id, 'sold-last-week']);
    await gotoSettled(page, `${server.url}/shortlist`);
    await page.getByText('A saved property (sold-last-week) is no longer available.').waitFor();
    assert.equal(await page.locator('.property-card').count(), 1);
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
    await page.screenshot({ path: join(SHOTS, 'phone-compare.png'), fullPage: true });
    await context.close();
    assert.deepEqual(problems, []);
  });

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    test(`axe-core: /shortlist and /compare with listings in them, in three languages, ${label}`, async () => {
      const ids = [...listings.keys()].slice(0, 3);
      const { context, page, problems } = await openPage(browser, viewport);
      await page.addInitScript((ids) => localStorage.setItem('estate.shortlist', JSON.stringify(ids)), ids);
      const found = [];
      for (const lang of ['en', 'ar', 'ru']) {
        await gotoSettled(page, `${server.url}${PREFIX[lang]}/shortlist`);
        await page.locator('.property-card').nth(2).waitFor();
        await page.screenshot({ path: join(SHOTS, `${label}-shortlist-${lang}.png`), fullPage: true });
        found.push(...(await axeViolations(page)).map((v) => `${lang} /shortlist: ${v}`));
        await gotoSettled(page, `${server.url}${PREFIX[lang]}/compare?ids=${ids.join(',')}`);
        await page.locator('.compare__table').waitFor();
        await page.screenshot({ path: join(SHOTS, `${label}-compare-${lang}.png`), fullPage: true });
        found.push(...(await axeViolations(page)).map((v) => `${lang} /compare: ${v}`));
      }
      await context.close();
      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
    });
  }
});
