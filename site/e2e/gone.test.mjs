// A listing marked sold while a post links to it, as an editor does it (the YAML edited in a
// copy of the content, `estate serve` rebuilding on the change): the site is published, the
// listing's page says it is no longer available in English, Arabic and Russian (noindex, similar
// available listings, the agency's contact), the listing is gone from the listing pages, the
// sitemap, the feeds and the API, the post's link leads to that page, and the next unrelated
// edit (another listing's price) is published too. Screenshots: e2e/screenshots/gone-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, PHONE, openPage, screenshot, settle } from './browser.mjs';
import { browser, content, server, withWatchedCopy } from './shared-site.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

/** The listing marked sold (Residential), the post linking to it, and the listing repriced after. */
const SOLD = 'marina-gate-two-bedroom-sea-view';
const POST = 'mortgage-guide-for-expats-in-dubai';
const REPRICED = 'downtown-one-bedroom-burj-view';
const NEW_PRICE = 2_345_678;
// A rebuild (content stage, prerender of the pages it reaches, link check) on a busy machine.
const REBUILD_MS = 180_000;

withWatchedCopy('estate-e2e-gone-', {
  prepare(content) {
    const post = join(content, 'blog', `${POST}.md`);
    writeFileSync(post, `${readFileSync(post, 'utf8')}\nA home we sold recently: [Marina Gate](/property/${SOLD}).\n`);
  },
});

const REBUILT = /rebuilt after a change/g;
const FAILED = /the rebuild after a change to .* failed: [^\n]*/;

/** Edits a content file and waits for the rebuild it starts; fails with the server's words if it fails. */
async function editAndRebuild(file, change) {
  const before = server.output();
  const rebuilds = (before.match(REBUILT) ?? []).length;
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  const deadline = Date.now() + REBUILD_MS;
  while (Date.now() < deadline) {
    const since = server.output().slice(before.length);
    const failed = FAILED.exec(since);
    assert.equal(failed, null, `the rebuild failed:\n${since}`);
    if ((server.output().match(REBUILT) ?? []).length > rebuilds) return since;
    // Polled every 100 ms: the server's output is read, not an event.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`no rebuild within ${REBUILD_MS} ms:\n${server.output().slice(before.length)}`);
}

const get = (path) => fetch(server.url + path);
const listingFile = (id) => join(content, 'properties', `${id}.yaml`);

test('a listing marked sold is published at once, and so is the next edit', { timeout: 2 * REBUILD_MS + 120_000 }, async () => {
  assert.equal((await get(`/api/properties/${SOLD}`)).status, 200, 'available before');

  // The edit an editor makes: status sold.
  const printed = await editAndRebuild(listingFile(SOLD), (text) => text.replace(/\ncreatedAt:/, '\nstatus: sold\ncreatedAt:'));
  // estate serve names the post's link as a warning, at its line.
  assert.match(printed, new RegExp(`blog/${POST}\\.md:\\d+:\\d+: warning: link \`/property/${SOLD}\``));

  // Out of the API, the listing pages, the sitemap and the feeds.
  assert.equal((await get(`/api/properties/${SOLD}`)).status, 404);
  for (const path of ['/api/properties', '/api/properties/category-residential/residential', '/data/listings/residential.json', '/data/listings/all.json', '/sitemap.xml', '/feeds/listings.xml', '/feeds/portals/propertyfinder.xml', '/buy-property', '/allproperties', '/']) {
    const response = await get(path);
    assert.equal(response.status, 200, path);
    assert.ok(!(await response.text()).includes(SOLD), `${path} still names the sold listing`);
  }

  // Its page, in each language: no longer available, noindex, similar available listings, the agency's contact.
  const site = JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8'));
  for (const [lang, heading, viewport] of [
    ['', 'This property is no longer available', PHONE],
    ['/ar', 'هذا العقار لم يعد متاحًا', PHONE],
    ['/ru', 'Этот объект больше недоступен', DESKTOP],
  ]) {
    const path = `${lang}/property/${SOLD}`;
    const { context, page, problems } = await openPage(browser, viewport);
    const response = await page.goto(server.url + path, { waitUntil: 'load' });
    assert.equal(response.status(), 200, path);
    await settle(page);
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), heading, path);
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow', path);
    const similar = await page.locator('.similar-grid a.similar-card__title').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(similar.length > 0, `${path}: similar listings`);
    for (const href of similar) {
      assert.ok(href.startsWith(`${lang}/property/`), `${path}: ${href}`);
      const id = href.split('/').pop();
      assert.equal((await get(`/api/properties/${id}`)).status, 200, `${path}: ${id} is available`);
    }
    const digits = site.phones[0].replace(/[^\d+]/g, '');
    assert.equal(await page.locator(`.property-gone__contact a[href="tel:${digits}"]`).count(), 1, `${path}: the agency's phone`);
    assert.equal(await page.locator('.property-gone__contact a[href^="https://wa.me/"]').count(), 1, `${path}: WhatsApp`);
    await screenshot(page, { path: join(SHOTS, `gone${lang.replace('/', '-')}-${viewport === PHONE ? 'phone' : 'desktop'}.png`), fullPage: true });
    await context.close();
    assert.deepEqual(problems, [], `${path}: console problems`);
  }

  // The post's link leads to that page.
  const routes = JSON.parse(readFileSync(join(server.dist, 'data', 'routes.json'), 'utf8'));
  const postPath = routes.posts.find((p) => p.startsWith(`/blog/${POST}/`));
  const { context, page } = await openPage(browser, DESKTOP);
  await page.goto(server.url + postPath, { waitUntil: 'load' });
  await page.locator(`a[href="/property/${SOLD}"]`).click();
  await page.waitForURL(`${server.url}/property/${SOLD}`);
  await page.getByRole('heading', { level: 1, name: 'This property is no longer available' }).waitFor({ timeout: 10_000 });
  await context.close();

  // The next, unrelated edit is published too.
  await editAndRebuild(listingFile(REPRICED), (text) => text.replace(/\nprice: \d+/, `\nprice: ${NEW_PRICE}`));
  assert.equal((await (await get(`/api/properties/${REPRICED}`)).json()).price, NEW_PRICE);
  const repriced = await (await get(`/property/${REPRICED}`)).text();
  assert.ok(repriced.includes('2,345,678 AED'), 'the new price on its page');
});
