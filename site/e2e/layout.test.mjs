// Browser tests of the layout at phone to wide-desktop widths in every language (issue 18):
// no control overlaps another (the Reset button was under the Area dropdown), nothing sticks out
// of the page (the Russian header ran past the viewport), and the phone property page has one
// WhatsApp button, not two. Runs against `estate serve` in Debian's Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './server.mjs';
import { PHONE, launch, openPage } from './browser.mjs';
import { elementsOutside, overlappingControls } from './layout-probe.mjs';

const LANGS = ['', '/ar', '/ru'];
const WIDTHS = [320, 390, 768, 1024, 1280, 1366, 1440, 1920];
// One page of each kind whose layout differs: home, the listing pages with each search panel,
// a result page, a property page, a page with a form.
const PAGES = ['/', '/buy-property', '/rent-property', '/off-plan', '/commercial', '/search-result?query=villa', '/property/arabian-ranches-3-townhouse', '/contact-us'];

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('layout from 320 to 1920 px', () => {
  for (const lang of LANGS) {
    for (const path of PAGES) {
      test(`${lang || '/en'}${path}: no overlapping controls, nothing outside the page`, async () => {
        const { context, page, problems } = await openPage(browser, { width: 1366, height: 900 });
        try {
          await page.goto(server.url + lang + path, { waitUntil: 'load' });
                    const found = [];
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
            for (const overlap of await overlappingControls(page)) found.push(`${width} px: overlap ${overlap}`);
            for (const outside of await elementsOutside(page)) found.push(`${width} px: outside ${outside}`);
          }
          assert.deepEqual(found, []);
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('the phone property page', () => {
  for (const lang of LANGS) {
    test(`${lang || '/en'}: one WhatsApp button, in the sticky contact bar`, async () => {
      const { context, page } = await openPage(browser, PHONE);
      try {
        await page.goto(`${server.url}${lang}/property/arabian-ranches-3-townhouse`, { waitUntil: 'load' });
        await page.locator('.property-cta').waitFor();
        const visibleWhatsApp = await page.evaluate(() =>
          [...document.querySelectorAll('a[href*="wa.me"], a[href*="whatsapp"]')]
            .filter((a) => {
              const box = a.getBoundingClientRect();
              const fixed = getComputedStyle(a).position === 'fixed' || a.closest('.property-cta');
              return fixed && box.width > 0 && box.height > 0 && getComputedStyle(a).visibility !== 'hidden';
            })
            .map((a) => a.className),
        );
        assert.equal(visibleWhatsApp.length, 1, `floating WhatsApp buttons on screen: ${visibleWhatsApp.join(', ')}`);
        assert.match(visibleWhatsApp[0], /property-cta__icon/);
      } finally {
        await context.close();
      }
    });
  }
});
