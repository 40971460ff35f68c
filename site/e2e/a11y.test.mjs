// Issue 18 item 9, accessibility and validity, over every kind of page in EN, AR and RU:
// - axe-core, injected into each page in Debian's Chromium once it has hydrated: no serious or
//   critical violation (and none of the moderate ones: content outside every landmark,
//   a visible label that is not part of the accessible name);
// - the Nu HTML checker (vnu.jar from the npm package `vnu-jar`, run by Debian's Java) over the
//   prerendered HTML of every page of the build: no error. One JVM run over the list of files.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startServer } from './server.mjs';
import { DESKTOP, PHONE, gotoSettled, launch, openPage, openWalk } from './browser.mjs';
import { axeViolations } from './axe.mjs';

const require = createRequire(import.meta.url);
const VNU_JAR = join(require.resolve('vnu-jar'), '..', 'build', 'dist', 'vnu.jar');

let server;
let browser;
let properties;
let posts;

before(async () => {
  server = await startServer();
  browser = await launch();
  properties = JSON.parse(readFileSync(join(server.dist, 'api', 'properties.json'), 'utf8'));
  posts = JSON.parse(readFileSync(join(server.dist, 'api', 'blogs.json'), 'utf8'));
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PREFIX = { en: '', ar: '/ar', ru: '/ru' };

/** One page of each kind: [path, expected status]. Property pages: a home for sale and a plot. */
function pagesOfEachKind() {
  const sale = properties.find((p) => p.mainCategory === 'Residential' && p.bedrooms > 0);
  const plot = properties.find((p) => /plot/i.test(p.subCategory));
  const post = posts[0];
  return [
    ['/', 200],
    ['/buy-property', 200],
    ['/rent-property', 200],
    ['/off-plan', 200],
    ['/commercial', 200],
    [`/property/${sale.id}`, 200],
    [`/property/${plot.id}`, 200],
    ['/search-result?query=Marina', 200],
    ['/blogpage', 200],
    [post.url, 200],
    ['/meet-the-team', 200],
    ['/developers', 200],
    ['/contact-us', 200],
    ['/about-us', 200],
    ['/pro', 200],
    ['/req', 200],
    ['/partners', 200],
    ['/blogform', 200],
    ['/area-guides-in-dubai', 200],
    ['/feed', 200],
    ['/privacy-policy', 200],
    ['/termandcondition', 200],
    ['/thank-you', 200],
    ['/no-such-page', 404],
  ];
}

/** axe-core's findings on one page, opened in `walk` (a walk over pages of one viewport). */
async function check(walk, lang, path, status) {
  const { context, page } = await walk.open({ expectNotFound: status === 404 });
  try {
    const response = await gotoSettled(page, server.url + PREFIX[lang] + path);
    assert.equal(response.status(), status, `${lang} ${path}`);
    // Settled: hydrated, lazy parts loaded. (The home popup opens after 5 s: checked on its
    // own below.)
    return await axeViolations(page);
  } finally {
    await context.close();
  }
}

for (const lang of ['en', 'ar', 'ru']) {
  describe(`axe-core: every kind of page in ${lang}`, () => {
    test(`desktop: no serious or critical violation on any page (${lang})`, async () => {
      const found = [];
      const walk = await openWalk(browser, DESKTOP, { bypassCSP: true });
      for (const [path, status] of pagesOfEachKind()) {
        for (const line of await check(walk, lang, path, status)) found.push(`${lang} ${path}: ${line}`);
      }
      await walk.close();
      assert.deepEqual(found, []);
    });

    // The phone layout has its own parts (menu, sticky enquiry bar, filter sheet).
    test(`phone: home, a listing page and a property page (${lang})`, async () => {
      const found = [];
      const walk = await openWalk(browser, PHONE, { bypassCSP: true });
      for (const [path, status] of pagesOfEachKind().slice(0, 6).filter(([path]) => /^\/(buy-property|property\/.*)?$/.test(path))) {
        for (const line of await check(walk, lang, path, status)) found.push(`${lang} ${path}: ${line}`);
      }
      await walk.close();
      assert.deepEqual(found, []);
    });
  });
}

test('axe-core: the home popup, open, has no serious or critical violation', async () => {
  const { context, page } = await openPage(browser, PHONE, { bypassCSP: true });
  try {
    // The popup's 5 s on the page's clock (network and rendering stay real).
    await page.clock.install();
    await gotoSettled(page, server.url + '/');
    await page.clock.fastForward(5000);
    await page.locator('dialog[open]').waitFor({ state: 'visible', timeout: 5000 });
    assert.deepEqual(await axeViolations(page), []);
  } finally {
    await context.close();
  }
});

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

test('vnu: the prerendered HTML of every page in every language has no error', () => {
  const java = spawnSync('java', ['-version']);
  assert.equal(java.error, undefined, 'java is missing: sudo apt-get install default-jre-headless (scripts/test.sh does it as root)');
  const files = htmlFiles(server.dist);
  // Every page, not a sample: 3 languages x (fixed routes, listings, posts), 404s, the shells.
  assert.ok(files.length > 150, `${files.length} HTML files`);
  const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'gnu', ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const errors = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replaceAll(`file:${server.dist}/`, '').replaceAll(server.dist + '/', ''));
  assert.deepEqual(errors, [], `vnu over ${files.length} files (${relative(server.dist, files[0])} ...)`);
  assert.equal(run.status, 0);
});
