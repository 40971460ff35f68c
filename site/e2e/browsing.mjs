// What the browser tests of browsing and search share (browsing-*.test.mjs): every search panel,
// what each of its type, bedroom, community and area options finds, the empty-search alert, the
// result pages' counts against the published content, the listing pages' counts and type filter,
// and a card followed to its property. Runs against `estate serve` in Debian's Chromium.
//
// The expected results come from the published records (dist/api/properties.json) through the
// search rules as lead-fn/src/search.rs states them, written here independently.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, launch, openPage, settle } from './browser.mjs';

export const EMPTY_ALERT = 'Please enter a search term or select a property type.';
export const RESULTS_TITLE = 'Here are the properties you are Looking for';
export const BEDROOM_LABELS = ['1 Bedroom', '2 Bedrooms', '3 Bedrooms', '4 Bedrooms', '5 Bedrooms', '6 Bedrooms', '7+ Bedrooms'];
export const AREA_SIZES = ['500', '1000', '1500', '2000', '3000'];

// Each search panel: the page it is on, the result page it goes to, the category its
// search keeps to (null: all), its type options and its other dropdowns.
export const PANELS = [
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
export const LISTINGS = [
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

/** The running site, its browser and its published listings: live bindings, set by `withBrowsing`. */
export let server;
export let browser;
export let published;

/** Registers the hooks that start the site and the browser before a file's tests and stop them after. */
export function withBrowsing() {
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
}

/** 'Apartments' and 'apartment' are the same type. */
export const typeKey = (type) => type.trim().toLowerCase().replace(/s$/, '');

/** The published listings a search with these criteria must find. */
export function expected(category, { type, bedrooms, area, community } = {}) {
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
export function typeChoices(panel) {
  const stock = new Map();
  for (const p of expected(panel.category)) stock.set(p.subCategory, (stock.get(p.subCategory) ?? 0) + 1);
  const own = new Set(panel.types.map(typeKey));
  const others = [...stock]
    .filter(([name]) => !own.has(typeKey(name)))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return [...panel.types.map((type) => [type, expected(panel.category, { type }).length]), ...others];
}

/** The ids of the cards on the page, from their 'View Property' links. */
export async function cardIds(page) {
  // The main grid only, not the 'Featured properties' section of /allproperties.
  const grid = (await page.locator('#listing-heading').count()) > 0 ? page.locator('section[aria-labelledby="listing-heading"]') : page;
  const hrefs = await grid.locator('.card-grid .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/property\//, ''))).sort();
}

/** The locale each language formats numbers and picks plural forms with (src/i18n's LOCALES). */
export const LOCALES = { en: 'en-GB', ar: 'ar-AE-u-nu-latn', ru: 'ru-RU' };

/** A count's words for `n` in `lang`: the message `key`, in the plural form of `n` where the language has one. */
export function countText(lang, key, n) {
  const messages = messagesOf(lang);
  const form = messages[`${key}.${new Intl.PluralRules(LOCALES[lang]).select(n)}`] ?? messages[key];
  return form.replace('{n}', new Intl.NumberFormat(LOCALES[lang]).format(n));
}

/** Waits for the result page (in `lang`) to finish its search and returns the ids it shows. */
export async function results(page, lang = 'en') {
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
 * change of the address on the page, it may still show the last search's results for a moment
 * before the new search starts.
 */
export async function resultsBecome(page, want, lang = 'en') {
  const end = Date.now() + 5000;
  for (;;) {
    const found = await results(page, lang);
    if (JSON.stringify(found) === JSON.stringify(want) || Date.now() > end) return found;
    await page.waitForTimeout(100);
  }
}

/** Opens `path` with JavaScript and waits until it is hydrated and idle. */
export async function open(path, viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await opened.page.goto(server.url + path, { waitUntil: 'load' });
  await settle(opened.page);
  return opened;
}

export async function done({ context, problems }, what) {
  await context.close();
  assert.deepEqual(problems, [], `${what}: console problems`);
}

/** Chooses `values` in the panel, submits it and returns the URL and the ids found. */
export async function search(page, values) {
  const panel = page.getByRole('search').first();
  if (values.query !== undefined) await panel.locator('input[name="query"]').fill(values.query);
  for (const name of ['type', 'bedrooms', 'area', 'community']) {
    if (values[name] !== undefined) await panel.locator(`select[name="${name}"]`).selectOption(values[name]);
  }
  const from = new URL(page.url()).pathname;
  await Promise.all([page.waitForURL((url) => url.pathname !== from), panel.getByRole('button', { name: 'Search' }).click()]);
  return { url: new URL(page.url()), ids: await results(page) };
}

/** Back from a result page to the panel's page, as a visitor goes back, and settled there. */
export async function backTo(page, path) {
  if (new URL(page.url()).pathname === path) return;
  await page.goBack();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('heading', { level: 1, name: RESULTS_TITLE }).waitFor({ state: 'detached' });
  await settle(page);
}

export const ids = (list) => list.map((p) => p.id).sort();

/** A language's interface strings (src/i18n/{lang}.json). */
export const messageFiles = new Map();
export function messagesOf(lang) {
  if (!messageFiles.has(lang)) messageFiles.set(lang, JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8')));
  return messageFiles.get(lang);
}

/** Lower case without accents, split into words (as lead-fn's catalogue does). */
export const wordsOf = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether each query word starts a word of the listing's searched texts, in any language. */
export function hasEveryWord(p, query) {
  const texts = [p.title, p.location, p.subCategory, p.reference, (p.description ?? '').replace(/<[^>]*>/g, ' ')];
  for (const t of Object.values(p.translations ?? {})) texts.push(t.title, t.location, (t.description ?? '').replace(/<[^>]*>/g, ' '));
  const words = wordsOf(texts.filter(Boolean).join(' '));
  return query.every((q) => words.some((w) => w.startsWith(q)));
}

/** English on a desktop, Arabic (right to left) and Russian on a phone: [lang, path prefix, viewport]. */
export const EACH_LANGUAGE = [['en', '', DESKTOP], ['ar', '/ar', PHONE], ['ru', '/ru', PHONE]];

/** A fresh tab of `walk` at `viewport`, on `url`, settled. */
export async function openAt(walk, viewport, url) {
  const opened = await walk.open();
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(url, { waitUntil: 'load' });
  await settle(opened.page);
  return opened;
}

