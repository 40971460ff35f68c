// Browser tests of every search panel: each of its type, bedroom and area options and the empty-search alert, against the published content (helpers: browsing.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, openPage, openWalk, settle } from './browser.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREA_SIZES, BEDROOM_LABELS, EMPTY_ALERT, PANELS, backTo, browser, done, expected, hasEveryWord, ids, open, published, results, resultsBecome, search, server, typeChoices, withBrowsing } from './browsing.mjs';

withBrowsing();

describe('search panels', () => {
  // One tab per panel, all its options driven in it: the empty search first, then each option
  // of each dropdown chosen, submitted and its result page read, and the panel's page opened
  // again for the next (Back shows the panel as it was left: checked once, with the first type).
  let walk;
  before(async () => {
    walk = await openWalk(browser, DESKTOP);
  });
  after(async () => {
    await walk?.close();
  });

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
      void dialog.dismiss();
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

  async function everyType(page, panel) {
    const select = page.getByRole('search').first().locator('select[name="type"]');
    const options = await select.locator('option').evaluateAll((list) => list.map((o) => ({ text: o.textContent, value: o.value, disabled: o.disabled })));
    // A placeholder that cannot be chosen, then the panel's own options, then every other type in
    // stock, each with its count (one the category has no listing of says so).
    const choices = typeChoices(panel);
    assert.deepEqual(options, [
      { text: 'Property type', value: '', disabled: true },
      ...choices.map(([type, n]) => ({ text: n ? `${type} (${n})` : `${type} (none listed)`, value: type, disabled: false })),
    ]);
    const shown = () => select.evaluate((s) => s.selectedOptions[0]?.textContent);
    assert.equal(await shown(), 'Property type', 'nothing shown as chosen before a pick');
    for (const [type] of choices) {
      await backToEmpty(page, panel, `type ${type}`);
      if (type === panel.types[0]) {
        await select.selectOption(type);
        assert.equal(await shown(), options[1].text, 'the picked type is shown');
      }
      const { url, ids: found } = await search(page, { type });
      assert.equal(url.pathname, panel.target);
      assert.deepEqual([...url.searchParams.keys()], ['type'], `only the filled parameter: ${url.search}`);
      assert.equal(url.searchParams.get('type'), type);
      assert.deepEqual(found, ids(expected(panel.category, { type })), `${panel.page} type ${type}`);
      if (type === choices[0][0]) {
        // Back (the browser's): the panel's page as it was left, the type searched still chosen.
        await backTo(page, panel.page);
        assert.deepEqual(await chosen(page), [['type', type]], `${panel.page}: Back shows the panel as it was left`);
      }
    }
  }

  async function everyBedroom(page, panel) {
    await backToEmpty(page, panel, 'the bedrooms');
    const select = page.getByRole('search').first().locator('select[name="bedrooms"]');
    const labels = ['Studio', ...BEDROOM_LABELS];
    assert.deepEqual(await select.locator('option').allTextContents(), ['Bedroom', ...labels]);
    assert.equal(await select.locator('option').first().getAttribute('value'), '', 'the placeholder has no value');
    for (let n = 0; n <= 7; n += 1) {
      await backToEmpty(page, panel, `${n} bedrooms`);
      const { url, ids: found } = await search(page, { bedrooms: String(n) });
      assert.equal(url.pathname, panel.target);
      assert.equal(url.search, `?bedrooms=${n}`);
      assert.deepEqual(found, ids(expected(panel.category, { bedrooms: String(n) })), `${panel.page} ${n} bedrooms`);
      // What the result page searches is what its panel shows.
      const shownThere = await page.getByRole('search').first().locator('select[name="bedrooms"]').evaluate((s) => s.selectedOptions[0]?.textContent);
      assert.equal(shownThere, labels[n], `${panel.target}?bedrooms=${n}`);
    }
  }

  async function everyCommunity(page, panel) {
    await backToEmpty(page, panel, 'the communities');
    const select = page.getByRole('search').first().locator('select[name="community"]');
    const options = await select.locator('option').allTextContents();
    assert.equal(options[0], 'Area');
    const communities = [...new Set(expected(panel.category).map((p) => p.location).filter(Boolean))].sort();
    assert.deepEqual([...options.slice(1)].sort(), communities);
    for (const community of communities) {
      await backToEmpty(page, panel, `community ${community}`);
      const { ids: found } = await search(page, { community });
      assert.ok(found.length >= 1, `${community} has listings`);
      assert.deepEqual(found, ids(expected(panel.category, { community })), `${panel.page} in ${community}`);
    }
  }

  async function everyArea(page, panel) {
    await backToEmpty(page, panel, 'the areas');
    const select = page.getByRole('search').first().locator('select[name="area"]');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(values, ['', ...AREA_SIZES]);
    for (const area of AREA_SIZES) {
      await backToEmpty(page, panel, `area ${area}`);
      const { url, ids: found } = await search(page, { area });
      assert.equal(url.pathname, panel.target);
      assert.equal(url.search, `?area=${area}`);
      assert.deepEqual(found, ids(expected(panel.category, { area })), `${panel.page} from ${area} sqft`);
    }
  }

  for (const panel of PANELS) {
    const which = [
      'every type option finds exactly its listings',
      panel.bedrooms && "every bedroom option, the studio too, finds exactly its listings (7+ is seven or more), and the result page's panel shows it chosen",
      panel.communities && 'the Area dropdown lists the communities of its listings and filters by them',
      panel.areas && 'every area option is a minimum in sqft',
    ].filter(Boolean);
    test(`${panel.page}: an empty search raises the alert and goes nowhere; ${which.join('; ')}`, async () => {
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(server.url + panel.page, { waitUntil: 'load' });
      await settle(page);
      await emptySearch(page, panel);
      await everyType(page, panel);
      if (panel.bedrooms) await everyBedroom(page, panel);
      if (panel.communities) await everyCommunity(page, panel);
      if (panel.areas) await everyArea(page, panel);
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
    const opened = await open('/');
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
    const opened = await open('/');
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
    const opened = await open('/search-off-plan?area=500');
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
    const opened = await open('/rent-property');
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
