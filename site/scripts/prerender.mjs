#!/usr/bin/env node
// Prerenders every page of the site into dist/**/index.html, in parallel worker threads.
//
//   node scripts/prerender.mjs [--dist ../dist] [--ssr .ssr/entry-server.js] [--workers N] [--cache DIR] [--serve | --wait]
//
// Paths: the fixed routes exported by the SSR bundle, plus every property, post, area guide, team
// member, developer and listing no longer published ('gone', whose page says so) listed in
// dist/data/routes.json (the bundle's `routesFile`, written by `estate build`), plus the 404 page (dist/404.html), each in
// every language of the bundle: English at its path, the others under /ar/..., /ru/...
// (dist/ar/404.html ...). Each page gets <html lang dir>, its canonical link and the hreflang
// links of all its languages (with x-default, the English page).
// Each worker imports the SSR bundle once, reads loader data straight from dist/, and writes
// its share of pages. Prints one line per second of progress and a summary with pages/second.
// With --cache DIR, only the pages whose inputs changed since the last run are rendered; the
// others are kept or copied back from the cache (scripts/page-cache.mjs). With --serve (and a
// cache) it then stays, its workers warm, and renders what each of `estate serve`'s rebuilds
// changed (see serveRequests). With --wait it loads the SSR bundle and the page cache's manifest,
// then waits for a line on stdin before it reads dist/ (`estate build` starts it before the content
// stage writes dist/, and sends the line once it has; stdin closed instead: it ends), and ends with
// STALE_BUNDLE's code, rendering nothing, when the bundle changed meanwhile.
import { Worker, isMainThread, parentPort as maybeParentPort, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { mkdir, readFile, writeFile, copyFile } from 'node:fs/promises';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PageCache, buildKey, filesUnder, goodCopies } from './page-cache.mjs';
import { writeNoscriptCards } from './noscript-cards.mjs';

// React's production build: its development build, which Node picks without this, renders
// several times slower (measured: 7.5 ms against ~2 ms per listing page). Workers inherit it.
process.env.NODE_ENV = 'production';

// V8's optimising compiler, tuned for this work: React's server renderer meets elements of
// every shape, so its large functions are deoptimised and recompiled again and again (profiled:
// about a fifth of the CPU went to compiling, most of it escape analysis). Without escape
// analysis and with less inlining the prerender took ~27% less CPU (1,000-listing demo:
// 9.1-9.7 s against 12.3-13.4 s). Flags are process-wide: set here, before the workers start.
// PRERENDER_V8_FLAGS='' turns them off for a comparison.
if (isMainThread) {
  const flags = process.env.PRERENDER_V8_FLAGS ?? '--no-turbo-escape --max-inlined-bytecode-size-cumulative=200';
  for (const flag of flags.split(' ').filter(Boolean)) setFlagsFromString(flag);
}

const here = dirname(fileURLToPath(import.meta.url));
/** The channel to the main thread, in a worker (null in the main thread, which never uses it). */
const parentPort = /** @type {import('node:worker_threads').MessagePort} */ (maybeParentPort);
const NOT_FOUND_PATH = '/__not-found__';

function options() {
  const args = process.argv.slice(2);
  const value = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  return {
    dist: resolve(value('--dist', join(here, '..', '..', 'dist'))),
    ssr: resolve(value('--ssr', join(here, '..', '.ssr', 'entry-server.js'))),
    workers: Number(value('--workers', String(Math.max(1, availableParallelism())))),
    cache: args.includes('--cache') ? resolve(value('--cache', '')) : null,
    serve: args.includes('--serve'),
    wait: args.includes('--wait'),
  };
}

/**
 * The file a path is written to: / -> index.html, /a/b -> a/b/index.html, 404 -> 404.html, and
 * a shell page (the SSR bundle's shellPages, e.g. the property shell) to its own file.
 */
function outputFile(dist, path, shells, server) {
  const lang = server.languages.find((code) => code !== server.defaultLanguage && (path === `/${code}` || path.startsWith(`/${code}/`)));
  const prefix = lang ? join(dist, lang) : dist;
  const bare = server.stripLang(path);
  if (bare === NOT_FOUND_PATH) return join(prefix, '404.html');
  const shell = shells.find((page) => page.path === bare);
  if (shell) return join(prefix, shell.file);
  const clean = decodeURIComponent(path).replace(/^\/+|\/+$/g, '');
  return clean ? join(dist, clean, 'index.html') : join(dist, 'index.html');
}

/**
 * The data files a worker keeps parsed, the last read: the site-wide ones stay (every page reads
 * them), a listing's leave after its pages. Keeping all made the collector's work grow with the site.
 */
const KEPT_FILES = 32;

/**
 * The property cards a warm worker keeps between rebuilds, the last used: a sale's agent's and
 * developer's pages hold 96 each in each language (some 4 KB a card).
 */
const KEPT_CARDS = 4000;

/**
 * A worker: imports the SSR bundle once, then renders the pages of each job it is sent
 * ({ dist, base, paths, page }: `page`, the template and manifest, when not the last job's), reading
 * loader data from that job's dist/, and answers { failures, rendered }. Under `--serve` it stays
 * for the next job.
 */
async function workerMain() {
  const { ssr, cache } = workerData;
  const server = await import(pathToFileURL(ssr).href);
  const shells = server.shellPages ?? [];
  // The cards drawn for `estate serve`'s rebuilds, kept for the next (components/keptCards.ts).
  const keptCards = new server.KeptCards(KEPT_CARDS);
  // The page template and Vite's manifest come with the first job: the worker starts before the
  // output folder that holds them is written.
  let writeDocument = null;
  // The data files the page being rendered reads, also those answered from the loaders' cache.
  // One page at a time: the worker has nothing else to do while a page's files are read and
  // written, so its reads and writes are synchronous (no promise hop per call, no async context).
  let inputs = null;
  server.observeReads?.((path) => inputs?.add(path));
  parentPort.on('message', (job) => {
    renderJob(job).catch((error) => {
      parentPort.postMessage({ progress: 0, failures: [`worker: ${error instanceof Error ? error.stack : error}`], rendered: [] });
    });
  });
  parentPort.postMessage({ ready: true });

  async function renderJob({ dist, base, paths, page, keepCards }) {
    const cards = keepCards ? keptCards : undefined;
    if (page) writeDocument = server.documentWriter(page.template, page.manifest);
    // A new source empties the loaders' cache: the data of the last job may have changed.
    server.setDataSource(async (path) => {
      const file = join(dist, path.replace(/^\/+/, ''));
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        if (error.code === 'ENOENT') throw new Response('Not Found', { status: 404 });
        throw error;
      }
    }, KEPT_FILES);
    const folders = new Set();
    // The card grids of the main pages rendered, for their aliases after them (one job, one data).
    const grids = new Map();
    const pagesRendered = [];
    const failures = [];
    let done = 0;
    for (const path of paths) {
      try {
        inputs = new Set();
        const rendered = await server.render(path, grids, cards);
        const read = [...inputs].sort();
        inputs = null;
        if (rendered.kind === 'redirect') throw new Error(`redirects to ${rendered.location}`);
        const bare = server.stripLang(path);
        const expected = bare === NOT_FOUND_PATH ? 404 : 200;
        if (rendered.status !== expected) throw new Error(`answered ${rendered.status}, expected ${expected}`);
        const file = outputFile(dist, path, shells, server);
        const lang = server.languages.find((code) => server.localePath(code, bare) === path) ?? server.defaultLanguage;
        // The 404 page and the shells are answered at other paths: no canonical or hreflang.
        const links = bare !== NOT_FOUND_PATH && !shells.some((page) => page.path === bare);
        const parts = /** @type {(rendered: unknown, place: unknown) => string[]} */ (writeDocument)(rendered, { base, path, lang, links });
        const replaced = writePage(file, parts, folders);
        const copyMtime = cache ? PageCache.keep(cache, dist, file, folders, replaced) : undefined;
        pagesRendered.push({ path, file: relative(dist, file), inputs: read, copyMtime });
      } catch (error) {
        inputs = null;
        failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      done += 1;
      if (done % 200 === 0) parentPort.postMessage({ progress: 200 });
    }
    parentPort.postMessage({ progress: done % 200, failures, rendered: pagesRendered });
  }
}

/**
 * Writes a page, given as its parts in order. A page that is new (a clean build) is written in
 * place; an existing one is replaced by a new file, never rewritten: it may be linked to the page
 * cache's copy or, after a restore under estate serve, to the page in the copy being served.
 * `folders`: those made already. Returns whether the page was there.
 */
function writePage(file, parts, folders) {
  // Asked, not found by a failed exclusive open: under estate serve every page is there, and
  // a failed call's error cost some 40 µs, its stat 2. A page there has its folder.
  const replacing = existsSync(file);
  const folder = dirname(file);
  if (!replacing && !folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  // Each part is written through the file's descriptor: writeFileSync given one (or a name
  // without options) writes a string in one native call, where given a name and options without
  // an encoding it turns the string into UTF-8 bytes before it tries to open the file.
  const fd = openSync(replacing ? `${file}.tmp` : file, 'w');
  try {
    for (const part of parts) writeFileSync(fd, part);
  } finally {
    closeSync(fd);
  }
  if (replacing) renameSync(`${file}.tmp`, file);
  return replacing;
}

/**
 * Worker threads that each keep the SSR bundle loaded, and render the pages of a job between them.
 * Started before the pages to render are known (`grow` adds more once they are), so that loading
 * the bundle in a worker overlaps the main thread's plan and its restore of cached pages.
 */
class Pool {
  constructor(count, data) {
    this.data = data;
    this.workers = [];
    /** What every job's pages are written with: { template, manifest } (see `loadTemplate`). */
    this.page = { template: '', manifest: null };
    /** Whether the workers keep the cards they draw for the next job (`estate serve`'s rebuilds). */
    this.keepCards = false;
    /** The worker that last rendered each group, by the group's first path (while keeping cards). */
    this.renderedBy = new Map();
    /** The `page` each worker was last sent: a job carries it only when it is another. */
    this.pageSent = new Map();
    this.grow(count);
  }

  /** Starts workers until there are `count`. */
  grow(count) {
    while (this.workers.length < count) {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: this.data });
      const ready = new Promise((resolvePromise, reject) => {
        worker.once('message', resolvePromise);
        worker.once('error', reject);
      });
      // A worker never given a job (nothing to render) is not waited for.
      ready.catch(() => {});
      this.workers.push({ worker, ready });
    }
  }

  /**
   * Renders the pages of `groups` (lists of paths, `pageGroups`) into `dist`; `progress(done)` is
   * called about once a second. A group goes to one worker, which renders its pages in order
   * from the same data: it reads a listing's files once for its three pages, and an alias's page
   * takes the cards its main page drew. A worker gets at least `least`
   * pages: starting one costs more than a few pages, but a warm one (`--serve`) costs nothing,
   * and an edit's few pages are rendered by all of them. With `weight` (a page's cost, as the
   * size it had), the groups go heaviest first to whichever worker is free: an edit's agent or
   * developer page costs ten of its listing pages, and dealt in turn they left one worker
   * rendering alone at the end. A free worker takes the heaviest of the groups it rendered last
   * time first, if any: it keeps their cards (`keepCards`).
   */
  async run(dist, base, groups, progress, least = 50, weight = null) {
    const pages = groups.reduce((sum, share) => sum + share.length, 0);
    const count = Math.min(this.workers.length, Math.max(1, Math.ceil(pages / least)));
    let done = 0;
    let lastReport = performance.now();
    const failures = [];
    const rendered = [];
    const job = (worker, share) =>
      new Promise(/** @param {(value?: unknown) => void} resolvePromise */ (resolvePromise, reject) => {
        const onMessage = (message) => {
          done += message.progress ?? 0;
          if (performance.now() - lastReport > 1000) {
            lastReport = performance.now();
            progress(done);
          }
          if (!message.failures) return;
          failures.push(...message.failures);
          rendered.push(...message.rendered);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          resolvePromise();
        };
        const onError = (error) => reject(error);
        const onExit = (code) => reject(new Error(`worker exited with ${code}`));
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        const page = this.pageSent.get(worker) === this.page ? null : this.page;
        this.pageSent.set(worker, this.page);
        worker.postMessage({ dist, base, paths: share, page, keepCards: this.keepCards });
      });
    if (weight && pages) {
      const cost = (share) => share.reduce((sum, path) => sum + weight(path), 0);
      const heaviest = groups.map((share) => ({ share, cost: cost(share) })).sort((a, b) => b.cost - a.cost);
      await Promise.all(
        this.workers.slice(0, count).map(async ({ worker, ready }) => {
          await ready;
          while (heaviest.length) {
            // Its own group first, the heaviest of them: the cards it drew for it are kept there.
            const own = heaviest.findIndex(({ share }) => this.renderedBy.get(share[0]) === worker);
            const [{ share }] = heaviest.splice(Math.max(own, 0), 1);
            this.renderedBy.set(share[0], worker);
            await job(worker, share);
          }
        }),
      );
      return { failures, rendered, workers: count };
    }
    const shares = pages ? Array.from({ length: count }, (_, i) => groups.filter((_, j) => j % count === i).flat()) : [];
    if (this.keepCards) groups.forEach((share, j) => this.renderedBy.set(share[0], this.workers[j % count].worker));
    await Promise.all(
      shares.map(async (share, i) => {
        const { worker, ready } = this.workers[i];
        await ready;
        await job(worker, share);
      }),
    );
    return { failures, rendered, workers: count };
  }

  async close() {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/** What every page of a build is rendered with besides the SSR bundle: the page template and Vite's manifest. */
async function loadTemplate(dist) {
  // The client build writes dist/index.html with the placeholders; keep it as the template,
  // since rendering "/" overwrites that file.
  // Kept outside .ssr/, which every SSR build empties.
  const templateCopy = join(here, '..', '.cache', 'template.html');
  await mkdir(dirname(templateCopy), { recursive: true });
  const built = join(dist, 'index.html');
  if (existsSync(built) && readFileSync(built, 'utf8').includes('<!--app-html-->')) {
    await copyFile(built, templateCopy);
  }
  if (!existsSync(templateCopy)) {
    throw new Error('no page template; run the client build first (vite build)');
  }
  const template = await readFile(templateCopy, 'utf8');
  // The client build's manifest: which chunks each page needs, and the boot script.
  const manifestFile = join(dist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : null;
  return { template, templateCopy, manifest, manifestFile };
}

/** What the main thread needs of a build: the SSR bundle (imported already), and the files every page depends on. */
async function loadBuild({ template, templateCopy, manifest, manifestFile }, ssr, server) {
  // Everything a page depends on besides its data files.
  // Named by their place in the build, not where it is on disk: the same build in another
  // folder (a second output folder, a moved checkout) finds its pages cached.
  const ssrDir = dirname(ssr);
  const code = [
    ['template', templateCopy],
    ['manifest', manifestFile],
    ...(await filesUnder(ssrDir)).map((file) => [`ssr/${relative(ssrDir, file)}`, file]),
    ['prerender', fileURLToPath(import.meta.url)],
    ['page-cache', join(here, 'page-cache.mjs')],
  ];
  return { template, manifest, server, code };
}

/** Every page of the content now in `dist` (in every language), and the site's address. */
async function sitePages(dist, server) {
  const routesFile = join(dist, server.routesFile);
  const content = existsSync(routesFile) ? JSON.parse(await readFile(routesFile, 'utf8')) : { properties: [], posts: [] };
  const shells = (server.shellPages ?? []).map((page) => page.path);
  const pages = [
    ...server.fixedPaths,
    ...content.properties,
    ...content.posts,
    ...(content.guides ?? []),
    ...(content.gone ?? []),
    ...(content.agents ?? []),
    ...(content.developers ?? []),
    ...shells,
    NOT_FOUND_PATH,
  ];
  return { paths: localized(pages, server), base: await siteBase(dist, server) };
}

/** `pages` in every language, a page's languages one after another: one worker renders them back to back, from the same data. */
function localized(pages, server) {
  return pages.flatMap((path) => server.languages.map((lang) => server.localePath(lang, path)));
}

/**
 * `paths` in the groups a worker renders together, in order: a page's languages (listed together
 * by `localized`), and a listing page's with its aliases' (/rent-property with /Rental), the main
 * page's first, whose cards the aliases' pages take.
 */
function pageGroups(paths, server) {
  /** @type {Map<string, { main: string[], aliases: string[] }>} */
  const groups = new Map();
  for (const path of paths) {
    const bare = server.stripLang(path);
    const main = server.aliases[bare];
    const key = main ?? bare;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { main: [], aliases: [] }));
    (main === undefined ? group.main : group.aliases).push(path);
  }
  return [...groups.values()].map(({ main, aliases }) => [...main, ...aliases]);
}

/** The site's address, for absolute canonical and hreflang links ('' where it is not known). */
async function siteBase(dist, server) {
  const siteFile = join(dist, server.siteFile);
  return existsSync(siteFile) ? String(JSON.parse(await readFile(siteFile, 'utf8')).baseUrl ?? '').replace(/\/+$/, '') : '';
}

/** The exit code of a prerender started with --wait whose SSR bundle changed while it waited (pipeline/site.rs's `Early`). */
const STALE_BUNDLE = 75;

/** The first line on stdin, or null when it closes first. */
async function firstLine() {
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    process.stdin.destroy();
    return line;
  }
  return null;
}

async function main() {
  const { dist, ssr, workers, cache: cacheDir, serve, wait } = options();
  if (serve && !cacheDir) throw new Error('--serve needs --cache DIR');
  if (wait && (serve || !cacheDir)) throw new Error('--wait needs --cache DIR, without --serve');
  // Under --serve, stdout carries the answers to estate serve: everything else goes to stderr.
  if (serve) console.log = (...args) => console.error(...args);
  let started = performance.now();
  const lap = laps('prerender');
  // The bundle as it was before it was imported, to tell whether it changed while --wait waited.
  const bundleHash = () => filesUnder(dirname(ssr)).then((files) => buildKey(files.map((file) => [file, file]), []));
  const bundleBefore = wait ? await bundleHash() : null;
  // One worker at once (a cached build renders a few pages, often none; a worker costs a
  // second of loading the bundle), all of them under --serve; more once the plan wants them.
  // Started before anything else, so that its loading of the bundle overlaps the main thread's.
  const pool = new Pool(serve ? workers : 1, { ssr, cache: cacheDir });
  // Under --serve the workers keep the cards of the first prerender too (some 4,000 cards at
  // 10,000 listings): a first sale's agent's and developer's pages find theirs.
  pool.keepCards = serve;
  const server = await import(pathToFileURL(ssr).href);
  const previous = cacheDir ? PageCache.read(cacheDir) : null;
  lap('bundle loaded');
  // Waiting, the cached copies are looked at (30,000 of them, on the output's critical path otherwise).
  let copies = null;
  if (wait) {
    const told = firstLine();
    copies = goodCopies(/** @type {string} */ (cacheDir), await previous);
    lap('cached copies looked at');
    const go = await told;
    if (go === null) {
      await pool.close();
      return;
    }
    if ((await bundleHash()) !== bundleBefore) {
      console.log('prerender: the SSR bundle changed since it was loaded; starting again');
      await pool.close();
      process.exit(STALE_BUNDLE);
    }
    started = performance.now();
    lap('waited for the output');
  }
  const page = await loadTemplate(dist);
  pool.page = { template: page.template, manifest: page.manifest };
  const build = await loadBuild(page, ssr, server);
  const { paths: allPaths, base } = await sitePages(dist, build.server);
  let paths = allPaths;
  let cache = null;
  let reused = '';
  let kept = new Set();
  /** @type {{ render: string[], copy: string[], kept: string[], changedData: number }} */
  let plan = { render: paths, copy: [], kept: [], changedData: 0 };
  // The code's hash, once: with the site's address, the key of the page cache.
  const codeHash = await buildKey(build.code, []);
  const cacheKey = (address) => buildKey([], [codeHash, address]);
  if (cacheDir) {
    cache = await PageCache.open(cacheDir, dist, await cacheKey(base), previous ?? undefined, copies);
    plan = cache.plan(allPaths);
    lap(`planned (${plan.render.length} to render, ${plan.copy.length} to copy)`);
    paths = plan.render;
    kept = new Set(plan.kept);
    reused = `, ${plan.kept.length} unchanged, ${plan.copy.length} from the cache (${plan.changedData} data files changed)`;
  }
  // Under --serve every worker stays for the rebuilds; otherwise only as many as there is work for.
  const count = serve ? workers : Math.min(workers, Math.ceil(paths.length / 50));
  pool.grow(count);
  const running = pool.run(dist, base, pageGroups(paths, build.server), (done) => console.log(`prerender: ${done}/${paths.length} pages`));
  if (cache) {
    // The workers render while the cached pages are put back (other pages, so other files):
    // a turn of the event loop first sends them their jobs.
    await new Promise((resolvePromise) => setImmediate(resolvePromise));
    cache.restore(plan.copy);
    lap('cached pages restored');
  }
  const { failures, rendered, workers: used } = await running;
  lap('rendered');
  // The no-script result page's cards (noscript-cards.mjs), kept from one rebuild to the next.
  const cardMemo = new Map();
  const cards = await writeNoscriptCards(dist, server, cardMemo);
  lap(`no-script cards (${cards.drawn} drawn, ${cards.written} written, ${cards.removed} removed)`);
  const seconds = (performance.now() - started) / 1000;
  if (failures.length) {
    console.error(`prerender: ${failures.length} page(s) failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  if (cache) {
    // The pages written, for the generator's check of their links: those rendered, and those
    // copied back from the cache (each exactly as an earlier build wrote and checked it).
    const written = { ...cache.written(rendered, plan.copy), files: cards.files };
    await cache.save(allPaths, rendered, kept);
    await writeFile(join(cache.dir, 'written.json'), JSON.stringify(written));
    lap('cache saved');
  }
  console.log(
    `prerender: ${paths.length} pages in ${seconds.toFixed(2)} s (${Math.round(paths.length / seconds)} pages/s, ${used} workers)${reused}`,
  );
  if (!serve) {
    await pool.close();
    return;
  }
  await serveRequests({ pool, build, cache, cacheKey, listed: { paths: allPaths, base }, cardMemo });
}

/** A stopwatch printing each lap to stderr when ESTATE_TIMINGS is set (as the generator's do). */
function laps(name) {
  let last = performance.now();
  return (what) => {
    if (!process.env.ESTATE_TIMINGS) return;
    const now = performance.now();
    console.error(`estate timings: ${name}: ${what} ${(now - last).toFixed(1)} ms`);
    last = now;
  };
}

/**
 * `--serve`: after the first prerender, stays with its workers warm for `estate serve`'s
 * rebuilds. Each line on stdin is a request { dist, changed, routes }: render into `dist` the
 * pages whose data files are among `changed` (paths such as /data/site.json) and the pages that
 * are new; `changed: null` compares every data file and page with the cache instead (after a
 * failed rebuild, when what changed is not known). `routes`, with `changed`: the content's
 * pages (as data/routes.json names them, without language) `added` and `removed` since the last
 * request, which was the last good build's: the pages are then not listed and planned again
 * from data/routes.json (a listing sold changes it, and 30,000 pages were listed and looked
 * through for its few). Each answer is one line on stdout:
 * { ok, written: { rendered, copied, files } (relative to dist; files: the no-script cards written or removed), failures, seconds }. Progress goes to stderr.
 */
/**
 * @typedef {{ dist: string, changed: string[] | null, routes?: { added: string[], removed: string[] } | null }} ServeRequest
 *   A line on stdin (the generator's `Warm::render`, pipeline/site.rs, writes it).
 * @typedef {{ ready: true } | { ok: boolean, written: import('./page-cache.mjs').Written, failures: string[], seconds: number }} ServeAnswer
 *   A line on stdout: first `ready`, then one answer per request (read by the generator's `Answer`).
 */
async function serveRequests({ pool, build, cache, cacheKey, listed: first, cardMemo }) {
  const { createInterface } = await import('node:readline');
  /** @param {ServeAnswer} message */
  const answer = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
  answer({ ready: true });
  const server = build.server;
  // The pages of the last request, when it succeeded: then every one of them is in the cache's
  // manifest, as rendered or kept (null: listed and planned whole next time).
  /** @type {{ paths: string[], base: string } | null} */
  let listed = first;
  // The page cache's manifest is written once no request came for a while (see PageCache.save).
  let idle = null;
  const flushWhenIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      cache.flush().catch((error) => {
        console.error(`prerender: the page cache is not saved: ${error instanceof Error ? error.stack : error}`);
        cache.forget();
        listed = null;
      });
    }, IDLE_BEFORE_SAVING);
  };
  // The update of the cache's manifest for the last answer ({ run, timer }) while not started,
  // and the last one started (a request waits for it).
  let update = null;
  let updating = Promise.resolve();
  const updateNow = () => {
    if (update) {
      clearTimeout(update.timer);
      updating = update.run();
      update = null;
    }
    return updating;
  };
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const started = performance.now();
    // The next plan reads the manifest as the last answer left it. The update arms the idle
    // save, which must not write the manifest while this request changes it: disarmed after.
    await updateNow();
    clearTimeout(idle);
    const seconds = () => (performance.now() - started) / 1000;
    const lap = laps('prerender --serve');
    const last = listed;
    listed = null;
    try {
      const { dist, changed, routes } = /** @type {ServeRequest} */ (JSON.parse(line));
      // The pages new since the last request, when it is known what changed since (else all of them).
      let added = null;
      let removed = new Set();
      let now;
      if (last && changed && routes) {
        const base = changed.includes(server.siteFile) ? await siteBase(dist, server) : last.base;
        let paths = last.paths;
        removed = new Set(localized(routes.removed, server));
        if (removed.size) paths = paths.filter((path) => !removed.has(path));
        added = localized(routes.added, server);
        if (added.length) paths = [...paths, ...added];
        now = { paths, base };
      } else {
        now = await sitePages(dist, server);
      }
      const { paths: allPaths, base } = now;
      lap('pages listed');
      // A new key (the site's address changed) empties the cache: every page is rendered.
      if (!cache.begin(dist, await cacheKey(base))) added = null;
      const plan = !changed ? cache.plan(allPaths) : added ? cache.planKnown(allPaths, changed, added, removed, server.stripLang) : cache.planChanged(allPaths, changed);
      lap(`planned (${plan.render.length} to render, ${plan.copy.length} to copy)`);
      cache.restore(plan.copy);
      const weight = (path) => cache.previous.pages[path]?.size ?? 0;
      const { failures, rendered } = await pool.run(dist, base, pageGroups(plan.render, server), () => {}, server.languages.length, weight);
      lap('rendered');
      if (failures.length) {
        answer({ ok: false, failures, written: { rendered: [], copied: [] }, seconds: seconds() });
        continue;
      }
      // The no-script result page's cards of the listings that changed, reported with the pages.
      const cards = await writeNoscriptCards(dist, server, cardMemo, changed);
      lap(`no-script cards (${cards.drawn} drawn, ${cards.written} written, ${cards.removed} removed)`);
      const written = { ...cache.written(rendered, plan.copy), files: cards.files };
      // The pages are in place: answer first, and bring the cache's manifest up to date once
      // `estate serve` has checked their links and served them (on the same cores), or when
      // the next request comes first.
      answer({ ok: true, failures: [], written, seconds: seconds() });
      const kept = Array.isArray(plan.kept) ? new Set(plan.kept) : plan.kept;
      const run = async () => {
        const updateStarted = performance.now();
        try {
          await cache.save(allPaths, rendered, kept, { later: true });
          listed = now;
          flushWhenIdle();
        } catch (error) {
          // Answered already: the next request renders every page instead.
          console.error(`prerender: the page cache is not saved: ${error instanceof Error ? error.stack : error}`);
          cache.forget();
        }
        if (process.env.ESTATE_TIMINGS) console.error(`estate timings: prerender --serve: cache updated ${(performance.now() - updateStarted).toFixed(1)} ms`);
      };
      update = { run, timer: setTimeout(() => void updateNow(), UPDATE_AFTER_ANSWER) };
    } catch (error) {
      answer({ ok: false, failures: [`prerender: ${error instanceof Error ? error.stack : error}`], written: { rendered: [], copied: [] }, seconds: seconds() });
    }
  }
  await updateNow();
  clearTimeout(idle);
  await cache.flush();
  await pool.close();
}

/** Milliseconds without a request after which the warm prerender writes the page cache's manifest. */
const IDLE_BEFORE_SAVING = 2000;

/**
 * Milliseconds after an answer before the warm prerender updates the page cache's manifest in
 * memory: `estate serve` meanwhile checks the new pages' links and serves them (some 5-20 ms of
 * the manifest's work left its link check one core), and it is done while the other copy of the
 * output catches up (60-100 ms), before a next rebuild could start.
 */
const UPDATE_AFTER_ANSWER = 50;

if (isMainThread) {
  main().catch((error) => {
    console.error(`prerender: ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  });
} else {
  workerMain().catch((error) => {
    parentPort.postMessage({ progress: 0, failures: [`worker: ${error instanceof Error ? error.stack : error}`], rendered: [] });
  });
}
