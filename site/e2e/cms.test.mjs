// Browser tests of the browser editor: Sveltia CMS at /cms/ under `estate serve`, in
// Debian's Chromium, working on a local repository: its "Work with Local Repository" mode, with
// the browser's directory picker answered by a folder of the origin's private file system
// (OPFS) seeded with the sample's content files, since a headless browser has no picker. What
// the CMS saves there is read back and checked with `estate check` on a copy of content/.
// Screenshots go to e2e/screenshots/cms-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, startServer } from './server.mjs';
import { launch, screenshot } from './browser.mjs';
import { answerThePicker, choose, contentFiles, fillIn, reveal, seedRepository } from './cms-repo.mjs';

const SHOTS = join(import.meta.dirname, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const PHOTOS = ['content/media/properties/bedroom-1.jpg', 'content/media/properties/bedroom-2.jpg'];

let server;
let browser;
let root;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'estate-cms-e2e-'));
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A tab on /cms/ signed in to the seeded local repository. */
async function openCms() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await answerThePicker(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/robots.txt`);
  await seedRepository(page, contentFiles(join(repo, 'content')));
  await page.goto(`${server.url}/cms/`);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await page.getByRole('button', { name: 'Create New Entry' }).waitFor({ timeout: 30_000 });
  return { context, page, errors };
}

/** The text of `path` (from the repository's root) in the seeded local repository. */
const readBack = (page, path) =>
  page.evaluate(async (path) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
    const parts = path.split('/');
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    return (await (await dir.getFileHandle(parts.at(-1))).getFile()).text();
  }, path);

/** The text of `path` once the CMS has saved it with `expected` in it (within 30 s). */
async function savedFile(page, path, expected) {
  let last = '(not saved)';
  // Polled every 100 ms: the CMS saves into the browser's storage, which tells no one.
  for (const started = Date.now(); Date.now() - started < 30_000; await page.waitForTimeout(100)) {
    last = await readBack(page, path).catch(() => '(not saved)');
    if (expected.test(last)) return last;
  }
  // Taken whether or not screenshots are wanted: it is the failure's picture.
  await page.screenshot({ path: join(SHOTS, 'cms-not-saved.png') });
  const said = (await page.locator('body').innerText()).split('\n').filter((line) => /error|required|must|failed/i.test(line));
  assert.fail(`${path} was not saved with ${expected} in 30 s (see cms-not-saved.png); it reads:\n${last}\nThe CMS says:\n${said.join('\n')}`);
}

/** The names of the files in a folder of the seeded local repository (none if it is not there). */
const listBack = (page, path) =>
  page.evaluate(async (path) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
    try {
      for (const part of path.split('/')) dir = await dir.getDirectoryHandle(part);
    } catch {
      return [];
    }
    const names = [];
    for await (const [name] of dir.entries()) names.push(name);
    return names;
  }, path);

test('the CMS opens on the local content with every collection, and its page is kept out of search engines', async () => {
  const { context, page, errors } = await openCms();
  // The first collection's entries, once loaded.
  await page.getByText('Marina Gate Two-Bedroom with Full Sea View').first().waitFor();
  const nav = await page.locator('body').innerText();
  for (const collection of ['Listings', 'Blog posts', 'Team', 'Developers', 'Legal pages', 'Vocabularies', 'Agency settings']) {
    assert.ok(nav.includes(collection), `no ${collection} in the CMS`);
  }
  assert.match(nav, /Marina Gate Two-Bedroom with Full Sea View/);
  await screenshot(page, { path: join(SHOTS, 'cms-listings.png') });
  const response = await page.request.get(`${server.url}/cms/`);
  assert.match(response.headers()['x-robots-tag'] ?? '', /noindex/);
  assert.match(response.headers()['content-security-policy'] ?? '', /connect-src 'self' data: blob: https:\/\/api\.github\.com https:\/\/www\.githubstatus\.com;/);
  assert.match(await response.text(), /<meta name="robots" content="noindex, nofollow">/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the CMS opens in the staff\'s own browser languages (en-GB, ar-AE, ru-RU) within 5 s, its words from the site itself, with no console error', async () => {
  // Sveltia CMS fetches its interface's words for any language but US English; they are served
  // from /cms/locales/ (its script names a public CDN, which /cms/'s policy blocks).
  const signIn = { 'en-GB': 'Work with Local Repository', 'ar-AE': 'العمل مع مستودع محلي', 'ru-RU': 'Работать с локальным репозиторием' };
  for (const [locale, button] of Object.entries(signIn)) {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    const elsewhere = [];
    // GitHub's status, which the sign-in screen shows, is the one other host it asks (the tests'
    // browser reaches none: that request fails, which is no error of the page's).
    const github = 'https://www.githubstatus.com';
    const failedThere = (message) => (message.location().url ?? '').startsWith(github) && message.text().startsWith('Failed to load resource');
    page.on('console', (message) => message.type() === 'error' && !failedThere(message) && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => ![server.url, github].includes(new URL(request.url()).origin) && elsewhere.push(request.url()));
    await page.goto(`${server.url}/cms/`);
    await page.getByRole('button', { name: button }).waitFor({ timeout: 5_000 });
    assert.deepEqual(errors, [], `${locale}: console errors`);
    assert.deepEqual(elsewhere, [], `${locale}: requests to other hosts`);
    await screenshot(page, { path: join(SHOTS, `cms-sign-in-${locale}.png`) });
    await context.close();
  }
});

test('a listing created in the CMS in English and Arabic, with two photos, passes estate check', async () => {
  const { context, page, errors } = await openCms();
  await page.getByRole('button', { name: 'Create New Entry' }).click();
  // The editor fills its defaults in as it opens (a title typed earlier is lost): its date's
  // 'Now' button is drawn once it is ready.
  await page.getByRole('button', { name: 'Now' }).first().waitFor();
  const title = page.getByRole('textbox', { name: 'Title' }).first();
  await fillIn(title, 'Palm View Villa Made in the Browser');
  await page.getByRole('radio', { name: 'Residential' }).first().click();
  await choose(page, 'Property type', 'Villa');
  await choose(page, 'Community', 'Dubai Marina');
  await page.getByRole('textbox', { name: 'Price (AED)' }).first().fill('3,200,000');
  await (await reveal(page, page.getByRole('textbox', { name: 'Permit number' }))).fill('7129903399');
  await choose(page, 'Agent', 'Daniel Novak');
  // Two photos, uploaded from this machine under new names.
  const photos = PHOTOS.map((path, i) => {
    const copy = join(root, `browser-villa-${i + 1}.jpg`);
    cpSync(join(repo, path), copy);
    return copy;
  });
  await reveal(page, page.getByRole('button', { name: 'Browse' }));
  await page.locator('input[type=file]').first().setInputFiles(photos);
  await page.getByText('/media/properties/browser-villa-2.jpg').waitFor();
  await page.getByRole('button', { name: 'Browse' }).first().scrollIntoViewIfNeeded();
  await screenshot(page, { path: join(SHOTS, 'cms-photo-upload.png') });
  const description = await reveal(page, page.locator('[contenteditable=true]'));
  await description.click();
  await page.keyboard.type('A four-bedroom villa with a garden, **two minutes** from the beach.');
  // The Arabic title, in the Arabic pane of the editor.
  assert.equal(await title.inputValue(), 'Palm View Villa Made in the Browser');
  await page.getByRole('radio', { name: 'Arabic' }).first().click();
  // The Arabic pane, once drawn (right to left), not the English one it replaces.
  const arabicTitle = page.locator('[dir=rtl] input, input[dir=rtl]').and(page.getByRole('textbox', { name: 'Title' }));
  await (await reveal(page, arabicTitle)).fill('فيلا بإطلالة على النخلة');
  await screenshot(page, { path: join(SHOTS, 'cms-listing-ar.png') });
  await page.getByRole('button', { name: 'Save' }).click();
  const path = 'content/properties/palm-view-villa-made-in-the-browser.yaml';
  // Saving writes the entry and its photos; on a busy machine that takes a while.
  const saved = await savedFile(page, path, /browser-villa-2\.jpg/);
  await screenshot(page, { path: join(SHOTS, 'cms-saved.png') });
  assert.match(saved, /^title: Palm View Villa Made in the Browser$/m);
  assert.match(saved, /^ar:\n  title: فيلا بإطلالة على النخلة$/m);
  assert.match(saved, /^createdAt: \d{4}-\d\d-\d\dT\d\d:\d\d:00\+04:00$/m);
  assert.match(saved, /^permitNumber: '7129903399'$/m);
  // The community by its key (shown in the form by its name), which a rename of its name keeps.
  assert.match(saved, /^location: dubai-marina$/m);
  assert.match(saved, /^images:\n  - \/?media\/properties\/browser-villa-1\.jpg\n  - \/?media\/properties\/browser-villa-2\.jpg$/m);
  const media = await listBack(page, 'content/media/properties');
  assert.ok(media.includes('browser-villa-1.jpg') && media.includes('browser-villa-2.jpg'), `${media}`);
  // What the CMS wrote, into a copy of content/: `estate check` accepts it (its warnings are
  // about the content: no area for the portals, no Russian texts).
  const content = join(root, 'content');
  cpSync(join(repo, 'content'), content, { recursive: true });
  writeFileSync(join(root, path), saved);
  for (const name of ['browser-villa-1.jpg', 'browser-villa-2.jpg']) {
    const base64 = await page.evaluate(async (name) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
      for (const part of ['content', 'media', 'properties']) dir = await dir.getDirectoryHandle(part);
      const bytes = new Uint8Array(await (await (await dir.getFileHandle(name)).getFile()).arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }, name);
    const bytes = Buffer.from(base64, 'base64');
    assert.deepEqual(bytes, readFileSync(join(repo, PHOTOS[name.endsWith('1.jpg') ? 0 : 1])), `${name} uploaded as it was`);
    writeFileSync(join(content, 'media/properties', name), bytes);
  }
  const binary = process.env.ESTATE_BIN ?? join(repo, 'target', 'debug', 'estate');
  const check = spawnSync(binary, ['check', '--content', content], { encoding: 'utf8' });
  assert.equal(check.status, 0, `${check.stdout}${check.stderr}`);
  assert.match(check.stdout + check.stderr, /are valid \(0 errors/);
  // And it is published: the whole site built from that content (from the run's warm caches)
  // serves the listing's Arabic page with its title and both photos.
  const published = await startServer({ content });
  try {
    const id = 'palm-view-villa-made-in-the-browser';
    const record = await (await fetch(`${published.url}/api/properties/${id}.json`)).json();
    assert.deepEqual(record.Images, ['/media/properties/browser-villa-1.jpg', '/media/properties/browser-villa-2.jpg']);
    assert.equal(record.price, 3200000);
    assert.equal(record.location, 'Dubai Marina');
    const view = await context.newPage();
    view.on('pageerror', (error) => errors.push(error.message));
    const answer = await view.goto(`${published.url}/ar/property/${id}`);
    assert.equal(answer.status(), 200);
    assert.equal(await view.locator('html').getAttribute('dir'), 'rtl');
    assert.equal((await view.locator('h1').innerText()).trim(), 'فيلا بإطلالة على النخلة');
    const thumbs = view.locator('.gallery__thumbs img');
    assert.equal(await thumbs.count(), 2, 'both photos in the gallery');
    await view.locator('.gallery__image').scrollIntoViewIfNeeded();
    const decoded = await view.locator('.gallery__image, .gallery__thumbs img').evaluateAll((images) =>
      Promise.all(images.map((i) => i.decode().then(() => i.naturalWidth > 0, () => false))),
    );
    assert.deepEqual(decoded, [true, true, true], 'the photo shown and both thumbnails load');
    await screenshot(view, { path: join(SHOTS, 'cms-published-ar.png') });
    // Closed before its server stops: the page goes on fetching what comes near the viewport (the
    // mortgage calculator's code), which a stopped server would fail.
    await view.close();
  } finally {
    await published.stop();
  }
  await context.close();
  assert.deepEqual(errors, []);
});

test('editing the price of a listing in the CMS changes that line (and the layout as the CMS writes YAML)', async () => {
  const { context, page, errors } = await openCms();
  const path = 'content/properties/marina-gate-two-bedroom-sea-view.yaml';
  const before = readFileSync(join(repo, path), 'utf8');
  await page.getByText('Marina Gate Two-Bedroom with Full Sea View', { exact: false }).first().click();
  const price = await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }));
  const old = await price.inputValue();
  await price.fill(String(Number(old) + 50000));
  await screenshot(page, { path: join(SHOTS, 'cms-listing-edit.png') });
  await page.getByRole('button', { name: 'Save' }).click();
  // A price is a text field (an agent may type 2,750,000): written in quotes, read as a number.
  const after = await savedFile(page, path, new RegExp(`^price: '${Number(old) + 50000}'$`, 'm'));
  const was = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  const added = [...now].filter((line) => !was.has(line));
  const removed = [...was].filter((line) => !now.has(line));
  assert.ok(added.includes(`price: '${Number(old) + 50000}'`), added.join('\n'));
  assert.ok(removed.includes(`price: ${old}`), removed.join('\n'));
  // What else changes, and why: the CMS writes the file from its fields, so it adds its
  // `lang:` list, drops the comment line naming the schema, and writes flow lists and maps
  // (`[a, b]`, `{ lat: .., lng: .. }`) as blocks. The values are the same: estate check says so.
  console.log(`other lines added: ${added.length - 1}, removed: ${removed.length - 1}\n+ ${added.join("\n+ ")}\n- ${removed.join("\n- ")}`);
  const content = join(root, 'edit', 'content');
  cpSync(join(repo, 'content'), content, { recursive: true });
  writeFileSync(join(root, 'edit', path), after);
  const binary = process.env.ESTATE_BIN ?? join(repo, 'target', 'debug', 'estate');
  const check = spawnSync(binary, ['check', '--content', content], { encoding: 'utf8' });
  assert.equal(check.status, 0, `${check.stdout}${check.stderr}`);
  assert.match(check.stdout + check.stderr, /are valid \(0 errors, 0 warnings\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the CMS refuses to save what estate check refuses: a negative price, no title, a 6 MB photo', async () => {
  const { context, page } = await openCms();
  const before = await listBack(page, 'content/properties');
  await page.getByRole('button', { name: 'Create New Entry' }).click();
  await page.getByRole('radio', { name: 'Residential' }).first().click();
  await (await reveal(page, page.getByRole('textbox', { name: 'Price (AED)' }))).fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(/fields have errors/).first().waitFor();
  const text = await page.locator('body').innerText();
  assert.match(text, /This field is required/, 'the missing fields are named');
  assert.match(text, /Write the price in dirhams as a whole number/, 'the negative price is refused');
  // The title and type are missing (the date starts at now), and the price is no price.
  assert.match(text, /3 fields have errors\. Please correct them to save the entry\./);
  await screenshot(page, { path: join(SHOTS, 'cms-refused.png') });
  assert.deepEqual((await listBack(page, 'content/properties')).sort(), before.sort(), 'nothing was written');
  // A photo over the 5 MB limit.
  const big = join(root, 'big-photo.jpg');
  const photo = readFileSync(join(repo, PHOTOS[0]));
  writeFileSync(big, Buffer.concat([photo, Buffer.alloc(6 * 1024 * 1024 - photo.length)]));
  await reveal(page, page.getByRole('button', { name: 'Browse' }));
  await page.locator('input[type=file]').first().setInputFiles([big]);
  await page.getByText(/exceeds the maximum size/).first().waitFor();
  await screenshot(page, { path: join(SHOTS, 'cms-photo-too-large.png') });
  // (The CMS isolates the numbers in its messages with bidi marks.)
  const message = (await page.locator('body').innerText()).replace(/[\u2066-\u2069]/g, '');
  assert.match(message, /exceeds the maximum size of 5 MB\./);
  assert.ok(!(await listBack(page, 'content/media/properties')).includes('big-photo.jpg'), 'the photo was not stored');
  await context.close();
});
