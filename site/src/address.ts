// The browser's address for nav.tsx: the window's location and its history entry. A change that
// stays on the page (the same path, another query: filters, sort, List or Map, 'Show more') is a
// history entry of this document (pushState or replaceState) and re-renders what reads the
// address; Back and Forward between them (popstate) too. Anything else is a page load: every page
// is prerendered, and the browser keeps the page left in its back/forward cache where it can.
//
// Each history entry holds { usr, key, idx } (React Router's shape): `usr`, the state the link or
// navigation that made it gave; `key`, 'default' for a page not reached by one of the site's
// links or navigations, else its own; `idx`, its place in the tab's history (search/origin.ts
// compares a list's with a property's, so 'Back to Listings' is Back when the list is the entry
// before). A page load keeps none of a link's state, so the link hands it over in
// sessionStorage, and the page it opens takes it as its entry's (once: a reload or Back finds it
// in the entry).
import type { Address, Location, NavigateOptions } from './nav';

interface Entry {
  usr: unknown;
  key: string;
  idx: number;
}

/** The state a link hands to the page it loads: sessionStorage's key, and how long it waits there. */
const HANDOFF = 'estate.handoff';
const HANDOFF_MS = 10_000;

interface Handoff {
  /** The page's path and query, its path without a trailing slash. */
  to: string;
  state: unknown;
  at: number;
}

function entryOf(state: unknown): Entry | null {
  const entry = state as Partial<Entry> | null;
  return entry && typeof entry === 'object' && typeof entry.key === 'string' && typeof entry.idx === 'number'
    ? { usr: entry.usr ?? null, key: entry.key, idx: entry.idx }
    : null;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** '/buy-property/' and '/buy-property' are one page (a host may serve either). */
const bare = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

const placeOf = (url: URL | globalThis.Location) => `${bare(url.pathname)}${url.search}`;

function handOff(url: URL, state: unknown) {
  try {
    const handoff: Handoff = { to: placeOf(url), state, at: Date.now() };
    sessionStorage.setItem(HANDOFF, JSON.stringify(handoff));
  } catch {
    // Storage refused: the page opens as one reached from elsewhere.
  }
}

/** The state a link of the site handed to this page load, once; null when none did (typed, bookmarked, another site). */
function takeHandoff(): { state: unknown } | null {
  try {
    const text = sessionStorage.getItem(HANDOFF);
    if (text === null) return null;
    sessionStorage.removeItem(HANDOFF);
    const handoff = JSON.parse(text) as Handoff;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fresh = Date.now() - handoff.at < HANDOFF_MS && (navigation?.type ?? 'navigate') === 'navigate';
    return fresh && handoff.to === placeOf(window.location) ? { state: handoff.state } : null;
  } catch {
    return null;
  }
}

/** The window's address; its history entry given its key, index and handed state if it has none yet. */
export function browserAddress(): Address {
  if (!entryOf(window.history.state)) {
    const handed = takeHandoff();
    // A new entry is the last of the tab's history: a link's or navigation's page load drops those after it.
    const entry: Entry = { usr: handed?.state ?? null, key: handed ? newKey() : 'default', idx: window.history.length - 1 };
    window.history.replaceState(entry, '');
  }
  const listeners = new Set<() => void>();
  let seen: { href: string; state: unknown; location: Location } | null = null;
  const location = (): Location => {
    const { href, pathname, search, hash } = window.location;
    const state: unknown = window.history.state;
    if (!seen || seen.href !== href || seen.state !== state) {
      const entry = entryOf(state);
      seen = { href, state, location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' } };
    }
    return seen.location;
  };
  const notify = () => listeners.forEach((listener) => listener());
  window.addEventListener('popstate', notify);
  /**
   * On this page when `href`'s path is this page's (a history entry of the document), or a page
   * load replacing this entry: true. Another page added to the history: false, with `state`
   * handed to it, for the caller (a link's click, the browser; `go`, itself) to load it.
   */
  const follow = (href: string, { replace = false, state = null }: NavigateOptions): boolean => {
    const url = new URL(href, window.location.href);
    const here = window.location;
    const samePage = url.origin === here.origin && bare(url.pathname) === bare(here.pathname);
    // Only the fragment changes: the browser's own jump to it.
    const fragment = samePage && url.search === here.search && url.hash !== '';
    if (samePage && !fragment) {
      const current = entryOf(window.history.state);
      const idx = current?.idx ?? window.history.length - 1;
      const entry: Entry = { usr: state ?? null, key: newKey(), idx: replace ? idx : idx + 1 };
      const path = `${here.pathname}${url.search}${url.hash}`;
      if (replace) window.history.replaceState(entry, '', path);
      else window.history.pushState(entry, '', path);
      notify();
      return true;
    }
    if (url.origin === here.origin && !fragment) handOff(url, state);
    if (!replace) return false;
    window.location.replace(url.href);
    return true;
  };
  return {
    location,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(href: string, options: NavigateOptions) {
      if (follow(href, options)) return;
      if (options.replace) window.location.replace(new URL(href, window.location.href).href);
      else window.location.assign(new URL(href, window.location.href).href);
    },
    follow,
    back(delta) {
      window.history.go(delta);
    },
  };
}
