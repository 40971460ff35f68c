// Hydration parity in Debian's Chromium: React's hydration in the browser changes nothing the
// prerender drew. For every kind of page in EN, AR and RU at 390 and 1366 px, the page as its HTML
// draws it (taken as hydration starts, `data-hydrating` on <html>: the app's code has come, and no
// island or page has rendered yet) is compared with the same page at the moment hydration commits
// (`data-hydrated`, set by the root's effect): every element of the app's root in order, its text,
// the attributes a visitor or a screen reader meets, and its box to the pixel. A difference is a
// component that renders otherwise in the browser than in the prerender: a mismatch React
// silently keeps or throws away (a flash, a layout shift, a control that is not what it shows).
// Console errors and React's hydration errors fail it too. The page as its HTML draws it shows no
// control that only script can answer (no tap goes unanswered).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE, gotoSettled, openWalk } from './browser.mjs';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';

withSiteAndBrowser();

const LAPTOP = { width: 1366, height: 768 };
const WIDTHS = [PHONE, LAPTOP];
const PREFIX = { en: '', ar: '/ar', ru: '/ru' };

/** One page of each kind the prerender draws (the search and compare pages with their query). */
function pageKinds() {
  const properties = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));
  const [first, second] = properties;
  const [agent] = readdirSync(join(server.dist, 'agents'));
  const [developer] = readdirSync(join(server.dist, 'developers'));
  return [
    '/',
    '/buy-property',
    `/property/${first.id}`,
    '/contact-us',
    '/pro',
    '/blogpage',
    '/search-result?query=Marina',
    `/compare?ids=${first.id},${second.id}`,
    '/area-guides-in-dubai/dubai-marina',
    `/agents/${agent}`,
    `/developers/${developer}`,
  ];
}

/**
 * In the page: the app's root as a list of its elements in document order, each with its text
 * (its own text nodes), the attributes that matter and its box, rounded to the pixel.
 */
function snapshotInPage() {
  const ATTRIBUTES = [
    'id', 'class', 'href', 'src', 'alt', 'role', 'hidden', 'disabled', 'type', 'name', 'value', 'dir', 'lang',
    'aria-label', 'aria-expanded', 'aria-pressed', 'aria-hidden', 'aria-current', 'aria-controls', 'tabindex',
  ];
  const root = document.getElementById('root');
  if (!root) return [];
  const list = [];
  for (const element of root.querySelectorAll('*')) {
    // Not the preloads React's prerender writes first in the container (a hint, not the page).
    if (element.tagName === 'LINK' || element.closest('script, noscript, template, .property-cta')) continue;
    const box = element.getBoundingClientRect();
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent.trim())
      .filter(Boolean)
      .join(' ');
    const attributes = ATTRIBUTES.filter((name) => element.hasAttribute(name)).map((name) => `${name}=${element.getAttribute(name)}`);
    list.push({
      tag: element.tagName.toLowerCase(),
      attributes: attributes.join(' '),
      text,
      box: [box.x, box.y + window.scrollY, box.width, box.height].map(Math.round).join(','),
    });
  }
  return list;
}

/**
 * In the page, before its islands have hydrated: the controls drawn (seen, with a box) that only
 * script can answer, each as a phrase. A link, a <summary>, a popover's button and the fields and
 * submit buttons of a form with an action work without script; a disabled control takes no tap or
 * focus. Any other (a button of type button, a field outside such a form) must not be seen until
 * its island has hydrated (styles/base.css), so that no tap lands on a control that cannot answer.
 */
function scriptOnlyControlsInPage() {
  const works = (element) => {
    if (element.matches('a[href], summary, button[popovertarget], :disabled')) return true;
    if (element.matches('button[type=button]')) return false;
    const form = element.form;
    return !!form && form.hasAttribute('action');
  };
  const found = [];
  for (const element of document.querySelectorAll('a, button, input:not([type=hidden]), select, textarea, summary, [role=button]')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility !== 'visible') continue;
    if (works(element)) continue;
    const name = element.getAttribute('aria-label') || element.textContent.trim().slice(0, 40);
    found.push(`<${element.tagName.toLowerCase()}> '${name}' at y ${Math.round(box.top + window.scrollY)}`);
  }
  return found;
}

/**
 * Installs, before any script of the page, the snapshots taken as hydration starts (with the
 * controls seen then that only script can answer) and the moment it commits. Hydration starts with
 * `data-hydrating`, just before the first `hydrateRoot`, whose rendering comes in later tasks: the
 * observer's callback runs before any of it.
 */
function snapshotAtHydration(snapshot, scriptOnly) {
  window.__atStart = null;
  window.__atHydration = null;
  new MutationObserver((_, observer) => {
    const html = document.documentElement;
    if (window.__atStart === null && html.hasAttribute('data-hydrating')) window.__atStart = { snapshot: snapshot(), scriptOnly: scriptOnly() };
    if (!html.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    window.__atHydration = snapshot();
    // The document, not <html>: there is none yet when a page's first script runs.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrating', 'data-hydrated'] });
}

/**
 * What the app changes as it hydrates by design, each for its reason, taken out of both sides
 * before they are compared (`search`: the page's query string):
 * - a filter control is disabled until its script can hear it (a change before would be lost);
 * - what the address's query says (the links to the page in another language keep it, a search
 *   field shows it) is the browser's: one prerendered page serves every query;
 * - a scrolling table is made a tab stop once it is measured to scroll (guide/ScrollBox.tsx).
 * The property page's contact bar (`.property-cta`), fixed at the screen's foot, comes once its
 * button can open the form: it moves nothing, and is left out of the snapshot.
 */
function normalised(list, search) {
  const params = new URLSearchParams(search);
  return list.map((entry) => {
    // useId's ids are the renderer's own (the prerender's `_R_…_`, the browser's `_r_…_`; an
    // island's behind its prefix, `_i4-R_…_`).
    let attributes = entry.attributes.replace(/(^| )disabled=(?= |$)/, '').trim().replace(/_(?:i\d+-)?[Rr]_[0-9a-z]+_/g, '«id»');
    if (search) attributes = attributes.split(search).join('');
    for (const [name, value] of params) attributes = attributes.replace(`name=${name} value=${value}`, `name=${name} value=`);
    if (/class=guide-table-wrap\b/.test(attributes)) attributes = attributes.replace(/ tabindex=0$/, '');
    return { ...entry, attributes };
  });
}

/**
 * Installs, before any script of the page, the emptying of the app's root as hydration starts
 * (`data-hydrating`, set just before `hydrateRoot`, whose rendering comes in later tasks): React
 * then finds nothing to hydrate and renders the page itself, from nothing. React's production
 * build keeps a served attribute it would have rendered otherwise without a word; this render
 * shows what the browser's code draws, to compare with what the prerender drew.
 */
function renderFromNothing() {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-hydrating')) return;
    observer.disconnect();
    // A page drawn in islands is hydrated island by island, each its element's root: each is
    // emptied (the rest of the page is HTML the browser's code never draws). Else the page's root.
    const islands = document.querySelectorAll('estate-island');
    if (islands.length) for (const island of islands) island.replaceChildren();
    else document.getElementById('root')?.replaceChildren();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrating'] });
}

/** The element's kind for aligning two lists: its tag and first class. */
const kind = (entry) => `${entry.tag} ${/(?:^| )class=([^ ]*)/.exec(entry.attributes)?.[1] ?? ''}`;

/**
 * The differences in text and attributes between the elements `before` and `after` share, once
 * aligned by kind (the longest common subsequence): elements only one side has (a lazy part that
 * has not come yet, a section drawn as it nears the screen) are not differences here.
 */
function changed(before, after, limit = 8) {
  const [n, m] = [before.length, after.length];
  const [a, b] = [before.map(kind), after.map(kind)];
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1) table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const found = [];
  for (let i = 0, j = 0; i < n && j < m && found.length < limit; ) {
    if (a[i] === b[j]) {
      const [x, y] = [before[i], after[j]];
      if (x.attributes !== y.attributes) found.push(`${named(x)}: attributes '${x.attributes}' -> '${y.attributes}'`);
      else if (x.text !== y.text) found.push(`${named(x)}: text '${x.text}' -> '${y.text}'`);
      i += 1;
      j += 1;
    } else if (table[i + 1][j] >= table[i][j + 1]) i += 1;
    else j += 1;
  }
  return found;
}

/** Where `element` is, for a message: its tag, id or classes. */
const named = (entry) => `<${entry.tag}${entry.attributes ? ' ' + entry.attributes.slice(0, 90) : ''}>`;

/** The differences of `after` from `before`, the first `limit` of them in words. */
function differences(before, after, limit = 8) {
  const found = [];
  if (before.length !== after.length) found.push(`${before.length} elements drawn, ${after.length} once hydrated`);
  for (let i = 0; i < Math.min(before.length, after.length) && found.length < limit; i += 1) {
    const [a, b] = [before[i], after[i]];
    for (const key of ['tag', 'attributes', 'text', 'box']) {
      if (a[key] !== b[key]) {
        found.push(`${named(a)}: ${key} '${a[key]}' -> '${b[key]}'`);
        break;
      }
    }
  }
  return found;
}

/**
 * A search's answer never comes, on both sides: the search results hydrate their count and cards
 * with the page, their refine controls once it is idle (islands/registry.ts), and the page has
 * hydrated (`data-hydrated`) only then, by when the answer would have drawn its cards over the
 * placeholders the prerender drew. What hydration does to the placeholders is compared so.
 */
function holdSearches(route) {
  if (route.request().method() !== 'POST') return route.continue();
}

/**
 * The page's own report that a search held above passed its deadline (the search's 5 s: the boot
 * script's early request times out, the page's own is aborted), which a page hydrating on a loaded
 * machine can outlive before it is read: the hold's doing, not the page's. Any other console error
 * counts.
 */
const heldPastDeadline = (problem) => /Failed to fetch search results (?:TimeoutError|AbortError)\b/.test(problem);

for (const [lang, prefix] of Object.entries(PREFIX)) {
  test(`hydration changes nothing the prerender drew, every kind of page in ${lang}, at 390 and 1366 px`, async () => {
    const failures = [];
    // The pages as served at the phone's width, as snapshotted below: what the render from
    // nothing is compared with (text and attributes), without loading each page once more.
    const servedAtPhone = new Map();
    for (const viewport of WIDTHS) {
      const live = await openWalk(browser, viewport);
      await live.addInitScript(`(${snapshotAtHydration})(${snapshotInPage}, ${scriptOnlyControlsInPage})`);
      // Fonts and the shell's files in the walk's cache first, as for a visitor's second page:
      // a box measured as hydration starts or commits is not one drawn in a fallback font.
      const warm = await live.open();
      // The walk's one page, which each `open` answers.
      await warm.page.route(/\/api\//, holdSearches);
      await warm.page.goto(`${server.url}${prefix}/`, { waitUntil: 'load' });
      await warm.page.evaluate(() => document.fonts.ready);
      for (const path of pageKinds().map((path) => prefix + path)) {
        const where = `${path} at ${viewport.width} px`;
        const search = new URL(server.url + path).search;
        const { page, problems } = await live.open();
        await page.goto(server.url + path, { waitUntil: 'load' });
        await page.waitForFunction(() => window.__atHydration !== null, null, { timeout: 30_000 });
        const { snapshot, scriptOnly } = await page.evaluate(() => window.__atStart);
        if (scriptOnly.length) failures.push(`${where}: drawn before the script that answers them:\n    ${scriptOnly.slice(0, 8).join('\n    ')}`);
        const before = normalised(snapshot, search);
        if (viewport === PHONE) servedAtPhone.set(path, before);
        const after = normalised(await page.evaluate(() => window.__atHydration), search);
        assert.ok(before.length > 20, `${where}: the prerendered page has ${before.length} elements`);
        const found = differences(before, after);
        if (found.length) failures.push(`${where}:\n    ${found.join('\n    ')}`);
        const reported = problems.filter((problem) => !heldPastDeadline(problem));
        if (reported.length) failures.push(`${where}: ${reported.join('; ')}`);
      }
      await live.close();
      if (viewport !== PHONE) continue;
      // The page drawn by the browser's code from nothing, at one width (what differs between
      // renderers differs at any width), against the prerender's.
      const fresh = await openWalk(browser, viewport);
      await fresh.addInitScript(`(${renderFromNothing})()`);
      // Not the pages whose content is the answer to their address's query, drawn after the
      // first render (the search results, compare): the moment of hydration was compared above.
      const drawnWhole = pageKinds().filter((path) => !path.includes('?'));
      for (const path of drawnWhole.map((path) => prefix + path)) {
        const where = `${path} drawn by the browser from nothing`;
        const search = new URL(server.url + path).search;
        const before = servedAtPhone.get(path);
        const { page, problems } = await fresh.open();
        // Once its lazy parts have come: a render from nothing shows their fallbacks first, where
        // hydration keeps the served markup.
        await gotoSettled(page, server.url + path);
        const after = normalised(await page.evaluate(snapshotInPage), search);
        const found = changed(before, after);
        if (found.length) failures.push(`${where}:\n    ${found.join('\n    ')}`);
        // React's report that it found nothing to hydrate is this render's own.
        const others = problems.filter((problem) => !/Hydration failed|hydrat|React error #418\b/i.test(problem));
        if (others.length) failures.push(`${where}: ${others.join('; ')}`);
      }
      await fresh.close();
    }
    assert.deepEqual(failures, [], failures.join('\n'));
  });
}
