// The search result pages' searches (the lead function's POST search endpoints): each page's
// endpoint and parameters, the request the browser sends and the filters it applies to the
// answer itself. The words each criterion is shown with (the page's chips, and its 'Search
// without ...' offer) are search/chips.ts, loaded after the page's first view.
import {
  SEARCH_COMMERCIAL,
  SEARCH_OFF_PLAN,
  SEARCH_PER_PAGE_HEADER,
  SEARCH_PROPERTIES,
  SEARCH_RENT,
  SEARCH_RESIDENTIAL,
  SEARCH_TOTAL_HEADER,
  type SEARCH_FIELDS,
} from '../endpoints';
import type { CardProperty, Property } from '../types';
import { filtersFrom, NO_FILTERS, type Filters } from './filters';

export type SearchKind = 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent';

/** A field of the function's search request (contract::endpoints' `SEARCH_FIELDS`). */
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A criterion the page sends the function: `purpose` and `offPlan` are read from a typed query (search/readQuery.ts). */
export type Param = OneOf<SearchField, 'query' | 'type' | 'bedrooms' | 'area' | 'community' | 'purpose' | 'offPlan'>;
/** `T`, which the type check holds to be among `Of` (a field the function no longer has fails it). */
type OneOf<Of, T extends Of> = T;

interface KindInfo {
  endpoint: string;
  /** The URL parameters this page reads and sends. */
  params: Param[];
}

/** Each page's search (its title, panel and options: search/searchPages.ts). */
export const SEARCHES: Record<SearchKind, KindInfo> = {
  general: { endpoint: SEARCH_PROPERTIES, params: ['query', 'type', 'community', 'purpose', 'offPlan'] },
  residential: { endpoint: SEARCH_RESIDENTIAL, params: ['query', 'type', 'bedrooms', 'community', 'purpose', 'offPlan'] },
  commercial: { endpoint: SEARCH_COMMERCIAL, params: ['query', 'type', 'area', 'purpose', 'offPlan'] },
  offPlan: { endpoint: SEARCH_OFF_PLAN, params: ['query', 'type', 'area', 'purpose', 'offPlan'] },
  rent: { endpoint: SEARCH_RENT, params: ['query', 'bedrooms', 'type', 'community', 'purpose', 'offPlan'] },
};

/** A page's criteria: each a value, or several communities (a listing in any of them fits). */
export type Criteria = Partial<Record<Param, string | string[]>>;

/**
 * The page's criteria from the URL: only the parameters it reads, only when filled. `community`
 * may come several times (the home search's communities): then it is the list of them.
 */
export function criteriaFrom(kind: SearchKind, params: URLSearchParams): Criteria {
  const criteria: Criteria = {};
  for (const name of SEARCHES[kind].params) {
    const values = [...new Set(params.getAll(name).map((value) => value.trim()).filter(Boolean))];
    if (name === 'community' && values.length > 1) criteria[name] = values;
    else if (values.length > 0) criteria[name] = (params.get(name) ?? '').trim() || values[0];
  }
  return criteria;
}

/** A search request's fields: a page's criteria, its filters, which page. */
export type Fields = Partial<Record<SearchField, string | string[]>>;

/**
 * The request's fields for the address: the page's criteria (`criteriaFrom`) and every filter of
 * the address the function applies too (search/filters.ts: sort, price, rooms, size, handover,
 * furnishing, a rental's terms), each only when it narrows or orders, so the function's total is
 * what the page shows. Without such a filter they are the criteria alone, the request the page
 * has always sent (and early-search.js sends ahead of the page's code).
 */
export function searchFields(kind: SearchKind, params: URLSearchParams): Fields {
  const fields: Fields = criteriaFrom(kind, params);
  const filters = filtersFrom(params);
  const sent = SEARCHES[kind].params as string[];
  for (const name of Object.keys(NO_FILTERS) as (keyof Filters)[]) {
    const value = filters[name];
    if (value === null || value === NO_FILTERS[name] || sent.includes(name)) continue;
    fields[name] = String(value);
  }
  return fields;
}

/** The request the page sends for its fields: in the query string (a list's values repeated) and as the JSON body; a page after the first names it. */
export function searchRequest(kind: SearchKind, criteria: Fields, page = 1): { url: string; init: RequestInit } {
  const fields: Fields = page > 1 ? { ...criteria, page: String(page) } : criteria;
  const query = new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((one) => [name, one]))).toString();
  return {
    url: query ? `${SEARCHES[kind].endpoint}?${query}` : SEARCHES[kind].endpoint,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(fields),
    },
  };
}

/** A page of a search's answer: its listings, how many the search found and how many a page holds (the function's headers). */
export interface FoundPage {
  results: Property[];
  total: number;
  perPage: number;
}

/**
 * A search's answer so far: the cards of the pages fetched, in order, how many the search found
 * and how many a page holds. 'Show more' past the cards fetched fetches the next page.
 */
export interface Found {
  results: CardProperty[];
  total: number;
  perPage: number;
}

/** The page an answer is; a function without the headers (an older one) answered every listing at once. */
export async function readPage(response: Response): Promise<FoundPage> {
  if (!response.ok) throw new Error(`status ${response.status}`);
  const results = (await response.json()) as Property[];
  const header = (name: string) => {
    const value = Number(response.headers.get(name) ?? Number.NaN);
    return Number.isInteger(value) && value >= 0 ? value : null;
  };
  return { results, total: header(SEARCH_TOTAL_HEADER) ?? results.length, perPage: header(SEARCH_PER_PAGE_HEADER) || results.length || 1 };
}

/** The filters the browser applies to the function's answer: those the page does not send it (the function applies them too, by the same rules). */
export function localFilters(kind: SearchKind, params: URLSearchParams): Filters {
  const filters = filtersFrom(params);
  const sent = SEARCHES[kind].params as string[];
  return {
    ...filters,
    type: sent.includes('type') ? null : filters.type,
    bedrooms: sent.includes('bedrooms') ? null : filters.bedrooms,
    area: sent.includes('area') ? null : filters.area,
  };
}
