// Each kind of page carries its own styles: the stylesheets a page's HTML links (render-blocking,
// so its first paint is styled) hold the shared sheet and that kind's rules, none of another
// kind's. A link to another kind of page loads it styled: its own element is styled in the first
// frame drawn with it, and nothing shifts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { openWalk, settle } from './browser.mjs';

withSiteAndBrowser();

const PROPERTY = '/property/creek-harbour-waterfront-one-bedroom';

/** A class only each kind's own partial styles (src/styles.css names which page imports which). */
const MARKERS = {
  home: 'hero-chips',
  listings: 'listing-body',
  property: 'gallery__stage',
  guide: 'guide-trend',
  people: 'people__profile',
};

/** Pages and the kinds whose styles their HTML links (none: the shared sheet alone). */
const PAGES = [
  ['/', ['home']],
  ['/ar/', ['home']],
  ['/buy-property', ['listings']],
  ['/ru/rent-property', ['listings']],
  ['/search-result?query=Marina', ['listings']],
  [PROPERTY, ['property']],
  [`/ar${PROPERTY}`, ['property']],
  ['/area-guides-in-dubai/dubai-marina', ['guide']],
  ['/agents/daniel-novak', ['people']],
  ['/contact-us', []],
];

const sheetLinks = (html) => [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
const defines = (css, name) => new RegExp(`\\.${name}(?![\\w-])`).test(css);

test("each page's HTML links the shared stylesheet and its own kind's, no other kind's", async () => {
  let shared = null;
  const sheets = new Map();
  for (const [path, kinds] of PAGES) {
    const response = await fetch(`${server.url}${path}`);
    assert.equal(response.status, 200, path);
    const links = sheetLinks(await response.text());
    assert.ok(links.length >= 1, `${path} links no stylesheet`);
    // The shared sheet first (every page's), the page's own after it.
    shared ??= links[0];
    assert.equal(links[0], shared, `${path}: the first stylesheet is not the shared one`);
    let css = '';
    for (const href of links) {
      if (!sheets.has(href)) sheets.set(href, await (await fetch(`${server.url}${href}`)).text());
      css += sheets.get(href);
    }
    const found = Object.entries(MARKERS).filter(([, name]) => defines(css, name)).map(([kind]) => kind);
    assert.deepEqual(found, kinds, `${path}: its stylesheets (${links.join(', ')}) style these kinds of page`);
  }
});

/**
 * Watches every page the walk loads from its start: the value of each marker's `property` in its
 * computed style in the first frame drawn with its element (an animation frame's callback runs
 * before that frame is painted, and none runs before the page's render-blocking stylesheets have
 * come), and the page's layout shifts.
 */
function watchPages(markers) {
  window.__seen = { first: {}, shift: 0 };
  const look = () => {
    for (const [selector, property] of markers) {
      const element = document.querySelector(selector);
      if (element && !(selector in window.__seen.first)) window.__seen.first[selector] = getComputedStyle(element).getPropertyValue(property);
    }
    if (Object.keys(window.__seen.first).length < markers.length) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  const take = (entries) => {
    for (const entry of entries) if (!entry.hadRecentInput) window.__seen.shift += entry.value;
  };
  const shifts = new PerformanceObserver((list) => take(list.getEntries()));
  shifts.observe({ type: 'layout-shift', buffered: true });
  // The shifts recorded but not reported yet, taken at once.
  window.__takeShifts = () => take(shifts.takeRecords());
}

/**
 * Clicks `link`, waits for the page it loads and its `selector`: the value of `property` when the
 * element first entered the document (`first`), once the page settled (`last`), and the page's
 * layout shifts until then.
 */
async function navigate(page, link, selector, property) {
  const from = page.url();
  await page.locator(link).first().click();
  await page.waitForURL((url) => url.href !== from);
  await page.locator(selector).first().waitFor({ timeout: 15_000 });
  await settle(page);
  // The next frame drawn (a shift is recorded as a frame is drawn), then the shifts not reported
  // yet: waited for, not a fixed time.
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    window.__takeShifts?.();
  });
  const last = await page.evaluate(({ selector, property }) => getComputedStyle(document.querySelector(selector)).getPropertyValue(property), { selector, property });
  const seen = await page.evaluate(() => window.__seen);
  return { first: seen.first[selector], shift: seen.shift, last };
}

test("a link from the home page to a property page and one to a listing page load each styled from its first paint, with no layout shift", async () => {
  const walk = await openWalk(browser, { width: 1366, height: 900 });
  try {
    await walk.addInitScript(watchPages, [
      ['.gallery__stage', 'aspect-ratio'],
      ['.listing-body', 'padding-block-start'],
    ]);
    const { page, problems } = await walk.open();
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await settle(page);

    const property = await navigate(page, `main a[href="${PROPERTY}"]`, '.gallery__stage', 'aspect-ratio');
    assert.equal(new URL(page.url()).pathname, PROPERTY);
    // The browser's default is 'auto'; property.css gives the gallery a ratio (3 / 2, 21 / 9 wide).
    assert.equal(property.last, '21 / 9');
    assert.equal(property.first, property.last, "the gallery was drawn before the property page's styles applied");
    assert.equal(property.shift, 0, 'the property page shifted after it was shown');

    const listing = await navigate(page, 'header a[href="/buy-property"]', '.listing-body', 'padding-block-start');
    assert.equal(new URL(page.url()).pathname, '/buy-property');
    assert.equal(listing.last, '20px');
    assert.equal(listing.first, listing.last, "the listing was drawn before the listing page's styles applied");
    assert.equal(listing.shift, 0, 'the listing page shifted after it was shown');
    assert.deepEqual(problems, []);
  } finally {
    await walk.close();
  }
});
