// A page's filters written into its address, and what its controls and chips say of them: not
// needed to draw a search's cards (search/filters.ts reads and applies them), so not in the search
// results' first view.
import type { Furnishing } from '../types';
import { NUMBERS, type Filters } from './filters';

/** A furnishing's words: its message is named after it. */
export const furnishingLabel = (furnishing: Furnishing) => `listing.furnishing.${furnishing}` as const;

/**
 * `params` with the filters written in (a filter at its default is left out), every other
 * parameter kept (a search's `query`, `community`).
 */
export function withFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  set('type', filters.type);
  set('sort', filters.sort === 'newest' ? null : filters.sort);
  for (const name of NUMBERS) set(name, filters[name] === null ? null : String(filters[name]));
  set('completion', filters.completion);
  set('furnishing', filters.furnishing);
  set('availableFrom', filters.availableFrom);
  return next;
}

/** Whether a choice leaves listings out (sorting leaves none out). */
export const isNarrowed = (filters: Filters) =>
  NUMBERS.some((name) => filters[name] !== null) || filters.type !== null || filters.completion !== null || filters.furnishing !== null || filters.availableFrom !== null;

/** Whether a choice leaves listings out or orders them. */
export const isFiltered = (filters: Filters) => isNarrowed(filters) || filters.sort !== 'newest';
