// The search result pages: 'Here are the properties you are Looking for' and the matching cards.
// For now the filtering happens here, over the static JSON, by the URL's query (words in the
// title, location or type), type (ignoring case and a trailing s), bedrooms and area (minimums).
// Interim version: the search API of the lead function follows.
import { useSearchParams, useLoaderData, type LoaderFunctionArgs, Link } from 'react-router';
import { getJson } from '../data';
import { useT, type MessageKey } from '../i18n';
import { formatNumber, toCard, type CardProperty } from '../format';
import type { MainCategory, Property } from '../types';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { PropertyGrid } from '../components/PropertyCard';
import { Icon } from '../components/Icon';

export type SearchKind = 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent';

const CATEGORY: Record<SearchKind, MainCategory | null> = {
  general: null,
  residential: 'Residential',
  commercial: 'Commercial',
  offPlan: 'OffPlan',
  rent: 'Rental',
};

const META: Record<SearchKind, MessageKey> = {
  general: 'search.meta.general',
  residential: 'search.meta.residential',
  commercial: 'search.meta.commercial',
  offPlan: 'search.meta.offPlan',
  rent: 'search.meta.rent',
};

export interface Criteria {
  query: string;
  type: string;
  bedrooms: number | null;
  area: number | null;
}

export function criteriaFrom(params: URLSearchParams): Criteria {
  const number = (name: string) => {
    const value = Number.parseInt(params.get(name) ?? '', 10);
    return Number.isFinite(value) && value >= 0 ? value : null;
  };
  return {
    query: (params.get('query') ?? '').trim(),
    type: (params.get('type') ?? '').trim(),
    bedrooms: number('bedrooms'),
    area: number('area'),
  };
}

/** 'Apartments', 'apartment' and 'APARTMENT' are one type. */
const normaliseType = (type: string) => type.trim().toLowerCase().replace(/s$/, '');

export function matches(property: CardProperty, criteria: Criteria): boolean {
  if (criteria.type && normaliseType(property.subCategory) !== normaliseType(criteria.type)) return false;
  if (criteria.bedrooms != null && (property.bedrooms == null || property.bedrooms < criteria.bedrooms)) return false;
  if (criteria.area != null && (property.area == null || property.area < criteria.area)) return false;
  const words = criteria.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const text = `${property.title} ${property.location ?? ''} ${property.subCategory}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) return false;
  }
  return true;
}

interface SearchData {
  properties: CardProperty[];
  criteria: Criteria;
}

async function load(kind: SearchKind, request: Request): Promise<SearchData> {
  const category = CATEGORY[kind];
  let properties: CardProperty[] = [];
  try {
    const all = await getJson<Property[]>('/api/properties.json');
    properties = all.filter((property) => !category || property.mainCategory === category).map(toCard);
  } catch (error) {
    console.error('Failed to fetch search results', error);
  }
  return { properties, criteria: criteriaFrom(new URL(request.url).searchParams) };
}

function SearchPage({ kind }: { kind: SearchKind }) {
  const t = useT();
  const lang = useLang();
  const data = useLoaderData() as SearchData;
  const [params] = useSearchParams();
  // The prerendered page was rendered without a query; hydrate with the loader's criteria,
  // then apply the URL's.
  const hydrated = useHydrated();
  const criteria = hydrated ? criteriaFrom(params) : data.criteria;
  const results = data.properties.filter((property) => matches(property, criteria));
  const chips = [
    criteria.query ? t('search.chip.query', { value: criteria.query }) : null,
    criteria.type ? t('search.chip.type', { value: criteria.type }) : null,
    criteria.bedrooms != null ? t('search.chip.bedrooms', { value: criteria.bedrooms }) : null,
    criteria.area != null ? t('search.chip.area', { value: formatNumber(lang, criteria.area) }) : null,
  ].filter((chip): chip is string => chip !== null);

  return (
    <>
      <Seo title={t(META[kind])} description={t('search.description')} />
      <PageHeader eyebrow={t('search.eyebrow')} title={t('search.title')}>
        {chips.length > 0 ? (
          <ul className="criteria" aria-label={t('search.criteria')}>
            {chips.map((chip) => (
              <li key={chip} className="criteria__chip">
                {chip}
              </li>
            ))}
          </ul>
        ) : null}
      </PageHeader>
      <section className="container section section--tight" aria-labelledby="results-count">
        <div className="section__head">
          <h2 id="results-count" className="section__title section__title--small" aria-live="polite">
            {results.length === 1 ? t('search.count.one') : t('search.count', { n: results.length })}
          </h2>
          <Link to="/allproperties" className="text-link">
            <Icon name="search" size={18} />
            <span>{t('search.browseAll')}</span>
          </Link>
        </div>
        <PropertyGrid properties={results} />
      </section>
    </>
  );
}

export function forKind(kind: SearchKind) {
  function Component() {
    return <SearchPage kind={kind} />;
  }
  Component.displayName = `SearchResults(${kind})`;
  return { Component, loader: ({ request }: LoaderFunctionArgs) => load(kind, request) };
}
