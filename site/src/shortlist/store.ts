// The visitor's shortlist: the ids of the listings they saved, newest first, kept in this
// browser (localStorage) with no account. Every page's save controls and the header's count read
// it through useShortlist, so a change shows everywhere at once, in other tabs too.
import { useSyncExternalStore } from 'react';
import { isSafeId } from '../ids';

export const STORAGE_KEY = 'estate.shortlist';
/** More than a visitor compares or enquires about; a bound on what a page asks the API for. */
export const MAX_SAVED = 50;
/** How many listings the compare page sets side by side. */
export const COMPARE_MAX = 4;

const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
let saved: readonly string[] | null = null;

/** Ids as a list: slugs only, each once, at most MAX_SAVED (a link or storage may hold anything). */
export function cleanIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) return [];
  return [...new Set(ids.filter((id): id is string => isSafeId(id)))].slice(0, MAX_SAVED);
}

function read(): readonly string[] {
  try {
    return cleanIds(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
  } catch {
    // No storage (a private window that refuses it) or something else under the key.
    return NONE;
  }
}

export function savedIds(): readonly string[] {
  saved ??= read();
  return saved;
}

function write(ids: readonly string[]): void {
  saved = cleanIds(ids);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Kept for this page's life only.
  }
  for (const listener of listeners) listener();
}

/** Saves the listing (first in the list) or, when it is saved, removes it. */
export function toggleSaved(id: string): void {
  const ids = savedIds();
  write(ids.includes(id) ? ids.filter((other) => other !== id) : [id, ...ids]);
}

export function removeSaved(id: string): void {
  write(savedIds().filter((other) => other !== id));
}

export function clearSaved(): void {
  write([]);
}

/** Adds these (a shared list), keeping what was saved here. */
export function saveAll(ids: readonly string[]): void {
  write([...ids, ...savedIds()]);
}

/** Another tab changed the list. */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  saved = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The saved ids. The prerendered page and hydration see none (the server has no shortlist), then
 * the browser's list, so the HTML always matches.
 */
export function useShortlist(): readonly string[] {
  return useSyncExternalStore(subscribe, savedIds, () => NONE);
}
