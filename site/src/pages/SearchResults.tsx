// The search result pages: 'Here are the properties you are Looking for' and the matching
// cards. The search runs in the lead function (POST /api/...search, spec section 7): the
// criteria go both in the query string and in the JSON body, as the spec's client sends them.
// Results reload whenever the URL's parameters change; a failed call is logged as 'Failed to
// fetch search results' and the page shows 'No properties found.'
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../i18n/link';
import { API_TIMEOUT_MS } from '../data';
import { localePath, typeLabel, useT, type MessageKey, type Translate } from '../i18n';
import { formatNumber, toCard } from '../format';
import type { Lang } from '../i18n';
import type { CardProperty, Property } from '../types';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { PropertyGrid } from '../components/PropertyCard';
import { Icon } from '../components/Icon';
import { STEP } from './Listing';

export type SearchKind = 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent';

type Param = 'query' | 'type' | 'bedrooms' | 'area' | 'community';

interface KindInfo {
  endpoint: string;
  /** The URL parameters this page reads and sends. */
  params: Param[];
  meta: MessageKey;
}

export const SEARCHES: Record<SearchKind, KindInfo> = {
  general: { endpoint: '/api/search-properties', params: ['query', 'type', 'community'], meta: 'search.meta.general' },
  residential: {
    endpoint: '/api/properties/residential/search',
    params: ['query', 'type', 'bedrooms', 'community'],
    meta: 'search.meta.residential',
  },
  commercial: { endpoint: '/api/properties/commercial/search', params: ['query', 'type', 'area'], meta: 'search.meta.commercial' },
  offPlan: { endpoint: '/api/properties/off-plan/search', params: ['query', 'type', 'area'], meta: 'search.meta.offPlan' },
  rent: {
    endpoint: '/api/properties/rent/search',
    params: ['query', 'bedrooms', 'type', 'community'],
    meta: 'search.meta.rent',
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

function chips(t: Translate, lang: Lang, criteria: Partial<Record<Param, string>>): string[] {
  const list: string[] = [];
  if (criteria.query) list.push(t('search.chip.query', { value: criteria.query }));
  if (criteria.type) list.push(t('search.chip.type', { value: typeLabel(lang, criteria.type) }));
  if (criteria.bedrooms) {
    const n = Number.parseInt(criteria.bedrooms, 10);
    list.push(n === 1 ? t('searchPanel.bedrooms.one') : n >= 7 ? t('searchPanel.bedrooms.more') : t('searchPanel.bedrooms.n', { n }));
  }
  if (criteria.area) {
    const n = Number.parseInt(criteria.area, 10);
    list.push(t('search.chip.area', { value: Number.isFinite(n) ? formatNumber(lang, n) : criteria.area }));
  }
  if (criteria.community) list.push(t('search.chip.community', { value: criteria.community }));
  return list;
}

type State = { status: 'loading' } | { status: 'done'; results: CardProperty[] };

function SearchPage({ kind }: { kind: SearchKind }) {
  const t = useT();
  const lang = useLang();
  const [params] = useSearchParams();
  const criteria = criteriaFrom(kind, params);
  const key = JSON.stringify(criteria);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [count, setCount] = useState(STEP);

  useEffect(() => {
    // Cleared when the parameters change or the page goes: a stale answer is dropped.
    let live = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    setState({ status: 'loading' });
    setCount(STEP);
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

  const shown = state.status === 'done' ? state.results.slice(0, count) : [];
  const total = state.status === 'done' ? state.results.length : 0;
  // The prerendered page knows no URL parameters: the chips come after hydration, so the
  // browser's first render matches the HTML.
  const hydrated = useHydrated();
  const criteriaChips = hydrated ? chips(t, lang, criteria) : [];

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
      <section className="container section section--tight" aria-labelledby="results-count" aria-busy={state.status === 'loading'}>
        <div className="section__head">
          <h2 id="results-count" className="section__title section__title--small" aria-live="polite">
            {state.status === 'loading' ? t('search.searching') : t('search.count', { n: total })}
          </h2>
          <Link to="/allproperties" className="text-link">
            <Icon name="search" size={18} />
            <span>{t('search.browseAll')}</span>
          </Link>
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
        {shown.length < total ? (
          <div className="listing-more">
            <p className="listing-more__status">{t('listing.showing', { shown: shown.length, total })}</p>
            <button type="button" className="button button--outline" onClick={() => setCount((n) => n + STEP)}>
              <span>{t('listing.more')}</span>
              <Icon name="chevronDown" size={18} />
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}

export function forKind(kind: SearchKind) {
  function Component() {
    return <SearchPage kind={kind} />;
  }
  Component.displayName = `SearchResults(${kind})`;
  return { Component };
}
