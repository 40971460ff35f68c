// Browser tests of the map view's layout, in Debian's Chromium with WebGL in software: from
// 1,024 px the list and the map side by side (the page scrolls the list, the filters stay under
// the header and the map under them; a card pointed at or focused marks its marker, and a marker
// its card), mirrored in Arabic; on a phone the map alone takes the screen under the filters and a tapped marker's card
// slides up from its foot (Escape closes it and the keyboard goes back to the marker); on
// /allproperties the map opens where the list starts. Screenshots go to e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { PHONE, framesDrawn, gotoSettled, launch, openPage, screenshot } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
const WIDE = { width: 1366, height: 900 };
/** The site's fixed header (--header-height). */
const HEADER = 75;

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch({ webgl: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for the map's markers to be drawn. */
const markersDrawn = (page) => page.waitForFunction(() => document.querySelector('.map-view')?.hasAttribute('data-markers'), null, { timeout: 30_000 });

/**
 * Runs `action` and waits until the map has drawn its markers again after it: the map view sets
 * `data-markers` at the end of every move (a cluster's click, a zoom button), which a
 * MutationObserver sees even when the count is the same. Tests wait for the event they mean, not
 * a fixed time (the move lasts 500 ms, or none with reduced motion).
 */
async function redrawn(page, action) {
  await page.evaluate(() => {
    window.redrawn = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve();
      });
      observer.observe(document.querySelector('.map-view'), { attributes: true, attributeFilter: ['data-markers'] });
    });
  });
  await action();
  await page.evaluate(() => window.redrawn);
}

/** An element's box in the viewport (null when it is not rendered). */
const box = (page, selector) =>
  page.evaluate((s) => {
    const element = document.querySelector(s);
    if (!element || element.getClientRects().length === 0) return null;
    const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
    return { left, right, top, bottom, width, height };
  }, selector);

/** The listing id of each card in the list, in order. */
const listedIds = (page) =>
  page.locator('.results__list .property-card .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href').split('/').pop()));

/** Whether the element matching `selector` has the class `is-marked`. */
const isMarked = (page, selector) => page.locator(selector).evaluate((element) => element.classList.contains('is-marked'));

/** A card of the list whose listing has a marker of its own in view (not in a cluster): zooms into clusters until one has. */
async function cardWithMarker(page) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const listed = await listedIds(page);
    const markers = await page.locator('.map-marker').evaluateAll((all) => all.map((m) => m.dataset.id));
    const id = listed.find((listing) => markers.includes(listing));
    if (id) return id;
    await redrawn(page, () => page.locator('.map-cluster').first().click());
  }
  throw new Error('no card of the list has a marker of its own');
}

const card = (id) => `.results__list .property-card:has(.property-card__link[href$="/${id}"])`;

describe('from 1,024 px: the list and the map side by side', () => {
  for (const lang of ['en', 'ar', 'ru']) {
    test(`${lang}: the map on the reading side's far edge stays while the list scrolls`, async () => {
      const { context, page, problems } = await openPage(browser, WIDE);
      await gotoSettled(page, `${server.url}${PREFIX[lang]}/residential-properties?view=map`);
      await markersDrawn(page);
      // Where 'Map' pressed puts the page (a fresh load stays at its top): the filters under the header.
      await page.locator('.listing-toolbar').evaluate((toolbar) => toolbar.scrollIntoView({ block: 'start' }));
      await framesDrawn(page);
      const list = await box(page, '.results__list');
      const map = await box(page, '.results-map');
      assert.ok(list && map, 'both the list and the map are shown');
      if (lang === 'ar') assert.ok(map.right <= list.left, `Arabic: the map left of the list (${JSON.stringify({ map, list })})`);
      else assert.ok(map.left >= list.right, `${lang}: the map right of the list (${JSON.stringify({ map, list })})`);
      assert.ok(Math.abs(map.top - list.top) < 2, 'the two start on one line');
      assert.ok(map.width > 400 && list.width > map.width, `the list the wider (${list.width} and ${map.width} px)`);
      // The zoom buttons on the far edge of the reading side: left in Arabic.
      const zoom = await box(page, '.maplibregl-ctrl-zoom-in');
      const nearLeft = zoom.left - map.left < map.right - zoom.right;
      assert.equal(nearLeft, lang === 'ar', `${lang}: the zoom buttons at the ${nearLeft ? 'left' : 'right'}`);
      // Two cards a row beside the map.
      const tops = await page.locator('.results__list .property-card').evaluateAll((cards) => cards.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().top)));
      assert.ok(tops[0] === tops[1] && tops[2] > tops[0], `two cards a row: ${tops}`);

      // The page scrolls the list; the filters stay under the header, the map under them.
      await page.evaluate(() => window.scrollBy(0, 400));
      await framesDrawn(page);
      const stuck = await box(page, '.results-map');
      const firstCard = (await box(page, '.results__list .property-card')).top;
      await page.evaluate(() => window.scrollBy(0, 500));
      await framesDrawn(page);
      const after = await box(page, '.results-map');
      const filters = await box(page, '.listing-toolbar');
      assert.ok(Math.abs(filters.top - HEADER) < 2, `the filters under the header: ${filters.top}`);
      assert.ok(Math.abs(stuck.top - filters.bottom) < 2, `the map under the filters: ${stuck.top}, ${filters.bottom}`);
      assert.equal(after.top, stuck.top, 'the map stays while the list scrolls');
      assert.ok(Math.abs(after.bottom - (WIDE.height - 16)) < 2, `the map down to the screen's foot: ${after.bottom}`);
      assert.ok(Math.abs((await box(page, '.results__list .property-card')).top - (firstCard - 500)) < 2, 'the list moved with the page');
      // A card at the top of the list goes under the filters, not over them.
      const top = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.listing-toolbar, .property-card')?.className, { x: (list.left + list.right) / 2, y: filters.bottom - 4 });
      assert.equal(top, 'listing-toolbar');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.results__list').scrollIntoViewIfNeeded();
      await framesDrawn(page);
      await screenshot(page, { path: join(SHOTS, `desktop-map-beside-${lang}.png`) });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test('at 1,024 px: side by side still, one card a row, nothing wider than the screen', async () => {
    const { context, page, problems } = await openPage(browser, { width: 1024, height: 768 });
    await gotoSettled(page, `${server.url}/ru/residential-properties?view=map`);
    await markersDrawn(page);
    const list = await box(page, '.results__list');
    const map = await box(page, '.results-map');
    assert.ok(map.left >= list.right && map.width > 300, JSON.stringify({ list, map }));
    const lefts = await page.locator('.results__list .property-card').evaluateAll((cards) => cards.slice(0, 2).map((c) => Math.round(c.getBoundingClientRect().left)));
    assert.equal(lefts[0], lefts[1], 'one card a row');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'no sideways scroll');
    await screenshot(page, { path: join(SHOTS, 'desktop-1024-map-beside-ru.png') });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a card pointed at or focused marks its marker, and a marker its card', async () => {
    const { context, page, problems } = await openPage(browser, WIDE);
    await gotoSettled(page, `${server.url}/residential-properties?view=map`);
    await markersDrawn(page);
    const id = await cardWithMarker(page);
    const marker = `.map-marker[data-id="${id}"]`;
    assert.equal(await isMarked(page, marker), false);

    // The pointer on a card marks its marker; off it, no more.
    await page.locator(card(id)).hover();
    await page.waitForFunction((s) => document.querySelector(s)?.classList.contains('is-marked'), marker);
    assert.equal(await page.locator('.map-marker.is-marked').count(), 1, 'that marker alone');
    await page.mouse.move(5, WIDE.height - 5);
    await page.waitForFunction((s) => !document.querySelector(s)?.classList.contains('is-marked'), marker);

    // The pointer on the marker marks its card.
    await page.locator(marker).hover();
    await page.waitForFunction((s) => document.querySelector(s)?.classList.contains('is-marked'), card(id));
    assert.equal(await page.locator('.results__list .property-card.is-marked').count(), 1, 'that card alone');
    const outline = await page.locator(card(id)).evaluate((element) => getComputedStyle(element).outlineStyle);
    assert.equal(outline, 'solid', 'the marked card shows it');
    await page.mouse.move(5, WIDE.height - 5);
    await page.waitForFunction((s) => !document.querySelector(s)?.classList.contains('is-marked'), card(id));

    // The keyboard likewise: on the card's link, then on the marker.
    await page.locator(card(id)).locator('.property-card__link').focus();
    await page.waitForFunction((s) => document.querySelector(s)?.classList.contains('is-marked'), marker);
    await page.locator(marker).focus();
    await page.waitForFunction((s) => document.querySelector(s)?.classList.contains('is-marked'), card(id));
    assert.equal(await isMarked(page, marker), false, 'the card is no longer focused: its marker is no longer marked');
    await page.locator(marker).blur();
    await page.waitForFunction((s) => !document.querySelector(s)?.classList.contains('is-marked'), card(id));

    // A listing inside a cluster: the cluster that holds it is marked.
    await redrawn(page, () => page.getByRole('button', { name: 'Zoom out' }).click());
    await redrawn(page, () => page.getByRole('button', { name: 'Zoom out' }).click());
    await page.waitForFunction(() => document.querySelector('.map-cluster'));
    const alone = await page.locator('.map-marker').evaluateAll((all) => all.map((m) => m.dataset.id));
    const clustered = (await listedIds(page)).find((listing) => !alone.includes(listing));
    assert.ok(clustered, 'a card of the list is in a cluster');
    await page.locator(card(clustered)).hover();
    await page.waitForFunction(() => document.querySelectorAll('.map-cluster.is-marked').length === 1);
    assert.equal(await page.locator('.map-marker.is-marked').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('on a phone: the map under the filters', () => {
  for (const lang of ['en', 'ar', 'ru']) {
    test(`${lang}: it takes the screen under the filters; a tapped marker's card slides up, Escape closes it`, async () => {
      const { context, page, problems } = await openPage(browser, PHONE, { hasTouch: true, isMobile: true, reducedMotion: 'no-preference' });
      await gotoSettled(page, `${server.url}${PREFIX[lang]}/residential-properties`);
      await page.locator('.view-toggle button').nth(1).click();
      await page.waitForURL(/[?&]view=map/);
      await markersDrawn(page);
      // The filters scrolled to the top and the map's height set (a resize observer's) by then.
      await framesDrawn(page);
      assert.equal(await box(page, '.results__list'), null, 'the list gives its place to the map');
      const toolbar = await box(page, '.listing-toolbar');
      const map = await box(page, '.results-map');
      assert.ok(Math.abs(toolbar.top - (HEADER + 16)) < 2, `the filters at the top, under the header: ${toolbar.top}`);
      assert.ok(map.top > toolbar.bottom && map.top - toolbar.bottom < 24, `the map right under the filters (${map.top}, ${toolbar.bottom})`);
      assert.ok(map.bottom <= PHONE.height && map.bottom > PHONE.height - 24, `down to the screen's foot: ${map.bottom}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'no sideways scroll');

      const marker = page.locator('.map-marker').first();
      const id = await marker.getAttribute('data-id');
      await marker.tap();
      const preview = page.locator('.map-preview');
      await preview.waitFor();
      assert.equal(await preview.evaluate((element) => getComputedStyle(element).animationName), 'map-preview-up', 'it slides up');
      await preview.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const sheet = await box(page, '.map-preview');
      const view = await box(page, '.map-view');
      assert.ok(Math.abs(sheet.bottom - view.bottom) < 2 && Math.abs(sheet.width - view.width) < 3, `a sheet across the map's foot: ${JSON.stringify({ sheet, view })}`);
      // The keyboard on its link, which names the listing (its description: price, title, place).
      const described = await page.evaluate(() => {
        const link = document.activeElement;
        return [link?.getAttribute('href'), document.getElementById(link?.getAttribute('aria-describedby') ?? '')?.textContent];
      });
      assert.match(described[0], new RegExp(`/property/${id}$`));
      const title = await preview.locator('.map-preview__title').textContent();
      assert.ok(described[1]?.includes(title), `the link is described by the listing: ${described[1]}`);
      await page.waitForFunction(() => [...document.querySelectorAll('.map-preview img')].every((image) => image.complete));
      await screenshot(page, { path: join(SHOTS, `phone-map-card-${lang}.png`) });
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.id), id, 'back on the marker');
      // The map was a step of its own: Back comes back to the list, on the same page.
      await page.goBack();
      await page.locator('.results__list').waitFor();
      assert.doesNotMatch(page.url(), /[?&]view=map/);
      assert.match(page.url(), /\/residential-properties/);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

test('/allproperties: the map opens where the list starts', async () => {
  for (const viewport of [PHONE, WIDE]) {
    const { context, page, problems } = await openPage(browser, viewport);
    await gotoSettled(page, `${server.url}/allproperties`);
    const listTop = (await box(page, '.card-grid')).top + (await page.evaluate(() => window.scrollY));
    await page.getByRole('group', { name: 'Show the results as' }).getByRole('button', { name: 'Map' }).click();
    await markersDrawn(page);
    const map = await box(page, '.map-view');
    const toolbar = await box(page, '.listing-toolbar');
    const mapTop = map.top + (await page.evaluate(() => window.scrollY));
    assert.ok(Math.abs(mapTop - listTop) < 2, `${viewport.width} px: the map at the list's start (${mapTop}, the list's ${listTop})`);
    assert.ok(map.top - toolbar.bottom < 40 && map.top < viewport.height / 3, `${viewport.width} px: the map in the first screen under the filters, at ${map.top}`);
    // The list comes back where it was, the view kept in the address as the filters are.
    await page.getByRole('group', { name: 'Show the results as' }).getByRole('button', { name: 'List' }).click();
    await page.waitForFunction(() => !location.search.includes('view=map'));
    await page.locator('.results__list .property-card').first().waitFor();
    // The map goes once the list is back (a render after the address changed): waited for, not read at once.
    await page.locator('.results-map').waitFor({ state: 'detached', timeout: 5_000 });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

describe('a map that cannot load gives the screen back to the list, and says so', () => {
  const MESSAGE = {
    en: 'The map could not be loaded.',
    ar: 'تعذّر تحميل الخريطة.',
    ru: 'Не удалось загрузить карту.',
  };
  /** The list is shown with its cards, the message in the map's place, and the page has not fallen over. */
  async function listAndMessage(page, viewport, expected) {
    const failed = page.locator('.results .map-failed');
    await failed.waitFor({ timeout: 30_000 });
    assert.equal((await failed.textContent()).trim(), expected);
    const list = await box(page, '.results__list');
    assert.ok(list && list.height > 200, `${viewport.width} px: the list is shown (${JSON.stringify(list)})`);
    assert.ok((await page.locator('.results__list .property-card').count()) > 0, 'with its cards');
    const message = await box(page, '.results .map-failed');
    if (viewport.width < 1024) {
      // The message is a line above the list, not a screen-high box.
      assert.ok(message.height < 160 && list.top >= message.bottom, `${viewport.width} px: the message above the list (${JSON.stringify({ message, list })})`);
    } else {
      assert.ok(message.left >= list.right && message.height < 160, `${viewport.width} px: the message in the map's place beside the list, a line (${JSON.stringify(message)})`);
    }
  }

  for (const viewport of [PHONE, WIDE]) {
    for (const lang of viewport === PHONE ? ['en', 'ar', 'ru'] : ['en']) {
      test(`${viewport.width} px, ${lang}: the map's code not fetched`, async () => {
        const { context, page, problems } = await openPage(browser, viewport);
        // The results map's chunk (not LazyResultsMap's, which the page itself needs).
        await page.route(/\/ResultsMap-[^/]*\.js$/, (route) => route.abort());
        await gotoSettled(page, `${server.url}${PREFIX[lang]}/residential-properties`);
        await page.locator('.view-toggle button').nth(1).click();
        await listAndMessage(page, viewport, MESSAGE[lang]);
        await screenshot(page, { path: join(SHOTS, `map-failed-${viewport.width}-${lang}.png`) });
        assert.deepEqual(
          problems.filter((problem) => !/Failed to load the map|ResultsMap|net::ERR_FAILED/.test(problem)),
          [],
        );
        await context.close();
      });
    }

    test(`${viewport.width} px: the basemap missing`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await page.route(/\.pmtiles$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
      await gotoSettled(page, `${server.url}/residential-properties?view=map`);
      const failed = page.locator('.map-view.map-failed');
      await failed.waitFor({ timeout: 30_000 });
      assert.equal((await failed.locator('.map-view__failed').textContent()).trim(), 'The map could not be loaded. Every result is in the list.');
      const list = await box(page, '.results__list');
      assert.ok(list && (await page.locator('.results__list .property-card').count()) > 0, `${viewport.width} px: the list is shown`);
      if (viewport.width < 1024) {
        const map = await box(page, '.results-map');
        assert.ok(map.height < 160 && list.top >= map.bottom, `the map's place is its message alone, the list under it: ${JSON.stringify({ map, list })}`);
      }
      await context.close();
    });
  }
});

describe("opening the map: the page scrolls to the list's start only when the visitor pressed 'Map'", () => {
  for (const viewport of [PHONE, WIDE]) {
    test(`${viewport.width} px: a fresh load of ?view=map stays at the top of the page`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      await gotoSettled(page, `${server.url}/residential-properties?view=map`);
      await markersDrawn(page);
      // The map's opening (where a pressed 'Map' scrolls) is over by then.
      await framesDrawn(page);
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page starts at its top, the hero in view');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe('from 1,024 px: a marker chosen brings its card into view in the list', () => {
  for (const reducedMotion of ['reduce', 'no-preference']) {
    test(`reduced motion: ${reducedMotion}`, async () => {
      const { context, page, problems } = await openPage(browser, WIDE, { reducedMotion });
      await gotoSettled(page, `${server.url}/residential-properties?view=map`);
      await markersDrawn(page);
      // A marker whose card is out of view, below the screen.
      let id;
      for (let attempt = 0; attempt < 5 && !id; attempt += 1) {
        const markers = await page.locator('.map-marker').evaluateAll((all) => all.map((m) => m.dataset.id));
        id = await page.evaluate(
          ({ markers, height }) =>
            markers.find((m) => {
              const link = document.querySelector(`.results__list .property-card__link[href$="/${m}"]`);
              return link && link.closest('.property-card').getBoundingClientRect().top > height;
            }),
          { markers, height: WIDE.height },
        );
        if (!id) {
          await redrawn(page, () => page.locator('.map-cluster').first().click());
        }
      }
      assert.ok(id, 'a marker whose card is below the screen');
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.locator(`.map-marker[data-id="${id}"]`).click();
      if (reducedMotion === 'reduce') {
        // At once, not animated.
        await framesDrawn(page);
        assert.notEqual(await page.evaluate(() => window.scrollY), scrolled, 'the list scrolled at once');
      }
      await page.waitForFunction(
        ({ selector, height }) => {
          const element = document.querySelector(selector);
          // Its start in the screen's upper half (a card can be taller than the room under the filters).
          const { top } = element.getBoundingClientRect();
          return element.classList.contains('is-selected') && top >= 0 && top < height / 2;
        },
        { selector: card(id), height: WIDE.height },
        { timeout: 5_000 },
      );
      const cardBox = await box(page, card(id));
      const filters = await box(page, '.listing-toolbar');
      assert.ok(cardBox.top >= filters.bottom, `the card is not under the filters (${cardBox.top}, ${filters.bottom})`);
      assert.equal(await page.locator(card(id)).evaluate((element) => getComputedStyle(element).outlineStyle), 'solid', 'the card is marked');
      assert.equal(await page.locator('.results__list .property-card.is-selected').count(), 1, 'that card alone');
      // Closing the map's card lets go of it.
      await page.locator('.map-preview__close').click();
      await page.waitForFunction(() => !document.querySelector('.results__list .property-card.is-selected'));
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("from 75em the WhatsApp button floats at the page's bottom corner: the map is clear of it", () => {
  for (const [lang, width] of [['en', 1366], ['ar', 1366], ['en', 1200], ['ar', 1920]]) {
    test(`${lang} at ${width} px`, async () => {
      const { context, page, problems } = await openPage(browser, { width, height: 900 });
      await gotoSettled(page, `${server.url}${PREFIX[lang]}/residential-properties?view=map`);
      await markersDrawn(page);
      await page.evaluate(() => window.scrollBy(0, 600));
      await framesDrawn(page);
      const overlaps = await page.evaluate(() => {
        const chat = document.querySelector('.chat-button').getBoundingClientRect();
        const hit = (r) => r.width > 0 && r.left < chat.right && r.right > chat.left && r.top < chat.bottom && r.bottom > chat.top;
        const parts = ['.map-view', '.map-marker', '.map-cluster', '.maplibregl-ctrl', '.map-view__search'];
        return parts.flatMap((s) => [...document.querySelectorAll(s)].filter((e) => hit(e.getBoundingClientRect())).map(() => s));
      });
      assert.deepEqual(overlaps, [], `${lang} at ${width} px: nothing of the map under the WhatsApp button`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

test('without JavaScript the list is the page, whatever the address asks', async () => {
  const { context, page } = await openPage(browser, WIDE, { javaScriptEnabled: false });
  await page.goto(`${server.url}/residential-properties?view=map`);
  assert.ok((await page.locator('.card-grid .property-card').count()) > 0, 'the cards are there');
  assert.equal(await page.locator('.results--map').count(), 0, 'no map layout');
  await context.close();
});
