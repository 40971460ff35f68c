// The listing pages: residential, rental, off-plan, commercial, and all properties.
// Hero (looping muted video where the site gives one, else its poster), title, the count,
// category tabs, the search panel, the 'Filter by Property Types' row, sort and price range,
// and the card grid (featured listings among the others, with their badge, shown once). The
// page embeds only the build's summary (counts, communities, the first cards); further cards
// come from the page files of data/listings/{kind}/, fetched as the visitor asks for more or
// filters, so a page stays small at any catalogue size.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs, Link } from '../nav';
import { langOfRequest, ownTranslation, termIn } from '../i18n/content';
import { getJson, loadedJson } from '../data';
import { listingPage, listingSummary, SITE } from '../paths';
import { typeLabel, useT, type Lang, type MessageKey } from '../i18n';
import type { CardProperty, Hero, ListingSummary } from '../types';
import { useHydrated, useLang, usePathname } from '../shell';
import { applyFilters } from '../search/filters';
import { isFiltered, isNarrowed } from '../search/filterAddress';
import { typeKey } from '../search/rules';
import { useFilters } from '../search/useFilters';
import { useShownCount } from '../search/useShownCount';
import { useResultPlace } from '../search/place';
import { ShowMore } from '../search/ShowMore';
import { FilterControls } from '../components/FilterControls';
import { Seo } from '../components/Seo';
import { PropertyGrid } from '../components/PropertyCard';
import { PlaceholderGrid } from '../components/PlaceholderGrid';
import { SearchPanel, type CommunityOption } from '../components/SearchPanel';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { inArea } from '../map/area';
import { useMapView } from '../map/useMapView';
import { ViewToggle } from '../map/ViewToggle';
import { LazyResultsMap } from '../map/LazyResultsMap';
import { SaveSearch } from '../search/SaveSearch';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/listings.css';
import '../styles/listings-phone.css';
import { Island } from '../islands/Island';

export type ListingKind = 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all';

interface KindInfo {
  /** Used in the console message when loading fails. */
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

const info = (kind: ListingKind, logName: string, tabs: Tab[]): KindInfo => ({
  logName,
  title: `listing.${kind}.title`,
  heading: `listing.${kind}.heading`,
  metaTitle: `listing.${kind}.meta`,
  metaDescription: `listing.${kind}.description`,
  tabs,
});

export const KINDS: Record<ListingKind, KindInfo> = {
  residential: info('residential', 'residential', SALE_TABS),
  rental: info('rental', 'Rental', RENT_TABS),
  offPlan: info('offPlan', 'off-plan', SALE_TABS),
  commercial: info('commercial', 'commercial', SALE_TABS),
  all: info('all', 'all', SALE_TABS),
};

const EMPTY_SUMMARY: ListingSummary = {
  total: 0,
  areaRange: null,
  bathrooms: [],
  bedrooms: [],
  cheques: [],
  handoverMonths: [],
  furnishing: [],
  pageSize: 1,
  pages: 0,
  types: [],
  communities: [],
  priceRange: null,
  first: [],
};

interface ListingData {
  hero: Hero;
  summary: ListingSummary;
  /** The 'Area' dropdown's options: the communities, named in the page's language. */
  communities: CommunityOption[];
}

async function load(kind: ListingKind, lang: Lang): Promise<ListingData> {
  const site = await getJson(SITE);
  let summary = EMPTY_SUMMARY;
  try {
    summary = await getJson(listingSummary(kind));
  } catch (error) {
    // A failed fetch is logged only; the page shows 'No properties found.'
    console.error(`Failed to fetch ${KINDS[kind].logName} properties`, error);
  }
  const communities = summary.communities.map(([value]) => ({ value, ...termIn(site.vocabulary.communities, lang, value) }));
  // The cards the page embeds carry their texts in its language only.
  const cards = (list: CardProperty[]) => list.map((card) => ownTranslation(card, lang));
  return { hero: site.hero[kind], summary: { ...summary, first: cards(summary.first) }, communities };
}

/**
 * The page files of a listing, loaded on demand and kept while the page is shown. `need` is
 * how many cards in the build's order must be present, or 'all'.
 */
function useCards(kind: ListingKind, summary: ListingSummary, need: number | 'all') {
  const wanted = need === 'all' ? summary.pages : Math.min(summary.pages, Math.ceil(need / summary.pageSize));
  // Pages this page load has fetched already are there from the first render: coming Back to
  // a list shows it as it was at once, and the scroll position restored is still on the page.
  const [pages, setPages] = useState<Map<number, CardProperty[]>>(() => {
    const known = new Map<number, CardProperty[]>();
    for (let page = 0; page < wanted; page += 1) {
      const cards = loadedJson(listingPage(kind, page));
      if (cards) known.set(page, cards);
    }
    return known;
  });
  const [failed, setFailed] = useState(false);
  const missing = useMemo(() => {
    const list: number[] = [];
    for (let page = 0; page < wanted; page += 1) if (!pages.has(page)) list.push(page);
    return list;
  }, [pages, wanted]);
  const coveredByFirst = need !== 'all' && need <= summary.first.length;
  const key = missing.join(',');

  // The effect follows `key`, the missing pages' numbers, not the `missing` array: a new array of
  // the same pages would cancel the fetch under way and fetch them again.
  useEffect(() => {
    const toFetch = key === '' ? [] : key.split(',').map(Number);
    if (coveredByFirst || toFetch.length === 0) return;
    let live = true;
    Promise.all(toFetch.map((page) => getJson(listingPage(kind, page)).then((cards) => [page, cards] as const)))
      .then((loaded) => {
        if (!live) return;
        setPages((current) => new Map([...current, ...loaded]));
      })
      .catch((error) => {
        console.error(`Failed to fetch ${KINDS[kind].logName} properties`, error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [kind, key, coveredByFirst]);

  if (coveredByFirst) return { cards: summary.first, loading: false, failed };
  if (missing.length > 0) {
    if (need === 'all') return { cards: null, loading: !failed, failed };
    // More is on its way: keep showing what is there.
    const loaded: CardProperty[] = [];
    for (let page = 0; pages.has(page); page += 1) loaded.push(...(pages.get(page) ?? []));
    return { cards: loaded.length > summary.first.length ? loaded : summary.first, loading: !failed, failed };
  }
  const cards: CardProperty[] = [];
  for (let page = 0; page < wanted; page += 1) cards.push(...(pages.get(page) ?? []));
  return { cards, loading: false, failed };
}

function HeroMedia({ hero }: { hero: Hero }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    // Motion is a choice: a visitor who asked for less gets the still poster.
    if (video.current && window.matchMedia('(prefers-reduced-motion: reduce)').matches) video.current.pause();
  }, []);
  if (!hero.video) {
    // Fetched with the page, after the first card's photo: on a phone the hero is a strip behind
    // the title and the first card's photo is the largest image (PropertyGrid's `firstHigh`),
    // which the strip's bytes, at the browser's own priority, shared the slow link with.
    return <Picture className="listing-hero__bg" picture={hero.poster} sizes="hero" alt="" fallbackWidth={1600} fallbackHeight={700} fetching="low" />;
  }
  return (
    <video ref={video} className="listing-hero__bg" poster={hero.videoPoster ?? hero.poster.src} autoPlay muted loop playsInline preload="metadata" aria-hidden="true">
      <source src={hero.video} />
    </video>
  );
}

export function ListingPage({ kind }: { kind: ListingKind }) {
  const t = useT();
  const lang = useLang();
  const page = KINDS[kind];
  const { hero, summary, communities } = useLoaderData() as ListingData;
  const pathname = usePathname();
  const [filter, update] = useFilters();
  const [count, showMore] = useShownCount();
  const map = useMapView();
  const filtered = isFiltered(filter) || map.bounds !== null;
  // The hero's count says how many are shown once a choice leaves some out.
  const narrowed = isNarrowed(filter) || map.bounds !== null;
  // The map shows every listing the filters let through: all of them are loaded.
  const { cards, loading, failed } = useCards(kind, summary, filtered || map.map ? 'all' : count);
  const hydrated = useHydrated();
  // Back or a reload: where the visitor was, once the cards the address asks for are drawn.
  useResultPlace(hydrated && !loading);
  const filteredCards = useMemo(() => (cards ? applyFilters(cards, filter) : null), [cards, filter]);
  const matching = useMemo(() => (filteredCards ? inArea(filteredCards, map.bounds) : null), [filteredCards, map.bounds]);
  const shown = matching ? matching.slice(0, count) : [];
  const available = filtered ? (matching?.length ?? 0) : summary.total;
  const exactTab = page.tabs.some((tab) => tab.to === pathname);
  const activeTab = exactTab
    ? page.tabs.findIndex((tab) => tab.to === pathname)
    : page.tabs.findIndex((tab) => tab.kind === kind);
  // Rents are compared as yearly amounts (applyFilters); the price fields say so.
  const yearly = kind === 'rental';

  return (
    <>
      <Seo title={t(page.metaTitle)} description={t(page.metaDescription)} />
      <section className="listing-hero">
        <HeroMedia hero={hero} />
        <div className="container listing-hero__inner">
          <h1 className="listing-hero__title">{t(page.title)}</h1>
          <p className="listing-hero__count" aria-live="polite">
            {narrowed && matching ? t('listing.countShown', { shown: matching.length, n: summary.total }) : t('listing.count', { n: summary.total })}
          </p>
        </div>
      </section>

      <div className="container listing-body">
        <nav className="tabs" aria-label={t('listing.tabs')}>
          <ul>
            {page.tabs.map((tab, index) => (
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

        {/* Phones: a one-line bar that opens the whole search panel in place (a native
            disclosure: keyboard, screen readers and no-JS all work); wider screens show the
            panel open and no bar (styles/listings-phone.css). */}
        <details className="search-sheet">
          <summary className="search-sheet__toggle">
            <Icon name="search" size={18} />
            <span>{t('listing.searchToggle')}</span>
          </summary>
          <SearchPanel kind={kind} communities={communities} types={summary.types} type={filter.type ?? ''} onType={(type) => update({ type: type || null })} />
        </details>

        {summary.types.length > 0 ? (
          <section className="type-filter" aria-labelledby="type-filter-title">
            <h2 id="type-filter-title" className="type-filter__title">
              {t('listing.filter.title')}
            </h2>
            <ul className="type-filter__list">
              <li>
                <button type="button" className="chip" aria-pressed={filter.type === null} disabled={!hydrated} onClick={() => update({ type: null })}>
                  <span>{t('listing.filter.all')}</span>
                  <span className="chip__count">{summary.total}</span>
                </button>
              </li>
              {summary.types.map(([name, n]) => (
                <li key={name}>
                  <button
                    type="button"
                    className="chip"
                    aria-pressed={filter.type !== null && typeKey(filter.type) === typeKey(name)}
                    disabled={!hydrated}
                    onClick={() => update({ type: name })}
                  >
                    <span>{typeLabel(lang, name)}</span>
                    <span className="chip__count">{n}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className="section section--tight" aria-labelledby="listing-heading">
          <div className="listing-toolbar">
            <h2 id="listing-heading" className="section__title">
              {t(page.heading)}
            </h2>
            {summary.total > 1 ? <FilterControls filters={filter} update={update} priceRange={summary.priceRange} yearly={yearly} facets={summary} /> : null}
            {/* List or Map, then 'Save this search': on a phone one row, beside 'More filters'. */}
            <div className="listing-toolbar__end">
              {summary.total > 0 ? <ViewToggle view={map} /> : null}
              <SaveSearch kind={kind} communities={communities} />
            </div>
          </div>
          <LazyResultsMap cards={filteredCards ?? (failed ? [] : null)} view={map}>
            {loading && shown.length === 0 ? (
              <>
                <p className="listing-loading" role="status">
                  <span className="spinner spinner--small" aria-hidden="true" />
                  <span>{t('listing.loading')}</span>
                </p>
                {/* Cards of the final size until they come: the page keeps its length, so nothing
                    below (the footer's banner) slides into view and out again. */}
                <PlaceholderGrid />
              </>
            ) : (
              <PropertyGrid properties={failed && !matching ? [] : shown} firstHigh />
            )}
            {matching ? <ShowMore shown={shown.length} total={available} onMore={showMore} disabled={loading} /> : null}
          </LazyResultsMap>
        </section>
      </div>
    </>
  );
}

export function forKind(kind: ListingKind) {
  // One island, all of the page (its parts share the filters, the cards and the map).
  function Component() {
    return <Island name="listing" component={ListingPage} props={{ kind }} />;
  }
  Component.displayName = `Listing(${kind})`;
  return {
    Component,
    // The page's data depends on its path alone: a change of filters (the query string) or of
    // the cards shown (the history entry's state) needs no new load.
    loader: ({ request }: LoaderFunctionArgs) => load(kind, langOfRequest(request)),
  };
}
