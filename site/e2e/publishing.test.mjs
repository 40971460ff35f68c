// Browser tests of publishing against `estate serve`: the /feed timeline and its
// subscribe links, the Atom feeds they lead to, the partners page, the feed links in every
// page's head, and the sitemap and robots.txt as the server answers them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, launch, openPage, screenshot, settle } from './browser.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const FEEDS = ['/feeds/listings.xml', '/feeds/blog.xml'];
const ATOM = 'http://www.w3.org/2005/Atom';

let server;
let browser;
let site;
let routes;

before(async () => {
  server = await startServer();
  browser = await launch();
  site = JSON.parse(readFileSync(join(server.dist, 'data', 'site.json'), 'utf8'));
  routes = JSON.parse(readFileSync(join(server.dist, 'data', 'routes.json'), 'utf8'));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path`, records the requests the page makes, and waits until the network is idle. */
async function visit(viewport, path, { status = 200 } = {}) {
  const opened = await openPage(browser, viewport, { expectNotFound: status === 404 });
  const requests = [];
  opened.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const response = await opened.page.goto(server.url + path, { waitUntil: 'load' });
  assert.equal(response.status(), status, `${path} answered ${response.status()}`);
  await settle(opened.page);
  return { ...opened, requests };
}

async function finish({ context, page, problems }, name) {
  await screenshot(page, { path: join(SHOTS, `publishing-${name}.png`), fullPage: false });
  await context.close();
  assert.deepEqual(problems, [], `${name}: console problems`);
}

/** Parses an Atom document in the page, as a feed reader would; returns what the test checks. */
function readFeed(page, text) {
  return page.evaluate(
    ([xml, atom]) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
      const root = doc.documentElement;
      const entries = [...root.getElementsByTagNameNS(atom, 'entry')];
      return {
        root: root.localName,
        namespace: root.namespaceURI,
        title: root.getElementsByTagNameNS(atom, 'title')[0]?.textContent,
        entries: entries.map((entry) => ({
          id: entry.getElementsByTagNameNS(atom, 'id')[0]?.textContent,
          title: entry.getElementsByTagNameNS(atom, 'title')[0]?.textContent,
          updated: entry.getElementsByTagNameNS(atom, 'updated')[0]?.textContent,
        })),
        links: [...doc.getElementsByTagNameNS(atom, 'link')].map((link) => link.getAttribute('href')),
      };
    },
    [text, ATOM],
  );
}

describe('/feed', () => {
  test('a timeline of the newest listings and posts, newest first, without the whole catalogue', async () => {
    const opened = await visit(DESKTOP, '/feed');
    const { page } = opened;
    assert.equal(await page.locator('h1').innerText(), 'Latest Listings and Articles');
    const items = page.locator('ol.feed > li');
    const count = await items.count();
    assert.equal(count, Math.min(30, routes.properties.length + routes.posts.length));
    const dates = await page.locator('ol.feed time').evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute('datetime'))));
    assert.equal(dates.length, count);
    for (let i = 1; i < dates.length; i += 1) assert.ok(dates[i - 1] >= dates[i], `item ${i} is newer than the one above it`);
    // Both kinds, each linking to a page of this build.
    const hrefs = await page.locator('ol.feed h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const pages = new Set([...routes.properties, ...routes.posts]);
    for (const href of hrefs) assert.ok(pages.has(href), `${href} is not a built page`);
    assert.ok(hrefs.some((href) => href.startsWith('/property/')) && hrefs.some((href) => href.startsWith('/blog/')));
    assert.ok(!opened.requests.includes('/api/properties.json'), `requested: ${opened.requests.join(', ')}`);
    await finish(opened, 'feed-desktop');
  });

  test('subscribe links lead to valid Atom feeds with absolute links', async () => {
    const opened = await visit(PHONE, '/feed');
    const { page } = opened;
    const subscribe = page.locator('.feed-subscribe');
    assert.ok(await subscribe.isVisible());
    assert.equal(await subscribe.getByRole('heading').innerText(), 'Subscribe');
    for (const [name, href] of [['New listings (Atom feed)', FEEDS[0]], ['Blog articles (Atom feed)', FEEDS[1]]]) {
      const link = subscribe.getByRole('link', { name, exact: true });
      assert.equal(await link.getAttribute('href'), href);
      assert.equal(await link.getAttribute('type'), 'application/atom+xml');
      const response = await page.request.get(server.url + href);
      assert.equal(response.status(), 200, href);
      assert.match(response.headers()['content-type'], /^application\/atom\+xml/, href);
      const feed = await readFeed(page, await response.text());
      assert.equal(feed.error, undefined, `${href}: ${feed.error}`);
      assert.equal(feed.root, 'feed');
      assert.equal(feed.namespace, ATOM);
      assert.ok(feed.title.startsWith(site.name), feed.title);
      assert.ok(feed.entries.length > 0, `${href} has entries`);
      for (const entry of feed.entries) {
        assert.ok(entry.id.startsWith(`${site.baseUrl}/`), entry.id);
        assert.ok(!Number.isNaN(Date.parse(entry.updated)), entry.updated);
      }
      for (const link of feed.links) assert.ok(link.startsWith(`${site.baseUrl}/`), `${href}: relative link ${link}`);
    }
    const listings = await readFeed(page, await (await page.request.get(server.url + FEEDS[0])).text());
    assert.deepEqual(
      listings.entries.slice(0, 3).map((entry) => entry.id),
      routes.properties.slice(0, 3).map((path) => site.baseUrl + path),
      'the newest listings first',
    );
    await finish(opened, 'feed-phone');
  });

  test('reached from the footer, the page comes with its items: no feed data or catalogue fetched', async () => {
    const opened = await visit(DESKTOP, '/about-us');
    const { page } = opened;
    await page.locator('footer a[href="/feed"]').first().click();
    await page.waitForURL('**/feed');
    await settle(page);
    await page.locator('ol.feed > li').first().waitFor({ timeout: 5000 });
    assert.ok(!opened.requests.includes('/data/feed.json'), `requested: ${opened.requests.join(', ')}`);
    assert.ok(!opened.requests.includes('/api/properties.json'), 'the whole catalogue was fetched');
    await finish(opened, 'feed-navigated');
  });
});

describe('/partners', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    test(`every partner of site.yaml with logo, name, text and link on a ${label}`, async () => {
      const opened = await visit(viewport, '/partners');
      const { page } = opened;
      const cards = page.locator('.partner-card');
      assert.equal(await cards.count(), site.partners.length);
      assert.ok(site.partners.length > 0);
      for (const [i, partner] of site.partners.entries()) {
        const card = cards.nth(i);
        assert.equal(await card.getByRole('heading').innerText(), partner.name);
        const logo = card.locator('img');
        assert.equal(await logo.getAttribute('src'), partner.logo);
        await logo.scrollIntoViewIfNeeded();
        await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await logo.elementHandle(), { timeout: 5000 });
        if (partner.text) assert.ok((await card.innerText()).includes(partner.text), `${partner.name}: text`);
        if (partner.url) {
          const link = card.getByRole('link');
          assert.equal(await link.getAttribute('href'), partner.url);
          assert.equal(await link.getAttribute('target'), '_blank');
          assert.ok((await link.innerText()).includes('Visit website'));
        }
      }
      await finish(opened, `partners-${label}`);
    });
  }
});

describe('/partners in Arabic and Russian', () => {
  for (const [lang, viewport] of [['ar', PHONE], ['ru', DESKTOP]]) {
    test(`${lang}: each partner's sentence in the page's language (site.yaml's ar: / ru:), none left in English`, async () => {
      const opened = await visit(viewport, `/${lang}/partners`);
      const { page } = opened;
      const cards = page.locator('.partner-card');
      assert.equal(await cards.count(), site.partners.length);
      for (const [i, partner] of site.partners.entries()) {
        const own = partner.translations[lang]?.text;
        assert.ok(own, `${partner.name}: the sample gives its ${lang} text`);
        const text = cards.nth(i).locator('.partner-card__text');
        assert.equal(await text.innerText(), own, partner.name);
        assert.equal(await text.getAttribute('lang'), null, `${partner.name}: not marked English`);
      }
      await finish(opened, `partners-${lang}`);
    });
  }
});

describe('head links, sitemap and robots.txt', () => {
  test('every kind of page names both feeds in its head', async () => {
    const paths = ['/', '/feed', '/partners', '/buy-property', routes.properties[0], routes.posts[0], '/no-such-page'];
    for (const path of paths) {
      const opened = await visit(DESKTOP, path, { status: path === '/no-such-page' ? 404 : 200 });
      const hrefs = await opened.page
        .locator('head link[rel="alternate"][type="application/atom+xml"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      assert.deepEqual(hrefs, FEEDS, path);
      await opened.context.close();
      assert.deepEqual(opened.problems, [], `${path}: console problems`);
    }
  });

  test('the sitemap and robots.txt are served with the site address', async () => {
    const opened = await visit(DESKTOP, '/');
    const { page } = opened;
    const robots = await page.request.get(`${server.url}/robots.txt`);
    assert.equal(robots.status(), 200);
    const text = await robots.text();
    assert.ok(text.includes(`Sitemap: ${site.baseUrl}/sitemap.xml`), text);
    assert.ok(text.includes('Disallow: /admin'), text);
    const sitemap = await page.request.get(`${server.url}/sitemap.xml`);
    assert.equal(sitemap.status(), 200);
    const locs = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((loc) => loc.textContent);
    }, await sitemap.text());
    for (const path of [...routes.properties, ...routes.posts]) assert.ok(locs.includes(site.baseUrl + path), path);
    assert.ok(!locs.some((loc) => loc.endsWith('/admin')), 'the admin is not in the sitemap');
    // A sample of the listed pages answers with a page through the server.
    for (const loc of locs.filter((_, i) => i % 7 === 0)) {
      const response = await page.request.get(server.url + loc.slice(site.baseUrl.length));
      assert.equal(response.status(), 200, loc);
    }
    await finish(opened, 'home');
  });
});
