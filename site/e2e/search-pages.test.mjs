// Browser tests of a search whose answer is longer than one page, in English and Arabic: the
// function answers one page at a time with the total in `X-Total-Count`; the result page says
// how many it shows of how many, and 'Show more' reaches every listing found, asking the function
// for the next page once the cards it has are all shown, each listing once. Runs against the
// run's sample site in Debian's Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, openPage, plain, searchResults, settle } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

const words = (lang) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
const cardIds = (page) =>
  page.$$eval('.card-grid .property-card__link', (links) => links.map((a) => a.getAttribute('href').replace(/^.*\/property\//, '')));

for (const [lang, prefix] of [['en', ''], ['ar', '/ar']]) {
  test(`${lang}: 'Show more' pages through every listing a search finds, each once, the function asked page by page`, async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    try {
      const asked = [];
      page.on('response', async (response) => {
        if (!response.url().includes('/api/search') || response.request().method() !== 'POST') return;
        asked.push({ body: response.request().postDataJSON(), total: Number(response.headers()['x-total-count']) });
      });
      // Every listing for sale or rent: more than one page of the function's answer.
      await page.goto(`${server.url}${prefix}/search-result`, { waitUntil: 'load' });
      await searchResults(page, []);
      const total = asked.at(-1)?.total;
      assert.ok(total > 24, `a search longer than the function's page of 24 (found ${total})`);
      const more = page.locator('.listing-more button');
      const t = words(lang);
      for (let presses = 0; (await more.count()) > 0; presses += 1) {
        assert.ok(presses < 20, 'the button goes once every listing is shown');
        const shown = (await cardIds(page)).length;
        assert.equal(plain(await page.locator('.listing-more__status').innerText()), plain(t['listing.showing'].replace('{shown}', shown).replace('{total}', total)));
        assert.equal(plain(await more.innerText()), plain(t['listing.more']));
        await more.click();
        await page.waitForFunction((before) => document.querySelectorAll('.card-grid .property-card__link').length > before, shown);
        await settle(page);
      }
      const ids = await cardIds(page);
      assert.equal(ids.length, total, 'every listing found is shown');
      assert.equal(new Set(ids).size, ids.length, 'each once');
      const pages = asked.map(({ body }) => Number(body.page ?? 1));
      assert.ok(pages.includes(2), `the function was asked for its second page (asked: ${JSON.stringify(pages)})`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
