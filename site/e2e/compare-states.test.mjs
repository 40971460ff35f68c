// /compare when its table cannot be drawn, and its photos: without JavaScript the page says that
// comparing needs it and links to the shortlist (not the loading outline forever); when the
// listings' requests fail (a server error, offline) it says so with a button that asks again and
// then draws the table; a listing no longer published is named by its title (its page's, in the
// page's language; an id never published by the id) as no longer available beside the table of
// the others, each missing file asked for once; in English, Arabic and Russian. The heads' photos are fetched
// first (fetchpriority="high", not lazy) at the column's width from the image stage's variants,
// not the full-size original. On a phone two listings share its width, and the outline drawn
// while they load has the table's columns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { PHONE, framesDrawn, plain } from './browser.mjs';

withSiteAndBrowser();

const LANGS = ['en', 'ar', 'ru'];
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
const messages = Object.fromEntries(LANGS.map((lang) => [lang, JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'))]));
const IDS = ['marina-gate-two-bedroom-sea-view', 'downtown-one-bedroom-burj-view'];
const FOUR = ['marina-gate-two-bedroom-sea-view', 'emaar-beachfront-two-bedroom', 'downtown-serviced-hotel-apartment', 'jvc-studio-for-rent'];
/** A listing of the sample content that is not published (its API record answers 404). */
const GONE = 'jumeirah-golf-estates-bungalow';
/** Its title in each language, as its page (`data/gone/{id}.json`) has it. */
const GONE_TITLE = {
  en: 'Single-Storey Golf Bungalow in Jumeirah Golf Estates',
  ar: 'بنغلو من طابق واحد على ملعب الغولف في جميرا غولف استيتس',
  ru: 'Одноэтажное бунгало у поля для гольфа в Джумейра Гольф Эстейтс',
};

for (const lang of LANGS) {
  const t = messages[lang];

  test(`${lang}: without JavaScript /compare says comparing needs it and links to the shortlist`, async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${IDS.join(',')}`, { waitUntil: 'load' });
    // Read as the visitor sees it (Playwright's text and role matching skip <noscript>).
    const shown = await page.locator('main').innerText();
    assert.ok(shown.includes(`${t['noscript.compare']} ${t['compare.openShortlist']}`), `the page reads:\n${shown}`);
    const link = page.locator('main a', { hasText: t['compare.openShortlist'] });
    assert.equal(await link.getAttribute('href'), `${PREFIX[lang]}/shortlist`);
    assert.ok(await link.isVisible());
    // Nothing will come: no spinner saying it is loading, no outline of a table.
    assert.ok(!shown.includes(t['shortlist.loading']), `the loading line is shown:\n${shown}`);
    assert.equal(await page.locator('.compare__pending').isVisible(), false, "the table's outline is shown");
    await context.close();
  });

  test(`${lang}: /compare whose listings fail to load says so, and 'try again' draws the table`, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // A server error for one listing, no answer at all (offline) for the other.
    let failing = true;
    await page.route('**/api/properties/*.json', (route) => {
      if (!failing) return route.continue();
      return route.request().url().includes(IDS[0]) ? route.fulfill({ status: 500, body: 'Internal Server Error' }) : route.abort('internetdisconnected');
    });
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${IDS.join(',')}`, { waitUntil: 'load' });
    const alert = page.getByRole('alert').filter({ hasText: t['compare.failed'] });
    await assert.doesNotReject(alert.waitFor({ timeout: 15_000 }), 'the failure is said');
    assert.equal(await page.locator('.compare__pending').count(), 0, "the table's outline is still shown");
    assert.equal(await page.locator('.compare__table').count(), 0, 'an empty table is drawn');
    failing = false;
    await alert.getByRole('button', { name: t['compare.retry'] }).click();
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.compare__table thead th').count(), IDS.length);
    assert.equal(await alert.count(), 0, 'the failure is still said');
    await context.close();
  });

  test(`${lang}: /compare names a listing no longer published as no longer available, beside the others' table`, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${[...IDS, GONE].join(',')}`, { waitUntil: 'load' });
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.compare__table thead th').count(), IDS.length);
    const gone = page.locator('.shortlist__gone li');
    assert.deepEqual((await gone.allInnerTexts()).map(plain), [t['compare.gone'].replace('{listing}', GONE_TITLE[lang])]);
    await context.close();
  });

  test(`${lang}: /compare with a link naming five listings compares the first four and says so`, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const five = [...FOUR, IDS[1]];
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${five.join(',')}`, { waitUntil: 'load' });
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.compare__table thead th').count(), FOUR.length);
    const note = page.locator('.compare__first[role=status]');
    await assert.doesNotReject(note.waitFor({ timeout: 5_000 }), 'the page says only the first four are compared');
    assert.equal(plain(await note.innerText()), t['compare.firstOnly'].replace('{max}', '4').replace('{n}', '5'));
    // Four named: no note.
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${FOUR.join(',')}`, { waitUntil: 'load' });
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.compare__first').count(), 0);
    await context.close();
  });

  test(`${lang}: /compare with fewer than two listings left draws no table, asks for two to four and links to the shortlist`, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // Each missing file's requests: the record and detail file of a listing no longer there,
    // each asked for once (the boot script's request, which the page takes over).
    const missing = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname);
    });
    // None asked, one, one beside a sold one, and two that were never published.
    for (const ids of [[], [IDS[0]], [IDS[0], GONE], [GONE, 'no-such-listing']]) {
      const where = `ids=${ids.join(',')}`;
      missing.length = 0;
      await page.goto(`${server.url}${PREFIX[lang]}/compare?${where}`, { waitUntil: 'load' });
      const status = page.getByRole('status').filter({ hasText: t['compare.tooFew'] });
      await assert.doesNotReject(status.waitFor({ timeout: 15_000 }), `${where}: two to four are asked for`);
      const gone = ids.filter((id) => id !== IDS[0]);
      await page.waitForFunction((n) => document.querySelectorAll('.shortlist__gone li').length === n, gone.length);
      assert.equal(await page.locator('.compare__table').count(), 0, `${where}: a table is drawn`);
      assert.equal(await status.getByRole('link', { name: t['compare.openShortlist'] }).getAttribute('href'), `${PREFIX[lang]}/shortlist`, where);
      const once = gone.flatMap((id) => [`/api/properties/${id}.json`, `/data/detail/${id}.json`, ...(id === GONE ? [] : [`/data/gone/${id}.json`])]);
      assert.deepEqual(missing.toSorted(), once.toSorted(), `${where}: the missing files asked for`);
      const named = gone.map((id) => t['compare.gone'].replace('{listing}', id === GONE ? GONE_TITLE[lang] : id));
      assert.deepEqual((await page.locator('.shortlist__gone li').allInnerTexts()).map(plain), named, where);
      if (gone.length > 0) {
        // The notices stand apart from the box above them, not against it.
        const space = await page.evaluate(() => {
          const list = document.querySelector('.shortlist__gone');
          return list.getBoundingClientRect().top - list.previousElementSibling.getBoundingClientRect().bottom;
        });
        assert.ok(space >= 16, `${where}: ${space} px between the notices and the box above`);
      }
    }
    await context.close();
  });
}

/** The boxes of `selector`'s visible elements: [x, width] of each, rounded to the pixel. */
const boxes = (page, selector) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.filter((e) => e.getClientRects().length > 0).map((e) => [Math.round(e.getBoundingClientRect().x), Math.round(e.getBoundingClientRect().width)]),
  );

// Two listings on a phone: the second was cut at the screen's edge with nothing to say there was
// more. The table laid out to share the width was once reverted: its outline, drawn while the
// listings load, kept the wider columns, so the head photos drawn early in it (early.ts) were
// drawn elsewhere than the table then put them (and moved).
for (const lang of LANGS) {
  test(`${lang}: on a phone two listings share the screen's width, both whole in view, and their outline while they load has the same columns`, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // The listings' records held until the outline is measured.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/api/properties/*.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${IDS.join(',')}`, { waitUntil: 'load' });
    const outline = await boxes(page, '.compare__outline thead .compare__photo');
    assert.equal(outline.length, IDS.length, `${lang}: the outline has a column per listing`);
    release();
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    const photos = await boxes(page, '.compare__table thead img');
    assert.deepEqual(photos, outline, `${lang}: the photos where the outline had them`);
    const scroller = page.locator('.compare__scroll');
    assert.ok(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth), `${lang}: nothing to scroll sideways`);
    for (const [x, width] of await boxes(page, '.compare__table thead th')) {
      assert.ok(x >= 0 && x + width <= PHONE.width, `${lang}: a listing's column within the screen (${x}, ${width})`);
    }
    // The page's largest paint is a head photo (drawn early in the outline), or a text drawn
    // before the table (the heading's), not a title wrapped on many lines of a narrow column,
    // which comes only with the table.
    await page.unroute('**/api/properties/*.json');
    await page.addInitScript(() => {
      window.__largest = [];
      window.__table = null;
      new PerformanceObserver((list) => window.__largest.push(...list.getEntries().map((entry) => ({ at: entry.startTime, url: entry.url })))).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver(() => {
        if (window.__table === null && document.querySelector('.compare__table')) window.__table = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${IDS.join(',')}`, { waitUntil: 'load' });
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => [...document.querySelectorAll('.compare__table thead img')].every((img) => img.complete));
    // A frame drawn with the table and its photos, and the observer's pending entries taken.
    await framesDrawn(page);
    const [largest, table] = await page.evaluate(() => [window.__largest.at(-1), window.__table]);
    assert.ok(largest.url || largest.at < table, `${lang}: the largest paint a text at ${largest.at} ms, after the table came at ${table} ms`);
    // Three still scroll sideways, the next one showing at the edge.
    await page.goto(`${server.url}${PREFIX[lang]}/compare?ids=${FOUR.slice(0, 3).join(',')}`, { waitUntil: 'load' });
    await page.locator('.compare__table').waitFor({ timeout: 15_000 });
    assert.ok(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 100), `${lang}: three scroll sideways`);
    await context.close();
  });
}

test("/compare's heads' photos are fetched first, at the column's width", async () => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${server.url}/compare?ids=${FOUR.join(',')}`, { waitUntil: 'load' });
  await page.locator('.compare__table').waitFor({ timeout: 15_000 });
  const photos = page.locator('.compare__table thead img');
  assert.equal(await photos.count(), FOUR.length);
  await page.waitForFunction(() => [...document.querySelectorAll('.compare__table thead img')].every((img) => img.complete && img.currentSrc));
  for (const photo of await photos.all()) {
    const [priority, loading, chosen, shown] = await photo.evaluate((img) => [img.getAttribute('fetchpriority'), img.loading, img.currentSrc, img.getBoundingClientRect().width]);
    assert.equal(priority, 'high', chosen);
    assert.notEqual(loading, 'lazy', chosen);
    // 144 px wide on a phone: the stage's 400 px variant, not the 1200 px original.
    assert.ok(shown < 200, `shown ${shown} px wide`);
    assert.match(chosen, /\/media\/_img\/[0-9a-f]+-400\.webp$/, `the photo fetched: ${chosen}`);
  }
  await context.close();
});
