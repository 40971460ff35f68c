// The search result pages' searches (the lead function's POST search endpoints): each page's
// endpoint and parameters, the
// request the browser sends, the filters it applies to the answer itself, and the words each
// criterion is shown with (the page's chips, and its 'Search without ...' offer).
import { formatNumber } from '../format';
import { API_TIMEOUT_MS } from '../data';
import { SEARCH_COMMERCIAL, SEARCH_OFF_PLAN, SEARCH_PROPERTIES, SEARCH_RENT, SEARCH_RESIDENTIAL } from '../endpoints';
import { typeLabel, type Lang, type MessageKey, type Translate } from '../i18n';
import { priceText } from '../price';
import type { Property } from '../types';
import { toCard } from './toCard';
import type { PanelKind } from '../components/SearchPanel';
import { applyFilters, filtersFrom, furnishingLabel, type Filters } from './filters';

export type SearchKind = 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent';

export type Param = 'query' | 'type' | 'bedrooms' | 'area' | 'community';

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
  general: { endpoint: SEARCH_PROPERTIES, params: ['query', 'type', 'community'], meta: 'search.meta.general', panel: 'all', summary: 'all' },
  residential: {
    endpoint: SEARCH_RESIDENTIAL,
    params: ['query', 'type', 'bedrooms', 'community'],
    meta: 'search.meta.residential',
    panel: 'residential',
    summary: 'residential',
  },
  commercial: {
    endpoint: SEARCH_COMMERCIAL,
    params: ['query', 'type', 'area'],
    meta: 'search.meta.commercial',
    panel: 'commercial',
    summary: 'commercial',
  },
  offPlan: { endpoint: SEARCH_OFF_PLAN, params: ['query', 'type', 'area'], meta: 'search.meta.offPlan', panel: 'offPlan', summary: 'offPlan' },
  rent: {
    endpoint: SEARCH_RENT,
    params: ['query', 'bedrooms', 'type', 'community'],
    meta: 'search.meta.rent',
    panel: 'rental',
    summary: 'rental',
  },
};

/** The page's criteria from the URL: only the parameters it reads, only when filled. */
export function criteriaFrom(kind: SearchKind, params: URLSearchParams): Partial<Record<Param, string>> {
  const criteria: Partial<Record<Param, string>> = {};
  for (const name of SEARCHES[kind].params) {
    const value = (params.get(name) ?? '').trim();
    if (value) criteria[name] = value;
  }
  return criteria;
}

/** The request the page sends for its criteria. */
export function searchRequest(kind: SearchKind, criteria: Partial<Record<Param, string>>): { url: string; init: RequestInit } {
  const query = new URLSearchParams(criteria).toString();
  return {
    url: query ? `${SEARCHES[kind].endpoint}?${query}` : SEARCHES[kind].endpoint,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(criteria),
    },
  };
}
/** The parameters a chip stands for, in the chips' order; the price range is one chip. */
export const CHIP_PARAMS = ['query', 'type', 'bedrooms', 'bathrooms', 'area', 'areaMax', 'completion', 'furnishing', 'community', 'price'] as const;
export type ChipParam = (typeof CHIP_PARAMS)[number];

/**
 * What one criterion of the address says, as the page's chips and its 'without ...' offer write it.
 * `yearly`: the page's prices are rents a year (the rent search), as its price filter says.
 */
export function chip(t: Translate, lang: Lang, params: URLSearchParams, name: ChipParam, yearly = false): string | null {
  if (name === 'price') return priceChip(t, lang, filtersFrom(params), yearly)[0] ?? null;
  if (name === 'furnishing') {
    const furnishing = filtersFrom(params).furnishing;
    return furnishing && t(furnishingLabel(furnishing));
  }
  const value = params.get(name)?.trim();
  if (!value) return null;
  const n = Number.parseInt(value, 10);
  const number = Number.isFinite(n) ? formatNumber(lang, n) : value;
  switch (name) {
    case 'query':
      return t('search.chip.query', { value });
    case 'type':
      return t('search.chip.type', { value: typeLabel(lang, value) });
    case 'bedrooms':
      if (n === 0) return t('card.studio');
      return n === 1 ? t('searchPanel.bedrooms.one') : n >= 7 ? t('searchPanel.bedrooms.more') : t('searchPanel.bedrooms.n', { n });
    case 'bathrooms':
      return t('search.chip.bathrooms', { value: n >= 7 ? '7+' : number });
    case 'area':
      return t('search.chip.area', { value: number });
    case 'areaMax':
      return t('search.chip.areaMax', { value: number });
    case 'completion':
      return t('search.chip.completion', { value: value.toLowerCase() === 'ready' ? t('listing.handover.ready') : value });
    case 'community':
      return t('search.chip.community', { value });
  }
}

export function chips(t: Translate, lang: Lang, params: URLSearchParams, yearly = false): string[] {
  return CHIP_PARAMS.map((name) => chip(t, lang, params, name, yearly)).filter((text): text is string => text !== null);
}

function priceChip(t: Translate, lang: Lang, filters: Filters, yearly: boolean): string[] {
  const price = (value: number) => priceText(t, lang, value, yearly ? 'year' : undefined);
  if (filters.min !== null && filters.max !== null) return [t('search.chip.price', { min: price(filters.min), max: price(filters.max) })];
  if (filters.min !== null) return [t('search.chip.priceMin', { value: price(filters.min) })];
  if (filters.max !== null) return [t('search.chip.priceMax', { value: price(filters.max) })];
  return [];
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

/**
 * The address without each of its criteria in turn (the price range as one), with the words of
 * the criterion left out: what 'No properties found' may offer. The words go last: they are what
 * the visitor typed.
 */
export function relaxations(t: Translate, lang: Lang, params: URLSearchParams, yearly = false): { label: string; params: URLSearchParams }[] {
  const order: ChipParam[] = [...CHIP_PARAMS.filter((name) => name !== 'query'), 'query'];
  return order.flatMap((removed) => {
    const label = chip(t, lang, params, removed, yearly);
    if (label === null) return [];
    const next = new URLSearchParams(params);
    for (const name of removed === 'price' ? ['min', 'max'] : [removed]) next.delete(name);
    return [{ label, params: next }];
  });
}

