// The prerender's page cache (`node scripts/prerender.mjs --cache DIR`): what each page was
// rendered from, and a copy of each rendered page, so a later prerender renders only the pages
// whose inputs changed.
//
// A page's inputs are the data files its loaders read (recorded per page by the prerender) and
// the build it was rendered with: the page template, Vite's manifest, the SSR bundle, the
// prerender's own scripts and the site's address, hashed together as the cache's `key`. A
// different key renders every page again.
//
//   DIR/manifest.json  { key, data: { "/data/site.json": sha1, ... },
//                        pages: { "/ar/property/7": { file, inputs: [...], size, mtime } } }
//   DIR/html/<file>    the page as rendered (file: its path inside dist/)
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

const MISSING = 'missing';

const sha1 = (bytes) => createHash('sha1').update(bytes).digest('hex');

/** The hash of everything every page depends on: files (their bytes) and plain values. */
export async function buildKey(files, values) {
  const hash = createHash('sha1');
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(file).catch(() => MISSING));
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

/** The hashes of data files (paths as loaders name them, e.g. /data/site.json), each read once. */
export function dataHasher(dist) {
  const known = new Map();
  return (path) => {
    let pending = known.get(path);
    if (!pending) {
      pending = readFile(join(dist, path.replace(/^\/+/, ''))).then(sha1, () => MISSING);
      known.set(path, pending);
    }
    return pending;
  };
}

export class PageCache {
  constructor(dir, dist, key, previous) {
    this.dir = dir;
    this.dist = dist;
    this.key = key;
    this.previous = previous.key === key ? previous : { key, data: {}, pages: {} };
    this.hash = dataHasher(dist);
  }

  static async open(dir, dist, key) {
    const text = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => null);
    let previous = { key: null, data: {}, pages: {} };
    try {
      if (text) previous = JSON.parse(text);
    } catch {
      // A damaged manifest: render everything, as on a first build.
    }
    return new PageCache(dir, dist, key, previous);
  }

  /**
   * Splits `paths` into the pages to render and the ones the cache already has: those whose
   * data files are unchanged. A cached page whose file in dist/ is not the cached one (a fresh
   * dist/, or Vite's template over index.html) is copied back from the cache.
   */
  async plan(paths) {
    const changed = new Set();
    await Promise.all(
      Object.entries(this.previous.data).map(async ([path, hash]) => {
        if ((await this.hash(path)) !== hash) changed.add(path);
      }),
    );
    const render = [];
    const copy = [];
    const kept = [];
    await Promise.all(
      paths.map(async (path) => {
        const page = this.previous.pages[path];
        if (!page || page.inputs.some((input) => changed.has(input))) return render.push(path);
        const now = await stat(join(this.dist, page.file)).catch(() => null);
        if (now && now.size === page.size && now.mtimeMs === page.mtime) return kept.push(path);
        const cached = await stat(join(this.dir, 'html', page.file)).catch(() => null);
        if (cached && cached.size === page.size) copy.push(path);
        else render.push(path);
      }),
    );
    return { render, copy, kept, changedData: changed.size };
  }

  /** Puts the cached pages back into dist/. */
  async restore(paths) {
    for (const path of paths) {
      const page = this.previous.pages[path];
      const target = join(this.dist, page.file);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(join(this.dir, 'html', page.file), target);
    }
  }

  /**
   * Writes the manifest of the pages now in dist/: `rendered` are the pages rendered this time
   * ({ path, file, inputs }, file relative to dist/, already copied into the cache), the other
   * paths come from the previous manifest. Cached copies of pages that no longer exist go.
   */
  async save(paths, rendered) {
    const fresh = new Map(rendered.map((page) => [page.path, page]));
    const pages = {};
    const data = {};
    for (const path of paths) {
      const page = fresh.get(path) ?? this.previous.pages[path];
      const now = await stat(join(this.dist, page.file));
      pages[path] = { file: page.file, inputs: page.inputs, size: now.size, mtime: now.mtimeMs };
      for (const input of page.inputs) data[input] ??= await this.hash(input);
    }
    const files = new Set(Object.values(pages).map((page) => page.file));
    for (const page of Object.values(this.previous.pages)) {
      if (!files.has(page.file)) await rm(join(this.dir, 'html', page.file), { force: true });
    }
    const manifest = join(this.dir, 'manifest.json');
    await mkdir(this.dir, { recursive: true });
    await writeFile(`${manifest}.tmp`, JSON.stringify({ key: this.key, data, pages }));
    await rename(`${manifest}.tmp`, manifest);
  }

  /** Where a worker keeps its copy of a page it rendered into `file` in dist/. */
  static copyPath(dir, dist, file) {
    return join(dir, 'html', relative(dist, file));
  }
}
