// The browser editor (Sveltia CMS at /cms/) on the 10,000-listing demo: how long the listing
// collection takes to open and a search to find a listing, in Debian's Chromium, in the CMS's
// local-repository mode (the directory picker answered by a folder of the origin's private file
// system, seeded with the demo's text files, as site/e2e/cms.test.mjs does with the sample).
//
//   node bench/cms_10k.mjs [--properties 10000]
//
// Needs target/debug/estate (or ESTATE_BIN) and a build's dist/cms/ (it serves the repository's
// dist/ with `estate serve --no-build`, or ESTATE_DIST). Prints the figures; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from '../site/e2e/browser.mjs';
import { answerThePicker, contentFiles, seedRepository } from '../site/e2e/cms-repo.mjs';

const repo = resolve(import.meta.dirname, '..');
const count = Number(process.argv[process.argv.indexOf('--properties') + 1]) || 10000;
const binary = process.env.ESTATE_BIN ?? join(repo, 'target', 'debug', 'estate');
const dist = process.env.ESTATE_DIST ?? join(repo, 'dist');

const work = mkdtempSync(join(tmpdir(), 'estate-cms-bench-'));
const demo = join(work, 'content');
const made = spawnSync(binary, ['demo', '--properties', String(count), '--posts', '20', '--out', demo], { encoding: 'utf8' });
if (made.status !== 0) throw new Error(made.stderr);

const seed = contentFiles(demo);

const server = spawn(binary, ['serve', '--port', '0', '--no-build', '--out', dist], { stdio: ['ignore', 'pipe', 'pipe'] });
const url = await new Promise((ok, fail) => {
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /estate serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
    if (match) ok(match[1]);
  });
  server.on('exit', (code) => fail(new Error(`estate serve exited with ${code}: ${output}`)));
});

const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await answerThePicker(context);
  const page = await context.newPage();
  await page.goto(`${url}/robots.txt`);
  let started = Date.now();
  await seedRepository(page, seed);
  console.log(`seeded ${seed.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.goto(`${url}/cms/`);
  started = Date.now();
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await page.getByRole('button', { name: 'Create New Entry' }).waitFor({ timeout: 600_000 });
  await page.getByRole('checkbox', { name: /^Select / }).first().waitFor({ timeout: 600_000 });
  const opened = (Date.now() - started) / 1000;
  const title = /^title: (.+)$/m.exec(seed.find(([path]) => path.startsWith('content/properties/'))[1])[1].replace(/\s+#.*$/, '').replace(/^['"]|['"]$/g, '');
  started = Date.now();
  await page.getByRole('searchbox').first().fill(title);
  await page.keyboard.press('Enter');
  await page.getByText('Search Results', { exact: true }).waitFor({ timeout: 120_000 });
  await page.getByText(`${title} (`, { exact: false }).first().waitFor({ timeout: 120_000 });
  const searched = (Date.now() - started) / 1000;
  if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
  const body = await page.locator('body').innerText();
  console.log(`${count} listings: the listing collection opened in ${opened.toFixed(1)} s; a search for "${title}" found it in ${searched.toFixed(1)} s`);
  console.log(/Listings\s*\n\s*(\d[\d,]*)/.exec(body)?.[0]?.replace(/\s+/g, ' ') ?? '');
  await context.close();
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
