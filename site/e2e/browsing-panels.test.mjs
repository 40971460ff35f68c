// Browser tests of every search panel: one option of each of its dropdowns sent from the page, what every option finds, and the empty-search alert, against the published content (helpers: browsing.mjs). Every option's URL: src/components/SearchPanel.test.tsx.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, answerDialog, openPage, openWalk, settle } from './browser.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREA_SIZES, BEDROOM_LABELS, EMPTY_ALERT, PANELS, backTo, browser, done, expected, hasEveryWord, ids, openAt, published, results, resultsBecome, search, server, typeChoices, withBrowsing } from './browsing.mjs';

withBrowsing();

describe('search panels', () => {
  // One tab for the file's pages (a walk: each opened as in a fresh context). Per panel: the
  // empty search first, then one option of each dropdown chosen, submitted and its result page
  // read, the panel's page opened again for the next (Back shows the panel as it was left:
  // checked with the first type); then what every option finds, asked of the search endpoint as
  // the result page asks it.
  let walk;
  before(async () => {
    walk = await openWalk(browser, DESKTOP);
  });
  after(async () => {
    await walk?.close();
  });
  /** `path` opened in the walk's tab, hydrated and idle. */
  const visit = (path) => openAt(walk, DESKTOP, server.url + path);

  /** The values of the panel's fields: all empty on a panel's page just opened. */
  const fieldsOf = (page) =>
    page.getByRole('search').first().locator('input[name="query"], select').evaluateAll((fields) => fields.map((f) => [f.name, f.value]));
  const chosen = async (page) => (await fieldsOf(page)).filter(([, value]) => value !== '');

  /** The panel's page as opened (a page load, unless it is that page with nothing chosen yet). */
  async function backToEmpty(page, panel, what) {
    const here = new URL(page.url());
    if (here.pathname !== panel.page || here.search !== '' || (await chosen(page)).length > 0) {
      await page.goto(server.url + panel.page, { waitUntil: 'load' });
      await settle(page);
    }
    assert.deepEqual(await chosen(page), [], `${panel.page}: the panel is empty before ${what}`);
  }

  async function emptySearch(page, panel) {
    const messages = [];
    const onDialog = (dialog) => {
      messages.push(dialog.message());
      void answerDialog(dialog, false);
    };
    page.on('dialog', onDialog);
    const searchPanel = page.getByRole('search').first();
    // Spaces alone are no search text either.
    await searchPanel.locator('input[name="query"]').fill('   ');
    // The alert is the event waited for, not a fixed time.
    const alerted = page.waitForEvent('dialog', { timeout: 5_000 });
    await searchPanel.getByRole('button', { name: 'Search' }).click();
    await alerted;
    page.off('dialog', onDialog);
    assert.deepEqual(messages, [EMPTY_ALERT], `${panel.page}: the empty search's alert`);
    assert.equal(new URL(page.url()).pathname, panel.page === '/' ? '/' : panel.page);
    await searchPanel.locator('input[name="query"]').fill('');
  }

  /**
   * Sends the panel with `values` and answers what `search` does, with the search request the
   * result page sent: its endpoint and its JSON body.
   */
  async function searchSent(page, values) {
    const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'));
    const found = await search(page, values);
    const request = await sent;
    return { ...found, endpoint: new URL(request.url()).pathname, body: request.postDataJSON() };
  }

  /**
   * A value of `values` whose search narrows the category without emptying it, so the one search
   * sent from the page shows it filtered.
   */
  function telling(panel, name, values) {
    const all = expected(panel.category).length;
    const value = values.find((one) => {
      const n = expected(panel.category, { [name]: one }).length;
      return n > 0 && n < all;
    });
    assert.ok(value !== undefined, `${panel.page}: a ${name} option that finds some of the listings, not all`);
    return value;
  }

  /** Sent from the page: exactly the one parameter to the panel's result page, the one criterion to `endpoint`, and its listings shown. */
  function assertSent(panel, sent, endpoint, name, value) {
    assert.equal(sent.url.pathname, panel.target);
    assert.deepEqual([...sent.url.searchParams], [[name, value]], `only the filled parameter: ${sent.url.search}`);
    assert.equal(sent.endpoint, endpoint ?? sent.endpoint, `${panel.target} searches one endpoint`);
    assert.deepEqual(sent.body, { [name]: value }, `${panel.target} searches the ${name} alone`);
    assert.deepEqual(sent.ids, ids(expected(panel.category, { [name]: value })), `${panel.page} ${name} ${value}`);
  }

  /**
   * The type dropdown as the build's listings fill it; its first type sent from the page, and
   * Back. Answers the endpoint the result page searches.
   */
  async function firstType(page, panel) {
    const select = page.getByRole('search').first().locator('select[name="type"]');
    const options = await select.locator('option').evaluateAll((list) => list.map((o) => ({ text: o.textContent, value: o.value, disabled: o.disabled })));
    // A placeholder that cannot be chosen, then the panel's own options, then every other type in
    // stock, each with its count (one the category has no listing of says so).
    assert.deepEqual(options, [
      { text: 'Property type', value: '', disabled: true },
      ...typeChoices(panel).map(([type, n]) => ({ text: n ? `${type} (${n})` : `${type} (none listed)`, value: type, disabled: false })),
    ]);
    const shown = () => select.evaluate((s) => s.selectedOptions[0]?.textContent);
    assert.equal(await shown(), 'Property type', 'nothing shown as chosen before a pick');
    const [type] = panel.types;
    await backToEmpty(page, panel, `type ${type}`);
    await select.selectOption(type);
    assert.equal(await shown(), options[1].text, 'the picked type is shown');
    const sent = await searchSent(page, { type });
    assertSent(panel, sent, null, 'type', type);
    // Back (the browser's): the panel's page as it was left, the type searched still chosen.
    await backTo(page, panel.page);
    assert.deepEqual(await chosen(page), [['type', type]], `${panel.page}: Back shows the panel as it was left`);
    return sent.endpoint;
  }

  async function oneBedroom(page, panel, endpoint) {
    await backToEmpty(page, panel, 'the bedrooms');
    const select = page.getByRole('search').first().locator('select[name="bedrooms"]');
    const labels = ['Studio', ...BEDROOM_LABELS];
    assert.deepEqual(await select.locator('option').allTextContents(), ['Bedroom', ...labels]);
    assert.deepEqual(await select.locator('option').evaluateAll((list) => list.map((o) => o.value)), ['', '0', '1', '2', '3', '4', '5', '6', '7']);
    const n = telling(panel, 'bedrooms', ['0', '1', '2', '3', '4', '5', '6', '7']);
    assertSent(panel, await searchSent(page, { bedrooms: n }), endpoint, 'bedrooms', n);
    // What the result page searches is what its panel shows.
    const shownThere = await page.getByRole('search').first().locator('select[name="bedrooms"]').evaluate((s) => s.selectedOptions[0]?.textContent);
    assert.equal(shownThere, labels[Number(n)], `${panel.target}?bedrooms=${n}`);
  }

  /** The communities of the panel's listings, by name. */
  const communitiesOf = (panel) => [...new Set(expected(panel.category).map((p) => p.location).filter(Boolean))].sort();

  async function oneCommunity(page, panel, endpoint) {
    await backToEmpty(page, panel, 'the communities');
    const select = page.getByRole('search').first().locator('select[name="community"]');
    const options = await select.locator('option').allTextContents();
    assert.equal(options[0], 'Area');
    const communities = communitiesOf(panel);
    assert.deepEqual([...options.slice(1)].sort(), communities);
    const community = telling(panel, 'community', communities);
    assertSent(panel, await searchSent(page, { community }), endpoint, 'community', community);
  }

  async function oneArea(page, panel, endpoint) {
    await backToEmpty(page, panel, 'the areas');
    const select = page.getByRole('search').first().locator('select[name="area"]');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(values, ['', ...AREA_SIZES]);
    const area = telling(panel, 'area', AREA_SIZES);
    assertSent(panel, await searchSent(page, { area }), endpoint, 'area', area);
  }

  /**
   * Every option of each of the panel's dropdowns searched as its result page searches one (the
   * request `assertSent` saw: the criterion in the query string and the JSON body, to
   * `endpoint`), without a page load each: what each finds in the published listings. That an
   * option sends its one parameter is the component test's (src/components/SearchPanel.test.tsx).
   */
  async function everyOptionFinds(panel, endpoint) {
    const dropdowns = [
      ['type', typeChoices(panel).map(([type]) => type)],
      ...(panel.bedrooms ? [['bedrooms', ['0', '1', '2', '3', '4', '5', '6', '7']]] : []),
      ...(panel.communities ? [['community', communitiesOf(panel)]] : []),
      ...(panel.areas ? [['area', AREA_SIZES]] : []),
    ];
    for (const [name, values] of dropdowns) {
      for (const value of values) {
        const body = { [name]: value };
        const response = await fetch(`${server.url}${endpoint}?${new URLSearchParams(body)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(response.status, 200, `${endpoint} ${name} ${value}`);
        const found = await response.json();
        // All on the result page's first page of cards, as the page showed them.
        assert.equal(Number(response.headers.get('x-total-count')), found.length, `${endpoint} ${name} ${value}: one page`);
        if (name === 'community') assert.ok(found.length >= 1, `${value} has listings`);
        assert.deepEqual(found.map((p) => p.id).sort(), ids(expected(panel.category, body)), `${panel.page} ${name} ${value}`);
      }
    }
  }

  for (const panel of PANELS) {
    const which = [
      'the first type sent from the page finds its listings and Back shows it chosen',
      panel.bedrooms && "a bedroom sent finds its listings and the result page's panel shows it chosen",
      panel.communities && 'the Area dropdown lists the communities of its listings and one sent filters by it',
      panel.areas && 'an area sent is a minimum in sqft',
    ].filter(Boolean);
    test(`${panel.page}: an empty search raises the alert and goes nowhere; ${which.join('; ')}; every option of each dropdown finds exactly its listings`, async () => {
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(server.url + panel.page, { waitUntil: 'load' });
      await settle(page);
      await emptySearch(page, panel);
      const endpoint = await firstType(page, panel);
      if (panel.bedrooms) await oneBedroom(page, panel, endpoint);
      if (panel.communities) await oneCommunity(page, panel, endpoint);
      if (panel.areas) await oneArea(page, panel, endpoint);
      await everyOptionFinds(panel, endpoint);
      await done(opened, panel.page);
    });
  }

  test('in Arabic and Russian the type dropdown shows its placeholder until a type is picked, and says which types have no listing', async () => {
    for (const lang of ['ar', 'ru']) {
      const messages = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8'));
      for (const panel of [PANELS[0], PANELS[3]]) {
        const path = `/${lang}${panel.page === '/' ? '' : panel.page}`;
        const opened = await walk.open();
        await opened.page.goto(server.url + path, { waitUntil: 'load' });
        await settle(opened.page);
        const select = opened.page.getByRole('search').first().locator('select[name="type"]');
        const shown = () => select.evaluate((s) => s.selectedOptions[0]?.textContent);
        assert.equal(await shown(), messages['searchPanel.type'], `${path}: the placeholder`);
        const texts = await select.locator('option:not([disabled])').allTextContents();
        const none = messages['searchPanel.typeNone'].replace('{type}', '');
        panel.types.forEach((type, i) => {
          const listed = expected(panel.category, { type }).length > 0;
          assert.equal(texts[i].endsWith(none), !listed, `${path}: ${type} as "${texts[i]}"`);
        });
        await select.selectOption(panel.types.at(-1));
        assert.equal(await shown(), texts[panel.types.length - 1], `${path}: the picked type`);
        await done(opened, path);
      }
    }
  });

  test('free text finds every listing whose title or community has the word, and combines with a type', async () => {
    const opened = await visit('/');
    const { page } = opened;
    // A word that names no community or type ('Marina' is read as Dubai Marina: query.test.mjs).
    const { url, ids: found } = await search(page, { query: '  Freehold ' });
    assert.equal(url.search, '?query=Freehold', 'the text is trimmed and sent alone');
    const mentioning = published.filter((p) => /\bfreehold\b/i.test(`${p.title} ${p.location}`)).map((p) => p.id);
    assert.ok(mentioning.length >= 2);
    for (const id of mentioning) assert.ok(found.includes(id), `${id} mentions Freehold`);

    await page.goto(server.url + '/residential-properties', { waitUntil: 'load' });
    await settle(page);
    const both = await search(page, { query: 'sea', type: 'Apartments', bedrooms: '2' });
    assert.equal(both.url.search, '?query=sea&bedrooms=2&type=Apartments');
    assert.ok(both.ids.length > 0, 'the Marina two-bedroom has a sea view');
    const narrowed = expected('Residential', { type: 'Apartment', bedrooms: 2 }).map((p) => p.id);
    for (const id of both.ids) assert.ok(narrowed.includes(id), `${id} is a 2-bedroom residential apartment`);
    await done(opened, 'free text');
  });

  // Any one word used to be enough, so 'home' and 'no' (the start of 'north')
  // found six listings. Every word of the query must now be in the listing.
  test('a query finds only listings with every one of its words, on each result page', async () => {
    const opened = await visit('/');
    const { page } = opened;
    for (const { target } of PANELS) {
      await page.goto(`${server.url}${target}?query=zqxjv-no-such-home-4711`, { waitUntil: 'load' });
      assert.deepEqual(await results(page), [], `${target}: nonsense finds nothing`);
    }
    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('Marina Gate')}`, { waitUntil: 'load' });
    const gate = published.find((p) => /marina gate/i.test(p.title));
    assert.ok((await results(page)).includes(gate.id));
    const first = await page.locator('.card-grid .property-card__link').first().getAttribute('href');
    assert.equal(first, `/property/${gate.id}`, 'Marina Gate first');

    await page.goto(`${server.url}/search-result?query=${encodeURIComponent('palm villa')}`, { waitUntil: 'load' });
    const found = await results(page);
    assert.ok(found.length > 0, 'palm villa finds something');
    assert.deepEqual(found, ids(published.filter((p) => hasEveryWord(p, ['palm', 'villa']))));
    await done(opened, 'every word');
  });

  test('a result page reloads when its URL parameters change, and a failing search shows no properties', async () => {
    const opened = await visit('/search-off-plan?area=500');
    const { page } = opened;
    assert.deepEqual(await results(page), ids(expected('OffPlan', { area: 500 })));
    // A client-side change of the parameters on the same page: a shell link (routed by the
    // layout's click handler) to the same result page with other parameters, then Back.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/search-off-plan?area=3000';
      link.dataset.shellLink = '';
      link.id = 'test-link';
      link.textContent = 'larger';
      document.querySelector('header')?.append(link);
    });
    await page.locator('#test-link').click();
    await page.waitForURL(/area=3000/, { waitUntil: 'commit' });
    assert.deepEqual(await resultsBecome(page, ids(expected('OffPlan', { area: 3000 }))), ids(expected('OffPlan', { area: 3000 })));
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(/area=500/, { waitUntil: 'commit' });
    assert.deepEqual(await resultsBecome(page, ids(expected('OffPlan', { area: 500 }))), ids(expected('OffPlan', { area: 500 })));
    await done(opened, 'reload');

    const failing = await openPage(browser, DESKTOP);
    await failing.page.route('**/api/properties/commercial/search**', (route) => route.fulfill({ status: 500, body: '{}' }));
    const logged = [];
    failing.page.on('console', (message) => logged.push(message.text()));
    await failing.page.goto(server.url + '/search-commercial?type=Shop', { waitUntil: 'load' });
    assert.deepEqual(await results(failing.page), []);
    assert.ok(logged.some((text) => text.startsWith('Failed to fetch search results')), logged.join('\n'));
    await failing.context.close();
  });

  test('the reset button clears every field of the panel', async () => {
    const opened = await visit('/rent-property');
    const { page } = opened;
    const panel = page.getByRole('search').first();
    await panel.locator('input[name="query"]').fill('villa');
    await panel.locator('select[name="bedrooms"]').selectOption('3');
    await panel.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await panel.locator('input[name="query"]').inputValue(), '');
    assert.equal(await panel.locator('select[name="bedrooms"]').inputValue(), '');
    await done(opened, 'reset');
  });
});
