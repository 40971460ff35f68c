// Accessibility and validity, over every kind of page in EN, AR and RU:
// - axe-core, injected into each page in Debian's Chromium once it has hydrated: no serious or
//   critical violation (and none of these moderate ones: content outside every landmark,
//   a visible label that is not part of the accessible name). One page of each kind in each
//   language on a desktop, and home, a listing and a property page on a phone, are checked by
//   the audit walk (e2e/audit.mjs, the `axe` check), which loads each page once for all its
//   checks; here, the home popup, open;
// - the Nu HTML checker (vnu.jar from the npm package `vnu-jar`, run by Debian's Java) over the
//   prerendered HTML of every page of the build, and the search function's no-script result page
//   in each language: no error. One JVM run over the list of files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { browser, server, withSiteAndBrowser } from './shared-site.mjs';
import { PHONE, gotoSettled, openPage } from './browser.mjs';
import { axeViolations } from './axe.mjs';

const require = createRequire(import.meta.url);
const VNU_JAR = join(require.resolve('vnu-jar'), '..', 'build', 'dist', 'vnu.jar');
/**
 * The JVM's client compiler only (C1): vnu's one run is too short for the optimizing compiler's
 * work to pay off, and on 2 cores its compiler threads took the checker's CPU. Over the 271 pages
 * of the sample, 17.5 s instead of 33 s; same messages. C1's frames are larger: vnu
 * overflows its stack at 1 MB (it asks for 512 KB with the default compilers).
 */
const VNU_JVM = ['-XX:TieredStopAtLevel=1', '-Xss16m'];
/**
 * The checker's one message that HTML allows: `blocking="render"` on `<link rel="expect">` (a
 * page's first paint waits for the end of its header, home's for the end of its hero:
 * document.ts). HTML lets `blocking` go with rel `expect` as with `stylesheet`; vnu 26.9 knows
 * only the second. The only `blocking` the site writes is that link's (document.test.ts).
 */
const CHECKER_LAGS = '.*“blocking” attribute must have a “rel” attribute whose value is “stylesheet”.*';

withSiteAndBrowser();

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

/** The pages of the build: not the no-script result page's cards (parts of a page, below). */
function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(server.dist, 'data', 'cards') ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

test('vnu: the prerendered HTML of every page in every language has no error, nor the search function\'s no-script result page', async () => {
  const java = spawnSync('java', ['-version']);
  assert.equal(java.error, undefined, 'java is missing: sudo apt-get install default-jre-headless (scripts/test.sh does it as root)');
  const files = htmlFiles(server.dist);
  // The page a search sent without script gets: the site's result page with the cards joined in
  // by the function (its own HTML), in each language, with results and without.
  const answered = mkdtempSync(join(tmpdir(), 'estate-vnu-'));
  for (const [lang, query] of [['en', 'query=marina'], ['ar', 'purpose=rent'], ['ru', 'query=nowhere-at-all']]) {
    const response = await fetch(`${server.url}/api/search-page/${lang}/search-result?${query}`);
    assert.equal(response.status, 200, `${lang}: the no-script result page`);
    const file = join(answered, `search-page-${lang}.html`);
    writeFileSync(file, await response.text());
    files.push(file);
  }
  // Every page, not a sample: 3 languages x (fixed routes, listings, posts), 404s, the shells.
  assert.ok(files.length > 150, `${files.length} HTML files`);
  const run = spawnSync('java', [...VNU_JVM, '-jar', VNU_JAR, '--errors-only', '--format', 'gnu', '--filterpattern', CHECKER_LAGS, ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const errors = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replaceAll(`file:${server.dist}/`, '').replaceAll(server.dist + '/', ''));
  assert.deepEqual(errors, [], `vnu over ${files.length} files (${relative(server.dist, files[0])} ...)`);
  assert.equal(run.status, 0);
  rmSync(answered, { recursive: true, force: true });
});
