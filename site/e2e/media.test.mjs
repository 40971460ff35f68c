// The content's media run no script on the site's origin. The build publishes only photos, SVG
// drawings written again without script, videos and map tiles; and should a page or a scripted
// SVG still reach /media/ (put into the output by hand here, as the build refuses them), it is
// served with a policy of its own: `nosniff`, no script source and a sandbox, so opening it runs
// nothing and it cannot read what the browser editor keeps in this origin's storage.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const SCRIPT = "document.documentElement.setAttribute('data-ran', String(localStorage.length + 1));";

before(async () => {
  // A copy of the run's site: this test writes into it.
  server = await startServer({ ownCopy: true });
  browser = await launch();
  const media = join(server.dist, 'media', 'smuggled');
  mkdirSync(media, { recursive: true });
  writeFileSync(
    join(media, 'logo.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" onload="${SCRIPT}"><script>${SCRIPT}</script><rect width="10" height="10"/></svg>`,
  );
  writeFileSync(join(media, 'page.html'), `<!doctype html><title>x</title><script src="/media/smuggled/run.js"></script><script>${SCRIPT}</script>`);
  writeFileSync(join(media, 'run.js'), SCRIPT);
  // A page named as a photo: served as what its name says, never sniffed into HTML.
  writeFileSync(join(media, 'photo.jpg'), `<!doctype html><script>${SCRIPT}</script>`);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens `path` in a fresh tab with the editor's sign-in in this origin's storage. Its scripts (an
 * inline or a linked <script>, an SVG's onload) would have run by its load event; with `blocked`,
 * the browser's report of what it blocked is waited for too.
 */
async function open(path, { blocked = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = [];
  const isViolation = (message) => /Content Security Policy|sandboxed/i.test(message.text());
  page.on('console', (message) => {
    if (isViolation(message)) violations.push(message.text());
  });
  await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => localStorage.setItem('sveltia-cms.user', '{"token":"secret"}'));
  const reported = blocked ? page.waitForEvent('console', { predicate: isViolation, timeout: 10_000 }).catch(() => null) : null;
  const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  await reported;
  const ran = await page.evaluate(() => document.documentElement.getAttribute('data-ran'));
  await context.close();
  return { response, ran, violations };
}

function assertMediaHeaders(response, path) {
  const headers = response.headers();
  assert.equal(headers['x-content-type-options'], 'nosniff', path);
  const policy = headers['content-security-policy'] ?? '';
  assert.match(policy, /^default-src 'none';/, `${path}: ${policy}`);
  assert.match(policy, /; sandbox$/, `${path}: ${policy}`);
  assert.doesNotMatch(policy, /script-src/, `${path}: ${policy}`);
}

test('a scripted SVG opened from /media/ is sent with nosniff and a sandboxing policy, and runs nothing', async () => {
  const path = '/media/smuggled/logo.svg';
  const { response, ran, violations } = await open(path, { blocked: true });
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'], /^image\/svg\+xml/);
  assertMediaHeaders(response, path);
  assert.equal(ran, null, 'neither the <script> nor the onload ran');
  assert.ok(violations.length > 0, 'the browser reports what it blocked');
});

test('an HTML page and its script under /media/ run nothing', async () => {
  for (const path of ['/media/smuggled/page.html', '/media/smuggled/photo.jpg']) {
    const { response, ran } = await open(path);
    assertMediaHeaders(response, path);
    assert.equal(ran, null, `${path}: no script ran`);
  }
  const photo = await open('/media/smuggled/photo.jpg');
  assert.match(photo.response.headers()['content-type'], /^image\/jpeg/);
});

test('the published logos are the sanitised drawings, served with the same policy', async () => {
  const path = '/media/logo.svg';
  const { response } = await open(path);
  assertMediaHeaders(response, path);
  const body = await (await fetch(`${server.url}${path}`)).text();
  assert.equal(body, readFileSync(join(server.dist, 'media', 'logo.svg'), 'utf8'));
  assert.ok(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') && !body.includes('<!--'), body);
  // Photos too.
  const photo = await fetch(`${server.url}/media/default-property.jpg`);
  assert.equal(photo.status, 200);
  assert.equal(photo.headers.get('x-content-type-options'), 'nosniff');
  assert.match(photo.headers.get('content-security-policy') ?? '', /^default-src 'none';.*; sandbox$/);
});
