// The listing pages: residential, rental, off-plan, commercial, and all properties.
// Hero with the category's poster and title, the count, category tabs, the property-type
// filter (local, by exact subCategory) and the card grid.
// Interim version: the hero video, the search bar and paged loading follow.
import { useMemo, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { getJson } from '../data';
import { useT, type MessageKey } from '../i18n';
import { toCard, type CardProperty } from '../format';
import type { Property, Site } from '../types';
import { usePathname } from '../shell';
import { Seo } from '../components/Seo';
import { PropertyGrid } from '../components/PropertyCard';

export type ListingKind = 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all';

interface KindInfo {
  source: string;
  /** Used in the console message when loading fails (spec section 8). */
  logName: string;
  title: MessageKey;
  heading: MessageKey;
  metaTitle: MessageKey;
  metaDescription: MessageKey;
  tabs: Tab[];
}

interface Tab {
  to: string;
  label: MessageKey;
  kind: ListingKind;
}

const SALE_TABS: Tab[] = [
  { to: '/rent-properties', label: 'tab.rent', kind: 'rental' },
  { to: '/residential-properties', label: 'tab.residential', kind: 'residential' },
  { to: '/commercial', label: 'tab.commercial', kind: 'commercial' },
  { to: '/off-plan', label: 'tab.offPlan', kind: 'offPlan' },
];

const RENT_TABS: Tab[] = [
  { to: '/rent-properties', label: 'tab.rent', kind: 'rental' },
  { to: '/residential-properties', label: 'tab.residential', kind: 'residential' },
  { to: '/Rental', label: 'tab.rental', kind: 'rental' },
  { to: '/off-plan', label: 'tab.offPlan', kind: 'offPlan' },
];

export const KINDS: Record<ListingKind, KindInfo> = {
  residential: {
    source: '/api/properties/category-residential/residential.json',
    logName: 'residential',
    title: 'listing.residential.title',
    heading: 'listing.residential.heading',
    metaTitle: 'listing.residential.meta',
    metaDescription: 'listing.residential.description',
    tabs: SALE_TABS,
  },
  rental: {
    source: '/api/properties/category-rent/rent.json',
    logName: 'Rental',
    title: 'listing.rental.title',
    heading: 'listing.rental.heading',
    metaTitle: 'listing.rental.meta',
    metaDescription: 'listing.rental.description',
    tabs: RENT_TABS,
  },
  offPlan: {
    source: '/api/properties/category-offplan/off-plan.json',
    logName: 'off-plan',
    title: 'listing.offPlan.title',
    heading: 'listing.offPlan.heading',
    metaTitle: 'listing.offPlan.meta',
    metaDescription: 'listing.offPlan.description',
    tabs: SALE_TABS,
  },
  commercial: {
    source: '/api/properties/category-commercial/commercial.json',
    logName: 'commercial',
    title: 'listing.commercial.title',
    heading: 'listing.commercial.heading',
    metaTitle: 'listing.commercial.meta',
    metaDescription: 'listing.commercial.description',
    tabs: SALE_TABS,
  },
  all: {
    source: '/api/properties.json',
    logName: 'all',
    title: 'listing.all.title',
    heading: 'listing.all.heading',
    metaTitle: 'listing.all.meta',
    metaDescription: 'listing.all.description',
    tabs: SALE_TABS,
  },
};

interface ListingData {
  poster: string;
  properties: CardProperty[];
}

async function load(kind: ListingKind): Promise<ListingData> {
  const info = KINDS[kind];
  const site = await getJson<Site>('/data/site.json');
  let properties: CardProperty[] = [];
  try {
    properties = (await getJson<Property[]>(info.source)).map(toCard);
  } catch (error) {
    // Spec: a failed fetch is logged only; the page shows 'No properties found.'
    console.error(`Failed to fetch ${info.logName} properties`, error);
  }
  return { poster: site.hero[kind].poster, properties };
}

/** Property types and how many listings each has, most common first. */
function typeCounts(properties: CardProperty[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const property of properties) counts.set(property.subCategory, (counts.get(property.subCategory) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function ListingPage({ kind }: { kind: ListingKind }) {
  const t = useT();
  const info = KINDS[kind];
  const { poster, properties } = useLoaderData() as ListingData;
  const pathname = usePathname();
  const [type, setType] = useState<string | null>(null);
  const types = useMemo(() => typeCounts(properties), [properties]);
  const shown = type ? properties.filter((property) => property.subCategory === type) : properties;
  const exactTab = info.tabs.some((tab) => tab.to === pathname);
  const activeTab = exactTab
    ? info.tabs.findIndex((tab) => tab.to === pathname)
    : info.tabs.findIndex((tab) => tab.kind === kind);

  return (
    <>
      <Seo title={t(info.metaTitle)} description={t(info.metaDescription)} />
      <section className="listing-hero">
        <img className="listing-hero__bg" src={poster} alt="" width={1600} height={700} fetchPriority="high" />
        <div className="container listing-hero__inner">
          <h1 className="listing-hero__title">{t(info.title)}</h1>
          <p className="listing-hero__count">
            {properties.length === 1 ? t('listing.count.one') : t('listing.count', { n: properties.length })}
          </p>
        </div>
      </section>

      <div className="container listing-body">
        <nav className="tabs" aria-label={t('listing.tabs')}>
          <ul>
            {info.tabs.map((tab, index) => (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  className={index === activeTab ? 'tabs__tab is-active' : 'tabs__tab'}
                  aria-current={tab.to === pathname ? 'page' : undefined}
                >
                  {t(tab.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {types.length > 0 ? (
          <section className="type-filter" aria-labelledby="type-filter-title">
            <h2 id="type-filter-title" className="type-filter__title">
              {t('listing.filter.title')}
            </h2>
            <ul className="type-filter__list">
              <li>
                <button type="button" className="chip" aria-pressed={type === null} onClick={() => setType(null)}>
                  <span>{t('listing.filter.all')}</span>
                  <span className="chip__count">{properties.length}</span>
                </button>
              </li>
              {types.map(([name, count]) => (
                <li key={name}>
                  <button type="button" className="chip" aria-pressed={type === name} onClick={() => setType(name)}>
                    <span>{name}</span>
                    <span className="chip__count">{count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className="section section--tight" aria-labelledby="listing-heading">
          <h2 id="listing-heading" className="section__title">
            {t(info.heading)}
          </h2>
          <PropertyGrid properties={shown} />
        </section>
      </div>
    </>
  );
}

export function forKind(kind: ListingKind) {
  function Component() {
    return <ListingPage kind={kind} />;
  }
  Component.displayName = `Listing(${kind})`;
  return { Component, loader: () => load(kind) };
}
