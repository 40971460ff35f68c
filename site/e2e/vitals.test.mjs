// Core Web Vitals in the browser and on the wire: the home headline keeps its box while the
// typewriter runs (no layout shift), an unknown property says 'Property Not Found' from its first
// paint without a shift, /compare draws its table where its first paint kept room for it (no
// shift with two or four listings, in three languages, on a phone and a laptop), and `estate
// serve` compresses as Netlify does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { DESKTOP, PHONE, openPage, settle } from './browser.mjs';

withSiteAndBrowser();

/** The raw answer's status, headers and body length, without the client decoding anything. */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(url, { headers }, (response) => {
      let length = 0;
      response.on('data', (chunk) => (length += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, length }));
    })
      .on('error', reject)
      .end();
  });
}

test('estate serve answers brotli or gzip as asked, and plain bytes otherwise', async () => {
  for (const path of ['/', '/buy-property', '/data/site.json']) {
    const plain = await rawGet(server.url + path);
    assert.equal(plain.status, 200, path);
    assert.equal(plain.headers['content-encoding'], undefined, `${path}: compressed unasked`);
    const br = await rawGet(server.url + path, 'gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br', path);
    assert.ok(br.length < plain.length / 2, `${path}: brotli ${br.length} of ${plain.length} bytes`);
    const gzip = await rawGet(server.url + path, 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip', path);
    assert.ok(gzip.length < plain.length / 2, `${path}: gzip ${gzip.length} of ${plain.length} bytes`);
  }
});

/** Records each layout shift of the page, with what moved, in `window.__shifts`. */
async function recordShifts(page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    const name = (node) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}` : String(node?.nodeName);
    const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const take = (entries) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
        window.__shifts.push({ value: entry.value, text: `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ') || 'no source'}` });
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    window.__takeShifts = () => take(observer.takeRecords());
  });
}

/** Waits until every image matching `selector` that is on the screen has loaded (lazy ones off it never load). */
function imagesLoaded(page, selector, timeout = 30_000) {
  return page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll(selector)].every((img) => {
        const { top, bottom, left, right } = img.getBoundingClientRect();
        const shown = bottom > 0 && top < innerHeight && right > 0 && left < innerWidth;
        return !shown || img.complete;
      }),
    selector,
    { timeout },
  );
}

/**
 * Every layout shift of the page until now (`recordShifts`' `window.__shifts`): after the next
 * frame drawn (a shift is recorded as a frame is drawn), with the records the observer holds but
 * has not reported yet taken at once. Tests wait for the event they mean, not a fixed time.
 */
async function shiftsNow(page) {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    window.__takeShifts();
    return window.__shifts;
  });
}

for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`an unknown property says Property Not Found at once, with no layout shift, on a ${label}`, async () => {
    const path = '/property/no-such-id';
    // The page as served, before any script: it already says so.
    const served = await fetch(server.url + path);
    assert.equal(served.status, 404);
    const html = await served.text();
    assert.match(html, /<h1 class="status-page__title">Property Not Found<\/h1>/);
    assert.doesNotMatch(html, /skeleton/);
    const { context, page } = await openPage(browser, viewport, { expectNotFound: true, reducedMotion: 'no-preference' });
    await recordShifts(page);
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/properties/no-such-id.json');
    await page.goto(server.url + path, { waitUntil: 'load' });
    // The browser asks whether the listing was published after the build, and answers the same:
    // the page hydrated, the question and what follows it (whether it was withdrawn) answered.
    await asked;
    await settle(page);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Property Not Found');
    assert.equal(await page.getByRole('link', { name: 'Go Back' }).getAttribute('href'), '/');
    const shifts = await shiftsNow(page);
    const shift = shifts.reduce((sum, s) => sum + s.value, 0);
    assert.equal(shift, 0, `cumulative layout shift ${shift}:\n${shifts.map((s) => s.text).join('\n')}`);
    await context.close();
  });

  test(`a property page moves nothing while it hydrates and its contact bar comes, on a ${label}`, async () => {
    // On a phone the bar (shown once hydrated) has its own WhatsApp button: the header's button
    // and its room in the header's row went only when the bar came, and the logo grew.
    const id = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'))[0].id;
    for (const lang of ['', 'ar/']) {
      const { context, page } = await openPage(browser, viewport);
      await recordShifts(page);
      await page.goto(`${server.url}/${lang}property/${id}`, { waitUntil: 'load' });
      // Hydrated, and what came after (the detail file, the bar) fetched and drawn.
      await settle(page);
      if (viewport === PHONE) await page.locator('.property-cta').waitFor();
      const shifts = await shiftsNow(page);
      const shift = shifts.reduce((sum, s) => sum + s.value, 0);
      assert.equal(shift, 0, `/${lang}property/${id}: cumulative layout shift ${shift}:\n${shifts.map((s) => s.text).join('\n')}`);
      // The button is the bar's on a phone; on a desktop it stays.
      const button = await page.locator('.chat-button').evaluate((element) => getComputedStyle(element).display);
      assert.equal(button, viewport === PHONE ? 'none' : 'grid', `/${lang}property/${id}: the WhatsApp button`);
      await context.close();
    }
  });

  test(`the typewriter moves nothing on the ${label} home page, in EN, AR and RU`, async () => {
    // The three languages side by side: most of each is the typewriter's own time (a phrase shown
    // for PAUSE_MS, then deleted letter by letter), which they spend together.
    const moved = await Promise.all(['', 'ar/', 'ru/'].map(async (lang) => {
      // Motion allowed: the typewriter runs (the other browser tests turn it off).
      const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
      try {
        const page = await context.newPage();
        // Each shift with what moved, so a failure says which element it was and when.
        await recordShifts(page);
        await page.goto(`${server.url}/${lang}`, { waitUntil: 'load' });
        const box = () => page.locator('.home-hero__title').boundingBox();
        const panel = () => page.locator('.home-hero .search-panel, .home-hero form').first().boundingBox();
        const before = [await box(), await panel()];
        const typed = await page.locator('.home-hero__title .typewriter').textContent();
        assert.ok(typed.length > 10, `/${lang}: typed "${typed}"`);
        // The first phrase shows for PAUSE_MS, then is deleted letter by letter: wait until it is
        // (nearly) gone, the headline's smallest moment.
        await page.waitForFunction(
          () => document.querySelector('.home-hero__title .typewriter')?.textContent.length <= 2,
          undefined,
          { timeout: 10_000, polling: 10 },
        );
        const afterwards = [await box(), await panel()];
        const problems = [];
        if (JSON.stringify(afterwards) !== JSON.stringify(before)) problems.push(`/${lang}: the headline or the search panel moved: ${JSON.stringify(before)} -> ${JSON.stringify(afterwards)}`);
        const shifts = await page.evaluate(() => window.__shifts);
        const shift = shifts.reduce((sum, s) => sum + s.value, 0);
        const largest = shifts.sort((a, b) => b.value - a.value).slice(0, 8).map((s) => s.text);
        if (shift > 0.02) problems.push(`/${lang}: cumulative layout shift ${shift}, the largest shifts:\n${largest.join('\n')}`);
        return problems;
      } finally {
        await context.close();
      }
    }));
    assert.deepEqual(moved.flat(), []);
  });
}

/**
 * Serves `server`'s site on another loopback port, where the document at `path` comes in two
 * parts: up to `cut(body)` at once, the rest when `release()` is called (a slow network). Every
 * other request is passed through whole.
 */
async function slowDocument(path, cut) {
  let release = () => {};
  const tail = new Promise((resolve) => (release = resolve));
  const proxy = createServer(async (request, response) => {
    const upstream = await fetch(server.url + request.url);
    const body = Buffer.from(await upstream.arrayBuffer());
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
    if (request.url !== path) return response.end(body);
    const at = cut(body);
    response.write(body.subarray(0, at));
    await tail;
    response.end(body.subarray(at));
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${proxy.address().port}${path}`, release, close: () => new Promise((resolve) => proxy.close(resolve)) };
}

test("a phone whose network brings home's HTML in two parts draws nothing of the first screen until its hero is whole, and nothing moves", async () => {
  // Cut inside the hero's search form: drawn then, the part that had come sat at the hero's foot
  // and moved up by the rest (0.27 of the screen, /ar/).
  const slow = await slowDocument('/ar/', (body) => body.indexOf('search-panel--home') + 400);
  assert.ok(readFileSync(join(server.dist, 'ar', 'index.html'), 'utf8').includes('search-panel--home'), 'the hero has its search form');
  const { context, page } = await openPage(browser, PHONE);
  await recordShifts(page);
  const loaded = page.goto(slow.url, { waitUntil: 'load' });
  try {
    await page.waitForFunction(() => document.querySelector('.home-hero__title') !== null, undefined, { polling: 10 });
    // A frame, if the browser draws one, within 100 ms of the title's parsing.
    const drawn = await page.evaluate(
      () => new Promise((resolve) => { requestAnimationFrame(() => resolve(true)); setTimeout(() => resolve(false), 100); }),
    );
    assert.equal(drawn, false, 'the first screen is not drawn with half its hero');
    slow.release();
    await loaded;
    await settle(page);
    const shifts = await shiftsNow(page);
    const shift = shifts.reduce((sum, s) => sum + s.value, 0);
    assert.equal(shift, 0, `cumulative layout shift ${shift}:\n${shifts.map((s) => s.text).join('\n')}`);
  } finally {
    slow.release();
    await loaded.catch(() => {});
    await context.close();
    await slow.close();
  }
});

/**
 * /compare?ids=...: the page is prerendered without its query, and the listings come from the
 * static API after load. Whatever it shows first (the placeholder of the table) holds the room the
 * table takes, so nothing moves when the table comes: no layout shift, with two listings and with
 * four (an off-plan one among them, whose completion and payment-plan rows make the table taller),
 * in English, Arabic and Russian, at 390 and 1366 px.
 */
const LAPTOP = { width: 1366, height: 768 };
const COMPARED = {
  two: ['marina-gate-two-bedroom-sea-view', 'downtown-one-bedroom-burj-view'],
  four: ['marina-gate-two-bedroom-sea-view', 'emaar-beachfront-two-bedroom', 'downtown-serviced-hotel-apartment', 'jvc-studio-for-rent'],
};
for (const [label, viewport] of [['phone', PHONE], ['laptop', LAPTOP]]) {
  for (const [count, ids] of Object.entries(COMPARED)) {
    for (const lang of ['', 'ar/', 'ru/']) {
      test(`/${lang}compare with ${count} listings moves nothing while its table comes, on a ${label}`, async () => {
        const { context, page } = await openPage(browser, viewport);
        await recordShifts(page);
        await page.goto(`${server.url}/${lang}compare?ids=${ids.join(',')}`, { waitUntil: 'load' });
        await page.locator('.compare__table').waitFor();
        assert.equal(await page.locator('.compare__table thead th').count(), ids.length);
        // The agents' names (the team's file) and the lazy images of the heads have come.
        await settle(page);
        await imagesLoaded(page, '.compare__table thead img');
        const shifts = await shiftsNow(page);
        const shift = shifts.reduce((sum, s) => sum + s.value, 0);
        assert.equal(shift, 0, `cumulative layout shift ${shift}:\n${shifts.map((s) => s.text).join('\n')}`);
        await context.close();
      });
    }
  }
}

/**
 * A result page on a slow phone, as Lighthouse's mobile run throttles it (4x slower CPU, 1.6
 * Mbps down, 750 kbps up, 150 ms round trips, emulated through the DevTools protocol): its first
 * card (the placeholder of a card's size, then the answer's card in its place) is on the screen
 * before the app's code has run and before the search's answer has come, not after them; and
 * nothing moves (cumulative layout shift until the answer's cards and their photos are shown).
 * An order of events, not a time: how soon the card comes on a slow phone is measured in
 * bench/, not asserted here.
 */
const SLOW_RESULT_PAGES = [
  '/search-result?type=Apartment',
  '/search-result?query=Marina',
  '/search-residential?bedrooms=2',
  '/search-commercial?type=Office',
  '/search-off-plan?type=Apartment',
  '/search-rent?type=Apartment',
  '/ar/search-result?type=Villa',
  '/ru/search-rent?type=Apartment',
];

for (const path of SLOW_RESULT_PAGES) {
  test(`${path} on a throttled phone: a card before the app's code and the answer, and no layout shift`, async (t) => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__vitals = { shift: 0, shifts: [], firstCard: 0, answer: 0, appBefore: null };
      const take = (entries) => {
        for (const entry of entries) {
          if (entry.hadRecentInput) continue;
          window.__vitals.shift += entry.value;
          const moved = (entry.sources ?? []).map((s) => String(s.node?.className ?? s.node?.nodeName)).join(', ');
          window.__vitals.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved}`);
        }
      };
      const observer = new PerformanceObserver((list) => take(list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      window.__takeShifts = () => take(observer.takeRecords());
      // Polled every frame from the first one: when a card (or its placeholder) is first in the
      // page, whether the app had started rendering by then (entry-client.tsx marks <html>
      // data-hydrating, then data-hydrated), and when the answer's first card is.
      const poll = () => {
        const v = window.__vitals;
        if (!v.firstCard && document.querySelector('main .card-grid > li')) {
          v.firstCard = performance.now();
          const html = document.documentElement;
          v.appBefore = html.hasAttribute('data-hydrating') || html.hasAttribute('data-hydrated');
        }
        if (!v.answer && document.querySelector('main .property-card')) v.answer = performance.now();
        if (!v.answer) requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(server.url + path, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => window.__vitals.answer > 0, undefined, { timeout: 30_000 });
    // A late shift (the answer's photos on the screen, the list under the cards) counted too.
    await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
    await imagesLoaded(page, 'main .card-grid img');
    const vitals = await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      window.__takeShifts();
      return window.__vitals;
    });
    await context.close();
    t.diagnostic(`first card ${Math.round(vitals.firstCard)} ms, the answer's ${Math.round(vitals.answer)} ms, layout shift ${vitals.shift.toFixed(4)}`);
    assert.ok(vitals.firstCard > 0 && vitals.firstCard < vitals.answer, `${path}: the first card drawn before the answer's (at ${Math.round(vitals.firstCard)} and ${Math.round(vitals.answer)} ms)`);
    assert.equal(vitals.appBefore, false, `${path}: the first card drawn before the app's code had started rendering`);
    assert.ok(vitals.shift < 0.01, `${path}: cumulative layout shift ${vitals.shift.toFixed(4)}:\n${vitals.shifts.join('\n')}`);
  });
}

/**
 * The pages whose content comes after their code (the search results, /compare) ask for it
 * before the app's code is even requested (it was asked for once that code had run, on a slow
 * phone a second and more later): the search from its HTML (src/early-search.js), /compare from
 * the boot script as soon as its HTML is parsed (src/early.ts); and preload the first photo the
 * answer names; the app takes the answers over: each file or search is asked for once, and the
 * page shows what it showed.
 */
const EARLY_PAGES = [
  ['/search-result?query=Marina', ['/api/search-properties?query=Marina'], '.property-card img'],
  ['/ar/search-rent?type=Apartment', ['/api/properties/rent/search?type=Apartment'], '.property-card img'],
  [
    '/compare?ids=marina-gate-two-bedroom-sea-view,creek-harbour-waterfront-one-bedroom',
    ['marina-gate-two-bedroom-sea-view', 'creek-harbour-waterfront-one-bedroom'].flatMap((id) => [`/api/properties/${id}.json`, `/data/detail/${id}.json`]),
    '.compare__table thead img',
  ],
];
for (const [path, early, photo] of EARLY_PAGES) {
  test(`${path} asks for its content before its code, and preloads its first photo`, async () => {
    const html = await (await fetch(server.url + path)).text();
    const { entry } = JSON.parse(/<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)[1]);
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requests.push(url.pathname + url.search);
    });
    // What was fetched for a <link> (a preload).
    await page.addInitScript(() => {
      window.__preloaded = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.initiatorType === 'link') window.__preloaded.push(entry.name);
      }).observe({ type: 'resource', buffered: true });
    });
    await page.goto(server.url + path, { waitUntil: 'load' });
    await page.locator(photo).first().waitFor();
    await page.waitForLoadState('networkidle');
    const entryAt = requests.indexOf(entry);
    assert.ok(entryAt > 0, `${path}: the entry ${entry} is requested`);
    for (const url of early) {
      assert.ok(requests.indexOf(url) >= 0 && requests.indexOf(url) < entryAt, `${path}: ${url} asked for before the entry; requests:\n${requests.join('\n')}`);
      assert.equal(requests.filter((one) => one === url).length, 1, `${path}: ${url} asked for once`);
    }
    // The photo the page shows first was preloaded (as soon as the answer named it), and is
    // the one its first image shows.
    const shown = await page.locator(photo).first().evaluate((img) => img.currentSrc);
    const preloaded = await page.evaluate(() => window.__preloaded);
    assert.ok(preloaded.includes(shown), `${path}: the first photo ${shown} preloaded, among ${preloaded.join(' ')}`);
    await context.close();
  });
}

/**
 * The first photos of the search results and of /compare are drawn before the app's code has run,
 * each in its placeholder as soon as the answers name it: the search's in its placeholder cards by
 * its HTML (src/early-search.js), /compare's in its table outline by the boot script
 * (src/early.ts). Here the app's entry is held back until the photos are on the screen: each
 * placeholder shows the photo the page will show there, at its size; once the code runs, the
 * page's own takes its place at the same place and size, with the same file, the photo never gone
 * in between, and nothing moved. A phone shows the first card; a laptop a row of three, of which
 * the sample's search for Marina fills two.
 */
const EARLY_PHOTOS = [
  ['/search-result?query=Marina', PHONE, 1, '.card-placeholder__media img', '.property-card__media img'],
  ['/search-result?query=Marina', DESKTOP, 2, '.card-placeholder__media img', '.property-card__media img'],
  ['/compare?ids=marina-gate-two-bedroom-sea-view,creek-harbour-waterfront-one-bedroom', PHONE, 2, '.compare__photo img', '.compare__table thead img'],
  ['/compare?ids=marina-gate-two-bedroom-sea-view,creek-harbour-waterfront-one-bedroom', DESKTOP, 2, '.compare__photo img', '.compare__table thead img'],
];
for (const [path, viewport, shown, early, final] of EARLY_PHOTOS) {
  test(`${path} at ${viewport.width} px draws its first photos before the app's code, where the page puts them`, async () => {
    const html = await (await fetch(server.url + path)).text();
    const { entry } = JSON.parse(/<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)[1]);
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__shift = [];
      const take = (entries) => {
        for (const entry of entries) {
          const moved = (entry.sources ?? []).map((s) => `${s.node?.className || s.node?.nodeName} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`);
          if (!entry.hadRecentInput) window.__shift.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`);
        }
      };
      const observer = new PerformanceObserver((list) => take(list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      window.__takeShift = () => take(observer.takeRecords());
    });
    // The entry (its modulepreload and its <script>) held until released: only that request, so
    // the browser's cache works as usual for the photos.
    const cdp = await context.newCDPSession(page);
    const held = [];
    let firstHeld;
    const asked = new Promise((resolve) => (firstHeld = resolve));
    cdp.on('Fetch.requestPaused', (event) => {
      held.push(event.requestId);
      firstHeld();
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `*${entry}` }] });
    await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      ([selector, count]) => {
        const imgs = [...document.querySelectorAll(selector)];
        return imgs.length >= count && imgs.slice(0, count).every((img) => img.complete && img.naturalWidth > 0);
      },
      [early, shown],
      { timeout: 15_000 },
    );
    const drawn = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll(selector)].map((img) => {
          const { x, y, width, height } = img.getBoundingClientRect();
          const box = img.parentElement.closest('div').getBoundingClientRect();
          return { src: img.currentSrc, alt: img.getAttribute('alt'), hidden: img.closest('[aria-hidden="true"]') !== null, x, y, width, height, box: [box.width, box.height] };
        }),
      early,
    );
    // The entry is asked for once the first photo has loaded (boot.ts), and held.
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    assert.ok(held.length > 0, 'the entry was asked for and held');
    assert.equal(await page.locator(final).count(), 0, "none of the page's own photos yet: the app has not run");
    for (const photo of drawn.slice(0, shown)) {
      assert.deepEqual([photo.width, photo.height], photo.box, 'the photo fills its placeholder box');
      assert.ok(photo.alt === '' && photo.hidden, 'an empty alternative text, in a placeholder hidden from screen readers');
    }
    // From now on: the photo is in the page at every change, in the placeholder or in its place.
    await page.evaluate((selector) => {
      window.__gone = 0;
      new MutationObserver(() => {
        if (!document.querySelector(selector)) window.__gone += 1;
      }).observe(document.body, { childList: true, subtree: true });
    }, `${early}, ${final}`);
    await cdp.send('Fetch.disable');
    for (const requestId of held) await cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined);
    await page.locator(final).first().waitFor({ timeout: 30_000 });
    // The page's own photos loaded and drawn, and the last shift recorded.
    await imagesLoaded(page, final);
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      window.__takeShift();
    });
    const finals = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll(selector)].map((img) => {
          const { x, y, width, height } = img.getBoundingClientRect();
          return { src: img.currentSrc, x, y, width, height };
        }),
      final,
    );
    for (const [index, photo] of drawn.slice(0, shown).entries()) {
      const own = finals[index];
      assert.equal(own.src, photo.src, `photo ${index + 1}: the page shows the file drawn in its place`);
      for (const side of ['x', 'y', 'width', 'height']) assert.ok(Math.abs(own[side] - photo[side]) < 0.5, `photo ${index + 1}'s ${side}: ${own[side]}, drawn at ${photo[side]}`);
    }
    assert.equal(await page.evaluate(() => window.__gone), 0, 'the photo never left the page');
    assert.deepEqual(await page.evaluate(() => window.__shift), [], 'no layout shift');
    await context.close();
  });
}
