// Where loaders get their JSON: files of dist/ fetched by the browser, or read from disk by the
// prerender (which calls setDataSource). Paths are the files' own paths, as ./paths names them
// (generated from contract::files), each typed with what the file holds: getJson(SITE) is a Site.
import type { JsonFile } from './paths';

export type DataSource = (path: string) => Promise<unknown>;

/** The API time-out: a request not answered in 5,000 ms fails. */
export const API_TIMEOUT_MS = 5000;

const browserSource: DataSource = async (path) => {
  // The boot script's request for the file, if it started one (early.ts), else a new one.
  const response = await (takeEarly('GET', path) ?? fetch(path, { signal: AbortSignal.timeout(API_TIMEOUT_MS) }));
  if (!response.ok) {
    throw new Response(response.statusText, { status: response.status });
  }
  return response.json();
};

/**
 * The answer to the request the boot script started for this page ahead of its code (early.ts),
 * once; undefined when it started none, in the prerender too.
 */
export function takeEarly(method: string, url: string, body?: string | null): Promise<Response> | undefined {
  return typeof window === 'undefined' ? undefined : window.estateEarly?.take(method, url, body);
}

let source: DataSource = browserSource;
/** How many files are kept at most (the newest read): all in the browser, see setDataSource. */
let keep = Infinity;
const cache = new Map<string, Promise<unknown>>();
/** The files whose fetch has finished, for a page coming back (Back) to render them at once. */
const loaded = new Map<string, unknown>();

/**
 * Where the files come from from now on; the files kept are forgotten. `keepFiles`: how many to
 * keep, the last read (site-wide files, read by every page, stay): the prerender reads every
 * listing of the site in turn, and its collector's work grew with the site while it kept them all.
 */
export function setDataSource(next: DataSource, keepFiles = Infinity): void {
  source = next;
  keep = keepFiles;
  cache.clear();
  loaded.clear();
}

/**
 * `key` moved to `map`'s newest place (a Map keeps insertion order), the oldest beyond `keep`
 * dropped. Only the prerender sets a limit: the browser's bundle leaves the bookkeeping out.
 */
function touch<T>(map: Map<string, T>, key: string, value: T): void {
  if (import.meta.env.SSR) {
    map.delete(key);
    if (map.size >= keep) map.delete(map.keys().next().value as string);
  }
  map.set(key, value);
}

let observer: ((path: string) => void) | null = null;

/**
 * Calls `next` with the path of every read, cached or not: the prerender records which data
 * files each page read, so a later build re-renders only the pages whose files changed.
 */
export function observeReads(next: ((path: string) => void) | null): void {
  observer = next;
}

/**
 * The JSON at `path`, of the type its path says; the same path is fetched once per page load. A
 * missing file throws a 404 Response, also kept for the page load, as the files found are (a page
 * reading a listing that is gone, /compare's, asked for it again from each of its hooks).
 */
export function getJson<T>(path: JsonFile<T>): Promise<T> {
  observer?.(path);
  let pending = cache.get(path);
  if (!pending) {
    pending = source(path);
    // A failed fetch (a server error, offline) is not kept, so a retry can succeed.
    pending.then(
      (value) => touch(loaded, path, value),
      (error) => {
        if (!(error instanceof Response && error.status === 404)) cache.delete(path);
      },
    );
  }
  touch(cache, path, pending);
  return pending as Promise<T>;
}

/** The JSON at `path` if this page load has already fetched it, without waiting. */
export function loadedJson<T>(path: JsonFile<T>): T | undefined {
  return loaded.get(path) as T | undefined;
}

export function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}
