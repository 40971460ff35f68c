// What a visitor reads whole: a number in an area guide's table is shown whole or not at all at
// the edges of its scrolling box (in Arabic the table starts from the right and its numbers read
// left to right, so '1,991' cut at the left edge read '991'); every option of the search
// panels', sort and mortgage selects fits its box, a search panel's placeholders (the words, the home's communities) fit their fields; the WhatsApp
// button covers no link, button or figure of the page at any scroll position. In EN, AR and RU,
// at 390 and 1366 px (and 1280, where the page has no side margin).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { PHONE, framesDrawn, openWalk, settle } from './browser.mjs';

withSiteAndBrowser();

const LAPTOP = { width: 1366, height: 900 };
/** The narrowest common phone: a 360 px Android (the home's and a list page's search panels). */
const ANDROID = { width: 360, height: 780 };
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };

/**
 * The cells of `table` whose text the box shows in part: for each cell's text, whether its first
 * and last pixels (by hit testing, which the box's overflow and any clip both decide) are the
 * cell's own. One shown and the other not is a cut.
 */
function cutCells(page, selector) {
  return page.evaluate((sel) => {
    const table = document.querySelector(sel);
    const cut = [];
    for (const cell of table.querySelectorAll('th, td')) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0) continue;
      const y = rect.top + rect.height / 2;
      if (y < 80 || y > window.innerHeight - 4) continue;
      const shown = (x) => {
        if (x < 0 || x >= window.innerWidth) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === cell || cell.contains(hit));
      };
      const first = shown(rect.left + 1);
      const last = shown(rect.right - 1);
      if (first !== last) cut.push(`'${cell.textContent.trim()}' (${first ? 'its end' : 'its start'} hidden)`);
    }
    return cut;
  }, selector);
}

test("an area guide's figures: each number shown whole or not at all as its box scrolls, in EN, AR and RU on a phone", async () => {
  const walk = await openWalk(browser, PHONE);
  try {
    for (const lang of ['ar', 'en', 'ru']) {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}${PREFIX[lang]}/area-guides-in-dubai/dubai-marina`, { waitUntil: 'load' });
      await settle(page);
      const box = page.locator('.guide-table-scroll--figures .guide-table-wrap');
      await box.evaluate((b) => b.scrollIntoView({ block: 'center' }));
      assert.ok(await box.evaluate((b) => b.scrollWidth > b.clientWidth + 1), `${lang}: the figures scroll sideways on a phone`);
      for (const share of [0, 0.25, 0.5, 0.75, 1]) {
        // The page clips on the box's scroll event, in the frame after it: wait for the event
        // (when the scroll moved the box), then for that frame and the next.
        await box.evaluate(async (b, s) => {
          const sign = getComputedStyle(b).direction === 'rtl' ? -1 : 1;
          const scrolled = new Promise((resolve) => b.addEventListener('scroll', resolve, { once: true }));
          const from = b.scrollLeft;
          b.scrollTo({ left: sign * s * (b.scrollWidth - b.clientWidth), behavior: 'instant' });
          if (b.scrollLeft !== from) await scrolled;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        }, share);
        // A busy machine can draw a frame or two more before the clip's (a resize the table
        // reports late): the cut must be gone within ten frames, as a visitor would see it.
        let cut = await cutCells(page, '.guide-table--figures');
        for (let frames = 0; cut.length > 0 && frames < 10; frames += 1) {
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
          cut = await cutCells(page, '.guide-table--figures');
        }
        assert.deepEqual(cut, [], `${lang}, scrolled ${share * 100}% of the way: cells cut at the box's edge`);
      }
      await context.close();
    }
  } finally {
    await walk.close();
  }
});

/**
 * Every option of the selects under `scope` that is wider than its select: each option measured
 * in a copy of the select holding it alone, sized by its content, beside the original (so the
 * same rules style it).
 */
function tooWide(page, scope) {
  return page.evaluate((sel) => {
    const found = [];
    for (const select of document.querySelectorAll(sel.split(',').map((part) => `${part.trim()} select`).join(', '))) {
      const width = select.getBoundingClientRect().width;
      if (width === 0) continue;
      for (const option of select.options) {
        const copy = select.cloneNode(false);
        copy.removeAttribute('id');
        copy.append(new Option(option.text));
        copy.style.cssText = 'position:absolute;visibility:hidden;inline-size:auto;min-inline-size:0;max-inline-size:none;flex:none';
        select.after(copy);
        const needed = copy.getBoundingClientRect().width;
        copy.remove();
        if (needed > width + 0.5) found.push(`'${option.text}' needs ${Math.ceil(needed)} px in ${Math.floor(width)}`);
      }
    }
    return found;
  }, scope);
}

/** The placeholder of `input` wider than the room its padding leaves. */
function placeholderOverflow(page, selector) {
  return page.evaluate((sel) => {
    const input = document.querySelector(sel);
    const style = getComputedStyle(input, '::placeholder');
    const own = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const needed = context.measureText(input.placeholder).width;
    const room = input.clientWidth - parseFloat(own.paddingInlineStart) - parseFloat(own.paddingInlineEnd);
    return { text: input.placeholder, needed: Math.ceil(needed), room: Math.floor(room) };
  }, selector);
}

test('select options and the search panels\' placeholders fit their boxes, in EN, AR and RU at 390 and 1366 px (and the home and a list page at 360)', async () => {
  const problems = [];
  // Each page loaded once, at the laptop's size, then looked at again at each narrower size: the
  // site draws the same document at every width (its layout is the stylesheet's media queries,
  // which a resize applies as a load would), so a resize stands for a load at a fraction of its cost.
  const walk = await openWalk(browser, LAPTOP);
  try {
    for (const lang of ['en', 'ar', 'ru']) {
      for (const path of ['/', '/buy-property', '/rent-property', '/commercial', '/search-result?type=Apartment', '/property/emaar-beachfront-two-bedroom', '/property/marina-gate-two-bedroom-sea-view']) {
        const { page, context } = await walk.open();
        await page.goto(`${server.url}${PREFIX[lang]}${path}`, { waitUntil: 'load' });
        await settle(page);
        // On a phone a listing page's search panel is folded under its button: opened, as a visitor does.
        await page.evaluate(() => document.querySelectorAll('details.search-sheet').forEach((sheet) => (sheet.open = true)));
        if (path.startsWith('/property/')) {
          // The calculator loads as its section nears the screen.
          await page.locator('.mortgage').scrollIntoViewIfNeeded();
          await page.locator('.mortgage select').first().waitFor();
        }
        for (const viewport of ['/', '/buy-property'].includes(path) ? [LAPTOP, PHONE, ANDROID] : [LAPTOP, PHONE]) {
          if (viewport !== LAPTOP) {
            await page.setViewportSize(viewport);
            await framesDrawn(page);
          }
          const where = `${PREFIX[lang] || '/en'}${path} at ${viewport.width}`;
          for (const problem of await tooWide(page, '.search-panel, .listing-toolbar, main .mortgage')) problems.push(`${where}: ${problem}`);
          // The search panel's words box, and the home search's communities box, keep room for
          // their placeholders beside the dropdowns.
          for (const box of ['.search-panel input[type="search"]', '.search-panel .hero-community input[role="combobox"]']) {
            if ((await page.locator(box).count()) === 0) continue;
            const { text, needed, room } = await placeholderOverflow(page, box);
            if (needed > room) problems.push(`${where}: the placeholder '${text}' needs ${needed} px in ${room}`);
          }
          // The home search's communities box is as tall as the words box beside it.
          if (path === '/') {
            const [words, communities] = await page.evaluate(() =>
              ['.search-panel__field--text', '.hero-community'].map((sel) => Math.round(document.querySelector(sel).getBoundingClientRect().height)),
            );
            if (words !== communities) problems.push(`${where}: the communities box is ${communities} px tall, the words box ${words}`);
          }
        }
        await context.close();
      }
    }
  } finally {
    await walk.close();
  }
  assert.deepEqual(problems, [], 'text cut in its box');
});

/**
 * Whether the WhatsApp button, where it is, lies over a link, a button, a field or a figure (a
 * table cell, a definition): the elements under a grid of points over it.
 */
function underChat(page) {
  return page.evaluate(() => {
    const chat = document.querySelector('.chat-button');
    if (!chat) return null;
    const rect = chat.getBoundingClientRect();
    if (rect.width === 0) return null;
    const found = new Set();
    for (let i = 0; i <= 4; i++) {
      for (let j = 0; j <= 4; j++) {
        const x = rect.left + 2 + ((rect.width - 4) * i) / 4;
        const y = rect.top + 2 + ((rect.height - 4) * j) / 4;
        const below = document.elementsFromPoint(x, y).find((el) => !chat.contains(el) && !el.contains(chat));
        const hit = below?.closest('a, button, input, select, textarea, summary, [role="button"], td, th, dd, dt');
        if (hit) found.add(`${hit.tagName.toLowerCase()}${hit.className ? `.${String(hit.className).split(' ')[0]}` : ''} '${hit.textContent.trim().slice(0, 30)}'`);
      }
    }
    return [...found];
  });
}

test('the WhatsApp button covers no link, button or figure at any scroll position (home, area guides, a listing page, a property), EN and AR', async () => {
  const problems = [];
  // Each page loaded once and looked at in each size by a resize (see the test above).
  const walk = await openWalk(browser, LAPTOP);
  try {
    for (const lang of ['en', 'ar']) {
      for (const path of ['/', '/area-guides-in-dubai', '/buy-property', '/property/marina-gate-two-bedroom-sea-view']) {
        const { page, context } = await walk.open();
        await page.goto(`${server.url}${PREFIX[lang]}${path}`, { waitUntil: 'load' });
        await settle(page);
        for (const viewport of [LAPTOP, { width: 1280, height: 800 }, PHONE]) {
          await page.setViewportSize(viewport);
          await framesDrawn(page);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          let shown = false;
          for (let y = 0; y < height; y += Math.round(viewport.height / 3)) {
            await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
            await framesDrawn(page);
            const under = await underChat(page);
            if (under === null) continue;
            shown = true;
            if (under.length) problems.push(`${PREFIX[lang] || '/en'}${path} at ${viewport.width}, scrolled to ${y}: ${under.join(', ')}`);
          }
          // A phone's property page has its own WhatsApp in its bar instead.
          if (!(path.startsWith('/property/') && viewport === PHONE)) assert.ok(shown, `${path} at ${viewport.width}: the WhatsApp button is there`);
        }
        await context.close();
      }
    }
  } finally {
    await walk.close();
  }
  assert.deepEqual(problems, [], 'the WhatsApp button over the page');
});
