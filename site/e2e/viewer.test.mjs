// Browser tests of the property gallery full screen (src/property/Lightbox.tsx) in Debian's
// Chromium: opened by a tap on a phone (touch events: a swipe left and right, a double tap and a
// pinch to zoom) and by a click and the keyboard on a desktop (the arrows, Tab kept inside,
// Escape, focus back on what opened it), in English and in Arabic (right to left: the swipe and
// the arrows turn the other way); the count ('3 / 11'), the image width asked for the screen
// from the image stage's variants, the floor plan after the photos, the video tour's link, and
// the viewer's code loaded on the first tap, not in the page's first view.
// Screenshots go to e2e/screenshots/viewer-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, openPage, screenshot, settle } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const DESKTOP = { width: 1366, height: 800 };
/** A listing with more photos than the gallery's 9. */
const MANY = 'sky-penthouse-with-private-pool';
/** A listing with a floor plan and a video tour. */
const PLAN = 'marina-gate-two-bedroom-sea-view';

const json = (...path) => JSON.parse(readFileSync(join(server.dist, ...path), 'utf8'));

async function visit(viewport, path, options = {}) {
  const opened = await openPage(browser, viewport, options);
  const scripts = [];
  opened.page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  const response = await opened.page.goto(server.url + path, { waitUntil: 'load' });
  assert.equal(response.status(), 200, path);
  await settle(opened.page);
  return { ...opened, scripts };
}

/** The viewer's count, as the page shows it. */
const count = (page) => page.locator('dialog.viewer .viewer__count [aria-hidden]').innerText();

/** A one-finger swipe of `dx` px across the middle of the viewer, by touch events. */
async function swipe(page, dx) {
  const box = await page.locator('.viewer__stage').boundingBox();
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, x) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  await touch('touchStart', x0);
  for (let i = 1; i <= 8; i++) await touch('touchMove', x0 + (dx * i) / 8);
  await touch('touchEnd');
  await cdp.detach();
}

/** Two fingers moving apart from `from` px to `to` px around the viewer's centre. */
async function pinch(page, from, to) {
  const box = await page.locator('.viewer__stage').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const points = (d) => [
    { x: cx - d / 2, y: cy, id: 1 },
    { x: cx + d / 2, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Runs `gesture` (touch events, `lifts` fingers lifted in all) and waits until the viewer has
 * handled the last one: its `pointerup`, then a frame, by which React has drawn what it changed.
 * Tests wait for the event they mean, not a fixed time: so "nothing changed" is checked once the
 * gesture is known to be over.
 */
async function handled(page, gesture, lifts = 1) {
  await page.evaluate((lifts) => {
    window.lifted = new Promise((resolve) => {
      let left = lifts;
      const lift = () => {
        if (--left > 0) return;
        document.removeEventListener('pointerup', lift);
        requestAnimationFrame(() => resolve());
      };
      document.addEventListener('pointerup', lift);
    });
  }, lifts);
  await gesture();
  await page.evaluate(() => window.lifted);
  await still(page);
}

/** Waits until the viewer's transitions (the strip, the zoom) have ended, if any run. */
function still(page) {
  return page.locator('dialog.viewer').evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/**
 * A double tap at `at`: two taps stamped 150 ms apart (the viewer's double tap is within 320 ms).
 * The events carry their time, so a loaded machine that delivers them late still delivers a
 * double tap, and the test waits for nothing.
 */
async function doubleTap(page, at) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  for (const time of [start, start + 0.15]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at.x, y: at.y }], timestamp: time });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: time + 0.03 });
  }
  await cdp.detach();
}

/** Waits until the viewer is zoomed in (`zoomed`) or not: the `data-zoomed` its stage carries. */
async function zoomed(page, zoomed) {
  await page.locator(`.viewer__stage${zoomed ? '[data-zoomed]' : ':not([data-zoomed])'}`).waitFor();
  await still(page);
}

/** Waits until the viewer's current picture has loaded and decoded, and nothing moves. */
async function drawn(page) {
  await page.locator('.viewer__slide--current img').evaluate((image) => image.decode());
  await still(page);
}

/** The current picture's scale, from its transform. */
async function scale(page) {
  return page.locator('.viewer__slide--current img').evaluate((img) => new DOMMatrix(getComputedStyle(img).transform).a);
}

for (const lang of ['en', 'ar']) {
  const prefix = lang === 'en' ? '' : `/${lang}`;
  const rtl = lang === 'ar';

  describe(`the gallery full screen (${lang})`, () => {
    test('by touch: a tap opens it, a swipe turns, a double tap and a pinch zoom, the close button returns', async () => {
      const { context, page, problems, scripts } = await visit(PHONE, `${prefix}/property/${MANY}`, { hasTouch: true, isMobile: true });
      const total = json('api', 'properties', `${MANY}.json`).Images.length;
      try {
        assert.ok(total > 9, `the sample listing has more than 9 photos (${total})`);
        assert.ok(!scripts.some((url) => /Lightbox/.test(url)), 'the viewer is not in the first view');
        await page.locator('.gallery__open').tap();
        const dialog = page.locator('dialog.viewer');
        await dialog.waitFor();
        assert.ok(scripts.some((url) => /Lightbox/.test(url)), 'the viewer loaded on the tap');
        assert.equal(await dialog.evaluate((d) => d.open && d.matches(':modal')), true);
        assert.equal(await count(page), rtl ? `1 من ${total}` : `1 / ${total}`);
        // A phone has no arrow keys: the hint names what a finger does.
        assert.equal(await page.locator('.viewer__hint').innerText(), rtl ? 'اسحب للتنقّل؛ قرّب بإصبعين أو بنقرتين.' : 'Swipe to turn; pinch or double-tap to zoom.');

        // A finger moving left brings the next photo; right to left, the previous (none: it stays).
        await handled(page, () => swipe(page, -200));
        assert.equal(await count(page), rtl ? `1 من ${total}` : `2 / ${total}`);
        await handled(page, () => swipe(page, 200));
        assert.equal(await count(page), rtl ? `2 من ${total}` : `1 / ${total}`);
        await handled(page, () => swipe(page, rtl ? 200 : -200));
        assert.equal(await count(page), rtl ? `3 من ${total}` : `2 / ${total}`);
        // A short move is not a swipe.
        await handled(page, () => swipe(page, -20));
        assert.equal(await count(page), rtl ? `3 من ${total}` : `2 / ${total}`);

        // The photo asked for fits the phone's screen: a 400 or 800 px variant, not the 1600 px one.
        const chosen = await page.locator('.viewer__slide--current img').evaluate((img) => img.currentSrc);
        assert.match(chosen, /-(400|800)\.(webp|jpg)$/, chosen);

        // Double tap: enlarged; again: whole.
        const box = await page.locator('.viewer__stage').boundingBox();
        const at = { x: box.x + box.width / 2 + 40, y: box.y + box.height / 2 };
        await handled(page, () => doubleTap(page, at), 2);
        await zoomed(page, true);
        assert.ok((await scale(page)) > 2, `a double tap zooms (${await scale(page)})`);
        // Zoomed, a swipe moves the photo, not to the next one.
        const before = await count(page);
        await handled(page, () => swipe(page, -150));
        assert.equal(await count(page), before);
        await handled(page, () => doubleTap(page, at), 2);
        await zoomed(page, false);
        assert.equal(await scale(page), 1);

        // Two fingers apart: enlarged.
        await handled(page, () => pinch(page, 80, 240), 2);
        assert.ok((await scale(page)) > 2, `a pinch zooms (${await scale(page)})`);
        await screenshot(page, { path: join(SHOTS, `viewer-${lang}-390-zoomed.png`) });
        await page.locator('.viewer__close').tap();
        await dialog.waitFor({ state: 'detached' });

        await page.locator('.gallery__open').tap();
        await dialog.waitFor();
        await drawn(page);
        await screenshot(page, { path: join(SHOTS, `viewer-${lang}-390.png`) });
        await page.locator('.viewer__close').tap();
        await dialog.waitFor({ state: 'detached' });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('by keyboard: Enter opens it, the arrows turn, Tab stays inside, Escape closes and focus comes back', async () => {
      const { context, page, problems } = await visit(DESKTOP, `${prefix}/property/${MANY}`);
      const total = json('api', 'properties', `${MANY}.json`).Images.length;
      try {
        const open = page.locator('.gallery__open');
        await open.focus();
        await page.keyboard.press('Enter');
        const dialog = page.locator('dialog.viewer');
        await dialog.waitFor();
        assert.equal(await count(page), rtl ? `1 من ${total}` : `1 / ${total}`);
        assert.match(await page.locator('.viewer__hint').innerText(), rtl ? /مفاتيح الأسهم/ : /arrow keys/);
        // The arrow pointing forwards: right, or left right to left.
        await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
        await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
        assert.equal(await count(page), rtl ? `3 من ${total}` : `3 / ${total}`);
        await page.keyboard.press(rtl ? 'ArrowRight' : 'ArrowLeft');
        assert.equal(await count(page), rtl ? `2 من ${total}` : `2 / ${total}`);
        await page.keyboard.press('End');
        assert.equal(await count(page), rtl ? `${total} من ${total}` : `${total} / ${total}`);
        await page.keyboard.press('Home');
        // The photo asked for fits a 1366 px screen: not the 400 px variant.
        const chosen = await page.locator('.viewer__slide--current img').evaluate((img) => img.currentSrc);
        assert.match(chosen, /-(800|1200|1600)\.(webp|jpg)$/, chosen);
        // Focus goes round the viewer's buttons only.
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
          await page.keyboard.press('Tab');
          assert.equal(await page.evaluate(() => !!document.activeElement?.closest('dialog.viewer')), true, `focus stays inside (${i})`);
        }
        // + zooms, - goes back.
        await page.keyboard.press('+');
        await zoomed(page, true);
        assert.ok((await scale(page)) > 1.4);
        await page.keyboard.press('-');
        await zoomed(page, false);
        assert.equal(await scale(page), 1);
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
        await drawn(page);
        await screenshot(page, { path: join(SHOTS, `viewer-${lang}-1366.png`) });
        const at = await count(page);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => document.activeElement?.className), 'gallery__open', 'focus is back on the photo');
        // The gallery follows the viewer: it shows the photo the viewer was at.
        const n = Number(at.match(/\d+/)[0]);
        assert.equal(await page.locator('.gallery__counter span').innerText(), rtl ? `${n} من 9` : `${n} / 9`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('the floor plan after the photos, and the video tour as a link', async () => {
      const { context, page, problems } = await visit(DESKTOP, `${prefix}/property/${PLAN}`);
      try {
        const photos = json('api', 'properties', `${PLAN}.json`).Images.length;
        const detail = json('data', 'detail', `${PLAN}.json`);
        const video = page.locator('a.gallery__extra');
        assert.equal(await video.getAttribute('href'), detail.videoTour);
        assert.equal(await video.getAttribute('target'), '_blank');
        await page.locator('button.gallery__extra').click();
        const dialog = page.locator('dialog.viewer');
        await dialog.waitFor();
        const all = photos + detail.floorPlans.length;
        assert.equal(await count(page), rtl ? `${photos + 1} من ${all}` : `${photos + 1} / ${all}`);
        assert.equal(await page.locator('.viewer__kind').innerText(), rtl ? 'المخطط' : 'Floor plan');
        const img = page.locator('.viewer__slide--current img');
        await img.evaluate((image) => image.decode());
        assert.match(await img.evaluate((image) => image.currentSrc), /\/media\/_img\/.+-(800|1200|1600)\.webp$/);
        assert.match(await img.getAttribute('alt'), rtl ? /المخطط 1 من 1/ : /floor plan 1 of 1/);
        await screenshot(page, { path: join(SHOTS, `viewer-${lang}-1366-plan.png`) });
        await page.locator('.viewer__close').click();
        await dialog.waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => document.activeElement?.className), 'gallery__extra');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  });
}
