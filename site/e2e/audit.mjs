// The audit walk: every page that the browser tests check page by page, loaded once per language
// and put through every check that concerns it, so that no page is loaded for each of them apart
// (a page load is most of a browser test's cost on the 2-core CI machine). One walk per language:
// e2e/audit-{en,ar,ru}.test.mjs. The checks, each named in a failure with its page:
// - `csp` (every page): the Content-Security-Policy and HSTS of netlify.toml, as `estate serve`
//   sends them: a strict script-src, no inline script but those it names by their hash (the
//   search's and /compare's; the router's data is a JSON block), no policy violation reported, and the page
//   hydrated from the JSON block. The walk's pages run under that policy: axe-core is run by the
//   DevTools protocol, which the policy does not govern.
// - `page` (every fixed route in English, on a phone and on a desktop): the root rendered, header,
//   footer, one h1, the site's name in the title, a description; a screenshot to e2e/screenshots/.
// - `i18n` (every fixed route and two translated listings in /ar/ and /ru/): <html lang dir> in the
//   prerendered HTML and once hydrated, a heading that is not the English one, no English UI text
//   (the en.json texts the language translates) in the page's texts and attributes.
// - `no English` (every fixed route but /admin, a property, every post and a search in
//   /ar/ and /ru/, on a phone): no visible Latin words in <main> outside lang="en" (brands and
//   names allowed, e2e/no-english.mjs), tables and lists in the page's direction, no request
//   answered 400 or more.
// - `axe` (one page of each kind in every language on a desktop, and home, a
//   listing page and a property page on a phone): no serious or critical axe-core violation, nor
//   the issue's moderate ones (content outside every landmark, a label not in the accessible name).
// - `first screen` (the listing pages and result pages of each kind, on a phone and on a
//   desktop): the first card within the first screen (700 px on a 390 px phone, 800 on a
//   desktop, a screen and a quarter at 320 and 430 px), the title and the category tabs still
//   there, the price fields' hints written as prices; /allproperties shows each listing once,
//   after its sort and filters.
// - `console` (every page): no console error, page error or hydration warning.
// Each page is loaded at the desktop's size; its phone checks follow once the tab is resized to the
// phone's. The site renders the same document at every width (no script reads the width: the
// layout is the stylesheet's media queries, which a resize applies as a load would), so a resize
// stands for a load at the phone's size, at a fraction of its cost.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { FIXED_ROUTES } from './routes.mjs';
import { DESKTOP, PHONE, framesDrawn, gotoSettled, launch, openWalk, screenshot, settle } from './browser.mjs';
import { axeViolations } from './axe.mjs';
import { allowedNames, cardsLoaded, englishInMain } from './no-english.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
const I18N = join(import.meta.dirname, '..', 'src', 'i18n');
const DIR = { en: 'ltr', ar: 'rtl', ru: 'ltr' };

/** `path` in `lang`: /ar/contact-us; home is /ar. */
const localized = (lang, path) => (lang === 'en' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`);

// ---- What is walked, and which checks each page gets ----

// Content pages whose texts the sample content translates (the i18n check's).
const TRANSLATED_LISTINGS = ['/property/difc-grade-a-office', '/property/dubai-hills-sidra-villa'];
// The properties of the no-English check: a ready home, and an off-plan one (its payment plan's
// milestones are English content, which the page must mark lang="en").
const NO_ENGLISH_PROPERTIES = ['/property/marina-gate-two-bedroom-sea-view', '/property/creek-harbour-waterfront-one-bedroom'];
// The search echoes the visitor's words: the no-English check searches in the page's language.
const QUERY = { ar: 'مارينا', ru: 'Марина' };
// The first-screen check's pages: every listing page (aliases included), and a result page of
// each kind with criteria that find listings in the sample content. Their first card's top is
// within FIRST_SCREEN px of the page's top, the page's title (and a listing page's category
// tabs) still there; /allproperties shows each listing once, after its sort and filters.
const LISTING_PAGES = ['/residential-properties', '/buy-property', '/rent-property', '/rent-properties',
  '/Properties-For-Rent-in-Dubai', '/Rental', '/off-plan', '/commercial', '/Properties-For-Sale-in-Dubai', '/allproperties'];
const RESULT_PAGES = ['/search-result?type=Apartment', '/search-result?query=Marina', '/search-result?query=villa',
  '/search-residential?bedrooms=2', '/search-residential?type=Apartments', '/search-commercial?type=Office',
  '/search-commercial?type=Shop', '/search-off-plan?type=Apartment', '/search-off-plan?area=500', '/search-rent?type=Apartment'];
const FIRST_SCREEN = { desktop: 800, phone: 700 };
// On the narrowest and widest common phones the first card is within a screen and a quarter (sort
// and the price range once stacked as three full-width fields put it 1.7 screens down), and the
// price fields' hints are written as prices, not raw numbers.
const PHONE_WIDTHS = [320, 430];

/**
 * The pages of the walk in `lang`: path (unlocalized) -> { status, desktop: [checks], phone:
 * [checks] }. `data` is the build's: { properties, posts (api/blogs.json), routes (data/routes.json) }.
 */
export function pagesOf(lang, { properties, posts, routes }) {
  const pages = new Map();
  const add = (path, viewport, checks, status = 200) => {
    const page = pages.get(path) ?? { status, desktop: new Set(['csp']), phone: new Set() };
    for (const name of checks) page[viewport].add(name);
    pages.set(path, page);
  };
  const translated = lang !== 'en';
  for (const path of FIXED_ROUTES) {
    add(path, 'desktop', translated ? ['i18n'] : ['page']);
    if (!translated) add(path, 'phone', ['page']);
    else if (path !== '/admin') add(path, 'phone', ['no English']);
  }
  // axe-core: one page of each kind (property pages: a home for sale and a plot).
  const sale = properties.find((p) => p.mainCategory === 'Residential' && p.bedrooms > 0);
  const plot = properties.find((p) => /plot/i.test(p.subCategory));
  for (const [path, status] of [
    ['/', 200], ['/buy-property', 200], ['/rent-property', 200], ['/off-plan', 200], ['/commercial', 200],
    [`/property/${sale.id}`, 200], [`/property/${plot.id}`, 200], ['/search-result?query=Marina', 200],
    ['/blogpage', 200], [posts[0].url, 200], ['/meet-the-team', 200], ['/developers', 200], ['/contact-us', 200],
    ['/about-us', 200], ['/pro', 200], ['/req', 200], ['/partners', 200], ['/blogform', 200],
    ['/area-guides-in-dubai', 200], ['/feed', 200], ['/privacy-policy', 200], ['/termandcondition', 200],
    ['/thank-you', 200], ['/no-such-page', 404], [routes.agents[0], 200], [routes.developers[0], 200],
  ]) {
    add(path, 'desktop', ['axe'], status);
  }
  for (const path of [...LISTING_PAGES, ...RESULT_PAGES]) {
    add(path, 'desktop', ['first screen']);
    add(path, 'phone', ['first screen']);
  }
  // The phone layout has its own parts (menu, sticky enquiry bar, filter sheet).
  for (const path of ['/', '/buy-property', `/property/${sale.id}`]) add(path, 'phone', ['axe']);
  // The CSP: one content page of each kind, from the generator's route list, and the not-found pages.
  for (const list of Object.values(routes)) if (Array.isArray(list) && list[0]) add(list[0], 'desktop', []);
  add('/property/no-such-listing', 'desktop', [], 404);
  if (translated) {
    for (const path of TRANSLATED_LISTINGS) add(path, 'desktop', ['i18n']);
    for (const path of [...NO_ENGLISH_PROPERTIES, ...routes.posts, routes.agents[0], `/search-result?query=${encodeURIComponent(QUERY[lang])}`]) {
      add(path, 'phone', ['no English']);
    }
  }
  return pages;
}

// ---- The checks ----

/** The csp check, right after the page settled: before anything else runs in it. */
async function cspCheck(page, response, target, problems) {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /script-src 'self'((?: 'sha256-[A-Za-z0-9+/]+=*')*);/.exec(csp);
  assert.ok(scriptSrc, `${target}: ${csp}`);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/, target);
  assert.match(headers['strict-transport-security'] ?? '', /max-age=31536000/, target);
  // An inline script runs only when the policy names its hash (site/src/early-photo.js, site/src/early-search.js).
  const allowed = new Set([...scriptSrc[1].matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]));
  const inline = await page.$$eval('script:not([src])', (scripts) =>
    scripts.filter((s) => !['application/json', 'application/ld+json'].includes(s.type)).map((s) => s.textContent ?? ''),
  );
  const unnamed = inline.filter((text) => !allowed.has(createHash('sha256').update(text).digest('base64')));
  assert.deepEqual(unnamed, [], `${target}: inline scripts the policy does not name`);
  // Hydrated from the JSON block (the entry hydrates nothing without it).
  const hydrated = await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));
  assert.ok(hydrated, `${target}: hydrated from the page's data`);
  await violationsCheck(page, target, problems);
}

/** No policy violation so far: the page's own listener's and the browser's console reports. */
async function violationsCheck(page, target, problems) {
  const violations = await page.evaluate(() => window.__violations);
  const reported = problems.filter((p) => /Content Security Policy/i.test(p));
  assert.deepEqual([...violations, ...reported], [], `${target}: CSP violations`);
}

/** The page check (a fixed route in English), with its screenshot. */
async function pageCheck(page, target, label, siteName) {
  const root = await page.locator('#root').innerHTML();
  assert.ok(root.length > 500, `${target}: the root is (nearly) empty`);
  await assert.doesNotReject(page.locator('header').first().waitFor({ state: 'visible', timeout: 2000 }));
  assert.ok(await page.locator('footer').first().isVisible(), `${target}: footer`);
  assert.equal(await page.locator('h1').count(), 1, `${target}: one h1`);
  assert.ok((await page.title()).includes(siteName), `${target}: title "${await page.title()}"`);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  assert.ok(description && description.length > 20, `${target}: description`);
  const name = `${label}${target === '/' ? '-home' : target.replace(/[^a-zA-Z0-9]+/g, '-')}.png`;
  await screenshot(page, { path: join(SHOTS, name), fullPage: false });
}

// Names that are the same in every language (the i18n check's).
const BRANDS = new Set(['WhatsApp', 'Google', 'OpenStreetMap', 'Atom', 'AED', 'RERA', 'DLD', 'ORN', 'BRN', 'Instagram',
  'Facebook', 'LinkedIn', 'YouTube', 'TikTok', 'X', 'EN', 'AR', 'RU', 'English', 'estate serve']);
// Proper names inside translated texts that contain an English UI word ('Home', 'Form'): the
// name of a villa type and the Dubai Land Department's contract forms.
const PROPER_NAMES = ['Garden Home', 'Form A', 'Form F'];

/**
 * The English UI texts that must not appear on a page in `lang`: each en.json text the
 * language translates differently, as its literal pieces between placeholders. Single words are
 * matched as whole words, so 'Rent' does not match inside another word.
 */
function englishPieces(lang) {
  const read = (code) => JSON.parse(readFileSync(join(I18N, `${code}.json`), 'utf8'));
  const en = read('en');
  const translation = read(lang);
  const pieces = new Set();
  for (const [key, text] of Object.entries(en)) {
    if (translation[key] === text || BRANDS.has(text)) continue;
    for (const piece of text.split(/\{\w+\}/)) {
      const clean = piece.replace(/^[\s.,:;!?()“”"'/·–-]+|[\s.,:;!?()“”"'/·–-]+$/g, '');
      if (/\p{L}{3,}/u.test(clean) && !BRANDS.has(clean)) pieces.add(clean);
    }
  }
  return [...pieces];
}

function englishLeft(pieces, names, pageText) {
  const text = [...names, ...PROPER_NAMES].reduce((rest, name) => rest.split(name).join(' '), pageText);
  return pieces.filter((piece) => {
    const escaped = piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
  });
}

/** The page's visible texts and user-facing attributes, outside elements marked as another language. */
async function textsOf(page, lang) {
  return page.evaluate((pageLang) => {
    const clone = document.body.cloneNode(true);
    clone.querySelectorAll('script, style, template').forEach((node) => node.remove());
    clone.querySelectorAll('[lang]').forEach((node) => {
      if (node.getAttribute('lang') !== pageLang) node.remove();
    });
    const attributes = [...clone.querySelectorAll('[placeholder], [aria-label], [alt], [title]')].flatMap((node) =>
      ['placeholder', 'aria-label', 'alt', 'title'].map((name) => node.getAttribute(name) ?? ''),
    );
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    return [document.title, description, clone.textContent ?? '', ...attributes].join('\n');
  }, lang);
}

function h1Of(html) {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? match[1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() : null;
}

/** The i18n check's part before the browser: the prerendered HTML carries the language and direction. */
async function i18nHtmlCheck(server, lang, target) {
  const response = await fetch(server.url + target);
  assert.equal(response.status, 200, `${target} answered ${response.status}`);
  assert.match(await response.text(), new RegExp(`^<!doctype html>\\s*<html lang="${lang}" dir="${DIR[lang]}">`, 'i'));
}

/** The i18n check's part in the browser, once hydrated. */
async function i18nCheck(page, server, lang, path, target, { pieces, names }) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
  assert.equal(await page.evaluate(() => document.documentElement.dir), DIR[lang]);
  const heading = (await page.locator('h1').first().innerText()).trim();
  assert.ok(heading.length > 0, `${target}: empty h1`);
  const english = h1Of(await (await fetch(server.url + path)).text());
  assert.notEqual(heading, english, `${target}: the heading is the English one`);
  const left = englishLeft(pieces, names, await textsOf(page, lang));
  assert.deepEqual(left, [], `${target}: English UI text on the page`);
}

async function noEnglishCheck(page, lang, target, allowed) {
  const { english, direction } = await englishInMain(page, lang, allowed);
  assert.deepEqual([...english.map((e) => `English ${e}`), ...direction], [], `${target}: no English left in <main>`);
}

/** The first-screen check (see FIRST_SCREEN), at the viewport the page is at. */
async function firstScreenCheck(page, path, target, limit) {
  await page.locator('main .property-card').first().waitFor({ timeout: 15_000 });
  const measured = await page.evaluate(() => {
    const first = document.querySelector('main .property-card');
    const tabs = document.querySelector('main .tabs, main nav[aria-label]');
    const toolbar = document.querySelector('main .listing-toolbar');
    return {
      top: Math.round(first.getBoundingClientRect().top + window.scrollY),
      h1: document.querySelector('main h1')?.textContent?.trim() ?? '',
      tabs: tabs ? tabs.getBoundingClientRect().height : 0,
      // Each card by its first link to its listing.
      cards: [...document.querySelectorAll('main .property-card')].map((card) => new URL(card.querySelector('a[href*="/property/"]').href).pathname),
      toolbarFirst: Boolean(toolbar && toolbar.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  });
  assert.ok(measured.h1.length > 0, `${target}: the page lost its title`);
  if (LISTING_PAGES.includes(path)) assert.ok(measured.tabs > 0, `${target}: the category tabs are gone`);
  assert.ok(measured.top <= limit, `${target}: the first card at ${measured.top} px, below ${limit} px`);
  const hints = await page.locator('main .listing-toolbar input').evaluateAll((inputs) => inputs.map((input) => input.placeholder));
  for (const hint of hints) assert.doesNotMatch(hint, /\d{4}/, `${target}: the price hint "${hint}" is a raw number`);
  if (path === '/allproperties') {
    assert.equal(new Set(measured.cards).size, measured.cards.length, `${target}: a listing shown twice: ${measured.cards.join(', ')}`);
    assert.ok(measured.toolbarFirst, `${target}: cards before the sort and filters`);
  }
}

/** The first card within 1.25 screens at each of PHONE_WIDTHS; the tab left at PHONE's size. */
async function phoneWidthsCheck(page, target) {
  const late = [];
  try {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: PHONE.height });
      await framesDrawn(page);
      const top = await page.locator('main .property-card').first().evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
      if (top > PHONE.height * 1.25) late.push(`${width} px: the first card at ${Math.round(top)} px`);
    }
  } finally {
    await page.setViewportSize(PHONE);
  }
  assert.deepEqual(late, [], `${target}: below a screen and a quarter`);
}

async function axeCheck(page, target) {
  assert.deepEqual(await axeViolations(page), [], `${target}: axe-core violations`);
}

// ---- The walk ----

/** One failed check as readable lines: the check's name and its message (with the values compared). */
function failure(name, error) {
  return `${name}: ${error?.message ?? error}`;
}

/**
 * Declares the walk of `lang` (en, ar or ru): a test per page, named by its address and the
 * checks it gets, that fails naming each check that failed on it.
 */
export function auditWalk(lang) {
  describe(`the audit walk in ${lang}: every page loaded once, every check on it`, async () => {
    let server;
    let browser;
    let walk;
    before(async () => {
      browser = await launch();
      walk = await openWalk(browser, DESKTOP);
      // Installed before any page script: reports every violation of the policy the page causes.
      await walk.addInitScript(() => {
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
    });
    after(async () => {
      await walk?.close();
      await browser?.close();
      await server?.stop();
    });

    // The page list is the build's: the server starts while the tests are declared.
    server = await startServer();
    const json = (...path) => JSON.parse(readFileSync(join(server.dist, ...path), 'utf8'));
    const data = { properties: json('api', 'properties.json'), posts: json('api', 'blogs.json'), routes: json('data', 'routes.json') };
    const siteName = json('data', 'site.json').name;
    const i18n = lang === 'en' ? undefined : {
      pieces: englishPieces(lang),
      // Proper names of the content, written the same in every language: partners, communities and developers.
      names: [
        ...json('data', 'site.json').partners.map((partner) => partner.name),
        ...json('data', 'communities.json').map((community) => community.name),
        ...json('data', 'developers.json').map((developer) => developer.name),
      ],
    };
    const allowed = allowedNames(server.dist);
    mkdirSync(SHOTS, { recursive: true });

    for (const [path, { status, desktop, phone }] of pagesOf(lang, data)) {
      const target = localized(lang, path);
      const named = `${target} [desktop: ${[...desktop].join(', ')}${phone.size ? `; phone: ${[...phone].join(', ')}` : ''}]`;
      test(named, async () => {
        const failures = [];
        const check = async (name, run) => {
          try {
            await run();
          } catch (error) {
            failures.push(failure(name, error));
          }
        };
        if (desktop.has('i18n')) await check('i18n', () => i18nHtmlCheck(server, lang, target));

        const { context, page, problems } = await walk.open({ expectNotFound: status === 404 });
        // A request answered 400 or more (a missing image, a failed data file): the no-English
        // check's, on every page (a not-found page is answered 404, and asks for what is missing).
        const failed = (response) => {
          if (response.status() >= 400 && status !== 404) problems.push(`${response.status()} ${response.url()}`);
        };
        page.on('response', failed);
        try {
          const response = await gotoSettled(page, server.url + target);
          assert.equal(response.status(), status, `${target} answered ${response.status()}`);
          // Pages that load their cards after hydration: every check reads them loaded.
          if (phone.has('no English')) await cardsLoaded(page);
          await check('csp', () => cspCheck(page, response, target, problems));
          if (desktop.has('page')) await check('page (desktop)', () => pageCheck(page, target, 'desktop', siteName));
          if (desktop.has('i18n')) await check('i18n', () => i18nCheck(page, server, lang, path, target, i18n));
          if (desktop.has('first screen')) await check('first screen (desktop)', () => firstScreenCheck(page, path, target, FIRST_SCREEN.desktop));
          if (desktop.has('axe')) await check('axe (desktop)', () => axeCheck(page, target));
          if (phone.size) {
            await page.setViewportSize(PHONE);
            await settle(page);
            if (phone.has('page')) await check('page (phone)', () => pageCheck(page, target, 'phone', siteName));
            if (phone.has('no English')) await check('no English (phone)', () => noEnglishCheck(page, lang, target, allowed));
            if (phone.has('first screen')) {
              await check('first screen (phone)', () => firstScreenCheck(page, path, target, FIRST_SCREEN.phone));
              await check('first screen (phones 320 to 430 px)', () => phoneWidthsCheck(page, target));
            }
            if (phone.has('axe')) await check('axe (phone)', () => axeCheck(page, target));
          }
          await check('console', () => assert.deepEqual(problems, [], `${target}: console problems`));
        } finally {
          page.off('response', failed);
          await context.close();
        }
        if (failures.length) assert.fail(`${target}: ${failures.length} check(s) failed\n${failures.join('\n')}`);
      });
    }
  });
}
