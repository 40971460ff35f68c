// Browser tests of the three languages against `estate serve` in Debian's Chromium: hreflang
// and canonical links; the language selector keeping the page and remembering the choice; the
// gallery's arrow keys in right-to-left. Screenshots of the Arabic pages go to /tmp/i18n-shots/.
// Every route in Arabic (/ar/...) and Russian (/ru/...) with the right <html lang dir> before any
// script runs, a translated heading and no English UI string left (brand names allowed) is the
// audit walk's `i18n` check (e2e/audit.mjs), which loads each page once for all its checks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { DESKTOP, PHONE, gotoSettled, openPage, openWalk, screenshot } from './browser.mjs';

const SHOTS = '/tmp/i18n-shots';
mkdirSync(SHOTS, { recursive: true });

const i18n = (lang) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
const TRANSLATIONS = { ar: i18n('ar'), ru: i18n('ru') };

// A listing whose texts the sample content translates.
const PROPERTY = '/property/difc-grade-a-office';

withSiteAndBrowser();

const localized = (lang, path) => (path === '/' ? `/${lang}` : `/${lang}${path}`);

async function html(path) {
  const response = await fetch(server.url + path);
  return { status: response.status, text: await response.text() };
}

describe('search engines', () => {
  test('canonical and hreflang links (with x-default) on every language of a page', async () => {
    const site = JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8'));
    for (const path of ['/buy-property', PROPERTY, '/']) {
      for (const lang of ['en', 'ar', 'ru']) {
        const own = lang === 'en' ? path : localized(lang, path);
        const { text } = await html(own);
        assert.ok(text.includes(`<link rel="canonical" href="${site.baseUrl}${own}"`), `${own}: canonical`);
        for (const [code, href] of [['en', path], ['ar', localized('ar', path)], ['ru', localized('ru', path)], ['x-default', path]]) {
          assert.ok(text.includes(`<link rel="alternate" hreflang="${code}" href="${site.baseUrl}${href}"`), `${own}: hreflang ${code}`);
        }
        const locale = { en: 'en_GB', ar: 'ar_AE', ru: 'ru_RU' }[lang];
        assert.ok(text.includes(`<meta property="og:locale" content="${locale}"`), `${own}: og:locale`);
      }
    }
  });

  test('titles and descriptions are translated', async () => {
    const { text } = await html('/ru/buy-property');
    assert.ok(text.includes(`<title>${TRANSLATIONS.ru['listing.residential.meta']} | `), 'Russian title');
    assert.ok(text.includes(TRANSLATIONS.ru['listing.residential.description'].slice(0, 40)), 'Russian description');
  });

  test('an unknown path under /ar answers the Arabic not-found page', async () => {
    const { status, text } = await html('/ar/no-such-page');
    assert.equal(status, 404);
    assert.match(text, /<html lang="ar" dir="rtl">/);
    assert.ok(text.includes(TRANSLATIONS.ar['notFound.title'].replace(/'/g, '&#x27;')) || text.includes(TRANSLATIONS.ar['notFound.title']));
  });
});

describe('property shell', () => {
  test('an unknown listing under /ru is answered by the Russian shell, which shows Property Not Found in Russian', async () => {
    const { status, text } = await html('/ru/property/no-such-listing');
    assert.equal(status, 404);
    assert.match(text, /<html lang="ru" dir="ltr">/);
    const { page, context } = await openPage(browser, DESKTOP, { expectNotFound: true });
    await gotoSettled(page, `${server.url}/ru/property/no-such-listing`);
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent?.trim() === title, TRANSLATIONS.ru['property.notFound']);
    await context.close();
  });
});

describe('language selector', () => {
  test('keeps the page and its query, switches lang and dir, and remembers the choice', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP);
    await gotoSettled(page, `${server.url}/buy-property?sort=price-asc`);
    const selector = page.locator('header .lang-switch');
    await selector.getByText('AR', { exact: true }).click();
    await page.waitForURL(/\/ar\/buy-property\?sort=price-asc$/);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
    assert.equal((await page.locator('h1').innerText()).trim(), TRANSLATIONS.ar['listing.residential.title']);
    // Links now lead to Arabic pages, and the shell's content is Arabic too.
    assert.equal(await page.locator('header a.site-header__cta').getAttribute('href'), '/ar/pro');
    await page.waitForFunction(() => /[\u0600-\u06ff]/.test(document.querySelector('footer address')?.textContent ?? ''));

    await page.locator('header .lang-switch').getByText('RU', { exact: true }).click();
    await page.waitForURL(/\/ru\/buy-property\?sort=price-asc$/);
    await page.waitForFunction(() => document.documentElement.lang === 'ru' && document.documentElement.dir === 'ltr');
    assert.equal((await page.locator('h1').innerText()).trim(), TRANSLATIONS.ru['listing.residential.title']);
    assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'ru');

    // Coming back to the English home page from outside the site: the chosen language's.
    const again = await context.newPage();
    await again.goto(`${server.url}/`, { waitUntil: 'load' });
    await again.waitForURL(/\/ru$/);
    await again.waitForFunction(() => document.documentElement.lang === 'ru');

    // Choosing English again goes back to the English paths.
    await again.locator('header .lang-switch').getByText('EN', { exact: true }).click();
    await again.waitForURL((url) => url.pathname === '/');
    await again.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dir === 'ltr');
    // Remembered even when the click came before the page's code had started (a plain link):
    // the English page remembers a change of language once its own code starts.
    await again.waitForFunction(() => localStorage.getItem('lang') === 'en');
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('on a phone the menu holds the selector too', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    await gotoSettled(page, `${server.url}/ar/about-us`);
    await page.locator('.menu-toggle').click();
    await page.locator('#mobile-menu .lang-switch').getByText('RU', { exact: true }).click();
    await page.waitForURL(/\/ru\/about-us$/);
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    assert.equal(await page.locator('#mobile-menu').isHidden(), true);
    await context.close();
    assert.deepEqual(problems, []);
  });
});

describe('right to left', () => {
  test('Arabic property page: arrow keys follow the visual direction, phone numbers keep their order', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP);
    await gotoSettled(page, `${server.url}${localized('ar', PROPERTY)}`);
    const counter = page.locator('.gallery__counter, .gallery [class*="counter"]').first();
    const before = await counter.innerText();
    assert.match(before, /^1 \S+ \d+$/);
    // In right to left the next photo is to the left.
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => /^2 \S+ \d/.test(document.querySelector('.gallery__counter, .gallery [class*="counter"]')?.textContent ?? ''));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /^1 \S+ \d/.test(document.querySelector('.gallery__counter, .gallery [class*="counter"]')?.textContent ?? ''));
    // The footer's phone number reads left to right.
    const phone = page.locator('footer a[href^="tel:"]').first();
    assert.equal(await phone.evaluate((node) => getComputedStyle(node).direction), 'ltr');
    // The translated title, and the layout mirrored: the logo at the right edge.
    const logo = await page.locator('.site-header__logo').boundingBox();
    assert.ok(logo.x > DESKTOP.width / 2, `the logo is at x=${logo.x}`);
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('translated content and vocabulary terms show in the page\'s language', async () => {
    const routes = JSON.parse(readFileSync(join(server.dist, 'data', 'routes.json'), 'utf8'));
    // The posts' articles are translated: no English body, no notice (languages.test.mjs
    // covers a post without its translation).
    const { text } = await html(localized('ar', routes.posts[0]));
    assert.match(text, /class="prose prose--article"/);
    assert.doesNotMatch(text, /class="prose prose--article" lang="en"|in-english-notice/);
    // Amenities come from the vocabulary, in Russian.
    const property = (await html(localized('ru', PROPERTY))).text;
    assert.match(property, /<ul class="amenities">/);
    assert.doesNotMatch(property, /class="amenities" lang="en"/);
  });

  test('prices and numbers per locale, Latin digits', async () => {
    const { text } = await html('/ar/buy-property');
    assert.ok(!/[٠-٩]/.test(text), 'no Arabic-Indic digits');
    const ru = await html('/ru/buy-property');
    assert.match(ru.text, /\d{1,3}(\u00a0|\u202f| )\d{3}(\u00a0|\u202f| )\d{3}(\u00a0|\u202f| )AED/, 'Russian groups digits with spaces');
  });
});

describe('screenshots of the Arabic pages', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    describe(`on a ${label}`, () => {
      // One tab for the viewport's pages (see openWalk).
      let walk;
      before(async () => {
        walk = await openWalk(browser, viewport);
      });
      after(() => walk.close());
      for (const [name, path] of [['home', '/ar'], ['listing', '/ar/buy-property'], ['property', localized('ar', PROPERTY)], ['contact', '/ar/contact-us']]) {
        test(`${name} on a ${label}`, async () => {
          const { page, context, problems } = await walk.open();
          await gotoSettled(page, server.url + path);
          await screenshot(page, { path: join(SHOTS, `ar-${name}-${label}.png`) });
          await screenshot(page, { path: join(SHOTS, `ar-${name}-${label}-full.png`), fullPage: true });
          await context.close();
          assert.deepEqual(problems, []);
        });
      }
    });
  }
});
