// A visitor without JavaScript searches from the home page and gets the matching listings: the
// form's plain GET goes to the search function (lead-fn's search/html.rs), mounted by estate
// serve as Netlify proxies it, which answers the site's result page of the visitor's language
// with one page of the matching cards drawn in it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, openPage, screenshot } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1366, height: 900 };

/** The published listings (the static JSON API). */
const published = () => JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));

/** The ids of the cards a page shows, from their links, sorted. */
async function cardIds(page) {
  const links = await page.locator('.card-grid .property-card__link').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  return links.map((href) => href.split('/').pop()).sort();
}

describe('the home search without JavaScript', () => {
  for (const [lang, home, rent, heading] of [
    ['en', '/', 'Rent', 'Properties found: '],
    ['ar', '/ar/', 'إيجار', 'عدد العقارات التي تم العثور عليها: '],
  ]) {
    test(`${lang}: Rent in the community with the most rentals shows the matching cards, in the page's language`, async () => {
      for (const viewport of [PHONE, LAPTOP]) {
        const { context, page } = await openPage(browser, viewport, { javaScriptEnabled: false });
        await page.goto(`${server.url}${home}`, { waitUntil: 'load' });
        const form = page.getByRole('search');
        await form.getByRole('radio', { name: rent }).check();
        const rentals = published().filter((p) => p.mainCategory === 'Rental');
        const counts = new Map();
        for (const p of rentals) counts.set(p.location, (counts.get(p.location) ?? 0) + 1);
        const community = [...counts].sort((a, b) => b[1] - a[1])[0][0];
        await form.locator('input[name="community"]').fill(community);
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(new RegExp(`/api/search-page/${lang}/search-result\\?`));
        const wanted = published()
          .filter((p) => p.mainCategory === 'Rental' && p.location === community)
          .map((p) => p.id)
          .sort();
        assert.ok(wanted.length > 0, 'the sample has rentals');
        assert.deepEqual(await cardIds(page), wanted);
        assert.equal(await page.locator('#results-count').textContent(), `${heading}${wanted.length}`);
        assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
        assert.equal(await page.locator('.card-placeholder').count(), 0);
        // The cards are the site's own, in the page's language: the type named as its pages name it.
        const type = await page.locator('.property-card__type').first().textContent();
        if (lang === 'ar') assert.match(type ?? '', /[\u0600-\u06ff]/);
        await screenshot(page, { path: join(SHOTS, `noscript-results-${lang}-${viewport.width}.png`), fullPage: viewport === PHONE ? false : true });
        await context.close();
      }
    });
  }

  test('nothing found says so; a page of many links to the next keeping the query', async () => {
    const { context, page } = await openPage(browser, LAPTOP, { javaScriptEnabled: false });
    await page.goto(`${server.url}/api/search-page/ru/search-result?query=${encodeURIComponent('<script>zzqx')}`, { waitUntil: 'load' });
    assert.equal(await page.locator('.card-grid .property-card').count(), 0);
    assert.match((await page.locator('.empty-state[role="status"]').textContent()) ?? '', /^По вашему запросу объектов нет/);
    assert.equal(await page.locator('script').count(), 1);
    const all = published().length;
    if (all > 24) {
      await page.goto(`${server.url}/api/search-page/en/search-result?type=&query=`, { waitUntil: 'load' });
      assert.equal(await page.locator('.card-grid .property-card').count(), 24);
      await page.locator('a[rel="next"]').click();
      await page.waitForURL(/page=2/);
      assert.equal(await page.locator('.card-grid .property-card').count(), Math.min(24, all - 24));
      assert.ok(await page.locator('a[rel="prev"]').isVisible());
    }
    await context.close();
  });
});
