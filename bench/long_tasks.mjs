// The main thread's long tasks while a page loads and hydrates on a slow phone, for before/after
// figures of builds side by side: each build's dist/ served by `estate serve --no-build`, the
// page opened in Debian's Chromium at 390 px with 4x CPU throttling (Lighthouse's mobile CPU;
// `--rate` sets another), the builds taken in turn run by run (the machine's load moves, and
// moves every build alike), and per build the medians of: the long tasks' sum (each task over
// 50 ms, whole), their blocking time (each task's time over 50 ms, as Total Blocking Time counts
// it), the longest task, the scripts' time (Performance.getMetrics' ScriptDuration), all wall
// times from navigation until the page is quiet, and the CPU time of the renderer's main thread
// (its tasks' thread time in a trace), which a loaded machine stretches far less than wall time:
// on a loaded machine, compare builds by it (with `--rate 1`, the work itself). Also the first
// contentful paint and the moment the page has hydrated (`data-hydrated` on <html>): until then a
// drawn control that needs script does nothing, so their difference is how long a visitor's tap
// may go unanswered (the time to the first working tap, for a page whose controls all hydrate
// with it). A page drawn in islands hydrates those on its first screen first: the time its first
// screen's taps go unanswered is until the last of them is (their `island-hydrated` marks); a
// deferred island on it (hydrated once the page is idle, or when touched) is reported apart.
//
//   node bench/long_tasks.mjs [--runs 5] [--rate 4] [--path /area-guides-in-dubai/dubai-marina] name=dist ...
//
// Needs target/debug/estate (or ESTATE_BIN). Prints the figures; asserts nothing.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { launch } from '../site/e2e/browser.mjs';

const repo = resolve(import.meta.dirname, '..');
const binary = process.env.ESTATE_BIN ?? join(repo, 'target', 'debug', 'estate');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const [value] = argv.splice(at, 2).slice(1);
  return value;
};
const runs = Number(option('--runs', '5'));
const rate = Number(option('--rate', '4'));
const path = option('--path', '/area-guides-in-dubai/dubai-marina');
const builds = argv.map((arg) => {
  const [name, dist] = arg.split('=');
  if (!dist) throw new Error(`expected name=dist, got ${arg}`);
  return { name, dist: resolve(dist), results: [] };
});
if (!builds.length) throw new Error('name at least one build: name=path/to/dist');

function serve(dist) {
  const child = spawn(binary, ['serve', '--port', '0', '--no-build', '--no-watch', '--out', dist], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /estate serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) ok({ child, url: match[1] });
    });
    child.on('exit', (code) => fail(new Error(`estate serve exited with ${code}: ${output}`)));
  });
}

for (const build of builds) Object.assign(build, await serve(build.dist));
const browser = await launch();

async function measure(url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__long = [];
    window.__hydratedAt = null;
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute('data-hydrated')) return;
      window.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__long.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', { categories: 'toplevel,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  // Hydration's last tasks, and the lazy chunks it asks for.
  await page.waitForTimeout(1500);
  const long = await page.evaluate(() => window.__long);
  const { fcp, hydrated, screen, later } = await page.evaluate(() => {
    // A page in islands marks each island as it is hydrated (site/src/islands/hydrate.tsx): its
    // first screen answers taps once the last of those on it has been.
    // A deferred island on it is hydrated once the page is idle (or at once when touched; a tap on
    // it before then is held and done then): when it answers taps, apart.
    const marks = performance.getEntriesByName('island-hydrated').filter((mark) => mark.detail?.onScreen);
    const islands = marks.filter((mark) => !mark.detail.deferred);
    const later = marks.filter((mark) => mark.detail.deferred);
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      hydrated: window.__hydratedAt ?? Number.NaN,
      screen: islands.length ? Math.max(...islands.map((mark) => mark.startTime)) : null,
      later: later.length ? Math.max(...later.map((mark) => mark.startTime)) : null,
    };
  });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const script = metrics.find((m) => m.name === 'ScriptDuration').value * 1000;
  await cdp.send('Tracing.end');
  await traced;
  await context.close();
  // The renderer's main thread: the CrRendererMain with the most work. Its tasks' thread time
  // (tdur) is the CPU they took, which the machine's load does not stretch as it does their
  // wall time; a task 'long' when its CPU time, slowed 4x, is over 50 ms.
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const cpuOf = new Map();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const key = `${e.pid}:${e.tid}`;
    const entry = cpuOf.get(key) ?? { cpu: 0, longCpu: 0 };
    const cpu = (e.tdur ?? 0) / 1000;
    entry.cpu += cpu;
    if (cpu * 4 > 50) entry.longCpu += cpu;
    cpuOf.set(key, entry);
  }
  const main = [...cpuOf.values()].sort((a, b) => b.cpu - a.cpu)[0] ?? { cpu: 0, longCpu: 0 };
  return {
    cpu: main.cpu,
    longCpu: main.longCpu,
    sum: long.reduce((a, b) => a + b, 0),
    blocking: long.reduce((a, b) => a + Math.max(0, b - 50), 0),
    longest: Math.max(0, ...long),
    script,
    fcp,
    hydrated,
    untapped: hydrated - fcp,
    // A page hydrated whole answers nowhere before all of it.
    screenUntapped: (screen ?? hydrated) - fcp,
    // The first screen's deferred islands (none: as its other islands).
    laterUntapped: (later ?? screen ?? hydrated) - fcp,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

try {
  for (let run = 0; run < runs; run++) {
    // Each run starts with another build, so none is always first after a pause.
    for (let i = 0; i < builds.length; i++) {
      const build = builds[(i + run) % builds.length];
      const result = await measure(build.url + path);
      build.results.push(result);
      console.log(`run ${run + 1} ${build.name}: first paint ${Math.round(result.fcp)} ms, first screen answers ${Math.round(result.screenUntapped)} ms after it (its deferred islands ${Math.round(result.laterUntapped)} ms), hydrated ${Math.round(result.hydrated)} ms; long tasks ${Math.round(result.sum)} ms, blocking ${Math.round(result.blocking)} ms, longest ${Math.round(result.longest)} ms, script ${Math.round(result.script)} ms; main thread's CPU ${Math.round(result.cpu)} ms, ${Math.round(result.longCpu)} ms of it in long tasks`);
    }
  }
  console.log(`\n${path}, 4x CPU, medians of ${runs}:`);
  for (const build of builds) {
    const m = (key) => Math.round(median(build.results.map((r) => r[key])));
    console.log(`${build.name}: first paint ${m('fcp')} ms, hydrated ${m('hydrated')} ms (taps unanswered for ${m('untapped')} ms; on the first screen for ${m('screenUntapped')} ms, its deferred islands' for ${m('laterUntapped')} ms); long tasks ${m('sum')} ms, blocking ${m('blocking')} ms, longest ${m('longest')} ms, script ${m('script')} ms; main thread's CPU ${m('cpu')} ms, ${m('longCpu')} ms of it in long tasks`);
  }
} finally {
  await browser.close();
  for (const build of builds) build.child?.kill();
}
