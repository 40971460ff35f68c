// The prerender's page cache (`node scripts/prerender.mjs --cache DIR`): what each page was
// rendered from, and a copy of each rendered page, so a later prerender renders only the pages
// whose inputs changed.
//
// A page's inputs are the data files its loaders read (recorded per page by the prerender) and
// the build it was rendered with: the page template, Vite's manifest, the SSR bundle, the
// prerender's own scripts and the site's address, hashed together as the cache's `key`. A
// different key renders every page again.
//
//   DIR/manifest.json  { key, data: { "/data/site.json": { hash, size, mtime }, ... },
//                        pages: { "/ar/property/7": { file, inputs: [...], size, mtime, copyMtime? } } }
//   DIR/html/<file>    the page as rendered (file: its path inside dist/)
//
// The copy in html/ is a hard link to the page in dist/ where the file system allows (a second
// write of every page cost a cold 10,000-listing build 1.5 GB and about a quarter of its time),
// else a real copy. Either way a cached copy is trusted only with the size and modification time
// recorded for it (`copyMtime`, when not the page's own): a program that rewrites a page of dist/
// in place (Vite writes its template over index.html) also changes the linked copy, and its time.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const MISSING = 'missing';

const sha1 = (bytes) => createHash('sha1').update(bytes).digest('hex');

/** The hash of everything every page depends on: files ([name, path]: the bytes under that name) and plain values. */
export async function buildKey(files, values) {
  const hash = createHash('sha1');
  for (const [name, file] of files) {
    const bytes = await readFile(file).catch(() => MISSING);
    hash.update(`\0${name}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  for (const value of values) hash.update(`\0${value}`);
  return hash.digest('hex');
}

/** Every file under `dir`, sorted (the SSR bundle is a folder of chunks). */
export async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** A file's hash, or MISSING when there is no such file (any other failure is an error). */
function fileHash(file) {
  try {
    return sha1(readFileSync(file));
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return MISSING;
    throw error;
  }
}

/** A file's size and time, or null when there is no such file. */
function statOrNull(file) {
  return statSync(file, { throwIfNoEntry: false }) ?? null;
}

/** Why a hard link cannot be made here, as opposed to a real failure. */
const NO_LINKS = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

/**
 * Puts `source`'s file at `target` (replacing what is there): a hard link, else a copy. Without
 * promises: for many files in a row (`PageCache.restore`), and for each page a worker renders
 * (`PageCache.keep`: a worker has nothing else to do meanwhile, and three awaited calls a page
 * waited on the thread pool's turn). `target` is removed only when it is there (into a fresh
 * dist/, nothing is). Returns whether it linked.
 */
function linkOrCopySync(source, target) {
  try {
    try {
      linkSync(source, target);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      rmSync(target, { force: true });
      linkSync(source, target);
    }
    return true;
  } catch (error) {
    if (!NO_LINKS.has(error.code)) throw error;
  }
  rmSync(target, { force: true });
  copyFileSync(source, target);
  return false;
}

/**
 * What is known of data files (paths as loaders name them, e.g. /data/site.json): each one's
 * { hash, size, mtime }, found once. A file with the size and time `recorded` for it is not read
 * again (the generator rewrites only the data files that changed). Synchronous on purpose: the
 * main thread has nothing else to do meanwhile, and 20,000 reads through promises took 1.5 s
 * more (and all at once ran out of file descriptors, so that failed reads looked like missing
 * files).
 */
/**
 * @param {string} dist
 * @param {Record<string, DataEntry>} [recorded]
 * @param {Set<string> | null} [changed]
 * @returns {(path: string) => DataEntry}
 */
export function dataHasher(dist, recorded = {}, changed = null) {
  const known = new Map();
  return (path) => {
    let entry = known.get(path);
    // Told what changed (estate serve knows what it wrote): the others are as recorded.
    if (entry === undefined && changed && !changed.has(path) && recorded[path]) entry = recorded[path];
    if (entry === undefined) {
      const file = join(dist, path.replace(/^\/+/, ''));
      const now = statOrNull(file);
      const before = recorded[path];
      if (!now) entry = { hash: MISSING };
      else if (before && before.size === now.size && before.mtime === now.mtimeMs) entry = before;
      else entry = { hash: fileHash(file), size: now.size, mtime: now.mtimeMs };
      known.set(path, entry);
    }
    return entry;
  };
}

/** @typedef {{ hash: string, size?: number, mtime?: number }} DataEntry What is known of a data file. */
/** @typedef {{ rendered: string[], copied: string[] }} Written The pages a prerender wrote (see `PageCache.written`). */

/**
 * The cached copies in `dir` of the pages of the manifest `previous` that are as recorded (size
 * and time), as their files: looked at before the output is ready (`prerender.mjs --wait`),
 * since nothing but this prerender writes the cache.
 * @returns {Set<string>}
 */
export function goodCopies(dir, previous) {
  const good = new Set();
  for (const page of Object.values(previous.pages ?? {})) {
    if (sameFile(statOrNull(join(dir, 'html', page.file)), page.size, page.copyMtime ?? page.mtime)) good.add(page.file);
  }
  return good;
}

/**
 * Whether dist/ may hold `file` (a path inside it): false when its first folder is not there
 * (a fresh dist/ has none of the pages' folders), found once per folder.
 */
function folderTester(dist) {
  const folders = new Map();
  return (file) => {
    const slash = file.indexOf('/');
    if (slash < 0) return true;
    const top = file.slice(0, slash);
    let there = folders.get(top);
    if (there === undefined) {
      there = Boolean(statOrNull(join(dist, top))?.isDirectory());
      folders.set(top, there);
    }
    return there;
  };
}

export class PageCache {
  /** @param {Set<string> | null} [copies] the cached copies known good (see `goodCopies`) */
  constructor(dir, dist, key, previous, copies = null) {
    this.dir = dir;
    this.previous = previous;
    /** @type {Map<string, Set<string>> | null} Each data file's readers (see `readers`), once needed. */
    this.readersByInput = null;
    this.copies = copies;
    this.writing = Promise.resolve();
    /** The manifest in memory is newer than the one on disk (see `save`'s `later`). */
    this.unsaved = false;
    /** Cached copies of pages no longer there, to remove with the next write of the manifest. */
    this.gone = [];
    /** The pages the last `restore` linked to their cached copy (whose size and time `plan` checked). */
    this.linked = new Set();
    this.begin(dist, key);
  }

  /**
   * Starts a build into `dist` with the code `key` (a new key: nothing is cached). Returns
   * whether the cache kept its pages (the same key).
   */
  begin(dist, key) {
    this.dist = dist;
    this.key = key;
    const same = this.previous.key === key;
    if (!same) this.replace({ key, data: {}, pages: {} });
    /** @type {(path: string) => DataEntry} What is known of the data files of this build. */
    this.data = dataHasher(dist, this.previous.data);
    return same;
  }

  /** Forgets every page: the next plan renders them all. */
  forget() {
    this.replace({ key: this.key, data: {}, pages: {} });
  }

  /** Takes `manifest` as what the cache holds. */
  replace(manifest) {
    this.previous = manifest;
    this.readersByInput = null;
  }

  /**
   * The pages of the cache that read each data file: made once from the manifest, then kept
   * up to date by `save` as pages are rendered again, so that `planChanged` finds the pages
   * of an edit's few files without looking through the inputs of 30,000 pages.
   * @returns {Map<string, Set<string>>}
   */
  readers() {
    if (!this.readersByInput) {
      const byInput = new Map();
      for (const [path, page] of Object.entries(this.previous.pages)) addReader(byInput, path, page.inputs);
      this.readersByInput = byInput;
    }
    return this.readersByInput;
  }

  /**
   * The cache in `dir` for a build into `dist` with the code `key`; `read`: its manifest, read
   * already (`PageCache.read`, started before `dist` was ready).
   */
  static async open(dir, dist, key, read = PageCache.read(dir), copies = null) {
    return new PageCache(dir, dist, key, await read, copies);
  }

  /** The manifest of the cache in `dir` (an empty one when there is none, or a damaged one). */
  static async read(dir) {
    const text = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => null);
    try {
      if (text) return JSON.parse(text);
    } catch {
      // A damaged manifest: render everything, as on a first build.
    }
    return { key: null, data: {}, pages: {} };
  }

  /**
   * Splits `paths` into the pages to render and the ones the cache already has: those whose
   * data files are unchanged. A cached page whose file in dist/ is not the cached one (a fresh
   * dist/, or Vite's template over index.html) is copied back from the cache.
   */
  plan(paths) {
    const changed = new Set();
    for (const [path, { hash }] of Object.entries(this.previous.data)) {
      if (this.data(path).hash !== hash) changed.add(path);
    }
    const render = [];
    const copy = [];
    const kept = [];
    const mayHold = folderTester(this.dist);
    const copies = this.copies;
    for (const path of paths) {
      const page = this.previous.pages[path];
      if (!page || page.inputs.some((input) => changed.has(input))) {
        render.push(path);
        continue;
      }
      if (mayHold(page.file) && sameFile(statOrNull(join(this.dist, page.file)), page.size, page.mtime)) kept.push(path);
      else if (copies ? copies.has(page.file) : sameFile(statOrNull(join(this.dir, 'html', page.file)), page.size, page.copyMtime ?? page.mtime)) copy.push(path);
      else render.push(path);
    }
    return { render, copy, kept, changedData: changed.size };
  }

  /**
   * The plan when the data files that changed since the last build into this dist/ are known
   * (`changed`, as loaders name them): their pages and new pages are rendered, the others kept
   * without looking at them.
   */
  planChanged(paths, changed) {
    const known = new Set(changed);
    this.data = dataHasher(this.dist, this.previous.data, known);
    const readers = this.readers();
    const reading = new Set();
    for (const input of known) for (const path of readers.get(input) ?? []) reading.add(path);
    const render = [];
    const kept = [];
    for (const path of paths) {
      if (reading.has(path) || !this.previous.pages[path]) render.push(path);
      else kept.push(path);
    }
    return { render, copy: [], kept, changedData: known.size };
  }

  /**
   * `planChanged` when the pages are the last plan's but `removed`, with `added` (each a Set or
   * list of paths), and every page of the last plan is in the cache's manifest (rendered or kept
   * by it): only the readers of `changed` and the pages added are looked at, not all 30,000.
   * `bare`: a path without its language, so that a page's languages are rendered together.
   * `kept` answers `size` and `has` as a Set of the other pages would.
   */
  planKnown(paths, changed, added, removed, bare) {
    const known = new Set(changed);
    this.data = dataHasher(this.dist, this.previous.data, known);
    const readers = this.readers();
    /** @type {Map<string, string[]>} The pages to render, by page. */
    const pages = new Map();
    const render = new Set();
    const add = (path) => {
      if (render.has(path) || removed.has(path)) return;
      render.add(path);
      const key = bare(path);
      const languages = pages.get(key);
      if (languages) languages.push(path);
      else pages.set(key, [path]);
    };
    for (const input of known) for (const path of readers.get(input) ?? []) add(path);
    for (const path of added) if (!this.previous.pages[path]) add(path);
    const kept = { size: paths.length - render.size, has: (path) => !render.has(path) };
    return { render: [...pages.values()].flat(), copy: [], kept, changedData: known.size };
  }

  /**
   * The files (relative to dist/) a prerender wrote: the pages it `rendered` ({ file }) and
   * those it copied back from the cache (paths; call before `save`, which forgets old entries),
   * apart: a copied page is byte for byte one an earlier build wrote, so the generator's link
   * check need not read it again (a cached build into a fresh folder copies back some 30,000).
   * @returns {Written}
   */
  written(rendered, copied) {
    return {
      rendered: rendered.map((page) => page.file),
      copied: copied.map((path) => this.previous.pages[path].file),
    };
  }

  /**
   * Puts the cached pages back into dist/ (linked, or copied where links cannot be made).
   * Synchronous: a CI build into a fresh dist/ restores some 30,000 pages, and three awaited
   * calls each (folder, removal, link), one page after the other, took seconds more than the
   * calls themselves; nothing else runs meanwhile.
   */
  restore(paths) {
    this.linked = new Set();
    const folders = new Set();
    for (const path of paths) {
      const page = this.previous.pages[path];
      const target = join(this.dist, page.file);
      const folder = dirname(target);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      if (linkOrCopySync(join(this.dir, 'html', page.file), target)) this.linked.add(path);
    }
  }

  /**
   * Writes the manifest of the pages now in dist/: `rendered` are the pages rendered this time
   * ({ path, file, inputs, copyMtime }, file relative to dist/, already kept in the cache by
   * `keep`), the other paths come from the previous manifest; `kept` are those the plan found
   * unchanged in dist/. Cached copies of pages that no longer exist go.
   *
   * `later`: only the manifest in memory is brought up to date (what the next plan reads); the
   * file is written by `flush` (`estate serve`'s warm prerender writes it when idle: turning
   * 30,000 pages' entries into JSON took longer than rendering an edit's pages). A manifest on
   * disk older than the pages is safe: their recorded size and time no longer match, so they
   * are rendered again.
   */
  async save(paths, rendered, kept = new Set(), { later = false } = {}) {
    const count = Object.keys(this.previous.pages).length;
    const unchanged = kept.size === paths.length && paths.length === count;
    if (unchanged) return;
    // The same pages as before, each kept in place or rendered now (an edit under estate
    // serve): only the entries of those rendered change, not all 30,000 made again.
    const previous = this.previous;
    const samePages =
      kept.size + rendered.length === paths.length && paths.length === count && rendered.every((page) => previous.pages[page.path]);
    if (later && samePages) {
      for (const page of rendered) {
        const now = statSync(join(this.dist, page.file));
        const entry = { file: page.file, inputs: page.inputs, size: now.size, mtime: now.mtimeMs };
        if (page.copyMtime !== undefined && page.copyMtime !== now.mtimeMs) entry.copyMtime = page.copyMtime;
        const byInput = this.readersByInput;
        if (byInput) {
          for (const input of previous.pages[page.path].inputs) byInput.get(input)?.delete(page.path);
          addReader(byInput, page.path, page.inputs);
        }
        previous.pages[page.path] = entry;
        for (const input of page.inputs) previous.data[input] = this.data(input);
      }
      this.unsaved = true;
      return this.writing;
    }
    const fresh = new Map(rendered.map((page) => [page.path, page]));
    const pages = {};
    const data = {};
    for (const path of paths) {
      const renderedNow = fresh.get(path);
      const page = renderedNow ?? this.previous.pages[path];
      // A page kept in place still has the size and time recorded, one linked back to its
      // cached copy has the copy's (checked by `plan`: 30,000 stats fewer into a fresh dist/);
      // others were just written.
      const now = kept.has(path)
        ? { size: page.size, mtimeMs: page.mtime }
        : !renderedNow && this.linked.has(path)
          ? { size: page.size, mtimeMs: page.copyMtime ?? page.mtime }
          : statSync(join(this.dist, page.file));
      // The cached copy's time: the page's own when linked (just rendered, or linked back by
      // `restore`), else the time the copy was made.
      const copyMtime = page.copyMtime ?? (renderedNow ? now.mtimeMs : page.mtime);
      pages[path] = { file: page.file, inputs: page.inputs, size: now.size, mtime: now.mtimeMs };
      if (copyMtime !== now.mtimeMs) pages[path].copyMtime = copyMtime;
      for (const input of page.inputs) data[input] ??= this.data(input);
    }
    const files = new Set(Object.values(pages).map((page) => page.file));
    this.gone.push(...Object.values(this.previous.pages).filter((page) => !files.has(page.file)));
    this.replace({ key: this.key, data, pages });
    this.unsaved = true;
    return later ? this.writing : this.flush();
  }

  /** Writes the manifest in memory, when newer than the file, and removes the copies of pages gone. */
  flush() {
    if (!this.unsaved) return this.writing;
    this.unsaved = false;
    const gone = this.gone.splice(0);
    const text = JSON.stringify(this.previous);
    // One write at a time; `estate serve` answers before the manifest is on disk.
    const manifest = join(this.dir, 'manifest.json');
    this.writing = this.writing.then(async () => {
      for (const page of gone) await rm(join(this.dir, 'html', page.file), { force: true });
      await mkdir(this.dir, { recursive: true });
      await writeFile(`${manifest}.tmp`, text);
      await rename(`${manifest}.tmp`, manifest);
    });
    return this.writing;
  }

  /**
   * Keeps in the cache `dir` the page a worker just rendered into `file` in dist/. Returns the
   * copy's time when it is a copy (see `linkOrCopySync`). `folders`: those made already.
   * `replaced`: the page was there before, so its copy most likely is: removed first, not found
   * by a failed link (whose error cost some 25 µs a page under estate serve).
   */
  static keep(dir, dist, file, folders, replaced = false) {
    const copy = join(dir, 'html', relative(dist, file));
    const folder = dirname(copy);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    if (replaced) rmSync(copy, { force: true });
    return linkOrCopySync(file, copy) ? undefined : statSync(copy).mtimeMs;
  }
}

/**
 * Records `path` as a reader of each of `inputs` in `byInput`.
 * @param {Map<string, Set<string>>} byInput
 * @param {string} path
 * @param {string[]} inputs
 */
function addReader(byInput, path, inputs) {
  for (const input of inputs) {
    let readers = byInput.get(input);
    if (!readers) byInput.set(input, (readers = new Set()));
    readers.add(path);
  }
}

/** Whether `found` (a stat, or null) has this size and modification time. */
function sameFile(found, size, mtime) {
  return Boolean(found) && found.size === size && found.mtimeMs === mtime;
}
