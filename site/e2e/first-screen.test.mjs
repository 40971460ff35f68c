// The first screen of every listing and result page shows a listing: the first card's top is
// within 700 px of the top on a 390x844 phone and within 800 px on a 1366x900 desktop, in every
// language, with the hero's title and the category tabs still there. /allproperties shows each
// featured listing once (not in a block of its own above the list and again in it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { openWalk, settle } from './browser.mjs';

withSiteAndBrowser();

const LISTINGS = [
  '/residential-properties',
  '/buy-property',
  '/rent-property',
  '/rent-properties',
  '/Properties-For-Rent-in-Dubai',
  '/Rental',
  '/off-plan',
  '/commercial',
  '/Properties-For-Sale-in-Dubai',
  '/allproperties',
];

/** Each result page with criteria that find listings in the sample content. */
const RESULTS = [
  '/search-result?type=Apartment',
  '/search-result?query=Marina',
  '/search-residential?bedrooms=2',
  '/search-commercial?type=Office',
  '/search-off-plan?type=Apartment',
  '/search-rent?type=Apartment',
];

const SCREENS = [
  ['phone', { width: 390, height: 844 }, 700],
  ['desktop', { width: 1366, height: 900 }, 800],
];

for (const [label, viewport, limit] of SCREENS) {
  test(`the first card is on the first ${label} screen of every listing and result page, in EN, AR and RU`, async () => {
    const walk = await openWalk(browser, viewport);
    const late = [];
    try {
      for (const lang of ['', '/ar', '/ru']) {
        for (const path of [...LISTINGS, ...RESULTS]) {
          const { page, context } = await walk.open();
          await page.goto(`${server.url}${lang}${path}`, { waitUntil: 'load' });
          await settle(page);
          const card = page.locator('main .property-card').first();
          await card.waitFor({ timeout: 15_000 });
          const measured = await page.evaluate(() => {
            const first = document.querySelector('main .property-card');
            const tabs = document.querySelector('main .tabs, main nav[aria-label]');
            return {
              top: Math.round(first.getBoundingClientRect().top + window.scrollY),
              h1: document.querySelector('main h1')?.textContent?.trim() ?? '',
              tabs: tabs ? tabs.getBoundingClientRect().height : 0,
            };
          });
          assert.ok(measured.h1.length > 0, `${lang}${path}: the page lost its title`);
          if (LISTINGS.includes(path)) assert.ok(measured.tabs > 0, `${lang}${path}: the category tabs are gone`);
          if (measured.top > limit) late.push(`${lang}${path}: first card at ${measured.top} px`);
          await context.close();
        }
      }
    } finally {
      await walk.close();
    }
    assert.deepEqual(late, [], `first card below ${limit} px on a ${viewport.width}x${viewport.height} screen`);
  });
}

test('/allproperties shows each featured listing once, after the sort and filters, on a phone', async () => {
  const walk = await openWalk(browser, { width: 390, height: 844 });
  try {
    for (const lang of ['', '/ar', '/ru']) {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}${lang}/allproperties`, { waitUntil: 'load' });
      await settle(page);
      const seen = await page.evaluate(() =>
        [...document.querySelectorAll('main .property-card a[href*="/property/"]')].map((a) => new URL(a.href).pathname),
      );
      const unique = new Set(seen);
      // Each card has one or more links to its listing: count cards by their first link.
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll('main .property-card')].map((card) => new URL(card.querySelector('a[href*="/property/"]').href).pathname),
      );
      assert.equal(new Set(cards).size, cards.length, `${lang}/allproperties: a listing shown twice: ${cards.join(', ')}`);
      assert.ok(unique.size > 0, `${lang}/allproperties: no cards`);
      const order = await page.evaluate(() => {
        const toolbar = document.querySelector('main .listing-toolbar');
        const first = document.querySelector('main .property-card');
        return toolbar.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING ? 'toolbar first' : 'cards first';
      });
      assert.equal(order, 'toolbar first', `${lang}/allproperties: cards before the sort and filters`);
      await context.close();
    }
  } finally {
    await walk.close();
  }
});
