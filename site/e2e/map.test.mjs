// Browser tests of the map in Debian's Chromium with WebGL in software
// (SwiftShader): the map view of a listing page and of a result page (one marker per listing the
// filters show, clusters that say how many), its code fetched only when opened, markers and
// clusters as named buttons that work by keyboard, 'Search this area' narrowing the list and kept
// in the address over a reload, the names in Arabic and Russian, axe-core at phone and desktop
// widths in three languages, the property page's map opened on request and centred on the
// listing, and no request to any host but the site's. Screenshots go to e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { PHONE, framesDrawn, gotoSettled, launch, openPage, screenshot } from './browser.mjs';
import { axeViolations } from './axe.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
/** The map's own code and data: none of it may be fetched before the map is opened. */
const MAP_FILES = /\/assets\/(MapView|ResultsMap|maplibre)[^/]*$|\.pmtiles$|\/data\/places\.json$/;

let server;
let browser;
/** The residential listing page's cards, in its order (data/listings/residential/*.json). */
let residential;
/** data/site.json: the map's settings. */
let site;

before(async () => {
  server = await startServer();
  browser = await launch({ webgl: true });
  site = JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8'));
  const folder = join(server.dist, 'data', 'listings', 'residential');
  const pages = readdirSync(folder).filter((name) => /^\d+\.json$/.test(name)).sort((a, b) => parseInt(a) - parseInt(b));
  residential = pages.flatMap((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every request the page makes, by URL, with its Range header and its response's status. */
function recordRequests(page) {
  const seen = [];
  page.on('requestfinished', async (request) => {
    // A request that finishes as the page closes has no response to read any more.
    const response = await request.response().catch(() => null);
    seen.push({ url: request.url(), range: request.headers().range, status: response?.status() });
  });
  page.on('requestfailed', (request) => seen.push({ url: request.url(), failed: true }));
  return seen;
}

/** Polls `check` (every 50 ms, up to `timeout`) until it holds; answers whether it did. */
async function eventually(check, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

/** How many listings the map's markers stand for: one per marker, a cluster's number for a cluster. */
const markerSum = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.map-marker, .map-cluster')].reduce(
      (n, element) => n + (element.classList.contains('map-cluster') ? Number(element.textContent) : 1),
      0,
    ),
  );

/** Waits for the map's markers to stand for `expected` listings; answers what they stand for. */
async function markersFor(page, expected, timeout = 20_000) {
  await page.waitForFunction(() => document.querySelector('.map-view')?.hasAttribute('data-markers'), null, { timeout });
  const deadline = Date.now() + timeout;
  let sum = await markerSum(page);
  while (sum !== expected && Date.now() < deadline) {
    await page.waitForTimeout(100);
    sum = await markerSum(page);
  }
  return sum;
}

const located = (cards) => cards.filter((card) => card.coordinates);
/** A marker's short price, as the portals write it: '2.9M AED', '1.95M AED' (not '2M'). */
const shortAed = (n) => `${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(n)} AED`;

/** Whether the page scrolls sideways (it must not, map or no map). */
const scrollsSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The visible cards' ids, in order. */
const listedIds = (page) =>
  page.locator('.card-grid .property-card .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href').split('/').pop()));

describe('the map view of a listing page', () => {
  test('one marker per listing the filters show, named buttons that open the listing; its code fetched only when opened', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1366, height: 900 });
    const requests = recordRequests(page);
    await gotoSettled(page, `${server.url}/residential-properties`);
    assert.deepEqual(requests.filter((r) => MAP_FILES.test(new URL(r.url).pathname)), [], 'no map code or tiles before the map is opened');

    await page.getByRole('group', { name: 'Show the results as' }).getByRole('button', { name: 'Map' }).click();
    await page.waitForURL(/[?&]view=map/);
    const all = located(residential);
    assert.ok(all.length >= 4, 'the sample has residential listings with coordinates');
    assert.equal(await markersFor(page, all.length), all.length, 'every listing with coordinates is on the map');
    const unlocated = residential.length - all.length;
    if (unlocated > 0) {
      const note = unlocated === 1 ? '1 listing has no location and is not on the map.' : `${unlocated} listings have no location and are not on the map.`;
      assert.equal((await page.locator('.map-view__note').innerText()).trim(), note);
    }
    // The basemap is read from the site in parts (HTTP ranges), never whole, never from elsewhere.
    await eventually(() => requests.some((r) => r.url.endsWith('.pmtiles')));
    const tiles = requests.filter((r) => r.url.endsWith('.pmtiles'));
    assert.ok(tiles.length > 0 && tiles.every((r) => /^bytes=\d+-\d+$/.test(r.range ?? '') && r.status === 206), JSON.stringify(tiles));
    assert.deepEqual(requests.filter((r) => !r.url.startsWith(server.url) && !r.url.startsWith('data:')), [], 'no request leaves the site');

    // Clusters say how many they hold; a listing's marker is named by its price (as it shows it) and title.
    for (const cluster of await page.locator('.map-cluster').all()) {
      assert.equal(await cluster.getAttribute('aria-label'), `${await cluster.innerText()} listings here: zoom in`);
    }
    const marker = page.locator('.map-marker').first();
    const id = await marker.getAttribute('data-id');
    const listing = residential.find((c) => c.id === id);
    assert.ok(listing, `the marker ${id} is a residential listing`);
    assert.equal(await marker.getAttribute('aria-label'), `${listing.price === null ? 'Contact for price' : shortAed(listing.price)}, ${listing.title}`);
    // Every marker's price as its card words it: no 'Ask', no 1,950,000 rounded to '2M'.
    const labels = await page.locator('.map-marker').evaluateAll((markers) => markers.map((m) => [m.getAttribute('data-id'), m.getAttribute('aria-label')]));
    for (const [markerId, label] of labels) {
      const card = residential.find((p) => p.id === markerId);
      assert.ok(label.startsWith(card.price === null ? 'Contact for price, ' : `${shortAed(card.price)}, `), `${markerId}: ${label}`);
    }
    // By keyboard: Enter on a marker opens its listing's card, with the keyboard on its link.
    await marker.focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('complementary', { name: listing.title });
    await preview.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'View Property');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('href')), `/property/${listing.id}`);
    await preview.getByRole('button', { name: 'Close' }).click();
    assert.equal(await preview.count(), 0);

    // A filter: the map shows what it lets through, as the list does.
    const villas = located(residential.filter((c) => c.subCategory === 'Villa'));
    assert.ok(villas.length >= 1);
    await page.locator('.type-filter').getByRole('button', { name: /^Villa/ }).click();
    await page.waitForURL(/type=Villa/);
    assert.equal(await markersFor(page, villas.length), villas.length, 'the markers follow the filter');
    assert.match(page.url(), /view=map/, 'the map stays open');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("'Search this area' keeps the list to the map's area, in the address: a reload keeps it, the chip lets go", async () => {
    const { context, page, problems } = await openPage(browser, { width: 1366, height: 900 });
    await gotoSettled(page, `${server.url}/residential-properties?view=map`);
    const all = located(residential);
    await markersFor(page, all.length);
    assert.equal(await page.getByRole('button', { name: 'Search this area' }).count(), 0, 'offered only once the map moves');
    // Zoom in on the first cluster (or, without one, twice with the + button).
    const cluster = page.locator('.map-cluster').first();
    if (await cluster.count()) await cluster.click();
    else {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
    }
    const search = page.getByRole('button', { name: 'Search this area' });
    await search.waitFor();
    await search.click();
    await page.waitForURL(/[?&]bounds=/);
    const [west, south, east, north] = new URL(page.url()).searchParams.get('bounds').split(',').map(Number);
    const inside = all.filter(({ coordinates: at }) => at.lng >= west && at.lng <= east && at.lat >= south && at.lat <= north);
    assert.ok(inside.length > 0 && inside.length < residential.length, `the area holds some listings, not all (${inside.length})`);
    await page.waitForFunction((n) => document.querySelectorAll('.card-grid .property-card').length === n, inside.length);
    assert.deepEqual(await listedIds(page), inside.map((c) => c.id), 'the list is the listings in the area, in the page order');
    assert.equal(await search.count(), 0, 'done until the map moves again');

    await page.reload();
    await page.waitForFunction((n) => document.querySelectorAll('.card-grid .property-card').length === n, inside.length);
    assert.deepEqual(await listedIds(page), inside.map((c) => c.id), 'a reload keeps the area');
    await page.locator('.map-view[data-markers]').waitFor();

    await page.getByRole('button', { name: 'In the map area: show the whole list' }).click();
    await page.waitForFunction(() => !location.search.includes('bounds='));
    await page.waitForFunction((n) => document.querySelectorAll('.card-grid .property-card').length === n, residential.length);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('the map in three languages', () => {
  const NAMES = { ar: { currency: 'درهم', list: 'قائمة', map: 'خريطة', place: 'دبي مارينا' }, ru: { currency: 'AED', list: 'Списком', map: 'На карте', place: 'Дубай Марина' } };

  for (const lang of ['en', 'ar', 'ru']) {
    test(`${lang}: names in the page's language, axe-core at 390 and 1366 px; screenshots`, async () => {
      for (const [width, viewport] of [['phone', PHONE], ['desktop', { width: 1366, height: 900 }]]) {
        const { context, page, problems } = await openPage(browser, viewport);
        await gotoSettled(page, `${server.url}${PREFIX[lang]}/residential-properties?view=map`);
        const all = located(residential);
        assert.equal(await markersFor(page, all.length), all.length, `${lang} ${width}`);
        // The map's credit in the page's language (site.yaml's map.ar / map.ru), once the basemap drew.
        const credit = lang === 'en' ? site.map.attribution : site.map.translations[lang].attribution;
        const shown = page.locator('.maplibregl-ctrl-attrib-inner');
        await page.waitForFunction(() => document.querySelector('.maplibregl-ctrl-attrib-inner')?.textContent);
        assert.equal(await shown.textContent(), credit, `${lang} ${width}: the map's credit`);
        assert.equal(await shown.locator('[lang="en"]').count(), 0, `${lang} ${width}`);
        if (lang !== 'en') {
          const names = NAMES[lang];
          const group = page.locator('.view-toggle');
          assert.deepEqual(await group.locator('button').allInnerTexts(), [names.list, names.map]);
          const label = await page.locator('.map-marker').first().getAttribute('aria-label');
          assert.ok(label.includes(names.currency), `${lang}: ${label}`);
          // Place names from zoom 11, in the page's language (shaped by the browser).
          await page.waitForFunction((name) => [...document.querySelectorAll('.map-place')].some((e) => e.textContent === name), names.place);
          assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
        }
        if (lang === 'ar') {
          // A price in words ('2.9 مليون درهم') reads right to left: the number rightmost, then
          // مليون, then درهم (an isolate forced left to right put the number after مليون).
          const marker = page.locator('.map-marker', { hasText: 'مليون' }).first();
          const at = await marker.evaluate((element) => {
            const node = element.firstChild;
            const x = (part) => {
              const range = document.createRange();
              const start = node.textContent.indexOf(part);
              range.setStart(node, start);
              range.setEnd(node, start + part.length);
              return range.getBoundingClientRect().x;
            };
            return { number: x(node.textContent.match(/\d+(\.\d+)?/)[0]), million: x('مليون'), currency: x('درهم') };
          });
          assert.ok(at.number > at.million && at.million > at.currency, `${width}: ${await marker.textContent()} drawn as ${JSON.stringify(at)}`);
        }
        assert.equal(await scrollsSideways(page), false, `${lang} ${width}: no sideways scroll`);
        assert.deepEqual(await axeViolations(page), [], `axe ${lang} ${width}`);
        await page.locator('.results-map').scrollIntoViewIfNeeded();
        // The scroll drawn (the next frame), not a fixed wait.
        await framesDrawn(page);
        await screenshot(page, { path: join(SHOTS, `${width}-map-${lang}.png`) });
        assert.deepEqual(problems, []);
        await context.close();
      }
    });
  }
});

describe('the map of a result page and of a property page', () => {
  test("a result page's map shows the results the search found", async () => {
    const { context, page, problems } = await openPage(browser, { width: 1366, height: 900 });
    await gotoSettled(page, `${server.url}/search-residential?type=Villa&view=map`);
    await page.waitForFunction(() => document.querySelectorAll('.card-grid .property-card').length > 0);
    const ids = await listedIds(page);
    const expected = located(residential.filter((c) => ids.includes(c.id))).length;
    assert.ok(expected > 0);
    assert.equal(await markersFor(page, expected), expected);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the property page's map opens on request, centred on the listing's pin, from the site alone", async () => {
    const listing = residential.find((c) => c.coordinates && c.location);
    const { context, page, problems } = await openPage(browser, PHONE);
    const requests = recordRequests(page);
    await gotoSettled(page, `${server.url}/property/${listing.id}`);
    assert.equal(requests.filter((r) => MAP_FILES.test(new URL(r.url).pathname)).length, 0, 'nothing of the map before it is asked for');
    const asked = requests.length;
    await page.getByRole('button', { name: 'Show map' }).click();
    const map = page.getByRole('region', { name: `Map of ${listing.location}` });
    await map.waitFor().catch(async (error) => {
      // What the map's place shows instead (the button still, its loading state, its failure),
      // whether its island had hydrated (and when each did), what the page's requests that
      // finished after the click were, and what the page said.
      const shown = await page.locator('.map-card').first().evaluate((card) => card.innerHTML.slice(0, 600)).catch(() => '(no map card)');
      const islands = await page
        .evaluate(() => ({
          island: document.querySelector('.map-card')?.closest('estate-island')?.outerHTML.slice(0, 80),
          page: [...document.documentElement.attributes].map((a) => a.name).filter((name) => name.startsWith('data-')),
          hydrated: performance.getEntriesByName('island-hydrated').map((mark) => `${mark.detail?.name} at ${Math.round(mark.startTime)} ms`),
        }))
        .catch((e) => String(e));
      const after = requests.slice(asked).map((r) => new URL(r.url).pathname);
      throw new Error(
        `the map did not open; its place holds: ${shown}; its island and the page: ${JSON.stringify(islands)}; requests finished after the click: ${JSON.stringify(after)}; the page's problems: ${JSON.stringify(problems)}`,
        { cause: error },
      );
    });
    const pin = map.getByRole('img', { name: listing.location });
    await pin.waitFor();
    await page.waitForFunction(() => document.querySelector('.map-card canvas'));
    const box = await map.boundingBox();
    const at = await pin.boundingBox();
    // The pin's point (its bottom centre) at the map's centre.
    const off = [at.x + at.width / 2 - (box.x + box.width / 2), at.y + at.height - (box.y + box.height / 2)];
    assert.ok(Math.abs(off[0]) < 3 && Math.abs(off[1]) < 3, `the pin's tip is ${off.join(', ')} px off the map's centre`);
    assert.ok(await eventually(() => requests.some((r) => r.url.endsWith('.pmtiles') && r.status === 206)), 'the basemap came from the site');
    assert.deepEqual(requests.filter((r) => !r.url.startsWith(server.url) && !r.url.startsWith('data:')), [], 'no request leaves the site');
    assert.equal(await page.locator('iframe').count(), 0, 'no third-party frame');
    assert.equal(await scrollsSideways(page), false, 'the open map keeps the page within the phone');
    await map.scrollIntoViewIfNeeded();
    await screenshot(page, { path: join(SHOTS, 'phone-property-map.png') });

    // The contact page's map: the office, in Arabic.
    const site = JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8'));
    const address = site.translations.ar?.address ?? site.address;
    await gotoSettled(page, `${server.url}/ar/contact-us`);
    await page.getByRole('button', { name: 'عرض الخريطة' }).click();
    const office = page.getByRole('region', { name: `خريطة ${address}` });
    await office.getByRole('img', { name: address }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});

test("a rent's marker says its period: '95K AED / year'", async () => {
  const { context, page } = await openPage(browser, { width: 1366, height: 900 });
  try {
    await gotoSettled(page, `${server.url}/rent-properties?view=map`);
    await page.locator('.map-marker').first().waitFor();
    const labels = await page.locator('.map-marker').evaluateAll((markers) => markers.map((m) => m.getAttribute('aria-label')));
    assert.ok(labels.length > 0, 'markers on the rental map');
    for (const label of labels) assert.match(label, /^(\S+ AED \/ (year|month)|Contact for price), /, label);
  } finally {
    await context.close();
  }
});
