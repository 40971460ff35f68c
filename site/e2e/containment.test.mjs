// The parts of a page below its first screen that are laid out and painted only as they come near
// it (`content-visibility: auto`: the shell's banner, partners strip and footer, the home page's
// sections under the hero; styles/shell.css, styles/home.css): scrolled through, each is drawn
// where it stands, nothing on the screen moves, and a popup near them (the call-back form's
// country list, which is not inside one) is drawn whole, not clipped, in EN, AR and RU at 390 and
// 1366 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { gotoSettled, openPage } from './browser.mjs';

withSiteAndBrowser();

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/**
 * Whether every heading and link of `selector`'s elements in view is drawn (found where it stands:
 * a part still skipped shows only its empty box), unless the fixed header or chat button is over it.
 */
const drawnInView = (selector) =>
  [...document.querySelectorAll(selector)].every((part) =>
    [...part.querySelectorAll('h2, a')].every((child) => {
      const box = child.getBoundingClientRect();
      const [x, y] = [box.left + Math.min(box.width / 2, 8), box.top + box.height / 2];
      if (box.width === 0 || y < 0 || y >= innerHeight || x < 0 || x >= innerWidth) return true;
      const found = document.elementFromPoint(x, y);
      return found != null && (child.contains(found) || found.closest('.site-header, .chat-button') != null);
    }),
  );

for (const lang of ['', '/ar', '/ru']) {
  test(`${lang || '/en'}: the parts laid out near the screen shift nothing as the page scrolls, and are drawn`, async () => {
    for (const viewport of VIEWPORTS) {
      const { context, page, problems } = await openPage(browser, viewport);
      await page.addInitScript(() => {
        window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of ['/', '/buy-property']) {
        const url = `${server.url}${lang}${path === '/' && lang ? '' : path}`;
        await gotoSettled(page, url);
        const what = `${url} at ${viewport.width} px`;
        // Down the page a screen at a time, as a visitor scrolls, each part drawn where it stands.
        for (let step = 0; step < 60; step += 1) {
          const done = await page.evaluate(() => {
            scrollBy(0, innerHeight * 0.8);
            return innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
          });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const parts = '.cta-banner, .partners-strip, .site-footer, .home-hero ~ .section';
          assert.ok(await page.evaluate(drawnInView, parts), `${what}: a part in view is not drawn (step ${step})`);
          if (done) break;
        }
        const legal = page.locator('.site-footer__legal a').first();
        assert.ok(await legal.isVisible(), `${what}: the footer's last links are not shown`);
        const shift = await page.evaluate(() => window.__shift);
        assert.ok(shift <= 0.001, `${what}: layout shift ${shift}`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test("the home page's call-back country list is drawn whole, not clipped, in EN and AR at 390 and 1366 px", async () => {
  for (const lang of ['', '/ar']) {
    for (const viewport of VIEWPORTS) {
      const { context, page, problems } = await openPage(browser, viewport);
      await gotoSettled(page, `${server.url}${lang || '/'}`);
      const button = page.locator('.home-contact .phone-field__country-button').first();
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const list = page.locator('.home-contact .phone-field__popover').first();
      await list.waitFor({ state: 'visible' });
      await list.scrollIntoViewIfNeeded();
      const corners = await list.evaluate((popover) => {
        const box = popover.getBoundingClientRect();
        return [
          [box.left + 4, box.top + 4],
          [box.right - 4, box.top + 4],
          [box.left + 4, box.bottom - 4],
          [box.right - 4, box.bottom - 4],
        ].map(([x, y]) => popover.contains(document.elementFromPoint(x, y)));
      });
      assert.deepEqual(corners, [true, true, true, true], `${lang || '/en'} at ${viewport.width} px: the country list is clipped or covered`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});
