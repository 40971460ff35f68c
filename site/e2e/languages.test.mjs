// Browser tests of the rule "no English left on an Arabic or Russian page": a page fails on
// visible English in the content area (<main>) that is not marked lang="en", and on a table or
// list whose direction is not the page's (or, inside English marked as such, left-to-right).
// Every kind of page in /ar/ and /ru/ of the sample site (each fixed route, a property, every
// post, the legal pages, a search) is the audit walk's `no English` check (e2e/audit.mjs).
// Here the server builds a copy of the sample content with one post's Arabic body removed, so the
// English fallback (notice, lang="en" dir="ltr", a table in its own order) is walked too: the
// two pages that differ from the sample site's, the post and the blog list in /ar/.
// Arabic and Russian community names find their listings through the 'Area' dropdown and the
// search box. Screenshots (390 px) of a property, a post and the team page in AR and RU go to
// /tmp/lang-shots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, startServer } from './server.mjs';
import { allowedNames, cardsLoaded, englishInMain } from './no-english.mjs';
import { DESKTOP, PHONE, gotoSettled, launch, openPage, openWalk, screenshot } from './browser.mjs';

const SHOTS = '/tmp/lang-shots';
mkdirSync(SHOTS, { recursive: true });

const UNTRANSLATED_POST = 'renting-in-dubai-ejari-and-rera-rental-index';
const PROPERTY = '/property/marina-gate-two-bedroom-sea-view';
let mortgagePost;
let untranslatedPost;

let server;
let browser;
let content;
let posts = [];
let allowed;

before(async () => {
  content = mkdtempSync(join(tmpdir(), 'estate-lang-e2e-'));
  cpSync(join(repo, 'content'), content, { recursive: true });
  // One post without its Arabic body: the Arabic page shows the English one.
  const file = join(content, 'blog', `${UNTRANSLATED_POST}.md`);
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.indexOf('  content: |', lines.indexOf('ar:'));
  let end = start + 1;
  while (lines[end] === '' || lines[end].startsWith('    ')) end += 1;
  lines.splice(start, end - start);
  writeFileSync(file, lines.join('\n'));
  server = await startServer({ content });
  browser = await launch();
  const routes = JSON.parse(readFileSync(join(server.dist, 'data', 'routes.json'), 'utf8'));
  posts = routes.posts;
  mortgagePost = posts.find((path) => path.startsWith('/blog/mortgage-guide-for-expats-in-dubai/'));
  untranslatedPost = posts.find((path) => path.startsWith(`/blog/${UNTRANSLATED_POST}/`));
  allowed = allowedNames(server.dist);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (content) rmSync(content, { recursive: true, force: true });
});

const localized = (lang, path) => (path === '/' ? `/${lang}` : `/${lang}${path}`);

/** Opens `path` and waits for it to settle; in `walk` when given (see openWalk). */
async function open(path, viewport = PHONE, walk = undefined) {
  const opened = walk ? await walk.open() : await openPage(browser, viewport);
  opened.page.on('response', (response) => {
    if (response.status() >= 400) opened.problems.push(`${response.status()} ${response.url()}`);
  });
  await gotoSettled(opened.page, server.url + path);
  return opened;
}

describe('no English left where a post has no Arabic body', () => {
  test('the post and the blog list in /ar/', async () => {
    const found = [];
    const walk = await openWalk(browser, PHONE);
    for (const path of [untranslatedPost, '/blogpage']) {
      const { page, context, problems } = await open(localized('ar', path), PHONE, walk);
      await cardsLoaded(page);
      const { english, direction } = await englishInMain(page, 'ar', allowed);
      found.push(...english.map((e) => `${path}: English ${e}`), ...direction.map((d) => `${path}: ${d}`));
      found.push(...problems.map((p) => `${path}: ${p}`));
      await context.close();
    }
    await walk.close();
    assert.deepEqual(found, []);
  });
});

describe('a post without a translation', () => {
  test('shows the English body marked lang="en" dir="ltr" after a notice, its table in its own order', async () => {
    const { page, context, problems } = await open(`/ar${untranslatedPost}`);
    const body = page.locator('.post__body .prose');
    assert.equal(await body.getAttribute('lang'), 'en');
    assert.equal(await body.getAttribute('dir'), 'ltr');
    assert.equal(
      (await page.locator('.in-english-notice').innerText()).trim(),
      JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'i18n', 'ar.json'), 'utf8'))['blog.inEnglish'],
    );
    // The first column ('Your rent compared with the index average') is on the left.
    const cells = await body.locator('table tr').first().locator('th').evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().x));
    assert.ok(cells.length === 2 && cells[0] < cells[1], `columns at ${cells}`);
    await screenshot(page, { path: join(SHOTS, 'ar-post-in-english-phone.png'), fullPage: false });
    await context.close();
    assert.deepEqual(problems, []);
  });

  test('a translated post has no notice and reads right-to-left in Arabic', async () => {
    const { page, context } = await open(`/ar${mortgagePost}`);
    assert.equal(await page.locator('.in-english-notice').count(), 0);
    assert.equal(await page.locator('.post__body .prose').getAttribute('lang'), null);
    const cells = await page.locator('.post__body table tr').first().locator('th').evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().x));
    assert.ok(cells[0] > cells[1], `the first column is on the right: ${cells}`);
    await context.close();
  });
});

/**
 * The cards of a result page once its search has finished. Not the first card with the listing's
 * link: the page searched from stays on screen until the result page's code has loaded, and it
 * showed the same listing (under load, its cards were read as they were taken away).
 */
async function resultHrefs(page) {
  await page.locator('section[aria-labelledby="results-count"][aria-busy="false"]').waitFor();
  return page.locator('.card-grid .property-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
}

describe('Arabic and Russian community names find their listings', () => {
  for (const [lang, name] of [['ar', 'دبي مارينا'], ['ru', 'Дубай Марина']]) {
    test(`/${lang}/buy-property: the Area dropdown offers ${name} and finds its listing`, async () => {
      const { page, context, problems } = await open(`/${lang}/buy-property`, DESKTOP);
      const select = page.locator('main select[name="community"]').first();
      await select.locator('option').nth(1).waitFor({ state: 'attached' });
      const labels = await select.locator('option').allTextContents();
      assert.ok(labels.includes(name), `options: ${labels.join(', ')}`);
      await select.selectOption({ label: name });
      const from = new URL(page.url()).pathname;
      await Promise.all([page.waitForURL((url) => url.pathname !== from), page.locator('main form:has(select[name="community"]) button[type="submit"]').first().click()]);
      const hrefs = await resultHrefs(page);
      assert.ok(hrefs.some((href) => href.endsWith(PROPERTY)), `found ${hrefs.join(', ')}`);
      await context.close();
      assert.deepEqual(problems, []);
    });

    test(`/${lang}/search-result: the query "${name}" finds the listings in Dubai Marina`, async () => {
      const { page, context, problems } = await open(`/${lang}/search-result?${new URLSearchParams({ query: name })}`);
      const hrefs = await resultHrefs(page);
      assert.ok(hrefs.some((href) => href.endsWith(PROPERTY)), `found ${hrefs.join(', ')}`);
      await context.close();
      assert.deepEqual(problems, []);
    });
  }
});

describe('screenshots at 390 px', () => {
  // One tab for all of them (see openWalk).
  let walk;
  before(async () => {
    walk = await openWalk(browser, PHONE);
  });
  after(() => walk.close());
  for (const lang of ['ar', 'ru']) {
    for (const [name, path] of [['property', PROPERTY], ['post', () => mortgagePost], ['team', '/meet-the-team']]) {
      test(`${lang} ${name}`, async () => {
        const { page, context, problems } = await open(localized(lang, typeof path === 'function' ? path() : path), PHONE, walk);
        await screenshot(page, { path: join(SHOTS, `${lang}-${name}-phone-full.png`), fullPage: true });
        await context.close();
        assert.deepEqual(problems, []);
      });
    }
  }
});
