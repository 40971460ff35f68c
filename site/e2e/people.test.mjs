// Browser tests of the team members' and developers' own pages in Debian's Chromium: a member's
// page (/agents/{id}) in EN and AR at 390 and 1366 px with their photo, BRN, languages, phone,
// WhatsApp and their listings as the data file has them, sorted by price as the listing pages
// sort (?sort=price-asc); the team page's and the property page's links to it, followed in the
// browser; a developer's page with its projects and listings, and the developers page's link to
// it; a rental's terms (cheques, available from, furnishing) on its page. axe-core on each page,
// no console error or hydration warning. Screenshots go to e2e/screenshots/people-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, closeClean, plain, screenshot, settle, visitPage } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { axeViolations } from './axe.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const LAPTOP = { width: 1366, height: 768 };
const VIEWS = [
  ['390', PHONE],
  ['1366', LAPTOP],
];
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };
const AGENT = 'sara-al-mansouri';
const DEVELOPER = 'emaar';

withSiteAndBrowser();

const json = (...path) => JSON.parse(readFileSync(join(server.dist, ...path), 'utf8'));

/** Opens `path` at `viewport`, answered 200 and settled. */
const visit = (viewport, path) => visitPage(browser, viewport, server.url + path);
/** A price as compared by the listing pages: rents as yearly amounts. */
const yearly = (card) => (card.price == null ? null : card.pricePeriod === 'month' ? card.price * 12 : card.price);
/** The cards' listing ids, in the page's order. */
const cardIds = (page) =>
  page.$$eval('.people__section .property-card a[href*="/property/"]', (links) => [
    ...new Set(links.filter((a) => a.origin === location.origin).map((a) => a.pathname.split('/').pop())),
  ]);
/** Waits for the page's heading to be `name` (a navigation renders once its loader is done). */
const heading = (page, name) =>
  page.waitForFunction((name) => document.querySelector('h1')?.textContent.trim() === name, name);

describe("a team member's page", () => {
  test('in EN and AR at 390 and 1366 px: photo, BRN, languages, phone and WhatsApp, their listings, sorted by price; axe', async () => {
    const data = json('data', 'agents', `${AGENT}.json`);
    const member = data.member;
    assert.ok(data.listings.length > 2, 'the sample agent has listings');
    for (const lang of ['en', 'ar']) {
      const name = lang === 'en' ? member.name : member.translations.ar.name;
      for (const [width, viewport] of VIEWS) {
        const path = `${PREFIX[lang]}/agents/${AGENT}`;
        const opened = await visit(viewport, path);
        const { page } = opened;
        const where = `${path} at ${width}`;
        assert.equal(await page.getAttribute('html', 'dir'), lang === 'ar' ? 'rtl' : 'ltr', where);
        assert.equal(plain(await page.textContent('h1')), name, where);
        assert.ok(await page.isVisible('.people__profile img'), `${where}: the photo`);
        const details = plain(await page.textContent('.people__details'));
        assert.ok(details.includes(member.brn), `${where}: the BRN in ${details}`);
        assert.ok(details.includes(lang === 'en' ? 'Arabic' : 'العربية'), `${where}: the languages in ${details}`);
        const tel = await page.getAttribute('.people__actions a[href^="tel:"]', 'href');
        assert.equal(tel, `tel:${member.phone.replace(/[^\d+]/g, '')}`, where);
        const whatsapp = await page.getAttribute('.people__actions a[href*="wa.me"]', 'href');
        assert.ok(whatsapp.includes(member.whatsapp.replace(/\D/g, '')), `${where}: ${whatsapp}`);
        // Every listing of the data file, newest first, as cards.
        assert.deepEqual(await cardIds(page), data.listings.map((c) => c.id), where);
        if (width === '1366' || lang === 'en') {
          assert.deepEqual(await axeViolations(page), [], `${where}: axe-core`);
        }
        await screenshot(page, { path: join(SHOTS, `people-agent-${lang}-${width}.png`) });
        // The listing pages' sort: lowest price first, rents as yearly amounts, no price last.
        await page.selectOption('.people__bar select', 'price-asc');
        await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
        const expected = [...data.listings]
          .sort((a, b) => {
            const [x, y] = [yearly(a), yearly(b)];
            if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
            return x - y;
          })
          .map((c) => c.id);
        // The address changes with the choice; the cards follow in the next render.
        await page
          .waitForFunction(
            (first) => document.querySelector('.people__section .property-card a[href*="/property/"]')?.pathname.endsWith(`/${first}`),
            expected[0],
            { timeout: 5000 },
          )
          .catch(() => {});
        assert.deepEqual(await cardIds(page), expected, `${where}: sorted by price`);
        await page.evaluate(() => document.querySelector('#people-listings')?.scrollIntoView({ block: 'start' }));
        await screenshot(page, { path: join(SHOTS, `people-agent-listings-${lang}-${width}.png`) });
        await closeClean(opened, where);
      }
    }
  });

  test('the team page and the property page link to it, followed in the browser (EN and AR)', async () => {
    const member = json('data', 'agents', `${AGENT}.json`).member;
    const listing = json('api', 'properties.json').find((p) => p.agent === AGENT);
    for (const lang of ['en', 'ar']) {
      const name = lang === 'en' ? member.name : member.translations.ar.name;
      const target = `${PREFIX[lang]}/agents/${AGENT}`;
      // The team page: the member's name is a link to their page.
      const team = await visit(LAPTOP, `${PREFIX[lang]}/meet-the-team`);
      await team.page.click(`.team-card__name a[href="${target}"]`);
      await team.page.waitForURL((url) => url.pathname === target);
      await heading(team.page, name);
      await settle(team.page);
      assert.equal(plain(await team.page.textContent('h1')), name, `${lang}: from the team page`);
      assert.ok((await team.page.$$('.people__section .property-card')).length > 0, `${lang}: the cards after a navigation`);
      await closeClean(team, `${lang} team page to ${target}`);
      // The property page: the agent's name beside the price.
      const property = await visit(LAPTOP, `${PREFIX[lang]}/property/${listing.id}`);
      await property.page.click(`.agent-card a.agent-card__name[href="${target}"]`);
      await property.page.waitForURL((url) => url.pathname === target);
      await heading(property.page, name);
      await settle(property.page);
      assert.equal(plain(await property.page.textContent('h1')), name, `${lang}: from the property page`);
      await closeClean(property, `${lang} property page to ${target}`);
    }
  });
});

describe("a developer's page", () => {
  test('in EN and AR at 390 and 1366 px: its projects and listings; the developers page links to it; axe', async () => {
    const data = json('data', 'developers', `${DEVELOPER}.json`);
    assert.ok(data.projects.length > 0 && data.listings.length > 0, 'Emaar has projects and listings in the sample');
    for (const lang of ['en', 'ar']) {
      const name = lang === 'en' ? data.developer.name : data.developer.translations.ar.name;
      for (const [width, viewport] of VIEWS) {
        const path = `${PREFIX[lang]}/developers/${DEVELOPER}`;
        const opened = await visit(viewport, path);
        const { page } = opened;
        const where = `${path} at ${width}`;
        assert.equal(plain(await page.textContent('h1')), name, where);
        const projects = await page.$$eval('.project-card__name', (names) => names.map((n) => n.textContent.trim()));
        assert.deepEqual(projects, data.projects.map((p) => p.name), where);
        assert.deepEqual(await cardIds(page), data.listings.map((c) => c.id), where);
        if (width === '1366' || lang === 'en') {
          assert.deepEqual(await axeViolations(page), [], `${where}: axe-core`);
        }
        await screenshot(page, { path: join(SHOTS, `people-developer-${lang}-${width}.png`) });
        await page.evaluate(() => document.querySelector('#people-projects')?.scrollIntoView({ block: 'start' }));
        await screenshot(page, { path: join(SHOTS, `people-developer-projects-${lang}-${width}.png`) });
        await closeClean(opened, where);
      }
      // The developers page: the developer's details link to its page.
      const list = await visit(LAPTOP, `${PREFIX[lang]}/developers`);
      await list.page.click(`a[href="#developer-${DEVELOPER}"]`);
      const link = `#developer-${DEVELOPER} a[href="${PREFIX[lang]}/developers/${DEVELOPER}"]`;
      await list.page.waitForSelector(link, { state: 'visible' });
      await list.page.click(link);
      await list.page.waitForURL((url) => url.pathname === `${PREFIX[lang]}/developers/${DEVELOPER}`);
      await heading(list.page, name);
      await settle(list.page);
      assert.equal(plain(await list.page.textContent('h1')), name, `${lang}: from the developers page`);
      await closeClean(list, `${lang} developers page to its page`);
    }
  });
});

describe("a rental's terms", () => {
  test("the property page's details say the cheques, the day it is free from and the furnishing (EN and AR)", async () => {
    const words = {
      en: ['Number of cheques', '12 cheques', 'Available from', '15 December 2026', 'Furnishing', 'Furnished'],
      ar: ['عدد الشيكات', '12 شيكاً', 'متاح من', '2026', 'الأثاث', 'مفروش'],
    };
    for (const lang of ['en', 'ar']) {
      const path = `${PREFIX[lang]}/property/jvc-studio-for-rent`;
      const opened = await visit(PHONE, path);
      const details = plain(await opened.page.textContent('.details-list'));
      for (const word of words[lang]) assert.ok(details.includes(word), `${path}: ${word} in ${details}`);
      await opened.page.evaluate(() => document.querySelector('#property-details')?.scrollIntoView({ block: 'start' }));
      await screenshot(opened.page, { path: join(SHOTS, `people-rental-terms-${lang}-390.png`) });
      await closeClean(opened, path);
    }
  });
});
