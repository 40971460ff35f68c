// The search result pages' searches (the lead function's POST search endpoints): each page's
// endpoint and parameters, the request the browser sends and the filters it applies to the
// answer itself. The words each criterion is shown with (the page's chips, and its 'Search
// without ...' offer) are search/chips.ts, loaded after the page's first view.
import { API_TIMEOUT_MS } from '../data';
import { SEARCH_COMMERCIAL, SEARCH_OFF_PLAN, SEARCH_PROPERTIES, SEARCH_RENT, SEARCH_RESIDENTIAL } from '../endpoints';
import type { MessageKey } from '../i18n';
import type { Property } from '../types';
import { toCard } from './toCard';
import type { PanelKind } from '../components/SearchPanel';
import { applyFilters, filtersFrom, type Filters } from './filters';

export type SearchKind = 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent';

/** A criterion the page sends the function: `purpose` and `offPlan` are read from a typed query (search/readQuery.ts). */
export type Param = 'query' | 'type' | 'bedrooms' | 'area' | 'community' | 'purpose' | 'offPlan';

interface KindInfo {
  endpoint: string;
  /** The URL parameters this page reads and sends. */
  params: Param[];
  meta: MessageKey;
  /** The listing page's panel, and the build's summary of its listings (types, communities, prices). */
  panel: PanelKind;
  summary: 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all';
}

export const SEARCHES: Record<SearchKind, KindInfo> = {
  general: { endpoint: SEARCH_PROPERTIES, params: ['query', 'type', 'community', 'purpose', 'offPlan'], meta: 'search.meta.general', panel: 'all', summary: 'all' },
  residential: {
    endpoint: SEARCH_RESIDENTIAL,
    params: ['query', 'type', 'bedrooms', 'community', 'purpose', 'offPlan'],
    meta: 'search.meta.residential',
    panel: 'residential',
    summary: 'residential',
  },
  commercial: {
    endpoint: SEARCH_COMMERCIAL,
    params: ['query', 'type', 'area', 'purpose', 'offPlan'],
    meta: 'search.meta.commercial',
    panel: 'commercial',
    summary: 'commercial',
  },
  offPlan: { endpoint: SEARCH_OFF_PLAN, params: ['query', 'type', 'area', 'purpose', 'offPlan'], meta: 'search.meta.offPlan', panel: 'offPlan', summary: 'offPlan' },
  rent: {
    endpoint: SEARCH_RENT,
    params: ['query', 'bedrooms', 'type', 'community', 'purpose', 'offPlan'],
    meta: 'search.meta.rent',
    panel: 'rental',
    summary: 'rental',
  },
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

/** The request the page sends for its criteria: in the query string (a list's values repeated) and as the JSON body. */
export function searchRequest(kind: SearchKind, criteria: Criteria): { url: string; init: RequestInit } {
  const query = new URLSearchParams(Object.entries(criteria).flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((one) => [name, one]))).toString();
  return {
    url: query ? `${SEARCHES[kind].endpoint}?${query}` : SEARCHES[kind].endpoint,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(criteria),
    },
  };
}
/** The filters the browser applies to the function's answer: those the page does not send it. */
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

/** The number of listings a search finds, as the page would show them (the function's answer, then the browser's filters). */
export async function countFound(kind: SearchKind, params: URLSearchParams, signal: AbortSignal): Promise<number> {
  const { url, init } = searchRequest(kind, criteriaFrom(kind, params));
  // The 5,000 ms API time-out, or the caller's abort, whichever comes first.
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const found = ((await response.json()) as Property[]).map(toCard);
    return applyFilters(found, localFilters(kind, params)).length;
  } finally {
    clearTimeout(timeout);
  }
}
