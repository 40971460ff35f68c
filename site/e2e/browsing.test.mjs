// Browser tests of browsing and search: every search panel with every one of its
// type, bedroom and area options and the empty-search alert, the result pages' counts against
// the published content, the listing pages' counts and type filter, and a card followed to its
// property. Runs against `estate serve` in Debian's Chromium.
//
// The expected results come from the published records (dist/api/properties.json) through the
// search rules as lead-fn/src/search.rs states them, written here independently.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, launch, openPage, openWalk, settle } from './browser.mjs';

const EMPTY_ALERT = 'Please enter a search term or select a property type.';
const RESULTS_TITLE = 'Here are the properties you are Looking for';
const BEDROOM_LABELS = ['1 Bedroom', '2 Bedrooms', '3 Bedrooms', '4 Bedrooms', '5 Bedrooms', '6 Bedrooms', '7+ Bedrooms'];
const AREA_SIZES = ['500', '1000', '1500', '2000', '3000'];

// Each search panel: the page it is on, the result page it goes to, the category its
// search keeps to (null: all), its type options and its other dropdowns.
const PANELS = [
  { page: '/', target: '/search-result', category: null, types: ['Apartment', 'Bungalow', 'Studio', 'Shop', 'Palace', 'Plot'] },
  {
    page: '/residential-properties',
    target: '/search-residential',
    category: 'Residential',
    types: ['Apartments', 'Bungalow'],
    bedrooms: true,
    communities: true,
  },
  {
    page: '/rent-property',
    target: '/search-rent',
    category: 'Rental',
    types: ['Apartments', 'Bungalow', 'Office', 'Shop', 'Villa', 'Townhouse', 'Penthouse', 'Warehouse'],
    bedrooms: true,
    communities: true,
  },
  { page: '/off-plan', target: '/search-off-plan', category: 'OffPlan', types: ['Palace', 'Plot'], areas: true },
  { page: '/commercial', target: '/search-commercial', category: 'Commercial', types: ['Shop', 'Studio'], areas: true },
];

// The listing pages and the category each shows (null: every category).
const LISTINGS = [
  ['/residential-properties', 'Residential'],
  ['/buy-property', 'Residential'],
  ['/rent-property', 'Rental'],
  ['/rent-properties', 'Rental'],
  ['/Properties-For-Rent-in-Dubai', 'Rental'],
  ['/Rental', 'Rental'],
  ['/off-plan', 'OffPlan'],
  ['/commercial', 'Commercial'],
  ['/Properties-For-Sale-in-Dubai', 'Commercial'],
  ['/allproperties', null],
];

let server;
let browser;
let published;

before(async () => {
  server = await startServer();
  browser = await launch();
  published = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));
  assert.ok(published.length > 20, 'the sample content has listings to search');
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** 'Apartments' and 'apartment' are the same type. */
const typeKey = (type) => type.trim().toLowerCase().replace(/s$/, '');

/** The published listings a search with these criteria must find. */
function expected(category, { type, bedrooms, area, community } = {}) {
  return published.filter((p) => {
    if (category && p.mainCategory !== category) return false;
    if (type && typeKey(p.subCategory ?? '') !== typeKey(type)) return false;
    if (bedrooms) {
      const wanted = Number(bedrooms);
      if (typeof p.bedrooms !== 'number') return false;
      if (wanted >= 7 ? p.bedrooms < 7 : p.bedrooms !== wanted) return false;
    }
    if (area && !(typeof p.area === 'number' && p.area >= Number(area))) return false;
    if (community && (p.location ?? '').toLowerCase() !== community.toLowerCase()) return false;
    return true;
  });
}

/**
 * A panel's type dropdown: its own types with their counts, then every other type its listings
 * have, most common first (then by name), as the type chips list them.
 */
function typeChoices(panel) {
  const stock = new Map();
  for (const p of expected(panel.category)) stock.set(p.subCategory, (stock.get(p.subCategory) ?? 0) + 1);
  const own = new Set(panel.types.map(typeKey));
  const others = [...stock]
    .filter(([name]) => !own.has(typeKey(name)))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return [...panel.types.map((type) => [type, expected(panel.category, { type }).length]), ...others];
}

/** The ids of the cards on the page, from their 'View Property' links. */
async function cardIds(page) {
  // The main grid only, not the 'Featured properties' section of /allproperties.
  const grid = (await page.locator('#listing-heading').count()) > 0 ? page.locator('section[aria-labelledby="listing-heading"]') : page;
  const hrefs = await grid.locator('.card-grid .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/property\//, ''))).sort();
}

/** The locale each language formats numbers and picks plural forms with (src/i18n's LOCALES). */
const LOCALES = { en: 'en-GB', ar: 'ar-AE-u-nu-latn', ru: 'ru-RU' };

/** A count's words for `n` in `lang`: the message `key`, in the plural form of `n` where the language has one. */
function countText(lang, key, n) {
  const messages = messagesOf(lang);
  const form = messages[`${key}.${new Intl.PluralRules(LOCALES[lang]).select(n)}`] ?? messages[key];
  return form.replace('{n}', new Intl.NumberFormat(LOCALES[lang]).format(n));
}

/** Waits for the result page (in `lang`) to finish its search and returns the ids it shows. */
async function results(page, lang = 'en') {
  const messages = messagesOf(lang);
  await page.getByRole('heading', { level: 1, name: messages['search.title'] }).waitFor();
  // Settled: nothing busy, and a count line that says as many as there are cards, all read in
  // the same turn: a search that starts just after (a Back navigation's, a link's) would
  // otherwise change the page between the wait and the reads. A count that never agrees with
  // the cards times out.
  const counts = Array.from({ length: 100 }, (_, n) => countText(lang, 'search.count', n));
  const settled = await page.waitForFunction((counts) => {
    if (document.querySelector('[aria-busy="true"]')) return null;
    const text = document.querySelector('#results-count')?.textContent ?? '';
    const hrefs = [...document.querySelectorAll('.card-grid .property-card__link')].map((a) => a.getAttribute('href'));
    return counts[hrefs.length] === text ? { n: hrefs.length, hrefs } : null;
  }, counts);
  const { n, hrefs } = await settled.jsonValue();
  const ids = hrefs.map((href) => decodeURIComponent(href.replace(/^(\/\w\w)?\/property\//, ''))).sort();
  // The empty state, drawn in the same render as the count (read after it, so waited for). Once,
  // in a full run at load ~4, it was not there 5 s after the count said 0 (cause not found; it
  // passed alone): 15 s, which still fails a page that never draws it.
  if (n === 0) await page.getByText(messages['listing.empty']).waitFor({ timeout: 15_000 });
  return ids;
}

/**
 * The ids the result page shows once they are `want`, or what it shows after 5 s: just after a
 * client-side change of the address, the page may still show the last search's results for a
 * moment before the new search starts.
 */
async function resultsBecome(page, want, lang = 'en') {
  const end = Date.now() + 5000;
  for (;;) {
    const found = await results(page, lang);
    if (JSON.stringify(found) === JSON.stringify(want) || Date.now() > end) return found;
    await page.waitForTimeout(100);
  }
}

/** Opens `path` with JavaScript and waits until it is hydrated and idle. */
async function open(path, viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await opened.page.goto(server.url + path, { waitUntil: 'load' });
  await settle(opened.page);
  return opened;
}

async function done({ context, problems }, what) {
  await context.close();
  assert.deepEqual(problems, [], `${what}: console problems`);
}

/** Chooses `values` in the panel, submits it and returns the URL and the ids found. */
async function search(page, values) {
  const panel = page.getByRole('search').first();
  if (values.query !== undefined) await panel.locator('input[name="query"]').fill(values.query);
  for (const name of ['type', 'bedrooms', 'area', 'community']) {
    if (values[name] !== undefined) await panel.locator(`select[name="${name}"]`).selectOption(values[name]);
  }
  const from = new URL(page.url()).pathname;
  await Promise.all([page.waitForURL((url) => url.pathname !== from), panel.getByRole('button', { name: 'Search' }).click()]);
  return { url: new URL(page.url()), ids: await results(page) };
}

/**
 * Back from a result page to the panel's page, as a visitor goes back (the router's, no reload:
 * a full load per option made these tests the slowest of the suite), and settled there.
 */
async function backTo(page, path) {
  if (new URL(page.url()).pathname === path) return;
  await page.goBack();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('heading', { level: 1, name: RESULTS_TITLE }).waitFor({ state: 'detached' });
  await settle(page);
}

const ids = (list) => list.map((p) => p.id).sort();

/** A language's interface strings (src/i18n/{lang}.json). */
const messageFiles = new Map();
function messagesOf(lang) {
  if (!messageFiles.has(lang)) messageFiles.set(lang, JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8')));
  return messageFiles.get(lang);
}

/** Lower case without accents, split into words (as lead-fn's catalogue does). */
const wordsOf = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether each query word starts a word of the listing's searched texts, in any language. */
function hasEveryWord(p, query) {
  const texts = [p.title, p.location, p.subCategory, p.reference, (p.description ?? '').replace(/<[^>]*>/g, ' ')];
  for (const t of Object.values(p.translations ?? {})) texts.push(t.title, t.location, (t.description ?? '').replace(/<[^>]*>/g, ' '));
  const words = wordsOf(texts.filter(Boolean).join(' '));
  return query.every((q) => words.some((w) => w.startsWith(q)));
}

/** English on a desktop, Arabic (right to left) and Russian on a phone: [lang, path prefix, viewport]. */
const EACH_LANGUAGE = [['en', '', DESKTOP], ['ar', '/ar', PHONE], ['ru', '/ru', PHONE]];

/** A fresh tab of `walk` at `viewport`, on `url`, settled. */
async function openAt(walk, viewport, url) {
  const opened = await walk.open();
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(url, { waitUntil: 'load' });
  await settle(opened.page);
  return opened;
}

describe('search panels', () => {
  // One page per panel, all its options driven in it: the empty search first, then each option
  // of each dropdown chosen, submitted and its result page read, and Back (the router's, no
  // reload) to the panel's page for the next. Each panel was four tests of a page load each, one
  // walk (a tab) for all of them now: the same assertions, for every option, with 5 page loads
  // instead of 16.
  let walk;
  before(async () => {
    walk = await openWalk(browser, DESKTOP);
  });
  after(async () => {
    await walk?.close();
  });

  /** The values of the panel's fields: all empty on a panel's page just opened or gone back to. */
  const fieldsOf = (page) =>
    page.getByRole('search').first().locator('input[name="query"], select').evaluateAll((fields) => fields.map((f) => [f.name, f.value]));

  async function backToEmpty(page, panel, what) {
    await backTo(page, panel.page);
    // On a listing page the dropdown is the page's type filter, one with its chips: the type
    // searched is still chosen there, in the address too; 'All' clears both.
    if (new URL(page.url()).searchParams.has('type')) {
      const chosen = await page.getByRole('search').first().locator('select[name="type"]').inputValue();
      assert.equal(chosen, new URL(page.url()).searchParams.get('type'), `${panel.page}: the dropdown shows the page's type filter`);
      await page.locator('.type-filter .chip').first().click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('type'));
    }
    const fields = await fieldsOf(page);
    assert.deepEqual(fields.filter(([, value]) => value !== ''), [], `${panel.page}: the panel is empty again before ${what}`);
  }

  async function emptySearch(page, panel) {
    const messages = [];
    const onDialog = (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', onDialog);
    const searchPanel = page.getByRole('search').first();
    // Spaces alone are no search text either.
    await searchPanel.locator('input[name="query"]').fill('   ');
    await searchPanel.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(300);
    page.off('dialog', onDialog);
    assert.deepEqual(messages, [EMPTY_ALERT], `${panel.page}: the empty search's alert`);
    assert.equal(new URL(page.url()).pathname, panel.page === '/' ? '/' : panel.page);
    await searchPanel.locator('input[name="query"]').fill('');
  }

  async function everyType(page, panel) {
    const select = page.getByRole('search').first().locator('select[name="type"]');
    const options = await select.locator('option').evaluateAll((list) => list.map((o) => ({ text: o.textContent, value: o.value, disabled: o.disabled })));
    // A placeholder that cannot be chosen, then the panel's own options, then every other type in
    // stock, each with its count (one the category has no listing of says so).
    const choices = typeChoices(panel);
    assert.deepEqual(options, [
      { text: 'Property type', value: '', disabled: true },
      ...choices.map(([type, n]) => ({ text: n ? `${type} (${n})` : `${type} (none listed)`, value: type, disabled: false })),
    ]);
    const shown = () => select.evaluate((s) => s.selectedOptions[0]?.textContent);
    assert.equal(await shown(), 'Property type', 'nothing shown as chosen before a pick');
    for (const [type] of choices) {
      await backToEmpty(page, panel, `type ${type}`);
      if (type === panel.types[0]) {
        await select.selectOption(type);
        assert.equal(await shown(), options[1].text, 'the picked type is shown');
      }
      const { url, ids: found } = await search(page, { type });
      assert.equal(url.pathname, panel.target);
      assert.deepEqual([...url.searchParams.keys()], ['type'], `only the filled parameter: ${url.search}`);
      assert.equal(url.searchParams.get('type'), type);
      assert.deepEqual(found, ids(expected(panel.category, { type })), `${panel.page} type ${type}`);
    }
  }

  async function everyBedroom(page, panel) {
    await backToEmpty(page, panel, 'the bedrooms');
    const select = page.getByRole('search').first().locator('select[name="bedrooms"]');
    const labels = ['Studio', ...BEDROOM_LABELS];
    assert.deepEqual(await select.locator('option').allTextContents(), ['Bedroom', ...labels]);
    assert.equal(await select.locator('option').first().getAttribute('value'), '', 'the placeholder has no value');
    for (let n = 0; n <= 7; n += 1) {
      await backToEmpty(page, panel, `${n} bedrooms`);
      const { url, ids: found } = await search(page, { bedrooms: String(n) });
      assert.equal(url.pathname, panel.target);
      assert.equal(url.search, `?bedrooms=${n}`);
      assert.deepEqual(found, ids(expected(panel.category, { bedrooms: String(n) })), `${panel.page} ${n} bedrooms`);
      // What the result page searches is what its panel shows.
      const shownThere = await page.getByRole('search').first().locator('select[name="bedrooms"]').evaluate((s) => s.selectedOptions[0]?.textContent);
      assert.equal(shownThere, labels[n], `${panel.target}?bedrooms=${n}`);
    }
  }

  async function everyCommunity(page, panel) {
    await backToEmpty(page, panel, 'the communities');
    const select = page.getByRole('search').first().locator('select[name="community"]');
    const options = await select.locator('option').allTextContents();
    assert.equal(options[0], 'Area');
    const communities = [...new Set(expected(panel.category).map((p) => p.location).filter(Boolean))].sort();
    assert.deepEqual([...options.slice(1)].sort(), communities);
    for (const community of communities) {
      await backToEmpty(page, panel, `community ${community}`);
      const { ids: found } = await search(page, { community });
      assert.ok(found.length >= 1, `${community} has listings`);
      assert.deepEqual(found, ids(expected(panel.category, { community })), `${panel.page} in ${community}`);
    }
  }

  async function everyArea(page, panel) {
    await backToEmpty(page, panel, 'the areas');
    const select = page.getByRole('search').first().locator('select[name="area"]');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(values, ['', ...AREA_SIZES]);
    for (const area of AREA_SIZES) {
      await backToEmpty(page, panel, `area ${area}`);
      const { url, ids: found } = await search(page, { area });
      assert.equal(url.pathname, panel.target);
      assert.equal(url.search, `?area=${area}`);
      assert.deepEqual(found, ids(expected(panel.category, { area })), `${panel.page} from ${area} sqft`);
    }
  }

  for (const panel of PANELS) {
    const which = [
      'every type option finds exactly its listings',
      panel.bedrooms && "every bedroom option, the studio too, finds exactly its listings (7+ is seven or more), and the result page's panel shows it chosen",
      panel.communities && 'the Area dropdown lists the communities of its listings and filters by them',
      panel.areas && 'every area option is a minimum in sqft',
    ].filter(Boolean);
    test(`${panel.page}: an empty search raises the alert and goes nowhere; ${which.join('; ')}`, async () => {
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(server.url + panel.page, { waitUntil: 'load' });
      await settle(page);
      await emptySearch(page, panel);
      await everyType(page, panel);
      if (panel.bedrooms) await everyBedroom(page, panel);
      if (panel.communities) await everyCommunity(page, panel);
      if (panel.areas) await everyArea(page, panel);
      await done(opened, panel.page);
    });
  }

  test('in Arabic and Russian the type dropdown shows its placeholder until a type is picked, and says which types have no listing', async () => {
    for (const lang of ['ar', 'ru']) {
      const messages = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
      for (const panel of [PANELS[0], PANELS[3]]) {
        const path = `/${lang}${panel.page === '/' ? '' : panel.page}`;
        const opened = await walk.open();
        await opened.page.goto(server.url + path, { waitUntil: 'load' });
        await settle(opened.page);
        const select = opened.page.getByRole('search').first().locator('select[name="type"]');
        const shown = () => select.evaluate((s) => s.selectedOptions[0]?.textContent);
        assert.equal(await shown(), messages['searchPanel.type'], `${path}: the placeholder`);
        const texts = await select.locator('option:not([disabled])').allTextContents();
        const none = messages['searchPanel.typeNone'].replace('{type}', '');
        panel.types.forEach((type, i) => {
          const listed = expected(panel.category, { type }).length > 0;
          assert.equal(texts[i].endsWith(none), !listed, `${path}: ${type} as "${texts[i]}"`);
        });
        await select.selectOption(panel.types.at(-1));
        assert.equal(await shown(), texts[panel.types.length - 1], `${path}: the picked type`);
        await done(opened, path);
      }
    }
  });

  test('free text finds every listing whose title or community has the word, and combines with a type', async () => {
    const opened = await open('/');
    const { page } = opened;
    // A word that names no community or type ('Marina' is read as Dubai Marina: query.test.mjs).
    const { url, ids: found } = await search(page, { query: '  Freehold ' });
    assert.equal(url.search, '?query=Freehold', 'the text is trimmed and sent alone');
    const mentioning = published.filter((p) => /\bfreehold\b/i.test(`${p.title} ${p.location}`)).map((p) => p.id);
    assert.ok(mentioning.length >= 2);
    for (const id of mentioning) assert.ok(found.includes(id), `${id} mentions Freehold`);

    await page.goto(server.url + '/residential-properties', { waitUntil: 'load' });
    await settle(page);
    const both = await search(page, { query: 'sea', type: 'Apartments', bedrooms: '2' });
    assert.equal(both.url.search, '?query=sea&bedrooms=2&type=Apartments');
    assert.ok(both.ids.length > 0, 'the Marina two-bedroom has a sea view');
    const narrowed = expected('Residential', { type: 'Apartment', bedrooms: 2 }).map((p) => p.id);
    for (const id of both.ids) assert.ok(narrowed.includes(id), `${id} is a 2-bedroom residential apartment`);
    await done(opened, 'free text');
  });

  // Any one word used to be enough, so 'home' and 'no' (the start of 'north')
  // found six listings. Every word of the query must now be in the listing.
  test('a query finds only listings with every one of its words, on each result page', async () => {
    const opened = await open('/');
    const { page } = opened;
    for (const { target } of PANELS) {
      await page.goto(`${server.url}${target}?query=zqxjv-no-such-home-4711`, { waitUntil: 'load' });
      assert.deepEqual(await results(page), [], `${target}: nonsense finds nothing`);
    }
    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('Marina Gate')}`, { waitUntil: 'load' });
    const gate = published.find((p) => /marina gate/i.test(p.title));
    assert.ok((await results(page)).includes(gate.id));
    const first = await page.locator('.card-grid .property-card__link').first().getAttribute('href');
    assert.equal(first, `/property/${gate.id}`, 'Marina Gate first');

    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('palm villa')}`, { waitUntil: 'load' });
    const found = await results(page);
    assert.ok(found.length > 0, 'palm villa finds something');
    assert.deepEqual(found, ids(published.filter((p) => hasEveryWord(p, ['palm', 'villa']))));
    await done(opened, 'every word');
  });

  test('a result page reloads when its URL parameters change, and a failing search shows no properties', async () => {
    const opened = await open('/search-off-plan?area=500');
    const { page } = opened;
    assert.deepEqual(await results(page), ids(expected('OffPlan', { area: 500 })));
    // A client-side change of the parameters on the same page: a shell link (routed by the
    // layout's click handler) to the same result page with other parameters, then Back.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/search-off-plan?area=3000';
      link.dataset.shellLink = '';
      link.id = 'test-link';
      link.textContent = 'larger';
      document.querySelector('header')?.append(link);
    });
    await page.locator('#test-link').click();
    await page.waitForURL(/area=3000/, { waitUntil: 'commit' });
    assert.deepEqual(await resultsBecome(page, ids(expected('OffPlan', { area: 3000 }))), ids(expected('OffPlan', { area: 3000 })));
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(/area=500/, { waitUntil: 'commit' });
    assert.deepEqual(await resultsBecome(page, ids(expected('OffPlan', { area: 500 }))), ids(expected('OffPlan', { area: 500 })));
    await done(opened, 'reload');

    const failing = await openPage(browser, DESKTOP);
    await failing.page.route('**/api/properties/commercial/search**', (route) => route.fulfill({ status: 500, body: '{}' }));
    const logged = [];
    failing.page.on('console', (message) => logged.push(message.text()));
    await failing.page.goto(server.url + '/search-commercial?type=Shop', { waitUntil: 'load' });
    assert.deepEqual(await results(failing.page), []);
    assert.ok(logged.some((text) => text.startsWith('Failed to fetch search results')), logged.join('\n'));
    await failing.context.close();
  });

  test('the reset button clears every field of the panel', async () => {
    const opened = await open('/rent-property');
    const { page } = opened;
    const panel = page.getByRole('search').first();
    await panel.locator('input[name="query"]').fill('villa');
    await panel.locator('select[name="bedrooms"]').selectOption('3');
    await panel.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await panel.locator('input[name="query"]').inputValue(), '');
    assert.equal(await panel.locator('select[name="bedrooms"]').inputValue(), '');
    await done(opened, 'reset');
  });
});

describe('listing pages', () => {
  for (const [path, category] of LISTINGS) {
    test(`${path}: the count, the type filter and the cards match the content`, async () => {
      const opened = await open(path);
      const { page } = opened;
      const listings = expected(category);
      const count = await page.locator('.listing-hero__count').textContent();
      assert.equal(count, listings.length === 1 ? '1 property available' : `${listings.length} properties available`);
      const filter = page.locator('.type-filter');
      await filter.getByText('Filter by Property Types').waitFor();
      const all = filter.getByRole('button', { name: /All Properties/ });
      assert.equal(await all.locator('.chip__count').textContent(), String(listings.length));
      assert.equal(await all.getAttribute('aria-pressed'), 'true', 'the filter starts at All');
      // Every listing shows, after 'Show more' where there are more than a page of them.
      const more = page.getByRole('button', { name: 'Show more' });
      while (await more.count()) {
        const before = (await cardIds(page)).length;
        await more.click();
        await page.waitForFunction((n) => document.querySelectorAll('section[aria-labelledby="listing-heading"] .property-card').length > n, before);
      }
      assert.deepEqual(await cardIds(page), ids(listings));

      const byType = new Map();
      for (const p of listings) byType.set(p.subCategory, (byType.get(p.subCategory) ?? 0) + 1);
      const chips = await filter.locator('button.chip').evaluateAll((buttons) =>
        buttons.slice(1).map((b) => [b.querySelector('span')?.textContent, Number(b.querySelector('.chip__count')?.textContent)]),
      );
      assert.deepEqual(new Map(chips), byType, 'one button per subCategory with its count');
      // The filter narrows to the exact subCategory, and All brings every card back.
      const [type, n] = [...byType.entries()].sort((a, b) => b[1] - a[1])[0];
      await filter.locator('button.chip').filter({ hasText: type }).first().click();
      const main = 'section[aria-labelledby="listing-heading"] .card-grid';
      await page.waitForFunction(([sel, wanted]) => document.querySelectorAll(`${sel} .property-card`).length === wanted, [main, n]);
      const types = await page.locator(`${main} .property-card__type`).allTextContents();
      assert.deepEqual(types, Array(n).fill(type));
      await all.click();
      // Back to the first page of cards (24), or all of them.
      const firstPage = Math.min(listings.length, 24);
      await page.waitForFunction(([sel, wanted]) => document.querySelectorAll(`${sel} .property-card`).length === wanted, [main, firstPage]);
      await done(opened, path);
    });
  }

  // 15,000 AED a month once sorted before 55,000 AED a year, and the hero
  // kept saying '7 properties available' over two cards.
  test('/rent-property: rents sort and filter as yearly amounts, the fields say so, the count follows', async () => {
    const rentals = expected('Rental').filter((p) => p.price != null);
    const yearly = (p) => (p.pricePeriod === 'month' ? p.price * 12 : p.price);
    const monthly = rentals.find((p) => p.pricePeriod === 'month');
    assert.ok(monthly && rentals.some((p) => p.pricePeriod !== 'month' && p.price > monthly.price && p.price < yearly(monthly)),
      'the sample has a monthly rent that a smaller yearly one must precede');
    const opened = await open('/rent-property');
    const { page } = opened;
    const inOrder = () =>
      page.locator('section[aria-labelledby="listing-heading"] .card-grid .property-card__link').evaluateAll((links) =>
        links.map((a) => decodeURIComponent(a.getAttribute('href').replace(/^\/property\//, ''))),
      );
    await page.getByLabel('Sort by').selectOption('price-asc');
    const byYear = [...rentals].sort((a, b) => yearly(a) - yearly(b)).map((p) => p.id);
    await page.waitForFunction((first) => document.querySelector('section[aria-labelledby="listing-heading"] .property-card__link')?.getAttribute('href') === `/property/${first}`, byYear[0]);
    assert.deepEqual((await inOrder()).filter((id) => byYear.includes(id)), byYear);
    assert.equal(await page.locator('.listing-hero__count').textContent(), `${expected('Rental').length} properties available`, 'sorting leaves none out');

    // A yearly floor above the monthly figure but below its year keeps the monthly rent.
    const floor = monthly.price * 12 - 1;
    const min = page.getByLabel('Min price (AED per year)');
    await min.fill(String(floor));
    const kept = byYear.filter((id) => yearly(rentals.find((p) => p.id === id)) >= floor);
    await page.waitForFunction((n) => document.querySelectorAll('section[aria-labelledby="listing-heading"] .property-card').length === n, kept.length);
    assert.deepEqual(await inOrder(), kept);
    assert.ok(kept.includes(monthly.id));
    assert.equal(await page.locator('.listing-hero__count').textContent(), `${kept.length} of ${expected('Rental').length} properties`);
    assert.ok(await page.getByLabel('Max price (AED per year)').isVisible());
    // Each card keeps its own period.
    const monthlyCard = page.locator(`.property-card:has(a[href="/property/${monthly.id}"])`);
    assert.match(await monthlyCard.locator('.property-card__price').textContent(), /AED \/ month/);
    await done(opened, 'yearly rents');
  });

  test('on /off-plan and /commercial the type dropdown lists the types in stock with the chips\' counts, and the chips and the dropdown are one filter', async () => {
    for (const [path, category] of [['/off-plan', 'OffPlan'], ['/commercial', 'Commercial']]) {
      const opened = await open(path);
      const { page } = opened;
      const select = page.getByRole('search').first().locator('select[name="type"]');
      const chips = page.locator('.type-filter .chip');
      const chipList = await chips.evaluateAll((list) =>
        list.map((chip) => ({ name: chip.querySelector('span').textContent, count: chip.querySelector('.chip__count').textContent, pressed: chip.getAttribute('aria-pressed') })),
      );
      const options = await select.locator('option:not([disabled])').evaluateAll((list) => list.map((o) => ({ text: o.textContent, value: o.value })));
      // Every type in stock is both a chip and an option, with the same count.
      const inStock = [...new Set(expected(category).map((p) => p.subCategory))];
      assert.ok(inStock.length >= 2, `${path}: several types in stock`);
      for (const type of inStock) {
        const n = expected(category, { type }).length;
        const chip = chipList.find((c) => typeKey(c.name) === typeKey(type));
        assert.equal(chip?.count, String(n), `${path}: the chip of ${type}`);
        const option = options.find((o) => typeKey(o.value) === typeKey(type));
        assert.equal(option?.text, `${option?.value} (${n})`, `${path}: the option of ${type}, ${JSON.stringify(options)}`);
      }
      const value = () => select.inputValue();
      const pressed = () => page.locator('.type-filter .chip[aria-pressed="true"] span').first().textContent();
      // A chip chosen: the dropdown shows its type.
      const [first, second] = chipList.slice(1);
      await chips.filter({ hasText: second.name }).click();
      await page.waitForFunction((type) => new URL(location.href).searchParams.get('type') === type, second.name);
      assert.equal(typeKey(await value()), typeKey(second.name), `${path}: the chip's type in the dropdown`);
      // The dropdown chosen: its chip is pressed, the address and the cards follow.
      const wanted = options.find((o) => typeKey(o.value) === typeKey(first.name)).value;
      await select.selectOption(wanted);
      await page.waitForFunction((type) => new URL(location.href).searchParams.get('type') === type, wanted);
      assert.equal(typeKey(await pressed()), typeKey(first.name), `${path}: the dropdown's type is the pressed chip`);
      const want = ids(expected(category, { type: first.name }));
      let cards = await cardIds(page);
      for (let tries = 0; tries < 50 && JSON.stringify(cards) !== JSON.stringify(want); tries += 1) {
        await page.waitForTimeout(100);
        cards = await cardIds(page);
      }
      assert.deepEqual(cards, want, `${path}: the cards of ${first.name}`);
      // 'All': the dropdown shows its placeholder again.
      await chips.first().click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('type'));
      assert.equal(await value(), '', `${path}: no type chosen`);
      await done(opened, path);
    }
  });

  test('a card leads to its property page, on a phone too', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const opened = await open('/commercial', viewport);
      const { page } = opened;
      const card = page.locator('.card-grid .property-card').first();
      const title = (await card.locator('.property-card__title').textContent()).trim();
      const link = card.locator('.property-card__link');
      assert.equal(await link.textContent().then((t) => t.trim()), 'View Property');
      const href = await link.getAttribute('href');
      assert.match(href, /^\/property\/[a-z0-9-]+$/);
      await Promise.all([page.waitForURL(server.url + href), link.click()]);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await done(opened, 'card link');
    }
  });

  test('a result card leads to its property page', async () => {
    const opened = await open('/search-result?type=Villa');
    const { page } = opened;
    const found = await results(page);
    assert.deepEqual(found, ids(expected(null, { type: 'Villa' })));
    const link = page.locator('.card-grid .property-card__link').first();
    const href = await link.getAttribute('href');
    await Promise.all([page.waitForURL(server.url + href), link.click()]);
    const id = decodeURIComponent(href.replace('/property/', ''));
    const property = published.find((p) => p.id === id);
    await page.getByRole('heading', { level: 1, name: property.title }).waitFor();
    await done(opened, 'result card');
  });

  /** The site, the team and a language's messages, as the card actions' checks read them. */
  const actionData = (lang) => ({
    site: JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8')),
    team: JSON.parse(readFileSync(join(server.dist, 'data', 'team.json'), 'utf8')),
    messages: messagesOf(lang),
  });

  /**
   * Checks a card's Call and WhatsApp: named by their text and described by the card's title,
   * they reach the listing's agent (else the agency), and the WhatsApp text names the listing,
   * its reference and its page, in the page's language. Answers the listing.
   */
  async function checkCardActions(page, card, prefix, { site, team, messages }) {
    const digits = (phone) => phone.replace(/\D/g, '');
    const href = await card.locator('.property-card__link').getAttribute('href');
    const id = decodeURIComponent(href.replace(/^\/(ar|ru)\//, '/').replace('/property/', ''));
    const listing = published.find((p) => p.id === id);
    const where = `${page.url()} ${id}`;
    const agent = team.find((member) => member.id === listing.agent);
    const title = (await card.locator('.property-card__title').textContent()).trim();
    const call = card.getByRole('link', { name: messages['card.call'], exact: true });
    const whatsapp = card.getByRole('link', { name: messages['card.whatsapp'], exact: true });
    // Named by their text, described by the card's title, as 'View Property' is.
    for (const action of [call, whatsapp]) {
      const describedBy = await action.getAttribute('aria-describedby');
      assert.equal((await page.locator(`[id="${describedBy}"]`).textContent()).trim(), title, where);
    }
    assert.equal(await call.getAttribute('href'), `tel:+${digits(agent?.phone ?? site.phones[0])}`, `${where}: call`);
    const chat = new URL(await whatsapp.getAttribute('href'));
    assert.equal(`${chat.origin}${chat.pathname}`, `https://wa.me/${digits(agent?.whatsapp ?? site.whatsapp)}`, `${where}: WhatsApp`);
    const text = chat.searchParams.get('text').replace(/[\u2066-\u2069]/g, '');
    assert.ok(text.includes(title) && text.includes(listing.reference), `${where}: "${text}" names the listing and its reference`);
    assert.ok(text.includes(`${site.baseUrl}${prefix}/property/${listing.id}`), `${where}: and links it`);
    assert.ok(text.startsWith(messages['card.whatsapp.message'].split('{')[0]), `${where}: in the page's language`);
    return { listing, agent };
  }

  test("every card calls and messages the listing's agent (else the agency), naming the listing in the page's language; the card's own link still opens it", async () => {
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const data = actionData(lang);
      const viewport = lang === 'en' ? DESKTOP : PHONE;
      const opened = await open(`${prefix}/buy-property`, viewport);
      const { page } = opened;
      const cards = page.locator('.card-grid .property-card');
      assert.ok((await cards.count()) > 1, lang);
      for (const card of await cards.all()) await checkCardActions(page, card, prefix, data);
      await cards.first().screenshot({ path: `/tmp/card-actions-${lang}.png` });
      // The card's picture is still the way into the listing.
      const first = cards.first();
      const href = await first.locator('.property-card__link').getAttribute('href');
      const media = first.locator('.property-card__media');
      await media.scrollIntoViewIfNeeded();
      const box = await media.boundingBox();
      await Promise.all([page.waitForURL((url) => url.pathname === href), page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)]);
      await done(opened, `${lang} card actions`);
    }
  });

  // The result pages' cards are made from the search function's answer (search/toCard.ts), not
  // from the build's cards: they once lost the agent and the reference, and called the agency.
  test("a result page's cards call and message the listing's agent, and the WhatsApp text names the reference, on each result page and the shortlist", async () => {
    const walk = await openWalk(browser, PHONE);
    let agents = 0;
    for (const [path, lang, prefix] of [
      ['/search-result?type=Villa', 'en', ''],
      ['/search-residential?type=Apartments', 'ar', '/ar'],
      ['/search-rent?type=Apartments', 'ru', '/ru'],
      ['/search-off-plan?area=500', 'en', ''],
      ['/search-commercial?area=500', 'ar', '/ar'],
    ]) {
      const data = actionData(lang);
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(`${server.url}${prefix}${path}`, { waitUntil: 'load' });
      await settle(page);
      // Settled: the count is a number and the cards are there (results() reads English words).
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelector('.card-grid .property-card'));
      const cards = page.locator('.card-grid .property-card');
      for (const card of await cards.all()) if ((await checkCardActions(page, card, prefix, data)).agent) agents += 1;
      await done(opened, `${prefix}${path}: card actions`);
    }
    assert.ok(agents >= 5, `cards with an agent of their own: ${agents}`);

    // The shortlist's cards are made the same way, from the listings' API records.
    const saved = published.filter((p) => p.agent).slice(0, 3).map((p) => p.id);
    const opened = await walk.open();
    const { page } = opened;
    // Saved before the page's scripts run (the walk ends with this page).
    await walk.addInitScript(`if (location.protocol === 'http:') localStorage.setItem('estate.shortlist', ${JSON.stringify(JSON.stringify(saved))})`);
    await page.goto(`${server.url}/ru/shortlist`, { waitUntil: 'load' });
    await settle(page);
    const cards = page.locator('.card-grid .property-card');
    await page.waitForFunction((n) => document.querySelectorAll('.card-grid .property-card').length === n, saved.length);
    const data = actionData('ru');
    for (const card of await cards.all()) assert.ok((await checkCardActions(page, card, '/ru', data)).agent, 'a shortlisted listing with its agent');
    await done(opened, '/ru/shortlist: card actions');
    await walk.close();
  });
});

// The page's choices live in its address; result pages refine; filters
// a buyer uses, by the lead function's rules.
describe('filters in the address', () => {
  const grid = 'section[aria-labelledby="listing-heading"] .card-grid';
  const idsIn = (page, selector) =>
    page.locator(`${selector} .property-card__link`).evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href').replace(/^(\/\w\w)?\/property\//, ''))));
  const yearly = (p) => (p.pricePeriod === 'month' ? p.price * 12 : p.price);
  const byPrice = (list) => [...list].filter((p) => p.price != null).sort((a, b) => yearly(a) - yearly(b));
  /** Cheapest first, 'Contact for price' last, as the page sorts. */
  const sortedByPrice = (list) => [...byPrice(list), ...list.filter((p) => p.price == null)];

  test('a listing page opened with filters in its address shows them, after hydration, without a layout shift', async () => {
    const villas = sortedByPrice(expected('Residential', { type: 'Villa' }));
    assert.ok(villas.length >= 2, 'the sample has villas for sale to sort');
    const opened = await openPage(browser, PHONE);
    const { page } = opened;
    await page.addInitScript(() => {
      window.__shift = 0;
      // What moved, named in a failure: each shifted node's tag and class, and where it went.
      window.__shifted = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          window.__shift += entry.value;
          for (const { node, previousRect, currentRect } of entry.sources ?? []) {
            const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName);
            window.__shifted.push(`${name} ${Math.round(previousRect.y)}->${Math.round(currentRect.y)} at ${Math.round(entry.startTime)} ms`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}/buy-property?type=Villa&sort=price-asc`, { waitUntil: 'load' });
    await settle(page);
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, villas.length]);
    assert.deepEqual(await idsIn(page, grid), villas.map((p) => p.id), 'the villas, cheapest first');
    assert.equal(await page.locator('.type-filter button.chip', { hasText: 'Villa' }).first().getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'price-asc');
    assert.equal(await page.locator('.listing-hero__count').textContent(), `${villas.length} of ${expected('Residential').length} properties`);
    const [shift, shifted] = await page.evaluate(() => [window.__shift, window.__shifted]);
    assert.equal(shift, 0, `cumulative layout shift ${shift}: ${shifted.join('; ')}`);
    await done(opened, 'filtered listing page');
  });

  test('choices go into the address; a reload and Back from a property restore them, the cards shown and the scroll position, in each language', async () => {
    const all = expected(null);
    assert.ok(all.length > 24, 'more listings than one page of cards');
    const walk = await openWalk(browser, DESKTOP);
    for (const [lang, prefix, viewport] of EACH_LANGUAGE) {
      const messages = messagesOf(lang);
      const opened = await openAt(walk, viewport, `${server.url}${prefix}/allproperties`);
      const { page } = opened;
      // More than one page of cards, then a card far down the list.
      await page.getByRole('button', { name: messages['listing.more'] }).click();
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, all.length]);
      const shown = await idsIn(page, grid);
      const far = page.locator(`${grid} .property-card`).nth(all.length - 2);
      await far.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(200);
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 2000, `${lang}: scrolled to ${scrolled}`);
      await Promise.all([page.waitForURL(/\/property\//), far.locator('.property-card__link').click()]);
      await settle(page);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `${prefix}/allproperties`);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, all.length]);
      assert.deepEqual(await idsIn(page, grid), shown, `${lang}: the same cards, as many as before`);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 4, scrolled, { timeout: 5000 }).catch(() => {});
      const restored = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(restored - scrolled) < 4, `${lang}: scroll position ${restored}, left at ${scrolled}`);

      // A price floor and a sort go into the address, replacing the entry (Back still leaves the page).
      await page.getByLabel(messages['listing.sort']).selectOption('price-desc');
      await page.getByLabel(messages['listing.price.min']).fill('3000000');
      await page.waitForURL((url) => url.search === '?sort=price-desc&min=3000000');
      const wanted = byPrice(all).reverse().filter((p) => yearly(p) >= 3_000_000).map((p) => p.id);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
      assert.deepEqual(await idsIn(page, grid), wanted, lang);
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
      assert.deepEqual(await idsIn(page, grid), wanted, `${lang}: the reload shows the same list`);
      assert.equal(await page.getByLabel(messages['listing.price.min']).inputValue(), '3000000', lang);
      assert.equal(await page.getByLabel(messages['listing.sort']).inputValue(), 'price-desc', lang);

      // 'Back to Listings' on the property returns to the filtered list, as Back does.
      const first = page.locator(`${grid} .property-card__link`).first();
      await Promise.all([page.waitForURL(/\/property\//), first.click()]);
      await settle(page);
      const back = page.locator('.property__topbar a').first();
      assert.equal((await back.textContent()).trim(), messages['property.back'], lang);
      assert.equal(await back.getAttribute('href'), `${prefix}/allproperties?sort=price-desc&min=3000000`);
      await Promise.all([page.waitForURL((url) => url.pathname === `${prefix}/allproperties`), back.click()]);
      await settle(page);
      assert.equal(new URL(page.url()).search, '?sort=price-desc&min=3000000', lang);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
      assert.deepEqual(await idsIn(page, grid), wanted, `${lang}: back at the filtered list`);
      await done(opened, `${lang} listing filters`);
    }
    await walk.close();
  });

  // React Router's ScrollRestoration scrolls in the first render after Back: a result page whose
  // cards came only with a new search was then too short, and the position was lost.
  test('Back from a property to a result page shows its cards at once, at the scroll position it was left at, and a reload keeps its filters, in each language', async () => {
    const walk = await openWalk(browser, PHONE);
    // Every residential listing, dearest first, under a price ceiling (the browser's filters).
    const path = '/search-residential?sort=price-desc&max=90000000';
    const homes = byPrice(expected('Residential')).reverse().filter((p) => p.price <= 90_000_000).map((p) => p.id);
    assert.ok(homes.length >= 5, 'enough listings to scroll past');
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const messages = messagesOf(lang);
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(`${server.url}${prefix}${path}`, { waitUntil: 'load' });
      await settle(page);
      const ready = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelector('.card-grid .property-card'));
      await ready();
      const shown = await idsIn(page, '.card-grid');
      assert.deepEqual(shown, homes, `${prefix}: dearest first`);
      const far = page.locator('.card-grid .property-card').nth(shown.length - 2);
      await far.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(200);
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 1500, `${prefix}: scrolled to ${scrolled}`);
      await Promise.all([page.waitForURL(/\/property\//), far.locator('.property-card__link').click()]);
      await settle(page);
      await page.evaluate(() => {
        window.__samePage = true;
        // Whether the results ever say 'Loading properties...' or show placeholder cards after Back.
        window.__spinner = false;
        new MutationObserver(() => {
          if (document.querySelector('[aria-labelledby="results-count"] :is(.spinner, .card-placeholder)')) window.__spinner = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `${prefix}/search-residential`);
      await ready();
      assert.deepEqual(await idsIn(page, '.card-grid'), shown, `${prefix}: the same cards`);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 4, scrolled, { timeout: 5000 }).catch(() => {});
      const restored = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(restored - scrolled) < 4, `${prefix}: scroll position ${restored}, left at ${scrolled}`);
      assert.equal(await page.evaluate(() => window.__samePage), true, `${prefix}: Back without a reload`);
      assert.equal(await page.evaluate(() => window.__spinner), false, `${prefix}: the cards at once, no spinner before them`);
      // A reload: the same search, sorted the same way.
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      await ready();
      assert.deepEqual(await idsIn(page, '.card-grid'), shown, `${prefix}: the reload shows the same list`);
      assert.equal(await page.getByLabel(messages['listing.sort']).inputValue(), 'price-desc', `${prefix}: the sort is kept`);
      assert.equal(await page.getByLabel(messages['listing.price.max']).inputValue(), '90000000', `${prefix}: the price ceiling is kept`);
      await done(opened, `${prefix}${path}: Back`);
    }
    await walk.close();
  });

  test('a reload of a result page keeps the visitor at the card they were reading, not in the footer, at 390x844 and 1366x900; a listing page too', async () => {
    // Was: scrolled to 1,500 px, a reload landed at 4,907 px on a phone and 2,239 px on a desktop.
    for (const [name, viewport] of [['phone', PHONE], ['desktop', { width: 1366, height: 900 }]]) {
      for (const path of ['/search-result?query=dubai', '/allproperties']) {
        const what = `${name} ${path}`;
        const opened = await openPage(browser, viewport);
        const { page } = opened;
        await page.goto(server.url + path, { waitUntil: 'load' });
        await settle(page);
        const ready = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelectorAll('.card-grid .property-card').length > 6);
        await ready();
        await page.mouse.wheel(0, 1500);
        await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
        // The card at the window's top, and where it stands.
        const reading = () =>
          page.evaluate(() => {
            for (const card of document.querySelectorAll('.card-grid .property-card')) {
              const { top, bottom } = card.getBoundingClientRect();
              if (bottom > 0) return { href: card.querySelector('.property-card__link').getAttribute('href'), top: Math.round(top) };
            }
            return null;
          });
        const before = await reading();
        // The page keeps its place as the visitor scrolls (a short wait: it is written when scrolling stops).
        await page.waitForTimeout(400);
        await page.reload({ waitUntil: 'load' });
        await settle(page);
        await ready();
        await page.waitForTimeout(300);
        const after = await reading();
        const y = await page.evaluate(() => window.scrollY);
        assert.equal(after?.href, before.href, `${what}: the same card in view (at ${y} px)`);
        assert.ok(Math.abs(after.top - before.top) <= 4, `${what}: at the same height, ${after.top} px for ${before.top} px`);
        assert.ok(Math.abs(y - 1500) < 200, `${what}: near where it was, ${y} px for 1,500 px`);
        const footer = await page.locator('footer').first().evaluate((element) => element.getBoundingClientRect().top);
        assert.ok(footer > viewport.height, `${what}: the footer is not in view (${footer} px)`);
        await done(opened, `${what}: reload`);
      }
    }
  });

  test("'More filters' offers the category's bedrooms, bathrooms and sizes with their counts, by the function's rules", async () => {
    const residential = expected('Residential');
    const opened = await open('/buy-property');
    const { page } = opened;
    await page.getByText('More filters', { exact: true }).click();
    // Its fields are a chunk of their own, fetched on the first opening.
    await page.locator('.more-filters__body').waitFor();
    const bedrooms = page.locator('.more-filters select').first();
    const counts = new Map();
    for (const p of residential) if (typeof p.bedrooms === 'number') counts.set(Math.min(p.bedrooms, 7), (counts.get(Math.min(p.bedrooms, 7)) ?? 0) + 1);
    const options = await bedrooms.locator('option').allTextContents();
    assert.equal(options.length, counts.size + 1, `options ${options}`);
    const [rooms, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    assert.ok(options.some((text) => text.endsWith(`(${n})`)), `a choice counts its ${n} listings: ${options}`);
    await bedrooms.selectOption(String(rooms));
    await page.waitForURL((url) => url.searchParams.get('bedrooms') === String(rooms));
    const wanted = expected('Residential', { bedrooms: String(rooms) }).map((p) => p.id).sort();
    await page.waitForFunction(([sel, count]) => document.querySelectorAll(`${sel} .property-card`).length === count, [grid, wanted.length]);
    assert.deepEqual((await idsIn(page, grid)).sort(), wanted);
    assert.equal(await page.locator('.more-filters__toggle').textContent(), 'More filters (1)');
    // A size floor: listings of at least that many square feet.
    await bedrooms.selectOption('');
    const sizes = residential.filter((p) => typeof p.area === 'number').map((p) => p.area).sort((a, b) => a - b);
    const floor = sizes[Math.floor(sizes.length / 2)];
    await page.getByLabel('Min size (sqft)').fill(String(floor));
    await page.waitForURL((url) => url.search === `?area=${floor}`);
    const big = expected('Residential', { area: floor }).map((p) => p.id).sort();
    await page.waitForFunction(([sel, count]) => document.querySelectorAll(`${sel} .property-card`).length === count, [grid, big.length]);
    assert.deepEqual((await idsIn(page, grid)).sort(), big);
    await done(opened, 'more filters');
  });

  test('on a slow phone, quick changes and quick typing all reach the address', async () => {
    const opened = await open('/buy-property', PHONE);
    const { page } = opened;
    // A phone's CPU: the router applies each change some milliseconds after it is asked for.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.getByLabel('Min price (AED)').pressSequentially('2500000');
    await page.getByLabel('Max price (AED)').pressSequentially('90000000');
    await page.waitForURL((url) => url.search === '?sort=price-asc&min=2500000&max=90000000', { timeout: 10_000 });
    assert.equal(await page.getByLabel('Min price (AED)').inputValue(), '2500000', 'every key typed is shown');
    // Cleared at once: each change builds on the one before, not on the address shown.
    await page.getByLabel('Max price (AED)').fill('');
    await page.getByLabel('Sort by').selectOption('newest');
    await page.waitForURL((url) => url.search === '?min=2500000', { timeout: 10_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await done(opened, 'quick changes');
  });

  test("off-plan: 'Handover' offers Ready and each year of handover with their counts, and filters by it", async () => {
    const offPlan = expected('OffPlan');
    const today = new Date().toISOString().slice(0, 7);
    const choiceOf = (p) => (p.completionDate.slice(0, 7) <= today ? 'ready' : p.completionDate.slice(0, 4));
    const counts = new Map();
    for (const p of offPlan.filter((p) => p.completionDate)) counts.set(choiceOf(p), (counts.get(choiceOf(p)) ?? 0) + 1);
    assert.ok(counts.size >= 2, 'the sample has off-plan listings handed over in different years');
    const opened = await open('/off-plan');
    const { page } = opened;
    await page.getByText('More filters', { exact: true }).click();
    // Its fields are a chunk of their own, fetched on the first opening.
    await page.locator('.more-filters__body').waitFor();
    const handover = page.getByLabel('Handover');
    const options = await handover.locator('option').evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options[0], ['', 'Any']);
    assert.deepEqual(new Map(options.slice(1).map(([value, text]) => [value, Number(/\((\d+)\)$/.exec(text)?.[1])])), counts);
    const [year] = [...counts.keys()].filter((choice) => choice !== 'ready');
    await handover.selectOption(year);
    await page.waitForURL((url) => url.searchParams.get('completion') === year);
    const wanted = offPlan.filter((p) => p.completionDate && choiceOf(p) === year).map((p) => p.id).sort();
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
    assert.deepEqual((await idsIn(page, grid)).sort(), wanted);
    await done(opened, 'handover');
  });

  test("rentals: 'Furnishing' offers what the listings say with their counts, and filters by it on the listing and the result page", async () => {
    const rentals = expected('Rental');
    const counts = new Map();
    for (const p of rentals.filter((p) => p.furnishing)) counts.set(p.furnishing, (counts.get(p.furnishing) ?? 0) + 1);
    assert.ok(counts.size >= 2, 'the sample has rentals furnished and not');
    for (const path of ['/rent-property', '/search-rent']) {
      const opened = await open(path);
      const { page } = opened;
      await page.getByText('More filters', { exact: true }).click();
      await page.locator('.more-filters__body').waitFor();
      const furnishing = page.getByLabel('Furnishing');
      const options = await furnishing.locator('option').evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
      assert.deepEqual(options[0], ['', 'Any']);
      assert.deepEqual(new Map(options.slice(1).map(([value, text]) => [value, Number(/\((\d+)\)$/.exec(text)?.[1])])), counts, path);
      await furnishing.selectOption('furnished');
      await page.waitForURL((url) => url.searchParams.get('furnishing') === 'furnished');
      const wanted = rentals.filter((p) => p.furnishing === 'furnished').map((p) => p.id).sort();
      if (path === '/rent-property') {
        await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
        assert.deepEqual((await idsIn(page, grid)).sort(), wanted);
      } else {
        assert.deepEqual(await resultsBecome(page, wanted), wanted);
        assert.ok(await page.getByText('Furnished', { exact: true }).first().isVisible(), 'a chip names the filter');
      }
      await done(opened, `furnishing on ${path}`);
    }
  });

  test("a price chip says 'a year' on the rent search, as its price filter does, and not on the others", async () => {
    for (const [path, chip] of [['/search-rent?max=400000', 'Up to 400,000 AED / year'], ['/search-result?max=400000', 'Up to 400,000 AED']]) {
      const opened = await open(path);
      await opened.page.locator('.criteria__chip', { hasText: chip }).waitFor();
      // Each chip is a button: its words, then the '×' that removes it.
      assert.deepEqual(await opened.page.locator('.criteria__chip > span:first-child').allTextContents(), [chip], path);
      await done(opened, path);
    }
  });

  test('off-plan results: the handover filter applies to the function\'s answer too', async () => {
    const offPlan = expected('OffPlan');
    const today = new Date().toISOString().slice(0, 7);
    const year = offPlan.map((p) => p.completionDate).filter((d) => d && d.slice(0, 7) > today).map((d) => d.slice(0, 4)).sort()[0];
    assert.ok(year, 'an off-plan listing handed over in a later year');
    const wanted = offPlan.filter((p) => p.completionDate?.startsWith(year) && p.completionDate.slice(0, 7) > today).map((p) => p.id).sort();
    const opened = await open(`/search-off-plan?completion=${year}`);
    assert.deepEqual(await resultsBecome(opened.page, wanted), wanted);
    await done(opened, 'off-plan results by handover');
  });

  test("a result page refines in place with its listing page's controls, and Back to Listings returns to it, in each language", async () => {
    const walk = await openWalk(browser, DESKTOP);
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const messages = messagesOf(lang);
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(`${server.url}${prefix}/search-residential?type=Apartments`, { waitUntil: 'load' });
      await settle(page);
      assert.deepEqual(await results(page, lang), ids(expected('Residential', { type: 'Apartments' })), lang);
      await page.evaluate(() => (window.__samePage = true));
      const panel = page.getByRole('search').first();
      assert.equal(await panel.locator('select[name="type"]').inputValue(), 'Apartments', `${lang}: the panel shows the search`);
      await panel.locator('select[name="bedrooms"]').selectOption('2');
      await page.waitForURL((url) => url.searchParams.get('bedrooms') === '2' && url.searchParams.get('type') === 'Apartments');
      const two = ids(expected('Residential', { type: 'Apartments', bedrooms: '2' }));
      assert.deepEqual(await resultsBecome(page, two, lang), two, lang);
      assert.equal(await page.evaluate(() => window.__samePage), true, `${lang}: no full reload`);
      // Sort and the price range as on the listing page, kept through the next search.
      await page.getByLabel(messages['listing.sort']).selectOption('price-desc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
      await panel.locator('select[name="bedrooms"]').selectOption('');
      await page.waitForURL((url) => !url.searchParams.has('bedrooms') && url.searchParams.get('sort') === 'price-desc');
      const apartments = byPrice(expected('Residential', { type: 'Apartments' })).reverse().map((p) => p.id);
      await resultsBecome(page, ids(expected('Residential', { type: 'Apartments' })), lang);
      assert.deepEqual((await idsIn(page, '.card-grid')).filter((id) => apartments.includes(id)), apartments, `${lang}: dearest first`);
      assert.equal(await page.evaluate(() => window.__samePage), true, `${lang}: still no full reload`);
      if (lang === 'en') await page.screenshot({ path: '/tmp/refined-results-en-1440.png' });

      const url = page.url();
      await Promise.all([page.waitForURL(/\/property\//), page.locator('.card-grid .property-card__link').first().click()]);
      await settle(page);
      const back = page.locator('.property__topbar a').first();
      assert.equal((await back.textContent()).trim(), messages['property.back'], lang);
      assert.equal(server.url + (await back.getAttribute('href')), url);
      await Promise.all([page.waitForURL((next) => next.href === url), back.click()]);
      await resultsBecome(page, ids(expected('Residential', { type: 'Apartments' })), lang);
      await done(opened, `${lang} refine`);
    }
    await walk.close();
  });

  test("nothing found: the search without its narrowest filter, with its count, and 'Tell us what you are looking for' filled in, in each language", async () => {
    const walk = await openWalk(browser, DESKTOP);
    for (const [lang, prefix, viewport] of EACH_LANGUAGE) {
      const messages = messagesOf(lang);
      const opened = await openAt(walk, viewport, `${server.url}${prefix}/search-residential?type=Apartments&bedrooms=7`);
      const { page } = opened;
      assert.deepEqual(await results(page, lang), ids(expected('Residential', { type: 'Apartments', bedrooms: '7' })), lang);
      // The search without a filter comes once its count is known, before the requirements link.
      const relax = page.getByRole('link', { name: messages['search.relax'].replace('{filter}', messages['searchPanel.bedrooms.more']) });
      await relax.waitFor();
      const n = expected('Residential', { type: 'Apartments' }).length;
      assert.equal(await page.locator('.search-help__count').textContent(), countText(lang, 'search.count', n), lang);
      const tell = page.locator('.search-help').getByRole('link', { name: messages['search.tellUs'] });
      assert.equal(await tell.getAttribute('href'), `${prefix}/req?purpose=buy&propertyType=Apartments&bedrooms=7`);
      await relax.click();
      await page.waitForURL((url) => url.search === '?type=Apartments');
      assert.equal((await results(page, lang)).length, n, lang);
      // The requirements form, filled in with the search.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('bedrooms') === '7');
      await page.locator('.search-help').getByRole('link', { name: messages['search.tellUs'] }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/req`);
      await settle(page);
      const form = page.locator('form[name="requirements"]');
      assert.equal(await form.locator('select[name="propertyType"]').inputValue(), 'Apartment', lang);
      assert.equal(await form.locator('select[name="bedrooms"]').inputValue(), '7', lang);
      assert.equal(await form.locator('input[name="purpose"][value="buy"]').isChecked(), true, lang);
      await done(opened, `${lang} empty results`);
    }
    await walk.close();
  });

  // The empty results in each language: the 'nothing found' test above.
  test('in Arabic and Russian: the filtered listing page and More filters speak the language', async () => {
    for (const [lang, more] of [
      ['ar', 'مزيد من الفلاتر'],
      ['ru', 'Другие фильтры'],
    ]) {
      const opened = await open(`/${lang}/buy-property?type=Villa`, PHONE);
      const { page } = opened;
      const villas = expected('Residential', { type: 'Villa' }).length;
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, villas]);
      assert.equal(await page.locator('.more-filters__toggle').textContent(), more);
      await done(opened, lang);
    }
  });
});
