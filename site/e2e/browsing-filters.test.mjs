// Browser tests of filters in the address: a listing or result page opened with its filters in the URL (helpers: browsing.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, framesDrawn, openPage, openWalk, screenshot, settle } from './browser.mjs';
import { EACH_LANGUAGE, browser, countText, done, expected, ids, messagesOf, openAt, results, resultsBecome, server, withBrowsing } from './browsing.mjs';

withBrowsing();

/**
 * Turns the mouse wheel by `dy` px and waits for the scroll it makes to end (Chromium animates a
 * wheel's scroll): the window's `scrollend` once it has moved. Tests wait for the event they
 * mean, not a fixed time.
 */
async function wheel(page, dy) {
  await page.evaluate(() => {
    const from = window.scrollY;
    window.__wheeled = false;
    const ended = () => {
      if (window.scrollY === from) return;
      window.__wheeled = true;
      window.removeEventListener('scrollend', ended);
    };
    window.addEventListener('scrollend', ended);
  });
  await page.mouse.wheel(0, dy);
  await page.waitForFunction(() => window.__wheeled, null, { timeout: 5_000 });
}

describe('filters in the address', () => {
  // One tab for the file's pages (browser.mjs `openWalk`), each opened in it as in a fresh context
  // and at its own size; those that change the page itself (an init script, a slowed CPU) get
  // their own.
  let walk;
  before(async () => {
    walk = await openWalk(browser, DESKTOP);
  });
  after(async () => {
    await walk?.close();
  });
  /** `path` opened in the walk's tab at `viewport`, hydrated and idle. */
  const visit = (path, viewport = DESKTOP) => openAt(walk, viewport, server.url + path);

  const grid = 'section[aria-labelledby="listing-heading"] .card-grid';
  const idsIn = (page, selector) =>
    page.locator(`${selector} .property-card__link`).evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href').replace(/^(\/\w\w)?\/property\//, ''))));
  const yearly = (p) => (p.pricePeriod === 'month' ? p.price * 12 : p.price);
  const byPrice = (list) => [...list].filter((p) => p.price != null).sort((a, b) => yearly(a) - yearly(b));
  /** Cheapest first, 'Contact for price' last, as the page sorts. */
  const sortedByPrice = (list) => [...byPrice(list), ...list.filter((p) => p.price == null)];
  /** 3,000,000 as each language writes it (Russian groups with a no-break space). */
  const GROUPED = { en: '3,000,000', ar: '3,000,000', ru: '3\u00a0000\u00a0000' };

  test('a listing page opened with filters in its address shows them, after hydration, without a layout shift', async () => {
    const villas = sortedByPrice(expected('Residential', { type: 'Villa' }));
    assert.ok(villas.length >= 2, 'the sample has villas for sale to sort');
    const opened = await openPage(browser, PHONE);
    const { page } = opened;
    await page.addInitScript(() => {
      window.__shift = 0;
      // What moved, named in a failure: each shifted node's tag and class, and where it went.
      window.__shifted = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          window.__shift += entry.value;
          for (const { node, previousRect, currentRect } of entry.sources ?? []) {
            const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName);
            window.__shifted.push(`${name} ${Math.round(previousRect.y)}->${Math.round(currentRect.y)} at ${Math.round(entry.startTime)} ms`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}/buy-property?type=Villa&sort=price-asc`, { waitUntil: 'load' });
    await settle(page);
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, villas.length]);
    assert.deepEqual(await idsIn(page, grid), villas.map((p) => p.id), 'the villas, cheapest first');
    assert.equal(await page.locator('.type-filter button.chip', { hasText: 'Villa' }).first().getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'price-asc');
    assert.equal(await page.locator('.listing-hero__count').textContent(), `${villas.length} of ${expected('Residential').length} properties`);
    const [shift, shifted] = await page.evaluate(() => [window.__shift, window.__shifted]);
    assert.equal(shift, 0, `cumulative layout shift ${shift}: ${shifted.join('; ')}`);
    await done(opened, 'filtered listing page');
  });

  test('choices go into the address; a reload and Back from a property restore them, the cards shown and the scroll position, in each language', async () => {
    const all = expected(null);
    assert.ok(all.length > 24, 'more listings than one page of cards');
    for (const [lang, prefix, viewport] of EACH_LANGUAGE) {
      const messages = messagesOf(lang);
      const opened = await visit(`${prefix}/allproperties`, viewport);
      const { page } = opened;
      // More than one page of cards, then a card far down the list.
      await page.getByRole('button', { name: messages['listing.more'] }).click();
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, all.length]);
      const shown = await idsIn(page, grid);
      const far = page.locator(`${grid} .property-card`).nth(all.length - 2);
      await far.scrollIntoViewIfNeeded();
      await wheel(page, 120);
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 2000, `${lang}: scrolled to ${scrolled}`);
      await Promise.all([page.waitForURL(/\/property\//), far.locator('.property-card__link').click()]);
      await settle(page);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `${prefix}/allproperties`);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, all.length]);
      assert.deepEqual(await idsIn(page, grid), shown, `${lang}: the same cards, as many as before`);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 4, scrolled, { timeout: 5000 }).catch(() => {});
      const restored = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(restored - scrolled) < 4, `${lang}: scroll position ${restored}, left at ${scrolled}`);

      // A price floor and a sort go into the address, replacing the entry (Back still leaves the page).
      await page.getByLabel(messages['listing.sort']).selectOption('price-desc');
      // Typed key by key, shown with its thousands grouped as the page writes numbers; the address keeps the plain number.
      await page.getByLabel(messages['listing.price.min']).pressSequentially('3000000');
      await page.waitForURL((url) => url.search === '?sort=price-desc&min=3000000');
      assert.equal(await page.getByLabel(messages['listing.price.min']).inputValue(), GROUPED[lang], `${lang}: grouped as typed`);
      const wanted = byPrice(all).reverse().filter((p) => yearly(p) >= 3_000_000).map((p) => p.id);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
      assert.deepEqual(await idsIn(page, grid), wanted, lang);
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
      assert.deepEqual(await idsIn(page, grid), wanted, `${lang}: the reload shows the same list`);
      assert.equal(await page.getByLabel(messages['listing.price.min']).inputValue(), GROUPED[lang], lang);
      assert.equal(await page.getByLabel(messages['listing.sort']).inputValue(), 'price-desc', lang);

      // 'Back to Listings' on the property returns to the filtered list, as Back does.
      const first = page.locator(`${grid} .property-card__link`).first();
      await Promise.all([page.waitForURL(/\/property\//), first.click()]);
      await settle(page);
      const back = page.locator('.property__topbar a').first();
      assert.equal((await back.textContent()).trim(), messages['property.back'], lang);
      assert.equal(await back.getAttribute('href'), `${prefix}/allproperties?sort=price-desc&min=3000000`);
      await Promise.all([page.waitForURL((url) => url.pathname === `${prefix}/allproperties`), back.click()]);
      await settle(page);
      assert.equal(new URL(page.url()).search, '?sort=price-desc&min=3000000', lang);
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
      assert.deepEqual(await idsIn(page, grid), wanted, `${lang}: back at the filtered list`);
      await done(opened, `${lang} listing filters`);
    }
  });

  // Back is the browser's: a browser that kept the result page in its back/forward cache shows
  // it as it was left; one that did not (this test's: Chromium's headless shell keeps no page)
  // loads it again, and the page searches again and puts the card the visitor was reading back
  // where it was (search/place.ts), not where the browser restored the scroll to before the cards.
  test('Back from a property to a result page shows its cards, at the scroll position it was left at, and a reload keeps its filters, in each language', async () => {
    // Every residential listing, dearest first, under a price ceiling (the browser's filters).
    const path = '/search-residential?sort=price-desc&max=90000000';
    const homes = byPrice(expected('Residential')).reverse().filter((p) => p.price <= 90_000_000).map((p) => p.id);
    assert.ok(homes.length >= 5, 'enough listings to scroll past');
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const messages = messagesOf(lang);
      const opened = await visit(`${prefix}${path}`, PHONE);
      const { page } = opened;
      const ready = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelector('.card-grid .property-card'));
      await ready();
      const shown = await idsIn(page, '.card-grid');
      assert.deepEqual(shown, homes, `${prefix}: dearest first`);
      const far = page.locator('.card-grid .property-card').nth(shown.length - 2);
      await far.scrollIntoViewIfNeeded();
      await wheel(page, 120);
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 1500, `${prefix}: scrolled to ${scrolled}`);
      await Promise.all([page.waitForURL(/\/property\//), far.locator('.property-card__link').click()]);
      await settle(page);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `${prefix}/search-residential`);
      await ready();
      assert.deepEqual(await idsIn(page, '.card-grid'), shown, `${prefix}: the same cards`);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 4, scrolled, { timeout: 5000 }).catch(() => {});
      const restored = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(restored - scrolled) < 4, `${prefix}: scroll position ${restored}, left at ${scrolled}`);
      // A reload: the same search, sorted the same way.
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      await ready();
      assert.deepEqual(await idsIn(page, '.card-grid'), shown, `${prefix}: the reload shows the same list`);
      assert.equal(await page.getByLabel(messages['listing.sort']).inputValue(), 'price-desc', `${prefix}: the sort is kept`);
      const ceiling = { en: '90,000,000', ar: '90,000,000', ru: '90\u00a0000\u00a0000' }[lang];
      assert.equal(await page.getByLabel(messages['listing.price.max']).inputValue(), ceiling, `${prefix}: the price ceiling is kept`);
      await done(opened, `${prefix}${path}: Back`);
    }
  });

  test('a reload of a result page keeps the visitor at the card they were reading, not in the footer, at 390x844 and 1366x900; a listing page too', async () => {
    // Was: scrolled to 1,500 px, a reload landed at 4,907 px on a phone and 2,239 px on a desktop.
    for (const [name, viewport] of [['phone', PHONE], ['desktop', { width: 1366, height: 900 }]]) {
      for (const path of ['/search-result?query=dubai', '/allproperties']) {
        const what = `${name} ${path}`;
        const opened = await visit(path, viewport);
        const { page } = opened;
        const ready = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelectorAll('.card-grid .property-card').length > 6);
        await ready();
        await page.mouse.wheel(0, 1500);
        await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
        // The card at the window's top, and where it stands.
        const reading = () =>
          page.evaluate(() => {
            for (const card of document.querySelectorAll('.card-grid .property-card')) {
              const { top, bottom } = card.getBoundingClientRect();
              if (bottom > 0) return { href: card.querySelector('.property-card__link').getAttribute('href'), top: Math.round(top) };
            }
            return null;
          });
        const before = await reading();
        // A list keeps its place as the visitor scrolls, written when scrolling stops
        // (search/place.ts, in session storage): waited for.
        await page.waitForFunction(() => Object.values(JSON.parse(sessionStorage.getItem('estate.resultPlaces') ?? '{}')).some((place) => Math.abs(place.y - 1500) < 2));
        await page.reload({ waitUntil: 'load' });
        await settle(page);
        await ready();
        // The place is put back as the cards are drawn (a layout effect): done by the next frame.
        await framesDrawn(page);
        const after = await reading();
        const y = await page.evaluate(() => window.scrollY);
        assert.equal(after?.href, before.href, `${what}: the same card in view (at ${y} px)`);
        assert.ok(Math.abs(after.top - before.top) <= 4, `${what}: at the same height, ${after.top} px for ${before.top} px`);
        assert.ok(Math.abs(y - 1500) < 200, `${what}: near where it was, ${y} px for 1,500 px`);
        const footer = await page.locator('footer').first().evaluate((element) => element.getBoundingClientRect().top);
        assert.ok(footer > viewport.height, `${what}: the footer is not in view (${footer} px)`);
        await done(opened, `${what}: reload`);
      }
    }
  });

  test("'More filters' offers the category's bedrooms, bathrooms and sizes with their counts, by the function's rules", async () => {
    const residential = expected('Residential');
    const opened = await visit('/buy-property');
    const { page } = opened;
    await page.getByText('More filters', { exact: true }).click();
    // Its fields are a chunk of their own, fetched on the first opening.
    await page.locator('.more-filters__body').waitFor();
    const bedrooms = page.locator('.more-filters select').first();
    const counts = new Map();
    for (const p of residential) if (typeof p.bedrooms === 'number') counts.set(Math.min(p.bedrooms, 7), (counts.get(Math.min(p.bedrooms, 7)) ?? 0) + 1);
    const options = await bedrooms.locator('option').allTextContents();
    assert.equal(options.length, counts.size + 1, `options ${options}`);
    const [rooms, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    assert.ok(options.some((text) => text.endsWith(`(${n})`)), `a choice counts its ${n} listings: ${options}`);
    await bedrooms.selectOption(String(rooms));
    await page.waitForURL((url) => url.searchParams.get('bedrooms') === String(rooms));
    const wanted = expected('Residential', { bedrooms: String(rooms) }).map((p) => p.id).sort();
    await page.waitForFunction(([sel, count]) => document.querySelectorAll(`${sel} .property-card`).length === count, [grid, wanted.length]);
    assert.deepEqual((await idsIn(page, grid)).sort(), wanted);
    assert.equal(await page.locator('.more-filters__toggle').textContent(), 'More filters (1)');
    // A size floor: listings of at least that many square feet.
    await bedrooms.selectOption('');
    const sizes = residential.filter((p) => typeof p.area === 'number').map((p) => p.area).sort((a, b) => a - b);
    const floor = sizes[Math.floor(sizes.length / 2)];
    await page.getByLabel('Min size (sqft)').fill(String(floor));
    await page.waitForURL((url) => url.search === `?area=${floor}`);
    const big = expected('Residential', { area: floor }).map((p) => p.id).sort();
    await page.waitForFunction(([sel, count]) => document.querySelectorAll(`${sel} .property-card`).length === count, [grid, big.length]);
    assert.deepEqual((await idsIn(page, grid)).sort(), big);
    await done(opened, 'more filters');
  });

  test('on a slow phone, quick changes and quick typing all reach the address', async () => {
    // A page of its own: its CPU is slowed.
    const opened = await openPage(browser, PHONE);
    const { page } = opened;
    await page.goto(`${server.url}/buy-property`, { waitUntil: 'load' });
    await settle(page);
    // A phone's CPU: the router applies each change some milliseconds after it is asked for.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.getByLabel('Min price (AED)').pressSequentially('2500000');
    await page.getByLabel('Max price (AED)').pressSequentially('90000000');
    await page.waitForURL((url) => url.search === '?sort=price-asc&min=2500000&max=90000000', { timeout: 10_000 });
    assert.equal(await page.getByLabel('Min price (AED)').inputValue(), '2,500,000', 'every key typed is shown');
    // Cleared at once: each change builds on the one before, not on the address shown.
    await page.getByLabel('Max price (AED)').fill('');
    await page.getByLabel('Sort by').selectOption('newest');
    await page.waitForURL((url) => url.search === '?min=2500000', { timeout: 10_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await done(opened, 'quick changes');
  });

  test('a price box groups its thousands as the visitor types, in each language: a digit put in the middle lands there, Backspace beside a separator takes the digit before it', async () => {
    // 2,500,000, 21,500,000 and 250,000 as each language writes them (Russian: a no-break space).
    const written = {
      en: ['2,500,000', '21,500,000', '250,000'],
      ar: ['2,500,000', '21,500,000', '250,000'],
      ru: ['2\u00a0500\u00a0000', '21\u00a0500\u00a0000', '250\u00a0000'],
    };
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const messages = messagesOf(lang);
      const opened = await visit(`${prefix}/buy-property`, PHONE);
      const { page } = opened;
      const box = page.getByLabel(messages['listing.price.min']);
      const caret = () => box.evaluate((input) => input.selectionStart);
      await box.pressSequentially('2500000');
      await page.waitForURL((url) => url.search === '?min=2500000');
      assert.equal(await box.inputValue(), written[lang][0], `${lang}: grouped as typed`);
      // The caret after the first digit (before its separator), then '1' typed: it lands there.
      await box.evaluate((input) => input.setSelectionRange(1, 1));
      await page.keyboard.type('1');
      await page.waitForURL((url) => url.search === '?min=21500000');
      assert.equal(await box.inputValue(), written[lang][1], `${lang}: the digit where it was typed`);
      assert.equal(await caret(), 2, `${lang}: the caret after it`);
      // The caret just after the first separator: Backspace takes the '1' before it.
      await box.evaluate((input) => input.setSelectionRange(3, 3));
      await page.keyboard.press('Backspace');
      await page.waitForURL((url) => url.search === '?min=2500000');
      assert.equal(await box.inputValue(), written[lang][0], `${lang}: a digit deleted, not the separator`);
      assert.equal(await caret(), 1, `${lang}: the caret where the digit was`);
      // Backspace at the end: the groups move, the caret stays at the end.
      await box.evaluate((input) => input.setSelectionRange(input.value.length, input.value.length));
      await page.keyboard.press('Backspace');
      await page.waitForURL((url) => url.search === '?min=250000');
      assert.equal(await box.inputValue(), written[lang][2], `${lang}: regrouped`);
      assert.equal(await caret(), written[lang][2].length, `${lang}: the caret still at the end`);
      // Delete just before a separator takes the digit after it: 250|,000 -> 25,000.
      await box.evaluate((input) => input.setSelectionRange(3, 3));
      await page.keyboard.press('Delete');
      await page.waitForURL((url) => url.search === '?min=25000');
      assert.equal(await caret(), 4, `${lang}: the caret after the same three digits (25,0|00)`);
      await done(opened, `${lang} grouped price box`);
    }
  });

  test("off-plan: 'Handover' offers Ready and each year of handover with their counts, and filters by it", async () => {
    const offPlan = expected('OffPlan');
    const today = new Date().toISOString().slice(0, 7);
    const choiceOf = (p) => (p.completionDate.slice(0, 7) <= today ? 'ready' : p.completionDate.slice(0, 4));
    const counts = new Map();
    for (const p of offPlan.filter((p) => p.completionDate)) counts.set(choiceOf(p), (counts.get(choiceOf(p)) ?? 0) + 1);
    assert.ok(counts.size >= 2, 'the sample has off-plan listings handed over in different years');
    const opened = await visit('/off-plan');
    const { page } = opened;
    await page.getByText('More filters', { exact: true }).click();
    // Its fields are a chunk of their own, fetched on the first opening.
    await page.locator('.more-filters__body').waitFor();
    const handover = page.getByLabel('Handover');
    const options = await handover.locator('option').evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options[0], ['', 'Any']);
    assert.deepEqual(new Map(options.slice(1).map(([value, text]) => [value, Number(/\((\d+)\)$/.exec(text)?.[1])])), counts);
    const [year] = [...counts.keys()].filter((choice) => choice !== 'ready');
    await handover.selectOption(year);
    await page.waitForURL((url) => url.searchParams.get('completion') === year);
    const wanted = offPlan.filter((p) => p.completionDate && choiceOf(p) === year).map((p) => p.id).sort();
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
    assert.deepEqual((await idsIn(page, grid)).sort(), wanted);
    await done(opened, 'handover');
  });

  test("rentals: 'Furnishing' offers what the listings say with their counts, and filters by it on the listing and the result page", async () => {
    const rentals = expected('Rental');
    const counts = new Map();
    for (const p of rentals.filter((p) => p.furnishing)) counts.set(p.furnishing, (counts.get(p.furnishing) ?? 0) + 1);
    assert.ok(counts.size >= 2, 'the sample has rentals furnished and not');
    for (const path of ['/rent-property', '/search-rent']) {
      const opened = await visit(path);
      const { page } = opened;
      await page.getByText('More filters', { exact: true }).click();
      await page.locator('.more-filters__body').waitFor();
      const furnishing = page.getByLabel('Furnishing');
      const options = await furnishing.locator('option').evaluateAll((list) => list.map((o) => [o.value, o.textContent]));
      assert.deepEqual(options[0], ['', 'Any']);
      assert.deepEqual(new Map(options.slice(1).map(([value, text]) => [value, Number(/\((\d+)\)$/.exec(text)?.[1])])), counts, path);
      await furnishing.selectOption('furnished');
      await page.waitForURL((url) => url.searchParams.get('furnishing') === 'furnished');
      const wanted = rentals.filter((p) => p.furnishing === 'furnished').map((p) => p.id).sort();
      if (path === '/rent-property') {
        await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, wanted.length]);
        assert.deepEqual((await idsIn(page, grid)).sort(), wanted);
      } else {
        assert.deepEqual(await resultsBecome(page, wanted), wanted);
        assert.ok(await page.getByText('Furnished', { exact: true }).first().isVisible(), 'a chip names the filter');
      }
      await done(opened, `furnishing on ${path}`);
    }
  });

  test("a price chip says 'a year' on the rent search, as its price filter does, and not on the others", async () => {
    for (const [path, chip] of [['/search-rent?max=400000', 'Up to 400,000 AED / year'], ['/search-result?max=400000', 'Up to 400,000 AED']]) {
      const opened = await visit(path);
      await opened.page.locator('.criteria__chip', { hasText: chip }).waitFor();
      // Each chip is a button: its words, then the '×' that removes it.
      assert.deepEqual(await opened.page.locator('.criteria__chip > span:first-child').allTextContents(), [chip], path);
      await done(opened, path);
    }
  });

  test('off-plan results: the handover filter applies to the function\'s answer too', async () => {
    const offPlan = expected('OffPlan');
    const today = new Date().toISOString().slice(0, 7);
    const year = offPlan.map((p) => p.completionDate).filter((d) => d && d.slice(0, 7) > today).map((d) => d.slice(0, 4)).sort()[0];
    assert.ok(year, 'an off-plan listing handed over in a later year');
    const wanted = offPlan.filter((p) => p.completionDate?.startsWith(year) && p.completionDate.slice(0, 7) > today).map((p) => p.id).sort();
    const opened = await visit(`/search-off-plan?completion=${year}`);
    assert.deepEqual(await resultsBecome(opened.page, wanted), wanted);
    await done(opened, 'off-plan results by handover');
  });

  test("a result page refines in place with its listing page's controls, and Back to Listings returns to it, in each language", async () => {
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const messages = messagesOf(lang);
      const opened = await visit(`${prefix}/search-residential?type=Apartments`);
      const { page } = opened;
      assert.deepEqual(await results(page, lang), ids(expected('Residential', { type: 'Apartments' })), lang);
      await page.evaluate(() => (window.__samePage = true));
      const panel = page.getByRole('search').first();
      assert.equal(await panel.locator('select[name="type"]').inputValue(), 'Apartments', `${lang}: the panel shows the search`);
      await panel.locator('select[name="bedrooms"]').selectOption('2');
      await page.waitForURL((url) => url.searchParams.get('bedrooms') === '2' && url.searchParams.get('type') === 'Apartments');
      const two = ids(expected('Residential', { type: 'Apartments', bedrooms: '2' }));
      assert.deepEqual(await resultsBecome(page, two, lang), two, lang);
      assert.equal(await page.evaluate(() => window.__samePage), true, `${lang}: no full reload`);
      // Sort and the price range as on the listing page, kept through the next search.
      await page.getByLabel(messages['listing.sort']).selectOption('price-desc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
      await panel.locator('select[name="bedrooms"]').selectOption('');
      await page.waitForURL((url) => !url.searchParams.has('bedrooms') && url.searchParams.get('sort') === 'price-desc');
      const apartments = byPrice(expected('Residential', { type: 'Apartments' })).reverse().map((p) => p.id);
      await resultsBecome(page, ids(expected('Residential', { type: 'Apartments' })), lang);
      assert.deepEqual((await idsIn(page, '.card-grid')).filter((id) => apartments.includes(id)), apartments, `${lang}: dearest first`);
      assert.equal(await page.evaluate(() => window.__samePage), true, `${lang}: still no full reload`);
      if (lang === 'en') await screenshot(page, { path: '/tmp/refined-results-en-1440.png' });

      const url = page.url();
      await Promise.all([page.waitForURL(/\/property\//), page.locator('.card-grid .property-card__link').first().click()]);
      await settle(page);
      const back = page.locator('.property__topbar a').first();
      assert.equal((await back.textContent()).trim(), messages['property.back'], lang);
      assert.equal(server.url + (await back.getAttribute('href')), url);
      await Promise.all([page.waitForURL((next) => next.href === url), back.click()]);
      await resultsBecome(page, ids(expected('Residential', { type: 'Apartments' })), lang);
      await done(opened, `${lang} refine`);
    }
  });

  test("nothing found: the search without its narrowest filter, with its count, and 'Tell us what you are looking for' filled in, in each language", async () => {
    for (const [lang, prefix, viewport] of EACH_LANGUAGE) {
      const messages = messagesOf(lang);
      const opened = await visit(`${prefix}/search-residential?type=Apartments&bedrooms=7`, viewport);
      const { page } = opened;
      assert.deepEqual(await results(page, lang), ids(expected('Residential', { type: 'Apartments', bedrooms: '7' })), lang);
      // The search without a filter comes once its count is known, before the requirements link.
      const relax = page.getByRole('link', { name: messages['search.relax'].replace('{filter}', messages['searchPanel.bedrooms.more']) });
      await relax.waitFor();
      const n = expected('Residential', { type: 'Apartments' }).length;
      assert.equal(await page.locator('.search-help__count').textContent(), countText(lang, 'search.count', n), lang);
      const tell = page.locator('.search-help').getByRole('link', { name: messages['search.tellUs'] });
      assert.equal(await tell.getAttribute('href'), `${prefix}/req?purpose=buy&propertyType=Apartments&bedrooms=7`);
      await relax.click();
      await page.waitForURL((url) => url.search === '?type=Apartments');
      assert.equal((await results(page, lang)).length, n, lang);
      // The requirements form, filled in with the search. Back draws the help whole at once
      // (counted again, its first line came after the button and pushed it down under the tap).
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('bedrooms') === '7');
      await page.locator('.search-help').waitFor();
      assert.equal(await relax.isVisible(), true, `${lang}: Back draws the search without its filter with the help`);
      await page.locator('.search-help').getByRole('link', { name: messages['search.tellUs'] }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/req`);
      await settle(page);
      const form = page.locator('form[name="requirements"]');
      assert.equal(await form.locator('select[name="propertyType"]').inputValue(), 'Apartment', lang);
      assert.equal(await form.locator('select[name="bedrooms"]').inputValue(), '7', lang);
      assert.equal(await form.locator('input[name="purpose"][value="buy"]').isChecked(), true, lang);
      await done(opened, `${lang} empty results`);
    }
  });

  // The empty results in each language: the 'nothing found' test above.
  test('in Arabic and Russian: the filtered listing page and More filters speak the language', async () => {
    for (const [lang, more] of [
      ['ar', 'مزيد من الفلاتر'],
      ['ru', 'Другие фильтры'],
    ]) {
      const opened = await visit(`/${lang}/buy-property?type=Villa`, PHONE);
      const { page } = opened;
      const villas = expected('Residential', { type: 'Villa' }).length;
      await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .property-card`).length === n, [grid, villas]);
      assert.equal(await page.locator('.more-filters__toggle').textContent(), more);
      await done(opened, lang);
    }
  });
});
