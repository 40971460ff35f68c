// When a page's first photo is drawn, and its largest contentful paint, on a slow phone, for
// before/after figures of builds side by side: each build's dist/ served by `estate serve
// --no-build`, the page opened in Debian's Chromium at 390 px with Lighthouse's mobile throttling
// through the DevTools protocol (4x CPU, 1.6 Mbps down, 750 kbps up, 150 ms round trips), the
// builds taken in turn, their order swapped run by run (the machine's load moves), and per build
// the medians. "First photo" is the first frame in which the compare table's first head photo is
// loaded (polled every frame), the time Lighthouse's LCP measures on /compare.
//
//   node bench/compare_lcp.mjs RUNS PATH name=dist ...
//   e.g. node bench/compare_lcp.mjs 6 '/compare?ids=a,b,c,d' before=target/before after=target/e2e/site
//
// PHOTO=SELECTOR times another page's photo: PHOTO='.property-card img' for the search results' first card.
//
// Needs ESTATE_BIN (target/debug/estate). Prints the figures; asserts nothing.
import { spawn } from 'node:child_process';
import { launch, PHONE } from '../site/e2e/browser.mjs';
const [runs, path, ...args] = process.argv.slice(2);
const serve = (dist) => new Promise((ok) => {
  const child = spawn(process.env.ESTATE_BIN, ['serve', '--port', '0', '--no-build', '--no-watch', '--out', dist], { cwd: new URL('..', import.meta.url).pathname });
  const on = (d) => { const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(String(d)); if (m) ok({ child, url: m[1] }); }; child.stdout.on('data', on); child.stderr.on('data', on);
});
const builds = [];
for (const a of args) { const [name, dist] = a.split('='); builds.push({ name, ...(await serve(dist)), lcp: [], el: [] }); }
const b = await launch();
for (let r = 0; r < Number(runs); r++) for (const bd of r % 2 ? [...builds].reverse() : builds) {
  const c = await b.newContext({ viewport: PHONE });
  const p = await c.newPage();
  await p.addInitScript((selector) => { window.__lcp = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push([e.startTime, e.element?.tagName + ' ' + (e.url || '').split('/').pop()]); }).observe({ type: 'largest-contentful-paint', buffered: true }); const poll = () => { const img = document.querySelector(selector); if (img?.complete && img.naturalWidth) window.__photo = performance.now(); else requestAnimationFrame(poll); }; requestAnimationFrame(poll); }, process.env.PHOTO ?? '.compare__table thead img');
  const cdp = await c.newCDPSession(p);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await p.goto(bd.url + path, { waitUntil: 'load', timeout: 90_000 });
  await p.waitForFunction(() => window.__photo > 0, undefined, { timeout: 90_000 });
  await p.waitForTimeout(500);
  const [l, photo] = await p.evaluate(() => [window.__lcp.at(-1), window.__photo]);
  bd.lcp.push(photo); bd.el.push(l[0]); console.log(bd.name, r, 'photo', Math.round(photo), 'lcp', Math.round(l[0]), l[1]);
  await c.close();
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const bd of builds) { console.log(bd.name, 'median first photo drawn', Math.round(med(bd.lcp)), 'ms of', bd.lcp.length, bd.lcp.map(Math.round).join(' '), '; LCP', Math.round(med(bd.el))); bd.child.kill(); }
await b.close();
