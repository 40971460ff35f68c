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

// The function fails the second page once (a 500, as a throttled or failing function answers):
// the visitor is told, in the page's language and as an alert a screen reader says, that the next
// properties could not be loaded and that pressing again retries; the cards shown stay. The next
// press asks for the same page again, and its answer adds the cards and takes the message away.
for (const [lang, prefix] of [['en', ''], ['ar', '/ar']]) {
  test(`${lang}: a next page that fails says so, and 'Show more' tries it again`, async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    try {
      let total = 0;
      page.on('response', (response) => {
        if (response.url().includes('/api/search') && response.status() === 200) total = Number(response.headers()['x-total-count']);
      });
      await page.goto(`${server.url}${prefix}/search-result`, { waitUntil: 'load' });
      await searchResults(page, []);
      assert.ok(total > 24, `a search longer than the function's page of 24 (found ${total})`);
      const t = words(lang);
      const asked = [];
      let failures = 1;
      await page.route(/\/api\/(search-properties|properties\/[\w-]+\/search)(\?|$)/, (route) => {
        const request = route.request();
        const wanted = Number(request.postDataJSON()?.page ?? 1);
        asked.push(wanted);
        if (wanted === 2 && failures > 0) {
          failures -= 1;
          return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' });
        }
        return route.continue();
      });
      const more = page.locator('.listing-more button');
      const alert = page.locator('.listing-more [role="alert"]');
      const before = (await cardIds(page)).length;
      assert.equal(before, 24, 'the first page of cards');
      assert.equal(await alert.count(), 0, 'no message before a failure');

      await more.click();
      await alert.waitFor();
      assert.equal(plain(await alert.innerText()), plain(t['search.moreFailed']));
      assert.deepEqual(asked, [2], 'the second page was asked for, once');
      await page.waitForFunction(() => !document.querySelector('.listing-more button')?.disabled);
      assert.equal((await cardIds(page)).length, before, 'the cards shown stay');
      assert.equal(plain(await more.innerText()), plain(t['listing.more']));
      if (lang === 'ar') assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.listing-more__failed')).direction), 'rtl');

      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll('.card-grid .property-card__link').length > n, before);
      await alert.waitFor({ state: 'detached' });
      assert.deepEqual(asked, [2, 2], 'the same page again, not the one after');
      const ids = await cardIds(page);
      assert.equal(ids.length, Math.min(total, 48), 'the second page of cards added');
      assert.equal(new Set(ids).size, ids.length, 'each once');
      await settle(page);
      // What the failure logged: the browser's line for the 500 and the page's own.
      const expected = [/^console error: Failed to load resource: .*status of 500/, /^console error: Failed to fetch more search results/];
      assert.deepEqual(
        problems.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
        [],
      );
      assert.equal(problems.length, 2, problems.join('\n'));
    } finally {
      await context.close();
    }
  });
}
