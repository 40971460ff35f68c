// The visitor's lists of listings, kept in this browser (localStorage) with no account: the
// shortlist (the ids they saved with the heart, newest first) and the listings chosen to compare
// (with the cards' 'Compare', two to four, in the order chosen). Every page's controls, the
// header's count and the compare tray read them through useShortlist and useCompared, so a change
// shows everywhere at once, in other tabs too.
import { useSyncExternalStore } from 'react';
import { MAX_PROPERTY_IDS } from '../endpoints';
import { isSafeId } from '../ids';

export const STORAGE_KEY = 'estate.shortlist';
export const COMPARE_KEY = 'estate.compare';
/**
 * More than a visitor compares or enquires about; a bound on what a page asks the API for, and
 * the most listings the lead function takes in one enquiry (generated from the contract).
 */
export const MAX_SAVED = MAX_PROPERTY_IDS;
/** How many listings the compare page sets side by side. */
export const COMPARE_MAX = 4;

const NONE: readonly string[] = [];

/** Ids as a list: slugs only, each once, at most MAX_SAVED (a link or storage may hold anything). */
export function cleanIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) return [];
  return [...new Set(ids.filter((id): id is string => isSafeId(id)))].slice(0, MAX_SAVED);
}

/** One list of ids under `key` in localStorage, at most `max`, with its listeners. */
function idList(key: string, max: number) {
  const listeners = new Set<() => void>();
  let ids: readonly string[] | null = null;
  const notify = () => listeners.forEach((listener) => listener());
  /** Another tab changed the list. */
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    ids = null;
    notify();
  };
  const get = (): readonly string[] => {
    if (!ids) {
      try {
        ids = cleanIds(JSON.parse(localStorage.getItem(key) ?? '[]')).slice(0, max);
      } catch {
        // No storage (a private window that refuses it) or something else under the key.
        ids = NONE;
      }
    }
    return ids;
  };
  return {
    get,
    notify,
    set(next: readonly string[]) {
      ids = cleanIds(next).slice(0, max);
      try {
        localStorage.setItem(key, JSON.stringify(ids));
      } catch {
        // Kept for this page's life only.
      }
      notify();
    },
    /**
     * The ids for React. The prerendered page and hydration see none (the server has no list),
     * then the browser's, so the HTML always matches.
     */
    use(): readonly string[] {
      return useSyncExternalStore(subscribe, get, () => NONE);
    },
    subscribe,
  };
  function subscribe(listener: () => void): () => void {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  }
}

const shortlist = idList(STORAGE_KEY, MAX_SAVED);

export const savedIds = shortlist.get;

/** Saves the listing (first in the list) or, when it is saved, removes it. */
export function toggleSaved(id: string): void {
  const ids = savedIds();
  shortlist.set(ids.includes(id) ? ids.filter((other) => other !== id) : [id, ...ids]);
}

export function removeSaved(id: string): void {
  shortlist.set(savedIds().filter((other) => other !== id));
}

export function clearSaved(): void {
  shortlist.set([]);
}

/** Adds these (a shared list), keeping what was saved here. */
export function saveAll(ids: readonly string[]): void {
  shortlist.set([...ids, ...savedIds()]);
}

/** The saved ids. */
export const useShortlist = shortlist.use;

const compared = idList(COMPARE_KEY, COMPARE_MAX);
/** Whether the last choice was refused: COMPARE_MAX were chosen already. */
let refused = false;

export const comparedIds = compared.get;

/**
 * Chooses the listing to compare (last in the list) or, when it is chosen, lets it go. A choice
 * beyond COMPARE_MAX is refused (false): the tray says so until the list changes.
 */
export function toggleCompared(id: string): boolean {
  const ids = comparedIds();
  refused = !ids.includes(id) && ids.length >= COMPARE_MAX;
  if (refused) compared.notify();
  else compared.set(ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);
  return !refused;
}

export function clearCompared(): void {
  refused = false;
  compared.set([]);
}

/** The ids chosen to compare. */
export const useCompared = compared.use;

/** Whether the visitor's last choice to compare was refused (COMPARE_MAX chosen already). */
export function useCompareRefused(): boolean {
  return useSyncExternalStore(compared.subscribe, () => refused, () => false);
}

/** The history state of the shortlist's link to /compare: its page then offers the way back to it. */
export const COMPARE_FROM_SHORTLIST = { from: 'shortlist' } as const;
