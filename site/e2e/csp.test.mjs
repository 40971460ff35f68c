// The Content-Security-Policy and HSTS of netlify.toml, as `estate serve` sends them, hold on
// every kind of page in Chromium: no page runs an inline script (the router's data is a JSON
// block), no policy violation is reported, and the pages still hydrate.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.mjs';
import { FIXED_ROUTES } from './routes.mjs';
import { DESKTOP, launch, openWalk, settle } from './browser.mjs';

let server;
let browser;
let pages;

before(async () => {
  server = await startServer();
  browser = await launch();
  // One content page of each kind (a property, a post, ...), from the generator's route list.
  const routes = JSON.parse(readFileSync(join(server.dist, 'data', 'routes.json'), 'utf8'));
  // { posts: [...], properties: [...], ... }: the first path of each list.
  const contentKinds = new Map(
    Object.entries(routes).flatMap(([kind, list]) => (Array.isArray(list) && list[0] ? [[kind, list[0]]] : [])),
  );
  const kinds = [
    ...FIXED_ROUTES.map((path) => [path, 200]),
    ...[...contentKinds.values()].map((path) => [path, 200]),
    ['/property/no-such-listing', 404],
    ['/no-such-page', 404],
  ];
  pages = [
    ...kinds,
    ...['/ar', '/ru'].flatMap((prefix) =>
      kinds
        .filter(([path]) => ['/', '/contact-us', '/blogpage', '/no-such-page'].includes(path) || path.startsWith('/property/'))
        .map(([path, status]) => [prefix + (path === '/' ? '' : path), status]),
    ),
  ];
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('every kind of page: a strict CSP and HSTS, no inline script, 0 violations, hydrated', async () => {
  const report = [];
  const walk = await openWalk(browser, DESKTOP);
  // Installed before any page script: reports every violation the page causes.
  await walk.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  for (const [path, status] of pages) {
    const { context, page, problems } = await walk.open({ expectNotFound: status === 404 });
    const response = await page.goto(server.url + path, { waitUntil: 'load' });
    await settle(page);
    const headers = response.headers();
    assert.equal(response.status(), status, path);
    const csp = headers['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self';/, `${path}: ${csp}`);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/, path);
    assert.match(headers['strict-transport-security'] ?? '', /max-age=31536000/, path);
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts.map((s) => s.type).filter((type) => !['application/json', 'application/ld+json'].includes(type)),
    );
    assert.deepEqual(inline, [], `${path}: inline scripts`);
    // Hydrated from the JSON block: the browser router has the prerender's data.
    const hydrated = await page.evaluate(() => Boolean(window.__staticRouterHydrationData?.loaderData));
    assert.ok(hydrated, `${path}: the router's data`);
    const violations = await page.evaluate(() => window.__violations);
    const reported = problems.filter((p) => /Content Security Policy/i.test(p));
    report.push(`${path} ${violations.length + reported.length}`);
    assert.deepEqual([...violations, ...reported], [], `${path}: CSP violations`);
    assert.deepEqual(problems, [], `${path}: console problems`);
    await context.close();
  }
  await walk.close();
  console.log(`${pages.length} pages, 0 CSP violations`);
});
