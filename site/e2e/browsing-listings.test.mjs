// Browser tests of the listing pages: their counts, type filter, and a card followed to its property (helpers: browsing.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, openWalk, screenshot, settle } from './browser.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LISTINGS, browser, cardIds, done, expected, ids, messagesOf, open, published, results, server, typeKey, withBrowsing } from './browsing.mjs';

withBrowsing();

describe('listing pages', () => {
  for (const [path, category] of LISTINGS) {
    test(`${path}: the count, the type filter and the cards match the content`, async () => {
      const opened = await open(path);
      const { page } = opened;
      const listings = expected(category);
      const count = await page.locator('.listing-hero__count').textContent();
      assert.equal(count, listings.length === 1 ? '1 property available' : `${listings.length} properties available`);
      const filter = page.locator('.type-filter');
      await filter.getByText('Filter by Property Types').waitFor();
      const all = filter.getByRole('button', { name: /All Properties/ });
      assert.equal(await all.locator('.chip__count').textContent(), String(listings.length));
      assert.equal(await all.getAttribute('aria-pressed'), 'true', 'the filter starts at All');
      // Every listing shows, after 'Show more' where there are more than a page of them.
      const more = page.getByRole('button', { name: 'Show more' });
      while (await more.count()) {
        const before = (await cardIds(page)).length;
        await more.click();
        await page.waitForFunction((n) => document.querySelectorAll('section[aria-labelledby="listing-heading"] .property-card').length > n, before);
      }
      assert.deepEqual(await cardIds(page), ids(listings));

      const byType = new Map();
      for (const p of listings) byType.set(p.subCategory, (byType.get(p.subCategory) ?? 0) + 1);
      const chips = await filter.locator('button.chip').evaluateAll((buttons) =>
        buttons.slice(1).map((b) => [b.querySelector('span')?.textContent, Number(b.querySelector('.chip__count')?.textContent)]),
      );
      assert.deepEqual(new Map(chips), byType, 'one button per subCategory with its count');
      // The filter narrows to the exact subCategory, and All brings every card back.
      const [type, n] = [...byType.entries()].sort((a, b) => b[1] - a[1])[0];
      await filter.locator('button.chip').filter({ hasText: type }).first().click();
      const main = 'section[aria-labelledby="listing-heading"] .card-grid';
      await page.waitForFunction(([sel, wanted]) => document.querySelectorAll(`${sel} .property-card`).length === wanted, [main, n]);
      const types = await page.locator(`${main} .property-card__type`).allTextContents();
      assert.deepEqual(types, Array(n).fill(type));
      await all.click();
      // Back to the first page of cards (24), or all of them.
      const firstPage = Math.min(listings.length, 24);
      await page.waitForFunction(([sel, wanted]) => document.querySelectorAll(`${sel} .property-card`).length === wanted, [main, firstPage]);
      await done(opened, path);
    });
  }

  // 15,000 AED a month once sorted before 55,000 AED a year, and the hero
  // kept saying '7 properties available' over two cards.
  test('/rent-property: rents sort and filter as yearly amounts, the fields say so, the count follows', async () => {
    const rentals = expected('Rental').filter((p) => p.price != null);
    const yearly = (p) => (p.pricePeriod === 'month' ? p.price * 12 : p.price);
    const monthly = rentals.find((p) => p.pricePeriod === 'month');
    assert.ok(monthly && rentals.some((p) => p.pricePeriod !== 'month' && p.price > monthly.price && p.price < yearly(monthly)),
      'the sample has a monthly rent that a smaller yearly one must precede');
    const opened = await open('/rent-property');
    const { page } = opened;
    const inOrder = () =>
      page.locator('section[aria-labelledby="listing-heading"] .card-grid .property-card__link').evaluateAll((links) =>
        links.map((a) => decodeURIComponent(a.getAttribute('href').replace(/^\/property\//, ''))),
      );
    await page.getByLabel('Sort by').selectOption('price-asc');
    const byYear = [...rentals].sort((a, b) => yearly(a) - yearly(b)).map((p) => p.id);
    await page.waitForFunction((first) => document.querySelector('section[aria-labelledby="listing-heading"] .property-card__link')?.getAttribute('href') === `/property/${first}`, byYear[0]);
    assert.deepEqual((await inOrder()).filter((id) => byYear.includes(id)), byYear);
    assert.equal(await page.locator('.listing-hero__count').textContent(), `${expected('Rental').length} properties available`, 'sorting leaves none out');

    // A yearly floor above the monthly figure but below its year keeps the monthly rent.
    const floor = monthly.price * 12 - 1;
    const min = page.getByLabel('Min price (AED per year)');
    await min.fill(String(floor));
    const kept = byYear.filter((id) => yearly(rentals.find((p) => p.id === id)) >= floor);
    await page.waitForFunction((n) => document.querySelectorAll('section[aria-labelledby="listing-heading"] .property-card').length === n, kept.length);
    assert.deepEqual(await inOrder(), kept);
    assert.ok(kept.includes(monthly.id));
    assert.equal(await page.locator('.listing-hero__count').textContent(), `${kept.length} of ${expected('Rental').length} properties`);
    assert.ok(await page.getByLabel('Max price (AED per year)').isVisible());
    // Each card keeps its own period.
    const monthlyCard = page.locator(`.property-card:has(a[href="/property/${monthly.id}"])`);
    assert.match(await monthlyCard.locator('.property-card__price').textContent(), /AED \/ month/);
    await done(opened, 'yearly rents');
  });

  test('on /off-plan and /commercial the type dropdown lists the types in stock with the chips\' counts, and the chips and the dropdown are one filter', async () => {
    for (const [path, category] of [['/off-plan', 'OffPlan'], ['/commercial', 'Commercial']]) {
      const opened = await open(path);
      const { page } = opened;
      const select = page.getByRole('search').first().locator('select[name="type"]');
      const chips = page.locator('.type-filter .chip');
      const chipList = await chips.evaluateAll((list) =>
        list.map((chip) => ({ name: chip.querySelector('span').textContent, count: chip.querySelector('.chip__count').textContent, pressed: chip.getAttribute('aria-pressed') })),
      );
      const options = await select.locator('option:not([disabled])').evaluateAll((list) => list.map((o) => ({ text: o.textContent, value: o.value })));
      // Every type in stock is both a chip and an option, with the same count.
      const inStock = [...new Set(expected(category).map((p) => p.subCategory))];
      assert.ok(inStock.length >= 2, `${path}: several types in stock`);
      for (const type of inStock) {
        const n = expected(category, { type }).length;
        const chip = chipList.find((c) => typeKey(c.name) === typeKey(type));
        assert.equal(chip?.count, String(n), `${path}: the chip of ${type}`);
        const option = options.find((o) => typeKey(o.value) === typeKey(type));
        assert.equal(option?.text, `${option?.value} (${n})`, `${path}: the option of ${type}, ${JSON.stringify(options)}`);
      }
      const value = () => select.inputValue();
      const pressed = () => page.locator('.type-filter .chip[aria-pressed="true"] span').first().textContent();
      // A chip chosen: the dropdown shows its type.
      const [first, second] = chipList.slice(1);
      await chips.filter({ hasText: second.name }).click();
      await page.waitForFunction((type) => new URL(location.href).searchParams.get('type') === type, second.name);
      assert.equal(typeKey(await value()), typeKey(second.name), `${path}: the chip's type in the dropdown`);
      // The dropdown chosen: its chip is pressed, the address and the cards follow.
      const wanted = options.find((o) => typeKey(o.value) === typeKey(first.name)).value;
      await select.selectOption(wanted);
      await page.waitForFunction((type) => new URL(location.href).searchParams.get('type') === type, wanted);
      assert.equal(typeKey(await pressed()), typeKey(first.name), `${path}: the dropdown's type is the pressed chip`);
      const want = ids(expected(category, { type: first.name }));
      let cards = await cardIds(page);
      for (let tries = 0; tries < 50 && JSON.stringify(cards) !== JSON.stringify(want); tries += 1) {
        await page.waitForTimeout(100);
        cards = await cardIds(page);
      }
      assert.deepEqual(cards, want, `${path}: the cards of ${first.name}`);
      // 'All': the dropdown shows its placeholder again.
      await chips.first().click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('type'));
      assert.equal(await value(), '', `${path}: no type chosen`);
      await done(opened, path);
    }
  });

  test('a card leads to its property page, on a phone too', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const opened = await open('/commercial', viewport);
      const { page } = opened;
      const card = page.locator('.card-grid .property-card').first();
      const title = (await card.locator('.property-card__title').textContent()).trim();
      const link = card.locator('.property-card__link');
      assert.equal(await link.textContent().then((t) => t.trim()), 'View Property');
      const href = await link.getAttribute('href');
      assert.match(href, /^\/property\/[a-z0-9-]+$/);
      await Promise.all([page.waitForURL(server.url + href), link.click()]);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await done(opened, 'card link');
    }
  });

  test('a result card leads to its property page', async () => {
    const opened = await open('/search-result?type=Villa');
    const { page } = opened;
    const found = await results(page);
    assert.deepEqual(found, ids(expected(null, { type: 'Villa' })));
    const link = page.locator('.card-grid .property-card__link').first();
    const href = await link.getAttribute('href');
    await Promise.all([page.waitForURL(server.url + href), link.click()]);
    const id = decodeURIComponent(href.replace('/property/', ''));
    const property = published.find((p) => p.id === id);
    await page.getByRole('heading', { level: 1, name: property.title }).waitFor();
    await done(opened, 'result card');
  });

  /** The site, the team and a language's messages, as the card actions' checks read them. */
  const actionData = (lang) => ({
    site: JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8')),
    team: JSON.parse(readFileSync(join(server.dist, 'data', 'team.json'), 'utf8')),
    messages: messagesOf(lang),
  });

  /**
   * Checks a card's Call and WhatsApp: named by their text and described by the card's title,
   * they reach the listing's agent (else the agency), and the WhatsApp text names the listing,
   * its reference and its page, in the page's language. Answers the listing.
   */
  async function checkCardActions(page, card, prefix, { site, team, messages }) {
    const digits = (phone) => phone.replace(/\D/g, '');
    const href = await card.locator('.property-card__link').getAttribute('href');
    const id = decodeURIComponent(href.replace(/^\/(ar|ru)\//, '/').replace('/property/', ''));
    const listing = published.find((p) => p.id === id);
    const where = `${page.url()} ${id}`;
    const agent = team.find((member) => member.id === listing.agent);
    const title = (await card.locator('.property-card__title').textContent()).trim();
    const call = card.getByRole('link', { name: messages['card.call'], exact: true });
    const whatsapp = card.getByRole('link', { name: messages['card.whatsapp'], exact: true });
    // Named by their text, described by the card's title, as 'View Property' is.
    for (const action of [call, whatsapp]) {
      const describedBy = await action.getAttribute('aria-describedby');
      assert.equal((await page.locator(`[id="${describedBy}"]`).textContent()).trim(), title, where);
    }
    assert.equal(await call.getAttribute('href'), `tel:+${digits(agent?.phone ?? site.phones[0])}`, `${where}: call`);
    const chat = new URL(await whatsapp.getAttribute('href'));
    assert.equal(`${chat.origin}${chat.pathname}`, `https://wa.me/${digits(agent?.whatsapp ?? site.whatsapp)}`, `${where}: WhatsApp`);
    const text = chat.searchParams.get('text').replace(/[\u2066-\u2069]/g, '');
    assert.ok(text.includes(title) && text.includes(listing.reference), `${where}: "${text}" names the listing and its reference`);
    assert.ok(text.includes(`${site.baseUrl}${prefix}/property/${listing.id}`), `${where}: and links it`);
    assert.ok(text.startsWith(messages['card.whatsapp.message'].split('{')[0]), `${where}: in the page's language`);
    return { listing, agent };
  }

  test("every card calls and messages the listing's agent (else the agency), naming the listing in the page's language; the card's own link still opens it", async () => {
    for (const [lang, prefix] of [['en', ''], ['ar', '/ar'], ['ru', '/ru']]) {
      const data = actionData(lang);
      const viewport = lang === 'en' ? DESKTOP : PHONE;
      const opened = await open(`${prefix}/buy-property`, viewport);
      const { page } = opened;
      const cards = page.locator('.card-grid .property-card');
      assert.ok((await cards.count()) > 1, lang);
      for (const card of await cards.all()) await checkCardActions(page, card, prefix, data);
      await screenshot(cards.first(), { path: `/tmp/card-actions-${lang}.png` });
      // The card's picture is still the way into the listing.
      const first = cards.first();
      const href = await first.locator('.property-card__link').getAttribute('href');
      const media = first.locator('.property-card__media');
      await media.scrollIntoViewIfNeeded();
      const box = await media.boundingBox();
      await Promise.all([page.waitForURL((url) => url.pathname === href), page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)]);
      await done(opened, `${lang} card actions`);
    }
  });

  // The result pages' cards are made from the search function's answer (search/toCard.ts), not
  // from the build's cards: they once lost the agent and the reference, and called the agency.
  test("a result page's cards call and message the listing's agent, and the WhatsApp text names the reference, on each result page and the shortlist", async () => {
    const walk = await openWalk(browser, PHONE);
    let agents = 0;
    for (const [path, lang, prefix] of [
      ['/search-result?type=Villa', 'en', ''],
      ['/search-residential?type=Apartments', 'ar', '/ar'],
      ['/search-rent?type=Apartments', 'ru', '/ru'],
      ['/search-off-plan?area=500', 'en', ''],
      ['/search-commercial?area=500', 'ar', '/ar'],
    ]) {
      const data = actionData(lang);
      const opened = await walk.open();
      const { page } = opened;
      await page.goto(`${server.url}${prefix}${path}`, { waitUntil: 'load' });
      await settle(page);
      // Settled: the count is a number and the cards are there (results() reads English words).
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelector('.card-grid .property-card'));
      const cards = page.locator('.card-grid .property-card');
      for (const card of await cards.all()) if ((await checkCardActions(page, card, prefix, data)).agent) agents += 1;
      await done(opened, `${prefix}${path}: card actions`);
    }
    assert.ok(agents >= 5, `cards with an agent of their own: ${agents}`);

    // The shortlist's cards are made the same way, from the listings' API records.
    const saved = published.filter((p) => p.agent).slice(0, 3).map((p) => p.id);
    const opened = await walk.open();
    const { page } = opened;
    // Saved before the page's scripts run (the walk ends with this page).
    await walk.addInitScript(`if (location.protocol === 'http:') localStorage.setItem('estate.shortlist', ${JSON.stringify(JSON.stringify(saved))})`);
    await page.goto(`${server.url}/ru/shortlist`, { waitUntil: 'load' });
    await settle(page);
    const cards = page.locator('.card-grid .property-card');
    await page.waitForFunction((n) => document.querySelectorAll('.card-grid .property-card').length === n, saved.length);
    const data = actionData('ru');
    for (const card of await cards.all()) assert.ok((await checkCardActions(page, card, '/ru', data)).agent, 'a shortlisted listing with its agent');
    await done(opened, '/ru/shortlist: card actions');
    await walk.close();
  });
});

// The page's choices live in its address; result pages refine; filters
// a buyer uses, by the lead function's rules.
