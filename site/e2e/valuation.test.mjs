// 'What is my home worth?' in Debian's Chromium: on /pro (English) and on an area guide (Arabic),
// the estimate the page shows is checked against figures computed here, independently, from the
// sample's market files (content/market/transactions.json and rents.json: the last 12 months'
// quartiles, medians and counts); its button turns it into a seller lead, which reaches the outbox
// with the figures, and the lead's email shows them.
// Screenshots go to e2e/screenshots/valuation-*.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, startServer } from './server.mjs';
import { PHONE, launch, openPage, settle } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const DESKTOP = { width: 1366, height: 900 };
const market = (name) => JSON.parse(readFileSync(join(repo, 'content', 'market', `${name}.json`), 'utf8'));

let server;
let browser;
let outbox;

before(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'estate-valuation-outbox-'));
  server = await startServer({ outbox });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (outbox) rmSync(outbox, { recursive: true, force: true });
});

/**
 * The estimate, computed here from the market files as the tool's rules say: the bedrooms' row
 * when it has 10 sales or more, else the kind's; the size times the lower and upper quartile and
 * the median, the rents' median times the size, each to the nearest 1,000 AED; the gross yield
 * the rents' median over the sales', in percent with one decimal.
 */
function expected(community, kind, bedrooms, sqft) {
  const sales = market('transactions');
  const rents = market('rents');
  const row = (list, b) => list.last12.find((f) => f.community === community && f.kind === kind && f.bedrooms === b);
  const own = row(sales, bedrooms);
  const figure = own && own.count >= 10 ? own : row(sales, null);
  const rent = row(rents, figure.bedrooms);
  const thousand = (n) => Math.round(n / 1000) * 1000;
  return {
    sales: figure.count,
    low: thousand(figure.q1 * sqft),
    median: thousand(figure.median * sqft),
    high: thousand(figure.q3 * sqft),
    rent: rent && rent.count >= 10 ? thousand(rent.median * sqft) : null,
    grossYield: rent && rent.count >= 10 ? Math.round((rent.median / figure.median) * 1000) / 10 : null,
    to: sales.to,
  };
}

const leads = () =>
  readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, lead: JSON.parse(readFileSync(join(outbox, name), 'utf8')) }));

async function waitForLead(count) {
  const end = Date.now() + 8000;
  while (leads().length < count) {
    if (Date.now() > end) throw new Error(`no lead in the outbox after 8 s (${readdirSync(outbox)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return leads().at(-1);
}

/** Chooses in the tool and reads what it shows. */
async function estimateOn(page, { community, kind, bedrooms, size, unit }) {
  const tool = page.locator('.valuation__tool');
  await page.locator('#valuation').scrollIntoViewIfNeeded();
  await tool.waitFor({ timeout: 10_000 });
  await tool.locator('select[name=community]').selectOption(community);
  await tool.locator('select[name=kind]').selectOption(kind);
  await tool.locator('select[name=bedrooms]').selectOption(String(bedrooms));
  await tool.locator('input[type=radio][value=' + unit + ']').check();
  await tool.locator('input[name=size]').fill(String(size));
  const range = tool.locator('.valuation__range');
  await range.waitFor();
  return {
    low: Number(await range.getAttribute('data-low')),
    high: Number(await range.getAttribute('data-high')),
    rent: Number(await tool.locator('[data-rent]').getAttribute('data-rent')) || null,
    grossYield: Number(await tool.locator('[data-yield]').getAttribute('data-yield')),
    sales: Number(await tool.locator('[data-sales]').getAttribute('data-sales')),
    text: await tool.locator('.valuation__result').innerText(),
  };
}

async function sendForm(page, { name, email, number, submit, sent }) {
  const form = page.locator('form[name="seller"]');
  await form.locator('input[name=name]').fill(name);
  await form.locator('input[name=email]').fill(email);
  const phone = form.locator('input[name=contactNumber]');
  await phone.click();
  await phone.press('Control+A');
  await phone.press('Backspace');
  await phone.pressSequentially(number);
  await form.getByRole('button', { name: submit }).click();
  await form.locator('.form-status', { hasText: sent }).waitFor({ timeout: 8000 });
}

describe('the instant valuation', () => {
  test('on /pro: the range from the middle half of the sales, the rent and yield; sent as a seller lead with the figures', async () => {
    const { context, page, problems } = await openPage(browser, DESKTOP);
    try {
      await page.goto(server.url + '/pro', { waitUntil: 'load' });
      await settle(page);
      const want = expected('dubai-marina', 'apartment', 2, 1250);
      const shown = await estimateOn(page, { community: 'dubai-marina', kind: 'apartment', bedrooms: 2, size: '1,250', unit: 'sqft' });
      assert.deepEqual(
        { low: shown.low, high: shown.high, rent: shown.rent, grossYield: shown.grossYield, sales: shown.sales },
        { low: want.low, high: want.high, rent: want.rent, grossYield: want.grossYield, sales: want.sales },
      );
      assert.ok(shown.low < want.median && want.median < shown.high, 'the median is inside the range');
      const en = (n) => n.toLocaleString('en-US');
      assert.match(shown.text, new RegExp(`${en(want.low)} AED – ${en(want.high)} AED`));
      assert.match(shown.text, new RegExp(`${en(want.sales)} sales`));
      assert.match(shown.text, /October 2026/);
      assert.match(shown.text, /not a valuation by a RERA-certified valuer/);
      await page.locator('#valuation').screenshot({ path: join(SHOTS, 'valuation-en-1366.png') });

      await page.getByRole('button', { name: 'Send this estimate to an agent' }).click();
      const form = page.locator('form[name="seller"]');
      await form.locator('.lead-form__attached').waitFor();
      assert.equal(await form.locator('input[name=propertyArea]').inputValue(), 'Dubai Marina');
      await sendForm(page, { name: 'Hessa Seller', email: 'hessa@example.com', number: '0501234567', submit: 'Submit Listing', sent: 'User data submitted successfully!' });
      const { name, lead } = await waitForLead(1);
      assert.equal(lead.form, 'seller');
      assert.deepEqual(lead.valuation, {
        community: 'Dubai Marina',
        kind: 'apartment',
        bedrooms: 2,
        sqft: 1250,
        low: want.low,
        high: want.high,
        median: want.median,
        rent: want.rent,
        grossYield: want.grossYield,
        sales: want.sales,
        from: '2025-11',
        to: want.to,
      });
      // The agent's email shows the figures.
      const email = readFileSync(join(outbox, name.replace(/\.json$/, '.eml')), 'utf8');
      const plain = email.replace(/=\r?\n/g, '');
      assert.ok(plain.includes(`${en(want.low)} - ${en(want.high)} AED`), 'the range in the email');
      assert.ok(plain.includes(`${want.sales} sales, 2025-11 to ${want.to}`), 'its basis in the email');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('on an area guide in Arabic, in m²: the estimate, and its button carries it to the form at /pro', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    try {
      await page.goto(server.url + '/ar/area-guides-in-dubai/dubai-marina', { waitUntil: 'load' });
      await settle(page);
      const sqft = Math.round(116 * 10.7639);
      const want = expected('dubai-marina', 'apartment', 3, sqft);
      const shown = await estimateOn(page, { community: 'dubai-marina', kind: 'apartment', bedrooms: 3, size: 116, unit: 'sqm' });
      assert.equal(shown.low, want.low);
      assert.equal(shown.high, want.high);
      assert.equal(shown.rent, want.rent);
      assert.match(shown.text, /ليس تقييماً من مقيّم معتمد من ريرا/);
      assert.match(shown.text, /درهم/);
      assert.equal(await page.locator('.valuation__tool').evaluate((tool) => getComputedStyle(tool).direction), 'rtl');
      await page.locator('#valuation').screenshot({ path: join(SHOTS, 'valuation-ar-390.png') });

      const before = leads().length;
      await page.getByRole('link', { name: 'أرسل هذا التقدير إلى وكيل' }).click();
      await page.waitForURL(/\/ar\/pro\?/);
      const form = page.locator('form[name="seller"]');
      await form.locator('.lead-form__attached').waitFor({ timeout: 10_000 });
      await sendForm(page, { name: 'حصة', email: 'hessa@example.com', number: '0501234567', submit: 'اعرض عقارك', sent: 'تم إرسال بياناتك بنجاح!' });
      const { lead } = await waitForLead(before + 1);
      assert.equal(lead.lang, 'ar');
      assert.equal(lead.valuation.sqft, sqft);
      assert.equal(lead.valuation.low, want.low);
      assert.equal(lead.valuation.high, want.high);
      assert.equal(lead.valuation.bedrooms, 3);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
