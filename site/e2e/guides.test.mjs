// Browser tests of the area guides in Debian's Chromium: a community's guide page in
// EN, AR and RU (the editor's texts, its listings, the chart as an inline SVG and its table with
// the numbers of the published data/guides/{key}.json, the last 12 months' figures with 'too
// few' under 10 sales, the source line); the area guides page and a property page's location
// linking to it; the property page's Golden Visa line and /golden-visa in three languages;
// axe-core at 390 and 1366 px in EN and AR; the chart's labels 11 to 16 px, the tables' headings
// on two lines at most, and a table's box that scrolls shaded at the edge where more of it lies
// and a tab stop only then; the market section left alone by hydration (the prerender's markup),
// and drawn the same by the app's own navigation. Screenshots go to e2e/screenshots/guide-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { PHONE, closeClean, gotoSettled, launch, plain, screenshot, settle, visitPage } from './browser.mjs';
import { axeViolations } from './axe.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const LAPTOP = { width: 1366, height: 768 };
const VIEWS = [
  ['390', PHONE],
  ['1366', LAPTOP],
];
const LANGS = ['en', 'ar', 'ru'];
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
// As the site formats numbers (src/i18n LOCALES).
const LOCALES = { en: 'en-GB', ar: 'ar-AE-u-nu-latn', ru: 'ru-RU' };
const TOO_FEW = { en: 'too few', ar: 'قليلة جداً', ru: 'слишком мало' };
const SOURCE = { en: 'Dubai Land Department open data', ar: 'دائرة الأراضي والأملاك في دبي', ru: 'Земельного департамента Дубая' };
/** The community with figures, and one whose figures have months and rows with too few sales. */
const MARINA = 'dubai-marina';
const FEW = 'difc';

let server;
let browser;
/** The published listings (the static JSON API). */
let listings;

const json = (...path) => JSON.parse(readFileSync(join(server.dist, ...path), 'utf8'));
const guideData = (key) => json('data', 'guides', `${key}.json`);

before(async () => {
  server = await startServer();
  browser = await launch();
  listings = json('api', 'properties.json');
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path` at `viewport`, answered 200 and settled. */
const visit = (viewport, path) => visitPage(browser, viewport, server.url + path);
/** Text of an HTML fragment (the published texts are HTML). */
const textOf = (html) => plain(html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'"));
/** A number as the page writes it. */
const number = (lang, n) => plain(new Intl.NumberFormat(LOCALES[lang]).format(n));
const percent = (lang, r) => plain(new Intl.NumberFormat(LOCALES[lang], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r));

/** The guide's name and texts in `lang`, as the page shows them (English where none). */
function localized(guide, lang) {
  const own = lang === 'en' ? {} : (guide.translations?.[lang] ?? {});
  const texts = {};
  for (const field of ['introduction', 'lifestyle', 'schools', 'transport']) {
    const html = own[field] ?? guide.texts[field];
    if (html) texts[field] = textOf(html);
  }
  return { name: own.name ?? guide.name, texts };
}

/** The rows of a table: the texts of their data cells (not the row heading). */
const rowsOf = (table) => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.innerText)));

/**
 * The guide's figures on the page equal the published JSON's: each kind's chart (an inline SVG,
 * a point per month with a median) or the 'too few' note, the chart's table month by month, and
 * the last 12 months' table.
 */
async function assertFigures(page, guide, lang) {
  const few = TOO_FEW[lang];
  const market = page.locator('.guide-market');
  const trends = market.locator('figure.guide-trend');
  assert.equal(await trends.count(), guide.market.trends.length, 'a figure per kind');
  for (const [i, trend] of guide.market.trends.entries()) {
    const figure = trends.nth(i);
    const charted = trend.months.filter((m) => m.median != null).length;
    // One drawing is shown, the phone's or the wide one; the other is display: none.
    const chart = figure.locator('svg.trend-chart:visible');
    if (charted) {
      assert.equal(await chart.count(), 1, `${trend.kind}: one chart shown`);
      assert.equal(await chart.getAttribute('role'), 'img');
      assert.ok((await chart.getAttribute('aria-label')).length > 40, 'the chart is labelled');
      assert.equal(await chart.locator('circle').count(), charted, `${trend.kind}: a point per month with a median`);
      assert.equal(await chart.locator('rect').count(), trend.months.length, `${trend.kind}: a bar per month`);
      // Its labels readable and not oversized: 11 to 16 px as drawn on the screen (a laptop's
      // box once scaled them to 25 px).
      const sizes = await chart.evaluate((svg) => [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a));
      const labels = `${trend.kind}: chart labels of ${sizes.map((s) => s.toFixed(1)).join(', ')} px`;
      assert.ok(sizes.length > 3 && Math.min(...sizes) >= 11, labels);
      assert.ok(Math.max(...sizes) <= 16, labels);
    } else {
      assert.equal(await figure.locator('svg.trend-chart').count(), 0, `${trend.kind}: no chart without a median`);
      assert.ok((await figure.locator('.guide-trend__few').innerText()).length > 20);
    }
    // The chart's numbers as a table, month by month.
    await figure.locator('summary').click();
    const table = figure.locator('table');
    await table.waitFor();
    const rows = await rowsOf(table);
    assert.equal(rows.length, trend.months.length, `${trend.kind}: a row per month`);
    await assertHeadings(table, `${trend.kind}'s table`);
    const months = await table.locator('tbody th').allInnerTexts();
    const monthName = new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' });
    trend.months.forEach((m, r) => {
      const [year, month] = m.month.split('-').map(Number);
      assert.equal(plain(months[r]).toLowerCase(), plain(monthName.format(new Date(Date.UTC(year, month - 1, 15)))).toLowerCase(), `${m.month}: its name`);
      assert.deepEqual(rows[r].map(plain), [number(lang, m.sales), m.median != null ? number(lang, m.median) : few], `${trend.kind} ${m.month}`);
    });
  }
  // The last 12 months by kind and bedrooms.
  const table = market.locator('table.guide-table--figures');
  const rows = await rowsOf(table);
  assert.equal(rows.length, guide.market.figures.length, 'a row per kind and bedrooms');
  guide.market.figures.forEach((f, r) => {
    const expected = [
      number(lang, f.sales),
      f.median != null ? number(lang, f.median) : few,
      number(lang, f.rents),
      f.rentMedian != null ? number(lang, f.rentMedian) : few,
      f.median != null && f.rentMedian != null ? percent(lang, f.rentMedian / f.median) : few,
    ];
    assert.deepEqual(rows[r].map(plain), expected, `${f.kind} ${f.bedrooms ?? 'all'}`);
  });
  assert.equal(await table.getAttribute('aria-labelledby'), 'guide-figures-caption');
  await assertHeadings(table, 'the figures');
  // Every table's box, the charts' opened above: a tab stop exactly when it scrolls sideways.
  for (const box of await market.locator('.guide-table-wrap').all()) {
    const { scrolls, tabindex, more } = await box.evaluate((b) => ({
      scrolls: b.scrollWidth > b.clientWidth + 1,
      tabindex: b.getAttribute('tabindex'),
      more: b.parentElement.dataset.more ?? null,
    }));
    assert.equal(tabindex, scrolls ? '0' : null, `a box that ${scrolls ? 'scrolls' : 'fits'}: tabindex ${tabindex}`);
    if (!scrolls) assert.equal(more, null, 'no shade on a box that fits');
  }
  const source = plain(await market.locator('.guide-market__source').innerText());
  assert.ok(source.includes(SOURCE[lang]) && source.includes(guide.market.to.slice(0, 4)), `the source line: ${source}`);
}

/** The column headings of `table` take two lines at most ('Median AED per sqft' took four). */
async function assertHeadings(table, what) {
  const lines = await table.locator('thead th').evaluateAll((cells) =>
    cells.map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return [th.innerText, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
    }),
  );
  for (const [text, n] of lines) assert.ok(n <= 2, `${what}: '${text}' on ${n} lines`);
}

/**
 * The shades of a table's scrolling box (ScrollBox.tsx): where more of the table lies, on the
 * right in English and the left in Arabic; `more` is what data-more should say.
 */
async function assertShades(box, more, where) {
  // The scroll event's update is a render away, and the shade's fade a frame more (reduced
  // motion); on a timeout the assertions below say what is.
  const handle = await box.elementHandle();
  await box
    .page()
    .waitForFunction(
      ([b, want]) => {
        const shown = (which) => getComputedStyle(b.parentElement, which).opacity === '1';
        const now = b.parentElement.dataset.more ?? '';
        return now === want && shown('::before') === want.includes('start') && shown('::after') === want.includes('end');
      },
      [handle, more],
      { timeout: 5000 },
    )
    .catch(() => {});
  const shades = await box.evaluate((b) => {
    const rtl = getComputedStyle(b).direction === 'rtl';
    const shade = (which) => {
      const style = getComputedStyle(b.parentElement, which);
      // Its physical side: the inline start is the right in Arabic.
      const side = style.left === '0px' ? 'left' : style.right === '0px' ? 'right' : '?';
      return { shown: style.opacity === '1', side };
    };
    return { rtl, more: b.parentElement.dataset.more ?? '', start: shade('::before'), end: shade('::after') };
  });
  assert.equal(shades.more, more, `${where}: data-more`);
  const [startSide, endSide] = shades.rtl ? ['right', 'left'] : ['left', 'right'];
  assert.deepEqual(shades.start, { shown: more.includes('start'), side: startSide }, `${where}: the start's shade`);
  assert.deepEqual(shades.end, { shown: more.includes('end'), side: endSide }, `${where}: the end's shade`);
}

/** Scrolls the element `selector` names to just under the sticky header. */
async function scrollUnderHeader(page, selector) {
  await page.evaluate((selector) => {
    const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
    const top = document.querySelector(selector).getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - header - 12, behavior: 'instant' });
  }, selector);
}

describe('an area guide', () => {
  test('Dubai Marina in EN, AR and RU at 390 and 1366 px: texts, listings, the chart and its table, the figures, the source; axe in EN and AR', async () => {
    const guide = guideData(MARINA);
    assert.ok(guide.market?.trends.length && guide.market.figures.length, 'the sample has figures for Dubai Marina');
    assert.ok(guide.listings.length >= 1, 'and listings');
    for (const lang of LANGS) {
      const { name, texts } = localized(guide, lang);
      assert.equal(Object.keys(texts).length, 4, `${lang}: the editor wrote four texts`);
      for (const [width, viewport] of VIEWS) {
        const path = `${PREFIX[lang]}/area-guides-in-dubai/${MARINA}`;
        const opened = await visit(viewport, path);
        const { page } = opened;
        const where = `${path} at ${width}`;
        assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
        assert.equal(plain(await page.locator('h1').innerText()), name, where);
        await screenshot(page, { path: join(SHOTS, `guide-top-${lang}-${width}.png`) });
        // The editor's texts, each under its heading.
        const sections = page.locator('.guide__text');
        assert.equal(await sections.count(), 4, where);
        for (const [i, text] of Object.values(texts).entries()) {
          const shown = plain(await sections.nth(i).locator('.prose').innerText());
          assert.equal(shown, text, `${where}: the editor's text`);
        }
        // Its listings, as cards linking to their pages.
        const hrefs = await page.locator('.guide .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        assert.deepEqual(hrefs, guide.listings.map((card) => `${PREFIX[lang]}/property/${card.id}`), where);
        // The caption of the figures' table stays put while its box scrolls sideways.
        const caption = page.locator('#guide-figures-caption');
        assert.equal(await caption.evaluate((p) => p.closest('.guide-table-wrap')), null, 'the caption outside the scrolling box');
        const box = page.locator('.guide-market .guide-table-wrap').last();
        // On a phone its six columns scroll, and it says so: a shade at the end, then at the
        // start once scrolled to the end; the box takes the focus. On a laptop it fits.
        if (viewport === PHONE) {
          assert.equal(await box.getAttribute('tabindex'), '0', `${where}: the figures' box is a tab stop`);
          await assertShades(box, 'end', `${where}, scrolled to the start`);
          await box.evaluate((b) => b.scrollTo({ left: (getComputedStyle(b).direction === 'rtl' ? -1 : 1) * b.scrollWidth }));
          await assertShades(box, 'start', `${where}, scrolled to the end`);
          await box.evaluate((b) => b.scrollTo({ left: 0 }));
          await assertShades(box, 'end', `${where}, back at the start`);
        } else {
          assert.equal(await box.getAttribute('tabindex'), null, `${where}: the figures' box fits, no tab stop`);
          await assertShades(box, '', where);
        }
        const before = await caption.boundingBox();
        await box.evaluate((b) => b.scrollBy({ left: b.dir === 'rtl' || getComputedStyle(b).direction === 'rtl' ? -200 : 200 }));
        assert.deepEqual(await caption.boundingBox(), before, `${where}: the caption did not scroll`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `${where}: no sideways scroll of the page`);
        if (lang !== 'ru') {
          const violations = await axeViolations(page);
          assert.deepEqual(violations, [], `${where}: axe-core`);
        }
        // What a visitor sees, the tables closed: the market section's start (its chart), and the
        // last 12 months' table; each scrolled to just under the sticky header.
        await box.evaluate((b) => b.scrollTo({ left: 0 }));
        await scrollUnderHeader(page, '#guide-market');
        await screenshot(page, { path: join(SHOTS, `guide-market-${lang}-${width}.png`) });
        await scrollUnderHeader(page, '#guide-figures-caption');
        await screenshot(page, { path: join(SHOTS, `guide-figures-${lang}-${width}.png`) });
        await assertFigures(page, guide, lang);
        assert.equal(await page.locator('.guide__visa a').getAttribute('href'), `${PREFIX[lang]}/golden-visa`);
        await closeClean(opened, where);
      }
    }
  });

  test("the market section is the prerender's markup, not hydrated, opened by its address or by a card's link", async () => {
    const path = `/area-guides-in-dubai/${MARINA}`;
    /** The section's chart, its rows and its figures' box's tab stop (a phone's box scrolls). */
    const drawn = (page) =>
      page.evaluate(() => ({
        charts: document.querySelectorAll('.guide-market svg.trend-chart').length,
        rows: document.querySelectorAll('.guide-market tr').length,
        tabStop: document.querySelector('.guide-table-scroll--figures .guide-table-wrap')?.getAttribute('tabindex'),
      }));
    // Loaded: React hydrated the page (the section's element is one of its own) but nothing in
    // the section (no element under it is React's).
    const opened = await visit(PHONE, path);
    const hydration = await opened.page.evaluate(() => {
      const react = (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
      const section = document.querySelector('.guide-market');
      return { react: react(document.querySelector('.guide')), section: react(section), inside: [...section.querySelectorAll('*')].filter(react).length };
    });
    assert.deepEqual(hydration, { react: true, section: true, inside: 0 }, `${path}: the market section hydrated`);
    const loaded = await drawn(opened.page);
    assert.deepEqual(loaded, { charts: 2, rows: loaded.rows, tabStop: '0' }, `${path}: loaded`);
    assert.ok(loaded.rows > 12, `${path}: ${loaded.rows} rows`);
    // From the area guides page by its card's link: the page loads (every page is prerendered), the same.
    await gotoSettled(opened.page, `${server.url}/area-guides-in-dubai`);
    await opened.page.locator(`.area-card a[href="${path}"]`).first().click();
    await opened.page.waitForURL(`**${path}`);
    await settle(opened.page);
    await opened.page.waitForFunction(() => document.querySelector('.guide-table-scroll--figures .guide-table-wrap')?.getAttribute('tabindex') === '0');
    assert.deepEqual(await drawn(opened.page), loaded, `${path}: opened by the card's link`);
    await closeClean(opened, path);
  });

  test("'too few' wherever a month or a figure has under 10 sales (DIFC), in EN and AR", async () => {
    const guide = guideData(FEW);
    const nulls = guide.market.trends.flatMap((t) => t.months).filter((m) => m.median == null).length;
    const rows = guide.market.figures.filter((f) => f.median == null || f.rentMedian == null).length;
    assert.ok(nulls > 0 && rows > 0, `the sample's ${FEW} has months and rows with too few sales`);
    for (const lang of ['en', 'ar']) {
      const path = `${PREFIX[lang]}/area-guides-in-dubai/${FEW}`;
      const opened = await visit(PHONE, path);
      await assertFigures(opened.page, guide, lang);
      await closeClean(opened, path);
    }
  });

  test('the area guides page and a property page link to the guide; the Golden Visa line to /golden-visa, in three languages', async () => {
    const guide = guideData(MARINA);
    const property = listings.find((p) => p.location === guide.name && p.mainCategory === 'Residential' && !p.pricePeriod && p.price >= 2_000_000);
    assert.ok(property, 'the sample has a sale of AED 2,000,000 or more in Dubai Marina');
    const visa = json('data', 'pages', 'golden-visa.json');
    for (const lang of LANGS) {
      const { name } = localized(guide, lang);
      const target = `${PREFIX[lang]}/area-guides-in-dubai/${MARINA}`;
      // The area guides page.
      let path = `${PREFIX[lang]}/area-guides-in-dubai`;
      let opened = await visit(LAPTOP, path);
      const card = opened.page.locator('.area-card', { has: opened.page.locator(`a[href="${target}"]`) });
      assert.equal(await card.count(), 1, `${path}: a card links to ${target}`);
      assert.ok(plain(await card.locator('.area-card__link').innerText()).includes(name), `${path}: named ${name}`);
      await card.locator('.area-card__link').click();
      await opened.page.waitForURL(`**${target}`);
      await opened.page.getByRole('heading', { level: 1, name }).waitFor();
      await closeClean(opened, path);

      // The property page: its location, and its Golden Visa line.
      path = `${PREFIX[lang]}/property/${property.id}`;
      opened = await visit(PHONE, path);
      const location = opened.page.locator('.property__location a');
      assert.equal(await location.getAttribute('href'), target, `${path}: the location links to its guide`);
      const line = opened.page.locator('.market__visa a');
      assert.equal(await line.getAttribute('href'), `${PREFIX[lang]}/golden-visa`, `${path}: the Golden Visa line`);
      await line.click();
      await opened.page.waitForURL(`**${PREFIX[lang]}/golden-visa`);
      const title = lang === 'en' ? visa.title : visa.translations[lang].title;
      await opened.page.getByRole('heading', { level: 1, name: title }).waitFor();
      const body = plain(await opened.page.locator('main').innerText());
      const first = textOf(lang === 'en' ? visa.content : visa.translations[lang].content).slice(0, 40);
      assert.ok(body.includes(first), `${lang} /golden-visa: its text ('${first}')`);
      await closeClean(opened, path);

      // And /golden-visa opened directly.
      path = `${PREFIX[lang]}/golden-visa`;
      opened = await visit(LAPTOP, path);
      assert.equal(plain(await opened.page.locator('h1').innerText()), title, path);
      assert.equal(await opened.page.locator('html').getAttribute('lang'), lang);
      await closeClean(opened, path);
    }
  });
});
