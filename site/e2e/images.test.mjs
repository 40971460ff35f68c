// Every content photo is served responsively: in the prerendered HTML each raster
// image under /media/ is a <picture> with WebP and JPEG srcsets, `sizes`, its intrinsic width and
// height (the box is reserved: no layout shift) and `loading="lazy"`, except the page's largest
// image, which is fetched first (`fetchpriority="high"`) and preloaded in the head with the same
// srcset. A listing page's largest image on a phone is its first card's photo: fetched first but
// not preloaded (a preload competes with the stylesheet), the other cards' lazy, the hero strip
// fetched with the page at low priority. In the browser a phone downloads a variant
// near its own width, not the original.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { DESKTOP, PHONE, gotoSettled, loadLazyImages, openPage } from './browser.mjs';

withSiteAndBrowser();

const PROPERTY = '/property/marina-gate-two-bedroom-sea-view';
const POST = '/blog/how-to-get-a-uae-golden-visa-through-property/how-to-get-a-uae-golden-visa-through-property';

/**
 * Each kind of page with a content photo, whether one of its photos is the page's largest, and
 * `card`: a listing page, whose first card's photo is fetched first without a preload.
 */
const PAGES = [
  { path: '/', largest: true },
  { path: '/buy-property', largest: true, card: true },
  { path: '/off-plan', largest: true, card: true },
  { path: PROPERTY, largest: true },
  { path: '/blogpage', largest: false },
  { path: POST, largest: true },
  { path: '/feed', largest: false },
  { path: '/meet-the-team', largest: false },
  { path: '/area-guides-in-dubai', largest: true },
  { path: '/pro', largest: true },
];

/** The attributes of every <img> in the page's HTML, with its parent <picture>'s WebP source. */
function images(html) {
  const found = [];
  const tag = /<(picture)[^>]*>\s*<source([^>]*)\/?>\s*<img([^>]*)\/?>|<img([^>]*)\/?>/g;
  const attributes = (text) =>
    Object.fromEntries([...(text ?? '').matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value]));
  for (const match of html.matchAll(tag)) {
    const img = attributes(match[3] ?? match[4]);
    found.push({ ...img, source: match[1] ? attributes(match[2]) : null });
  }
  return found;
}

/** The prerendered HTML file of `path`. */
function htmlOf(path) {
  const clean = path.replace(/^\/|\/$/g, '');
  return readFile(join(server.dist, clean, 'index.html'), 'utf8');
}

const isPhoto = (src) => /^\/media\/.*\.(jpe?g|png|webp)$/i.test(src ?? '');

for (const lang of ['', '/ar', '/ru']) {
  test(`every content photo is responsive in the prerendered HTML (${lang || '/en'})`, async () => {
    for (const { path, largest, card = false } of PAGES) {
      const page = `${lang}${path === '/' && lang ? '' : path}` || '/';
      const html = await htmlOf(page);
      const photos = images(html).filter((img) => isPhoto(img.src));
      assert.ok(photos.length > 0, `${page}: no content photo`);
      for (const img of photos) {
        const what = `${page}: ${img.src}`;
        assert.match(img.srcset ?? '', /^\/media\/_img\/\w+-\d+\.jpg \d+w(, \/media\/_img\/\w+-\d+\.jpg \d+w)*$/, `${what}: srcset`);
        assert.ok(img.sizes, `${what}: sizes`);
        assert.ok(Number(img.width) > 0 && Number(img.height) > 0, `${what}: width and height`);
        assert.ok(img.source, `${what}: not in a <picture>`);
        assert.equal(img.source.type, 'image/webp', what);
        assert.equal(img.source.srcset, img.srcset.replace(/\.jpg/g, '.webp'), `${what}: WebP and JPEG variants differ`);
        assert.equal(img.source.sizes, img.sizes, what);
        assert.match(img.style ?? '', /background-color:#[0-9a-f]{6}/, `${what}: placeholder colour`);
        const hero = card && img.class === 'listing-hero__bg';
        if (img.fetchpriority !== 'high' && !hero) assert.equal(img.loading, 'lazy', `${what}: neither lazy nor the largest`);
        if (hero) assert.ok(img.loading === undefined && img.fetchpriority === 'low', `${what}: the hero strip is fetched with the page, after the first card's photo`);
      }
      const first = photos.filter((img) => img.fetchpriority === 'high');
      assert.equal(first.length, largest ? 1 : 0, `${page}: images fetched first`);
      const preloads = [...html.matchAll(/<link rel="preload" as="image"([^>]*)>/g)].map(([, attrs]) => attrs);
      if (card) {
        const cards = photos.filter((img) => img.sizes === first[0].sizes);
        assert.ok(cards.length > 1 && cards[0] === first[0], `${page}: the photo fetched first is the first card's`);
        assert.equal(first[0].loading, undefined, `${page}: the first card's photo is lazy`);
        assert.deepEqual(preloads.filter((attrs) => isPhoto(attrs.match(/href="([^"]*)"/)?.[1])), [], `${page}: no photo preloaded`);
      } else if (largest) {
        const [hero] = first;
        assert.equal(hero.loading, undefined, `${page}: the largest image is lazy`);
        const preload = preloads.find((attrs) => attrs.includes(`imagesrcset="${hero.source.srcset}"`));
        assert.ok(preload, `${page}: no preload of ${hero.src} in ${preloads.join('\n')}`);
        assert.ok(preload.includes(`imagesizes="${hero.sizes}"`) && preload.includes('type="image/webp"'), preload);
      }
    }
  });
}

test('a phone downloads variants near its width, and no photo shifts the layout', async () => {
  for (const [viewport, deviceScaleFactor, most] of [[PHONE, 2, 1200], [DESKTOP, 1, 1600]]) {
    const { context, page, problems } = await openPage(browser, viewport, { deviceScaleFactor });
    await page.addInitScript(() => {
      window.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const downloaded = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/media/') && /\.(jpe?g|png|webp)$/.test(url.pathname)) downloaded.push(url.pathname);
    });
    for (const path of ['/', '/buy-property', PROPERTY]) {
      downloaded.length = 0;
      await gotoSettled(page, server.url + path);
      assert.ok(downloaded.length > 0, `${path}: no photo downloaded`);
      for (const file of downloaded) {
        // Variants only, WebP, never wider than the layout needs at this width.
        const variant = file.match(/^\/media\/_img\/\w+-(\d+)\.webp$/);
        assert.ok(variant, `${path}: downloaded ${file}, not a WebP variant`);
        assert.ok(Number(variant[1]) <= most, `${path} at ${viewport.width} px: ${file}`);
      }
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift <= 0.02, `${path} at ${viewport.width} px: layout shift ${shift}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

// The search's answer carries each listing's first photo with its variants (api/properties.json's
// `picture`): a phone's result cards, and the preload of the first card's photo the page's HTML
// starts (early-search.js), fetch a phone-sized WebP, as the listing pages' cards do, not the original.
test("a phone's search results download the cards' variants, not the originals", async () => {
  const { context, page, problems } = await openPage(browser, PHONE, { deviceScaleFactor: 2 });
  const downloaded = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/media/') && /\.(jpe?g|png|webp)$/.test(url.pathname)) downloaded.push(url.pathname);
  });
  await gotoSettled(page, `${server.url}/search-result?query=Marina`);
  await page.locator('.property-card img').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('.property-card img')].slice(0, 1).every((img) => img.complete));
  assert.ok(downloaded.length > 0, 'no photo downloaded');
  for (const file of downloaded) {
    // 350 CSS px wide at twice the density: the 800 px variant.
    const variant = file.match(/^\/media\/_img\/\w+-(\d+)\.webp$/);
    assert.ok(variant, `downloaded ${file}, not a WebP variant`);
    assert.ok(Number(variant[1]) <= 800, `downloaded ${file}, wider than a phone's card`);
  }
  // The search's preload, not the logo's (served in the page, moved into <head> as the page
  // hydrates: which of the two comes first there depends on whether the answer or the code came first).
  const preload = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel=preload][as=image]')].map((link) => link.getAttribute('imagesrcset') ?? '').find((srcset) => srcset !== '') ?? null,
  );
  assert.match(preload ?? '', /\.webp 400w/, 'the first card\'s photo is preloaded with its variants');
  assert.deepEqual(problems, []);
  await context.close();
});

// Lighthouse's phone (a Moto G Power: 412 px at 1.75 device pixels): on a listing page and the
// search results the largest paint is the first card's photo, fetched first (not lazy,
// `fetchpriority="high"`) as a variant of about the card's width in device pixels (651: the 740 px
// one, where the 800 px one was a sixth more bytes on the slow link), and a listing page's hero
// strip, behind the title, is fetched after it.
test("a phone's largest paint on a list page is its first card's photo, fetched first at the card's width", async () => {
  const { context, page, problems } = await openPage(browser, { width: 412, height: 823 }, { deviceScaleFactor: 1.75 });
  await page.addInitScript(() => {
    window.__largest = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__largest = entry;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  for (const path of ['/buy-property', '/search-result?query=Marina']) {
    await gotoSettled(page, server.url + path);
    await page.waitForFunction(() => document.querySelector('.property-card img')?.complete === true);
    const found = await page.evaluate(() => {
      const img = document.querySelector('.property-card img');
      const hero = document.querySelector('.listing-hero__bg');
      return {
        largest: window.__largest?.url ?? null,
        chosen: img.currentSrc,
        priority: img.getAttribute('fetchpriority'),
        loading: img.getAttribute('loading'),
        needed: img.getBoundingClientRect().width * devicePixelRatio,
        hero: hero ? [hero.getAttribute('fetchpriority'), hero.getAttribute('loading')] : null,
      };
    });
    assert.equal(found.largest, found.chosen, `${path}: the largest paint is not the first card's photo`);
    assert.deepEqual([found.priority, found.loading], ['high', null], `${path}: the first card's photo is not fetched first`);
    const width = Number(found.chosen.match(/-(\d+)\.webp$/)?.[1]);
    assert.ok(width >= found.needed * 0.9 && width <= found.needed * 1.15, `${path}: ${found.chosen} for ${found.needed} device px`);
    if (path === '/buy-property') assert.deepEqual(found.hero, ['low', null], `${path}: the hero strip is fetched first or lazily`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

/** The lazy photos the boot script holds until the page's largest image has been painted (styles/base.css). */
const HELD = '.property-card__media img, .card-placeholder__media img, .compare__photo img, .partners-strip__list img';

// On Lighthouse's phone, a page with a list of cards asks for no other card's photo (nor the
// partners' logos) before its first photo has been painted: on a slow link they shared it with
// that photo (a listing page asked for four more, 91 KB, before its first paint). Once scrolled
// to, they all load; without JavaScript they load as lazy images do.
test('the other photos of a list of cards wait until the first has been painted, and all load', async () => {
  const pages = [
    '/buy-property',
    '/search-result?query=Marina',
    '/compare?ids=marina-gate-two-bedroom-sea-view,creek-harbour-waterfront-one-bedroom',
    '/area-guides-in-dubai/dubai-marina',
  ];
  for (const path of pages) {
    // A context of its own each: nothing of the page is in the browser's cache.
    const { context, page, problems } = await openPage(browser, { width: 412, height: 823 }, { deviceScaleFactor: 1.75 });
    await page.addInitScript(() => {
      window.__painted = null;
      new PerformanceObserver((list) => {
        // The page's largest paint: its first photo (the test above).
        for (const entry of list.getEntries()) window.__painted = { url: entry.url, at: entry.startTime };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await gotoSettled(page, server.url + path);
    await loadLazyImages(page);
    const found = await page.evaluate((held) => {
      const images = [...document.querySelectorAll(held)];
      const started = (url) => performance.getEntriesByType('resource').find((entry) => entry.name === url)?.startTime ?? null;
      return {
        painted: window.__painted,
        others: images.filter((img) => img.currentSrc !== window.__painted?.url).map((img) => ({ url: img.currentSrc, at: started(img.currentSrc) })),
        broken: images.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
      };
    }, HELD);
    assert.ok(found.painted, `${path}: no photo painted`);
    assert.ok(found.others.length > 0, `${path}: no other photo`);
    for (const other of found.others) {
      assert.ok(other.at != null && other.at >= found.painted.at, `${path}: ${other.url} asked for at ${other.at} ms, before the first photo was painted (${found.painted.at} ms)`);
    }
    assert.deepEqual(found.broken, [], `${path}: photos not loaded once scrolled to`);
    assert.deepEqual(problems, []);
    await context.close();
  }
  const { context, page } = await openPage(browser, { width: 412, height: 823 }, { javaScriptEnabled: false });
  await page.goto(`${server.url}/buy-property`, { waitUntil: 'load' });
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(30);
  }
  await page.waitForFunction((held) => [...document.querySelectorAll(held)].every((img) => img.complete && img.naturalWidth > 0), HELD, { timeout: 10_000 });
  await context.close();
});
