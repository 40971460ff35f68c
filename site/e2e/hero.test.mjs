// Browser tests of the home search's portal fields (components/HeroFields.tsx), in Debian's
// Chromium: Buy or Rent, several communities chosen from suggestions (by pointer, and by keyboard
// alone in a combobox: arrows, Enter, Escape, chips removed with their labelled buttons, each
// change announced), bedrooms and a price range go to /search-result, whose chips and cards are
// those filters' (checked against the published listings, filtered here on their own); without
// JavaScript the form sends the same fields as a GET the result page reads. English, Arabic
// (right to left) and Russian. Screenshots at 390 and 1366 px go to e2e/screenshots/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, openPage, plain, screenshot, searchResults, settle } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1366, height: 900 };

/** The published listings (the static JSON API). */
const published = () => JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));
/** A listing's price as searches compare it: a rent as its yearly amount. */
const yearly = (p) => (p.price === null || p.price === undefined ? null : p.pricePeriod === 'month' ? p.price * 12 : p.price);
/** The ids of the published listings a home search finds, sorted. */
function expected({ purpose, communities, bedrooms, min = null, max = null }) {
  return published()
    .filter((p) => (purpose === 'rent' ? p.mainCategory === 'Rental' : purpose === 'sale' ? p.mainCategory !== 'Rental' : true))
    .filter((p) => communities.includes(p.location))
    .filter((p) => bedrooms === undefined || p.bedrooms === bedrooms)
    .filter((p) => (min === null || (yearly(p) !== null && yearly(p) >= min)) && (max === null || (yearly(p) !== null && yearly(p) <= max)))
    .map((p) => p.id)
    .sort();
}

/** Opens a home page settled, the popup kept closed. */
async function home(viewport, path = '/', options = {}) {
  const opened = await openPage(browser, viewport, options);
  await opened.page.addInitScript(() => sessionStorage.setItem('estate.popupClosed', '1'));
  await opened.page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  if (options.javaScriptEnabled !== false) await settle(opened.page);
  return opened;
}

const combobox = (page) => page.locator('#search-home-community');
const options = (page) => page.locator('#search-home-community-list [role="option"]');
const status = (page) => page.locator('.hero-community [role="status"]');

/** The listings at the sizes and languages of the screenshots, each with suggestions open and a chip chosen. */
async function shoot(page, name) {
  await screenshot(page, { path: join(SHOTS, `hero-${name}.png`) });
}

describe('the home search', () => {
  test('English: Buy, two communities, bedrooms and a price range find those listings; the result page shows each', async () => {
    const { context, page, problems } = await home(LAPTOP);
    const form = page.getByRole('search');
    // The specification's text box and type menu are there as they were.
    assert.equal(await form.locator('input[name="query"]').getAttribute('placeholder'), 'Community, building or keyword');
    const types = await form.locator('select[name="type"] option').allTextContents();
    assert.equal(types[0], 'Property type');
    for (const type of ['Apartment', 'Bungalow', 'Studio', 'Shop', 'Palace', 'Plot']) assert.ok(types.some((option) => option.startsWith(type)), `${type} in ${types}`);
    await form.getByRole('radio', { name: 'Buy' }).check();
    await combobox(page).fill('down');
    await options(page).filter({ hasText: 'Downtown Dubai' }).click();
    await combobox(page).fill('bay');
    await options(page).filter({ hasText: 'Business Bay' }).click();
    assert.deepEqual(await page.locator('.hero-chip > span').allTextContents(), ['Downtown Dubai', 'Business Bay']);
    await form.locator('select[name="bedrooms"]').selectOption('1');
    // Buy's steps: a million, not a year's rent.
    assert.ok((await form.locator('select[name="min"] option').allTextContents()).includes('1,000,000'));
    await form.locator('select[name="min"]').selectOption('1000000');
    await form.locator('select[name="max"]').selectOption('3000000');
    await shoot(page, 'en-1366');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search-result\?/);
    const address = new URL(page.url()).searchParams;
    assert.deepEqual(address.getAll('community'), ['Downtown Dubai', 'Business Bay']);
    assert.equal(address.get('purpose'), 'sale');
    assert.equal(address.get('bedrooms'), '1');
    assert.equal(address.get('min'), '1000000');
    assert.equal(address.get('max'), '3000000');
    const found = await searchResults(page);
    const wanted = expected({ purpose: 'sale', communities: ['Downtown Dubai', 'Business Bay'], bedrooms: 1, min: 1_000_000, max: 3_000_000 });
    assert.ok(wanted.length >= 2, `the sample has listings in both communities: ${wanted}`);
    assert.deepEqual(found.ids, wanted);
    for (const chip of ['Downtown Dubai', 'Business Bay', '1 Bedroom']) assert.ok(found.chips.includes(chip), `${chip} in ${found.chips}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('keyboard alone, in Arabic: the combobox suggests by any name, arrows and Enter choose, chips are removed and announced', async () => {
    const { context, page, problems } = await home(LAPTOP, '/ar/');
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    // Rent, by the radio group's arrows.
    await page.getByRole('radio', { name: 'الكل' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByRole('radio', { name: 'إيجار' }).isChecked(), true);
    // From the text box, the next stop is the communities' box.
    await page.locator('input[name="query"]').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'search-home-community');
    const box = combobox(page);
    assert.equal(await box.getAttribute('role'), 'combobox');
    assert.equal(await box.getAttribute('aria-expanded'), 'false');
    await page.keyboard.type('مارينا');
    await options(page).first().waitFor();
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    assert.equal(await options(page).first().textContent(), 'دبي مارينا');
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    assert.equal(await page.locator(`#${active}`).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.locator('.hero-chip > span').allTextContents(), ['دبي مارينا']);
    assert.match(await status(page).textContent(), /دبي مارينا/);
    assert.equal(await box.inputValue(), '');
    // An alias finds its community; Escape closes the list, Backspace in the empty box removes the last chip.
    await page.keyboard.type('JVC');
    await options(page).first().waitFor();
    assert.match(await options(page).first().textContent(), /قرية جميرا الدائرية.*JVC|JVC/);
    await page.keyboard.press('Escape');
    assert.equal(await box.getAttribute('aria-expanded'), 'false');
    await box.fill('');
    for (const typed of ['بحيرات', 'الخليج']) {
      await page.keyboard.type(typed);
      await options(page).first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    }
    assert.deepEqual(await page.locator('.hero-chip > span').allTextContents(), ['دبي مارينا', 'أبراج بحيرات جميرا', 'الخليج التجاري']);
    // The last chip's remove button, labelled with its community, reached by Shift+Tab.
    await page.keyboard.press('Shift+Tab');
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(label, 'إزالة الخليج التجاري');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.hero-chip').count(), 2);
    assert.match(await status(page).textContent(), /تمت إزالة/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'search-home-community', 'focus back in the box');
    await page.locator('input[name="query"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ar\/search-result\?/);
    const address = new URL(page.url()).searchParams;
    assert.equal(address.get('purpose'), 'rent');
    assert.deepEqual(address.getAll('community'), ['Dubai Marina', 'Jumeirah Lake Towers']);
    const found = await searchResults(page);
    assert.deepEqual(found.ids, expected({ purpose: 'rent', communities: ['Dubai Marina', 'Jumeirah Lake Towers'] }));
    assert.ok(found.ids.length > 0);
    for (const chip of ['دبي مارينا', 'أبراج بحيرات جميرا']) assert.ok(found.chips.includes(chip), `${chip} in ${found.chips}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('Russian: suggestions in Russian, Rent changes the price steps to a year\u2019s rents', async () => {
    const { context, page, problems } = await home(LAPTOP, '/ru/');
    const form = page.getByRole('search');
    await form.getByRole('radio', { name: 'Снять' }).check();
    const steps = await form.locator('select[name="max"] option').allTextContents();
    assert.ok(steps.some((step) => plain(step) === '100 000'), `a year's rent among ${steps}`);
    assert.ok(!steps.some((step) => plain(step) === '20 000 000'), 'no sale price');
    await combobox(page).pressSequentially('даун');
    await options(page).filter({ hasText: 'Даунтаун Дубай' }).click();
    await form.locator('select[name="max"]').selectOption('200000');
    await form.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL(/\/ru\/search-result\?/);
    const found = await searchResults(page);
    assert.deepEqual(found.ids, expected({ purpose: 'rent', communities: ['Downtown Dubai'], max: 200_000 }));
    assert.ok(found.ids.length > 0);
    assert.ok(found.chips.includes('Даунтаун Дубай'), `${found.chips}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a misspelt community is suggested as the result page reads it, in English and Russian', async () => {
    for (const [path, typed, shown] of [['/', 'Marena', 'Dubai Marina'], ['/', 'Dubia Hills', 'Dubai Hills Estate'], ['/ru/', 'Марена', 'Дубай Марина']]) {
      const { context, page, problems } = await home(LAPTOP, path);
      await combobox(page).pressSequentially(typed);
      await options(page).first().waitFor();
      assert.match(await options(page).first().textContent(), new RegExp(shown), `${path} ${typed}`);
      await options(page).first().click();
      await page.getByRole('search').getByRole('button', { name: path === '/' ? 'Search' : 'Найти' }).click();
      await page.waitForURL(/\/search-result\?/);
      const found = await searchResults(page);
      assert.ok(found.ids.length > 0, `${typed}: listings found`);
      assert.ok(found.chips.includes(shown), `${typed}: ${found.chips}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test('without JavaScript the form sends its fields as a GET to the search function, whose address the result page reads too', async () => {
    const { context, page } = await home(PHONE, '/', { javaScriptEnabled: false });
    const form = page.getByRole('search');
    await form.getByRole('radio', { name: 'Rent' }).check();
    await form.locator('input[name="community"]').fill('JVC');
    await form.locator('select[name="bedrooms"]').selectOption('0');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/api\/search-page\/en\/search-result\?/);
    const sent = new URL(page.url());
    assert.equal(sent.searchParams.get('purpose'), 'rent');
    assert.equal(sent.searchParams.get('community'), 'JVC');
    assert.equal(sent.searchParams.get('bedrooms'), '0');
    await context.close();
    // The same address in a browser with JavaScript: the endpoint reads the alias.
    const opened = await openPage(browser, PHONE);
    await opened.page.goto(`${server.url}/search-result${sent.search}`, { waitUntil: 'load' });
    const found = await searchResults(opened.page);
    assert.deepEqual(found.ids, expected({ purpose: 'rent', communities: ['Jumeirah Village Circle'], bedrooms: 0 }));
    assert.ok(found.ids.length > 0);
    assert.deepEqual(opened.problems, []);
    await opened.context.close();
  });

  test('screenshots at 390 and 1366 px in English, Arabic and Russian, suggestions open and a chip chosen', async () => {
    for (const [lang, path, first, typed] of [
      ['en', '/', 'marina', 'jum'],
      ['ar', '/ar/', 'مارينا', 'جميرا'],
      ['ru', '/ru/', 'марина', 'джум'],
    ]) {
      for (const viewport of [PHONE, LAPTOP]) {
        const { context, page, problems } = await home(viewport, path);
        await page.locator('.search-panel--home').scrollIntoViewIfNeeded();
        await shoot(page, `${lang}-${viewport.width}-closed`);
        await combobox(page).pressSequentially(first);
        await options(page).first().click();
        await combobox(page).pressSequentially(typed);
        await options(page).first().waitFor();
        await page.locator('.search-panel--home').scrollIntoViewIfNeeded();
        await shoot(page, `${lang}-${viewport.width}`);
        // No control overlaps another (the list of suggestions floats above the rest by design).
        const overlaps = await page.evaluate(() => {
          const boxes = [...document.querySelectorAll('.search-panel--home :is(input:not([type=hidden]):not([type=radio]), select, button, .hero-purpose label)')]
            .map((element) => ({ element, box: element.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0);
          const found = [];
          for (const [i, a] of boxes.entries())
            for (const b of boxes.slice(i + 1)) {
              if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
              const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
              const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
              if (x > 1 && y > 1) found.push(`${a.element.outerHTML.slice(0, 60)} / ${b.element.outerHTML.slice(0, 60)}`);
            }
          return found;
        });
        assert.deepEqual(overlaps, [], `${lang} ${viewport.width}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `${lang} ${viewport.width}: the page is ${width} px wide`);
        assert.deepEqual(problems, []);
        await context.close();
      }
    }
  });
});
