// The search result pages: 'Here are the properties you are Looking for' and the matching
// cards. The search runs in the lead function (POST /api/...search, spec section 7): the
// criteria go both in the query string and in the JSON body, as the spec's client sends them.
// Results reload whenever the URL's parameters change; a failed call is logged as 'Failed to
// fetch search results' and the page shows 'No properties found.'
// The page refines in place with its listing page's controls: the search panel (type, bedrooms,
// the category's Area or area size, the words), sort and price range; every choice lives in the
// address (search/filters.ts). With nothing found, it offers the same search without its
// narrowest filter, with that search's count, and the requirements form filled in with it.
import { useEffect, useMemo, useState } from 'react';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Link } from '../i18n/link';
import { API_TIMEOUT_MS, getJson } from '../data';
import { localePath, typeLabel, useT, type MessageKey, type Translate } from '../i18n';
import { langOfRequest, termIn } from '../i18n/content';
import { formatNumber, toCard } from '../format';
import { priceText } from '../price';
import type { Lang } from '../i18n';
import type { CardProperty, ListingSummary, Property } from '../types';
import { listingSummary, SITE } from '../paths';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { PropertyGrid } from '../components/PropertyCard';
import { Icon } from '../components/Icon';
import { FilterControls } from '../components/FilterControls';
import { PANELS, panelValuesFrom, SearchPanel, type CommunityOption, type PanelKind } from '../components/SearchPanel';
import { applyFilters, filtersFrom, type Filters } from '../search/filters';
import { useFilters, useShownCount } from '../search/useFilters';

export type SearchKind = 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent';

type Param = 'query' | 'type' | 'bedrooms' | 'area' | 'community';

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
  general: { endpoint: '/api/search-properties', params: ['query', 'type', 'community'], meta: 'search.meta.general', panel: 'all', summary: 'all' },
  residential: {
    endpoint: '/api/properties/residential/search',
    params: ['query', 'type', 'bedrooms', 'community'],
    meta: 'search.meta.residential',
    panel: 'residential',
    summary: 'residential',
  },
  commercial: {
    endpoint: '/api/properties/commercial/search',
    params: ['query', 'type', 'area'],
    meta: 'search.meta.commercial',
    panel: 'commercial',
    summary: 'commercial',
  },
  offPlan: { endpoint: '/api/properties/off-plan/search', params: ['query', 'type', 'area'], meta: 'search.meta.offPlan', panel: 'offPlan', summary: 'offPlan' },
  rent: {
    endpoint: '/api/properties/rent/search',
    params: ['query', 'bedrooms', 'type', 'community'],
    meta: 'search.meta.rent',
    panel: 'rental',
    summary: 'rental',
  },
};

interface SearchData {
  summary: ListingSummary | null;
  communities: CommunityOption[];
}

/** The refine controls' options: the category's summary (a failure leaves the controls plain). */
async function load(kind: SearchKind, lang: Lang): Promise<SearchData> {
  try {
    const [site, summary] = await Promise.all([getJson(SITE), getJson(listingSummary(SEARCHES[kind].summary))]);
    const communities = summary.communities.map(([value]) => ({ value, ...termIn(site.vocabulary.communities, lang, value) }));
    return { summary, communities };
  } catch (error) {
    console.error('Failed to fetch the search options', error);
    return { summary: null, communities: [] };
  }
}

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

/** What each criterion of the address says, as the page's chips and its 'without ...' offer write it. */
/** The parameters a chip stands for, in the chips' order; the price range is one chip. */
const CHIP_PARAMS = ['query', 'type', 'bedrooms', 'bathrooms', 'area', 'areaMax', 'community', 'price'] as const;
type ChipParam = (typeof CHIP_PARAMS)[number];

/** What one criterion of the address says, as the page's chips and its 'without ...' offer write it. */
function chip(t: Translate, lang: Lang, params: URLSearchParams, name: ChipParam): string | null {
  if (name === 'price') return priceChip(t, lang, filtersFrom(params))[0] ?? null;
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
    case 'community':
      return t('search.chip.community', { value });
  }
}

function chips(t: Translate, lang: Lang, params: URLSearchParams): string[] {
  return CHIP_PARAMS.map((name) => chip(t, lang, params, name)).filter((text): text is string => text !== null);
}

function priceChip(t: Translate, lang: Lang, filters: Filters): string[] {
  const price = (value: number) => priceText(t, lang, value);
  if (filters.min !== null && filters.max !== null) return [t('search.chip.price', { min: price(filters.min), max: price(filters.max) })];
  if (filters.min !== null) return [t('search.chip.priceMin', { value: price(filters.min) })];
  if (filters.max !== null) return [t('search.chip.priceMax', { value: price(filters.max) })];
  return [];
}

/** The search's results as the page shows them: the function's answer, then the address's sort and price range. */
async function runSearch(kind: SearchKind, params: URLSearchParams, signal: AbortSignal): Promise<CardProperty[]> {
  const { url, init } = searchRequest(kind, criteriaFrom(kind, params));
  const response = await fetch(url, { ...init, signal });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const found = ((await response.json()) as Property[]).map(toCard);
  return applyFilters(found, localFilters(kind, params));
}

/** The filters the browser applies to the function's answer: those the page does not send it. */
function localFilters(kind: SearchKind, params: URLSearchParams): Filters {
  const filters = filtersFrom(params);
  const sent = SEARCHES[kind].params as string[];
  return {
    ...filters,
    type: sent.includes('type') ? null : filters.type,
    bedrooms: sent.includes('bedrooms') ? null : filters.bedrooms,
    area: sent.includes('area') ? null : filters.area,
  };
}

/**
 * The address without each of its criteria in turn (the price range as one): what 'No
 * properties found' offers. The words go last: they are what the visitor typed.
 */
function relaxations(params: URLSearchParams): { removed: ChipParam; params: URLSearchParams }[] {
  // The words go last: they are what the visitor typed.
  const order: ChipParam[] = [...CHIP_PARAMS.filter((name) => name !== 'query'), 'query'];
  return order
    .filter((name) => (name === 'price' ? params.has('min') || params.has('max') : !!params.get(name)?.trim()))
    .map((removed) => {
      const next = new URLSearchParams(params);
      for (const name of removed === 'price' ? ['min', 'max'] : [removed]) next.delete(name);
      return { removed, params: next };
    });
}

interface Relaxed {
  /** The criterion left out. */
  removed: ChipParam;
  params: URLSearchParams;
  count: number;
}

/**
 * When nothing is found: the search without the criterion whose removal finds the most (its
 * count), or null when none finds anything. Searched once per address.
 */
function useRelaxed(kind: SearchKind, params: URLSearchParams, empty: boolean): Relaxed | null {
  const [relaxed, setRelaxed] = useState<Relaxed | null>(null);
  const key = params.toString();
  useEffect(() => {
    setRelaxed(null);
    if (!empty) return;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    const options = relaxations(new URLSearchParams(key));
    Promise.all(options.map((option) => runSearch(kind, option.params, controller.signal).then((found) => found.length, () => 0)))
      .then((counts) => {
        let best = -1;
        counts.forEach((count, index) => {
          if (count > 0 && (best < 0 || count > (counts[best] ?? 0))) best = index;
        });
        const option = options[best];
        if (option && !controller.signal.aborted) setRelaxed({ ...option, count: counts[best] ?? 0 });
      })
      .finally(() => clearTimeout(timeout));
    return () => {
      clearTimeout(timeout);
      controller.abort();
    };
  }, [kind, key, empty]);
  return relaxed;
}

/** The requirements form's address, filled in with the search: what the visitor looks for. */
export function requirementsLink(kind: SearchKind, params: URLSearchParams): string {
  const req = new URLSearchParams();
  req.set('purpose', kind === 'rent' ? 'rent' : 'buy');
  const type = params.get('type')?.trim();
  if (type) req.set('propertyType', type);
  const bedrooms = params.get('bedrooms')?.trim();
  if (bedrooms) req.set('bedrooms', bedrooms === '0' ? 'studio' : bedrooms);
  const where = params.get('community')?.trim() || params.get('query')?.trim();
  if (where) req.set('propertyArea', where);
  const budget = params.get('max') ?? params.get('min');
  if (budget) req.set('budget', budget);
  return `/req?${req.toString()}`;
}

type State = { status: 'loading' } | { status: 'done'; results: CardProperty[] };

function SearchPage({ kind }: { kind: SearchKind }) {
  const t = useT();
  const lang = useLang();
  const { summary, communities } = useLoaderData() as SearchData;
  const [params] = useSearchParams();
  const criteria = criteriaFrom(kind, params);
  const key = JSON.stringify(criteria);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [filters, update] = useFilters();
  const [count, showMore] = useShownCount();

  useEffect(() => {
    // Cleared when the parameters change or the page goes: a stale answer is dropped.
    let live = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    setState({ status: 'loading' });
    const { url, init } = searchRequest(kind, JSON.parse(key) as Partial<Record<Param, string>>);
    fetch(url, { ...init, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const found = (await response.json()) as Property[];
        if (live) setState({ status: 'done', results: found.map(toCard) });
      })
      .catch((error) => {
        if (!live) return;
        console.error('Failed to fetch search results', error);
        setState({ status: 'done', results: [] });
      })
      .finally(() => clearTimeout(timeout));
    return () => {
      live = false;
      clearTimeout(timeout);
      controller.abort();
    };
  }, [kind, key]);

  // The function answered the search's criteria; the rest (sort, price, bathrooms, size) are the browser's.
  const local = useMemo(() => localFilters(kind, params), [kind, params]);
  const matching = useMemo(() => (state.status === 'done' ? applyFilters(state.results, local) : []), [state, local]);
  const shown = matching.slice(0, count);
  const total = matching.length;
  // The prerendered page knows no URL parameters: the chips and the panel's values come after
  // hydration, so the browser's first render matches the HTML.
  const hydrated = useHydrated();
  const criteriaChips = hydrated ? chips(t, lang, params) : [];
  const empty = hydrated && state.status === 'done' && total === 0;
  const relaxed = useRelaxed(kind, params, empty);
  // Kept through a search in the panel: every other filter of the address (sort, price, ...).
  const extra = useMemo(() => {
    const kept = new URLSearchParams(params);
    for (const name of ['query', 'type', 'bedrooms', 'area', 'community']) kept.delete(name);
    return kept;
  }, [params]);
  const panel = SEARCHES[kind].panel;

  return (
    <>
      <Seo title={t(SEARCHES[kind].meta)} description={t('search.description')} noindex />
      <PageHeader eyebrow={t('search.eyebrow')} title={t('search.title')}>
        {criteriaChips.length > 0 ? (
          <ul className="criteria" aria-label={t('search.criteria')}>
            {criteriaChips.map((chip) => (
              <li key={chip} className="criteria__chip">
                {chip}
              </li>
            ))}
          </ul>
        ) : null}
      </PageHeader>
      <div className="container search-refine">
        {/* As on the listing pages: a one-line bar on phones that opens the panel in place. */}
        <details className="search-sheet">
          <summary className="search-sheet__toggle">
            <Icon name="search" size={18} />
            <span>{t('listing.searchToggle')}</span>
          </summary>
          <SearchPanel
            key={hydrated ? params.toString() : 'prerendered'}
            kind={panel}
            communities={communities}
            types={summary?.types}
            initial={hydrated ? panelValuesFrom(params) : undefined}
            extra={extra}
            refine
          />
        </details>
      </div>
      <section className="container section section--tight" aria-labelledby="results-count" aria-busy={state.status === 'loading'}>
        <div className="listing-toolbar">
          <h2 id="results-count" className="section__title section__title--small" aria-live="polite">
            {state.status === 'loading' ? t('search.searching') : t('search.count', { n: total })}
          </h2>
          <FilterControls
            filters={filters}
            update={update}
            priceRange={summary?.priceRange ?? null}
            yearly={kind === 'rent'}
            facets={summary ?? undefined}
            bedrooms={!SEARCHES[kind].params.includes('bedrooms')}
          />
        </div>
        {/* Drawn by the prerender only: the browser neither shows nor renders <noscript> content. */}
        <noscript>
          {import.meta.env.SSR ? (
            <p className="empty-state">
              {t('search.noscript')} <a href={localePath(lang, '/allproperties')}>{t('search.noscriptBrowse')}</a>
            </p>
          ) : null}
        </noscript>
        {state.status === 'loading' ? (
          <p className="empty-state" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('listing.loading')}</span>
          </p>
        ) : (
          <PropertyGrid properties={shown} />
        )}
        {empty ? (
          <div className="search-help">
            {relaxed ? (
              <p>
                <Link to={`${PANELS[panel].target}?${relaxed.params.toString()}`} className="text-link">
                  {t('search.relax', { filter: chip(t, lang, params, relaxed.removed) ?? '' })}
                </Link>{' '}
                <span className="search-help__count">{t('search.count', { n: relaxed.count })}</span>
              </p>
            ) : null}
            <p>
              <Link to={requirementsLink(kind, params)} className="button button--gold">
                {t('search.tellUs')}
              </Link>
            </p>
          </div>
        ) : null}
        {shown.length < total ? (
          <div className="listing-more">
            <p className="listing-more__status">{t('listing.showing', { shown: shown.length, total })}</p>
            <button type="button" className="button button--outline" onClick={showMore}>
              <span>{t('listing.more')}</span>
              <Icon name="chevronDown" size={18} />
            </button>
          </div>
        ) : null}
        <p className="search-browse">
          <Link to="/allproperties" className="text-link">
            <Icon name="search" size={18} />
            <span>{t('search.browseAll')}</span>
          </Link>
        </p>
      </section>
    </>
  );
}

export function forKind(kind: SearchKind) {
  function Component() {
    return <SearchPage kind={kind} />;
  }
  Component.displayName = `SearchResults(${kind})`;
  return {
    Component,
    loader: ({ request }: LoaderFunctionArgs) => load(kind, langOfRequest(request)),
    // The options depend on the page alone: a refined search (the query string) needs no new load.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
      currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate,
  };
}
