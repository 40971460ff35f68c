// Debian's Chromium driven by playwright-core (no browser download), as the project requires.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
/**
 * How long a test waits for an event before it fails (a lead sent through the function to its
 * outbox, the form's answer, a dialog whose code is fetched on demand). A deadline, not a wait: a
 * passing test is no slower for it. On two cores at a load average of 9 (the suite, three files
 * at a time, beside other work) a lead's send took more than the 6-10 s these tests once allowed.
 */
export const DEADLINE_MS = 30_000;

/**
 * Holds back `page`'s requests whose URL matches `pattern`, as a slow connection would, until
 * `release()`. `requested(message)` waits (up to DEADLINE_MS) for the first of them: the route
 * hears of a request a moment after the page makes it, so a test waits for it instead of reading
 * a count at once. `count()` is how many came.
 */
export async function holdBack(page, pattern) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  let first;
  const firstRequest = new Promise((resolve) => (first = resolve));
  let count = 0;
  await page.route(pattern, async (route) => {
    count += 1;
    first();
    await released;
    await route.continue();
  });
  const requested = async (message) => {
    let timer;
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), DEADLINE_MS)));
    try {
      await Promise.race([firstRequest, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { release, requested, count: () => count };
}

/** The only host the browser can reach: the test servers listen on loopback. */
const LOOPBACK = '127.0.0.1';

/**
 * The browser of the tests: `CHROMIUM` if set, else Debian's chromium-headless-shell (Chromium's
 * own headless build, the same engine and version as Debian's chromium; it renders a page with
 * about a sixth less CPU than the full browser run headless, which is most of the browser tests'
 * time on the 2-core CI machine), else Debian's full chromium. With neither, the launch names
 * the headless shell, which scripts/test-tools.sh installs.
 */
const INSTALLED = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const EXECUTABLE = process.env.CHROMIUM ?? INSTALLED.find((path) => existsSync(path)) ?? INSTALLED[0];

/**
 * Whether the tests write their screenshots (site/e2e/screenshots/ and the like), which are for a
 * person to look at: unless ESTATE_E2E_SHOTS is 0, which scripts/test.sh makes the default of a
 * whole run (nobody looks at a CI run's pictures, and each cost about a quarter second of the
 * browser's CPU: 68 were 18 of the English audit walk's 77 CPU-seconds). Run a file by hand, or the
 * suite with ESTATE_E2E_SHOTS=1, to get them.
 */
export const SHOTS_WANTED = process.env.ESTATE_E2E_SHOTS !== '0';

/**
 * `target.screenshot(options)` (a page or a locator) when screenshots are wanted. When not, a
 * locator is still scrolled into view, as its screenshot would have, so that what the test does
 * next finds the page as it would.
 */
export async function screenshot(target, options) {
  if (SHOTS_WANTED) return target.screenshot(options);
  if (typeof target.scrollIntoViewIfNeeded === 'function') await target.scrollIntoViewIfNeeded();
  return undefined;
}

/**
 * Debian's Chromium, headless. `webgl`: WebGL in software (SwiftShader), for the map (MapLibre
 * draws with WebGL; with the GPU off, Chromium offers it only when asked for).
 */
export function launch({ webgl = false } = {}) {
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    // Playwright gives every launch a fresh profile directory of its own.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      // Tests never need the internet: every host but the test server's is unknown to the
      // browser, so a request elsewhere (a map tile, a font) fails at once. Done here rather than
      // with Playwright's request routing, which intercepts every request and turns the HTTP
      // cache off: a walk over 62 pages took 38 s of CPU this way, 62 s with routing.
      `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE ${LOOPBACK}`,
      ...(webgl ? ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'] : []),
    ],
  });
}

/**
 * A page that records console errors, page errors and React hydration warnings, so a test can
 * assert there were none (`expectNotFound` lets pass the 404s a not-found page is answered
 * with). External requests (maps, fonts) fail at once (see `launch`): tests never need the
 * internet. Wait for the page with `settle` (below) after `goto`.
 */
/**
 * Answers a page's dialog (an alert's OK, or a confirm's choice). A dialog can come as the test
 * closes its page (a form's success alert after the lead was read from the outbox): its page is
 * gone, which is no failure; any other error is.
 */
export function answerDialog(dialog, accept = true) {
  return (accept ? dialog.accept() : dialog.dismiss()).catch((error) => {
    if (!/has been closed/.test(error.message)) throw error;
  });
}

export async function openPage(browser, viewport, { expectNotFound = false, ...options } = {}) {
  const context = await newContext(browser, viewport, options);
  const page = await context.newPage();
  const seen = { expectNotFound, problems: [] };
  watch(page, seen);
  return { context, page, problems: seen.problems };
}

/**
 * One browser context and one tab for a walk over many pages. Each page opened in it starts as
 * in a fresh context (no cookies, empty local and session storage, the walk's viewport: `close`
 * resets them and leaves the tab on about:blank), but the HTTP cache and the tab are the walk's:
 * the site's scripts, styles and fonts are fetched once per walk, and no renderer process is
 * started per page (a new tab cost about 1.5 s of CPU on the 2-core CI machine, twice what the
 * page itself costs). `open` answers like `openPage`; `close` the page's `context` when done
 * with it, and the walk at the end. Scripts for every page before its own: `addInitScript`.
 */
export async function openWalk(browser, viewport, options = {}) {
  const context = await newContext(browser, viewport, options);
  const page = await context.newPage();
  const seen = { expectNotFound: false, problems: [] };
  watch(page, seen);
  const close = async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    }).catch(() => {});
    await page.goto('about:blank');
    await context.clearCookies();
  };
  return {
    async open({ expectNotFound = false } = {}) {
      // A test that failed before its `close` left the last page as it was.
      if (page.url() !== 'about:blank') await close();
      await page.setViewportSize(viewport);
      seen.expectNotFound = expectNotFound;
      seen.problems = [];
      return { context: { close }, page, problems: seen.problems };
    },
    addInitScript: (script, arg) => context.addInitScript(script, arg),
    close: () => context.close(),
  };
}

/**
 * Waits until the page has hydrated and its network has been quiet for `quietMs`: what
 * Playwright's 'networkidle' (500 ms of quiet, and no notion of hydration) was used for, in a
 * fraction of the time. Hydrated means the `data-hydrated` attribute the entry puts on <html>
 * after the first render (src/entry-client.tsx), whichever library renders; an attribute,
 * which a test's fake clock (`page.clock`) leaves visible.
 */
export async function settle(page, quietMs = 150, timeoutMs = 30_000) {
  // Polled from here, not with waitForFunction: a test may have installed the page's clock.
  const hydrated = () =>
    page.evaluate(() => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('root'));
  const deadline = Date.now() + timeoutMs;
  while (!(await hydrated())) {
    if (Date.now() > deadline) throw new Error(`${page.url()} did not hydrate in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const inflight = page[INFLIGHT];
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (inflight.size > 0) quietSince = Date.now();
  }
}

/**
 * Waits until the page has drawn two frames: by then what the last action set going (a resize's
 * layout, a scroll, a resize observer's callback, React's effects and a layout effect's scroll)
 * is done and painted. The event a test means, not a fixed wait.
 */
export const framesDrawn = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** `page.goto(url)`, then `settle`; answers the navigation's response. */
export async function gotoSettled(page, url) {
  const response = await page.goto(url, { waitUntil: 'load' });
  await settle(page);
  return response;
}

/** A new page of `viewport` at `url`, answered 200 and settled: `openPage`'s `{ context, page, problems }`. */
export async function visitPage(browser, viewport, url) {
  const opened = await openPage(browser, viewport);
  const response = await gotoSettled(opened.page, url);
  assert.equal(response.status(), 200, `${url} answered ${response.status()}`);
  return opened;
}

/** Closes a page `visitPage` opened; fails when it logged console errors or hydration warnings. */
export async function closeClean({ context, problems }, where) {
  await context.close();
  assert.deepEqual(problems, [], `${where}: console errors or hydration warnings`);
}

/** The same text whatever the spacing and the bidi isolates and marks around interpolated values. */
export const plain = (text) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/**
 * Waits until a search result page is settled (its results not busy) with criteria chips: any by
 * default, else exactly `chips`; answers the chips' texts (`plain`) and the cards' ids, sorted.
 */
export async function searchResults(page, chips = null) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await settle(page);
    const state = await page.evaluate(() => ({
      busy: document.querySelector('[aria-labelledby="results-count"]')?.getAttribute('aria-busy'),
      chips: [...document.querySelectorAll('.criteria .criteria__chip > span:first-child')].map((chip) => chip.textContent),
      ids: [...document.querySelectorAll('.card-grid .property-card__link')].map((a) => a.getAttribute('href').replace(/^.*\/property\//, '')),
    }));
    const seen = state.chips.map(plain);
    const wanted = chips === null ? seen.length > 0 : JSON.stringify(seen) === JSON.stringify(chips);
    if (state.busy === 'false' && wanted) return { chips: seen, ids: state.ids.sort() };
    if (Date.now() > deadline) {
      assert.fail(`the results did not settle: chips ${JSON.stringify(seen)} (busy: ${state.busy})${chips === null ? '' : `, not ${JSON.stringify(chips)}`}`);
    }
    await page.waitForTimeout(100);
  }
}

const INFLIGHT = Symbol('requests in flight');

async function newContext(browser, viewport, options) {
  // Reduced motion: screenshots show finished states, not the middle of an animation.
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
  return context;
}

/**
 * Records the page's problems (see `openPage`) into `seen.problems`, and the requests it has in
 * flight. `seen.expectNotFound` is read as each message comes (a walk changes it per page).
 */
function watch(page, seen) {
  page.on('console', (message) => {
    const text = message.text();
    // Requests to other hosts fail on purpose (see `launch`); their failures are not the page's.
    const external = !(message.location().url ?? '').startsWith('http://127.0.0.1');
    if (text.startsWith('Failed to load resource') && external) return;
    // On a page that is meant to be "not found", the browser logs the 404s it was answered.
    if (seen.expectNotFound && text.includes('status of 404')) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) seen.problems.push(`console ${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => seen.problems.push(`page error: ${error.message}`));
  const inflight = new Set();
  page[INFLIGHT] = inflight;
  page.on('request', (request) => {
    // The live-reload stream of `estate serve --watch` stays open.
    if (request.resourceType() !== 'eventsource') inflight.add(request);
  });
  page.on('requestfinished', (request) => inflight.delete(request));
  page.on('requestfailed', (request) => inflight.delete(request));
}

/** Scrolls through the page so its lazy images load (a full-page screenshot does not), then back to the top. */
export async function loadLazyImages(page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(30);
  }
  await settle(page);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), null, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}
