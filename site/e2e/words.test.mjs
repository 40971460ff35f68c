// Arabic and Russian pages say in their language what they said in English: an off-plan
// listing's payment-plan stages on the property page and /compare (vocabulary/stages.yaml); a
// post's author and /compare's agent as the team page names them. Directions and numbers: a
// percentage follows one rule per language on the property page (market figures, payment plan, mortgage calculator) and an area
// guide. Like with like: /compare says each price's period beside it, a monthly rent's yearly
// amount, a sale price that it is one; an off-plan listing's calculator pays by its payment plan's
// stages, named in the page's language, with the mortgage from handover.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { DESKTOP, PHONE, openWalk, settle } from './browser.mjs';

withSiteAndBrowser();

const OFF_PLAN = 'emaar-beachfront-two-bedroom';
const OTHER_OFF_PLAN = 'creek-harbour-waterfront-one-bedroom';
const STAGES = {
  ar: ['عند الحجز', 'خلال البناء', 'عند التسليم'],
  ru: ['При бронировании', 'Во время строительства', 'При передаче ключей'],
};
const TEAM = {
  ar: { 'Sara Al Mansouri': 'سارة المنصوري', 'Daniel Novak': 'دانيال نوفاك' },
  ru: { 'Sara Al Mansouri': 'Сара Аль Мансури', 'Daniel Novak': 'Даниэль Новак' },
};

async function json(path) {
  const response = await fetch(server.url + path);
  assert.equal(response.status, 200, path);
  return response.json();
}

/** The texts of `selector`'s elements, and whether any part of them is marked English. */
async function texts(page, selector) {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => ({ text: node.textContent.trim(), english: node.querySelector('[lang="en"]') !== null })),
  );
}

for (const lang of ['ar', 'ru']) {
  test(`/${lang}: the payment plan's stages and the agent's name in ${lang} on the property page and /compare`, async () => {
    const walk = await openWalk(browser, DESKTOP);
    try {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}/${lang}/property/${OFF_PLAN}`, { waitUntil: 'load' });
      await settle(page);
      const steps = await texts(page, '.payment-plan li');
      assert.equal(steps.length, 3, 'three stages');
      steps.forEach((step, i) => {
        assert.ok(step.text.includes(STAGES[lang][i]), `stage ${i + 1}: "${step.text}" names ${STAGES[lang][i]}`);
        assert.equal(step.english, false, `stage ${i + 1} is not English`);
      });
      await context.close();

      const listing = await json(`/api/properties/${OFF_PLAN}`);
      const agent = (await json('/data/team.json')).find((member) => member.id === listing.agent);
      const open = await walk.open();
      await open.page.goto(`${server.url}/${lang}/compare?ids=${OFF_PLAN},${OTHER_OFF_PLAN}`, { waitUntil: 'load' });
      await settle(open.page);
      await open.page.locator('.compare__plan li').first().waitFor();
      const plan = await texts(open.page, '.compare__plan li');
      for (const stage of STAGES[lang]) assert.ok(plan.some((step) => step.text.includes(stage)), `/compare names ${stage}: ${plan.map((s) => s.text).join(' | ')}`);
      assert.ok(plan.every((step) => !step.english), '/compare marks no stage English');
      assert.ok(agent, `the listing's agent ${listing.agent} is on the team`);
      await open.page.waitForFunction((name) => document.querySelector('main').textContent.includes(name), TEAM[lang][agent.name], { timeout: 5_000 });
      assert.ok(!(await open.page.locator('main').textContent()).includes(agent.name), `/compare names the agent ${agent.name} in Latin letters`);
      await open.context.close();
    } finally {
      await walk.close();
    }
  });

  test(`/${lang}: a post's author as the team page names them`, async () => {
    const posts = await json('/api/blogs');
    const byTeam = posts.filter((post) => TEAM[lang][post.author]);
    assert.ok(byTeam.length >= 2, 'posts by the team');
    const walk = await openWalk(browser, PHONE);
    try {
      for (const post of byTeam.slice(0, 2)) {
        const { page, context } = await walk.open();
        await page.goto(`${server.url}/${lang}${post.url}`, { waitUntil: 'load' });
        await settle(page);
        const meta = await page.locator('.post__meta').textContent();
        assert.ok(meta.includes(TEAM[lang][post.author]), `${post.url}: "${meta}" names ${TEAM[lang][post.author]}`);
        assert.ok(!meta.includes(post.author), `${post.url}: the Latin name ${post.author}`);
        await context.close();
      }
    } finally {
      await walk.close();
    }
  });
}

/**
 * Every percentage the site writes in `main` (not the description's): its number and on which side of it the sign is drawn, with
 * the characters between them.
 */
function percents(page) {
  return page.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // The listing's description is the editor's own text, not the site's formatting.
      if (node.parentElement.closest('.prose')) continue;
      for (const match of node.textContent.matchAll(/(\d[\d.,]*)([\u00a0\u200e\u2069 ]*)%/g)) {
        const rect = (from, length) => {
          const range = document.createRange();
          range.setStart(node, from);
          range.setEnd(node, from + length);
          return range.getBoundingClientRect();
        };
        const number = rect(match.index, match[1].length);
        const sign = rect(match.index + match[0].length - 1, 1);
        if (number.width === 0) continue;
        found.push({ text: match[0], between: match[2], side: sign.left >= number.right - 1 ? 'right' : 'left' });
      }
    }
    return found;
  });
}

for (const [lang, rule, expected] of [
  ['ar', 'the sign drawn right of the number, nothing between', (p) => p.side === 'right' && !/[\u00a0 ]/.test(p.between)],
  ['ru', 'a no-break space, then the sign', (p) => p.between === '\u00a0' && p.side === 'right'],
]) {
  test(`/${lang}: one rule for every percentage on a property page (${rule})`, async () => {
    const walk = await openWalk(browser, DESKTOP);
    try {
      for (const id of ['marina-gate-two-bedroom-sea-view', OFF_PLAN]) {
        const { page, context } = await walk.open();
        await page.goto(`${server.url}/${lang}/property/${id}`, { waitUntil: 'load' });
        await settle(page);
        // The mortgage calculator loads as it comes near the screen.
        await page.locator('.mortgage').scrollIntoViewIfNeeded();
        await page.locator('.mortgage .field__control').first().waitFor();
        const found = await percents(page);
        assert.ok(found.length >= 4, `${id}: percentages found: ${found.map((p) => p.text).join(', ')}`);
        const odd = found.filter((p) => !expected(p)).map((p) => `${JSON.stringify(p.text)} (sign on the ${p.side})`);
        assert.deepEqual(odd, [], `${id}: percentages not written as the others`);
        await context.close();
      }
    } finally {
      await walk.close();
    }
  });
}

test("nothing found: 'Search without' quotes the visitor's words once, in each language", async () => {
  const walk = await openWalk(browser, DESKTOP);
  try {
    for (const lang of ['', '/ar', '/ru']) {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}${lang}/search-result?query=${encodeURIComponent('Jumeirah Islands')}&type=Villa`, { waitUntil: 'load' });
      await settle(page);
      const offers = page.locator('.search-help a');
      // The offer without the words comes once its count is known.
      await page.waitForFunction(() => [...document.querySelectorAll('.search-help a')].some((a) => a.textContent.includes('Jumeirah Islands')));
      const words = (await offers.allTextContents()).join(' | ');
      assert.ok(words.includes('Jumeirah Islands'), `${lang || '/en'}: the offers ${words}`);
      assert.doesNotMatch(words, /““|””|««|»»|“«|»”/, `${lang || '/en'}: doubled quotes in ${words}`);
      await context.close();
    }
  } finally {
    await walk.close();
  }
});

test("/compare reached from the cards' Compare buttons offers the way back to the listings, not to the shortlist", async () => {
  const walk = await openWalk(browser, DESKTOP);
  try {
    const { page, context } = await walk.open();
    await page.goto(`${server.url}/off-plan`, { waitUntil: 'load' });
    await settle(page);
    const toggles = page.locator('.card-grid .compare-toggle');
    await toggles.nth(0).click();
    await toggles.nth(1).click();
    const go = page.locator('.compare-tray__go');
    await go.waitFor();
    await Promise.all([page.waitForURL(/\/compare\?ids=/), go.click()]);
    await settle(page);
    const main = page.locator('main');
    assert.equal(await main.getByText('Back to your shortlist').count(), 0, 'it offers the shortlist the visitor did not come from');
    const back = main.getByRole('link', { name: 'Back to the listings' });
    await Promise.all([page.waitForURL((url) => url.pathname === '/off-plan'), back.click()]);
    await context.close();
  } finally {
    await walk.close();
  }
});

test('/ar and /ru: one rule for every percentage on an area guide (the yields, the figures)', async () => {
  const walk = await openWalk(browser, DESKTOP);
  try {
    for (const [lang, rule] of [
      ['ar', (p) => p.side === 'right' && !/[\u00a0 ]/.test(p.between)],
      ['ru', (p) => p.between === '\u00a0' && p.side === 'right'],
    ]) {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}/${lang}/area-guides-in-dubai/dubai-marina`, { waitUntil: 'load' });
      await settle(page);
      const found = await percents(page);
      assert.ok(found.length >= 3, `${lang}: percentages found: ${found.map((p) => p.text).join(', ')}`);
      const odd = found.filter((p) => !rule(p)).map((p) => `${JSON.stringify(p.text)} (sign on the ${p.side})`);
      assert.deepEqual(odd, [], `${lang}: percentages not written as the others`);
      await context.close();
    }
  } finally {
    await walk.close();
  }
});

// As the site writes numbers (src/i18n LOCALES) and prices (src/price.ts).
const LOCALES = { en: 'en-GB', ar: 'ar-AE-u-nu-latn', ru: 'ru-RU' };
const number = (lang, n) => new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }).format(n);
/** A text with its spaces and direction marks made plain, for comparing numbers. */
const plain = (text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').replace(/[\u2066-\u2069\u200e\u200f]/g, '');
const PERIOD = { en: { year: '/ year', month: '/ month' }, ar: { year: 'سنوياً', month: 'شهرياً' }, ru: { year: 'в год', month: 'в месяц' } };
const SALE = { en: 'Sale price', ar: 'سعر البيع', ru: 'Цена продажи' };

test("/compare: a rent beside sale prices says its period, a monthly rent what it comes to in a year, a sale price that it is one, in EN, AR and RU", async () => {
  const ids = ['downtown-serviced-hotel-apartment', 'marina-gate-two-bedroom-sea-view', 'jvc-studio-for-rent'];
  const listings = await Promise.all(ids.map((id) => json(`/api/properties/${id}`)));
  assert.deepEqual(
    listings.map((l) => l.pricePeriod ?? null),
    ['month', null, 'year'],
    'a monthly rent, a sale and a yearly rent',
  );
  const walk = await openWalk(browser, DESKTOP);
  try {
    for (const lang of ['en', 'ar', 'ru']) {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}${lang === 'en' ? '' : `/${lang}`}/compare?ids=${ids.join(',')}`, { waitUntil: 'load' });
      await settle(page);
      const row = page.locator('.compare__table tbody tr').first();
      await row.waitFor();
      const cells = (await row.locator('td').allInnerTexts()).map(plain);
      assert.equal(cells.length, 3, lang);
      const [monthly, sale, yearly] = cells;
      assert.ok(monthly.includes(plain(number(lang, listings[0].price))) && monthly.includes(PERIOD[lang].month), `${lang}: the monthly rent says so: ${monthly}`);
      assert.ok(monthly.includes(plain(number(lang, listings[0].price * 12))) && monthly.includes(PERIOD[lang].year), `${lang}: and its yearly amount: ${monthly}`);
      assert.ok(yearly.includes(PERIOD[lang].year), `${lang}: the yearly rent says so: ${yearly}`);
      assert.ok(sale.includes(plain(number(lang, listings[1].price))) && sale.includes(SALE[lang]), `${lang}: the sale price says it is one: ${sale}`);
      await context.close();
    }
  } finally {
    await walk.close();
  }
});

const STAGE_NAMES = { en: ['On booking', 'During construction', 'On handover'], ...STAGES };

test("an off-plan listing's calculator pays by its payment plan: each stage's amount in the page's language, the mortgage from handover on the handover balance, no down payment 'at transfer', in EN, AR and RU", async () => {
  const listing = await json(`/api/properties/${OFF_PLAN}`);
  const plan = listing.paymentPlan;
  assert.deepEqual(
    plan.map((step) => step.percent),
    [20, 50, 30],
    'the sample plan',
  );
  const amounts = plan.map((step) => Math.round((listing.price * step.percent) / 100));
  // The bank lends on the handover balance, at most half the price of an off-plan home.
  const loan = Math.min(amounts[2], listing.price / 2);
  const walk = await openWalk(browser, PHONE);
  try {
    for (const lang of ['en', 'ar', 'ru']) {
      const { page, context } = await walk.open();
      await page.goto(`${server.url}${lang === 'en' ? '' : `/${lang}`}/property/${OFF_PLAN}`, { waitUntil: 'load' });
      await settle(page);
      await page.locator('.mortgage').scrollIntoViewIfNeeded();
      const stages = page.locator('.mortgage .mortgage__stages > li');
      await stages.first().waitFor();
      assert.equal(await stages.count(), 3, `${lang}: a row per stage`);
      for (const [i, amount] of amounts.entries()) {
        const text = plain(await stages.nth(i).innerText());
        assert.ok(text.includes(STAGE_NAMES[lang][i]), `${lang}: stage ${i + 1} named ${STAGE_NAMES[lang][i]}: ${text}`);
        assert.ok(text.includes(plain(number(lang, amount))), `${lang}: stage ${i + 1} pays ${amount}: ${text}`);
      }
      const handover = plain(await stages.nth(2).innerText());
      assert.ok(handover.includes(plain(number(lang, loan))), `${lang}: the mortgage on the handover balance, ${loan}: ${handover}`);
      // Paid before handover: the stages before it.
      const figures = plain(await page.locator('.mortgage .mortgage__figures').innerText());
      assert.ok(figures.includes(plain(number(lang, amounts[0] + amounts[1]))), `${lang}: paid before handover: ${figures}`);
      // No down payment asked or shown: the plan sets it.
      const calculator = await page.locator('.mortgage').innerText();
      assert.doesNotMatch(calculator, /Down payment|at transfer|الدفعة الأولى|عند نقل الملكية|Первоначальный взнос|при переоформлении/i, `${lang}: a down payment at transfer`);
      await context.close();
    }
    // A ready home's calculator is as it was: a down payment and the cash at transfer.
    const { page, context } = await walk.open();
    await page.goto(`${server.url}/property/marina-gate-two-bedroom-sea-view`, { waitUntil: 'load' });
    await settle(page);
    await page.locator('.mortgage').scrollIntoViewIfNeeded();
    await page.getByLabel('Down payment (AED)').waitFor();
    assert.equal(await page.locator('.mortgage__stages').count(), 0, 'no stages for a ready home');
    await context.close();
  } finally {
    await walk.close();
  }
});
