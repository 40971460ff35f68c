// The search result pages: 'Here are the properties you are Looking for' and the matching
// cards. The page is drawn by the prerender; what a visitor can touch in it is islands
// (islands/registry.ts): the count and the results, hydrated with the page (search/resultsFirst.tsx:
// the search, its cards, the map beside them), and, deferred (their code once the page is idle or
// they are touched; a tap or a search sent before then is held and done once they have hydrated),
// the chips of the search's criteria, the search panel, the toolbar's sort, price and 'More
// filters', and its List/Map and 'Save this search'. They share the search through the address
// (search/filters.ts, map/useMapView.ts) and the results' store.
// The page refines in place with its listing page's controls: the search panel (type, bedrooms,
// the category's Area or area size, the words), sort and price range; every choice lives in the
// address. With nothing found, it offers the same search without its narrowest filter, with that
// search's count, and the requirements form filled in with it.
import { useMemo } from 'react';
import { useLoaderData, useLocation, useSearchParams, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { localePath, useT } from '../i18n';
import { langOfRequest, termIn } from '../i18n/content';
import type { Lang } from '../i18n';
import { SEARCHES, type SearchKind } from '../search/searches';
import { isYearly, SEARCH_PAGES } from '../search/searchPages';
import { listingSummary, SITE } from '../paths';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { FilterControls } from '../components/FilterControls';
import { PANELS, panelValuesFrom, SearchPanel } from '../components/SearchPanel';
import CriteriaChips, { type Searched } from '../search/CriteriaChips';
import { useMapView } from '../map/useMapView';
import { ViewToggle } from '../map/ViewToggle';
import { SaveSearch } from '../search/SaveSearch';
import { useFilters } from '../search/useFilters';
import { keepForReading, SearchCards, SearchCount } from '../search/resultsFirst';
import { useCommunityName, type SearchData } from '../search/options';
import { SIZES } from '../components/Picture';
import type { EarlyPlan } from '../early';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/listings.css';
import '../styles/listings-phone.css';
import { Island } from '../islands/Island';

/** The refine controls' options: the category's summary (a failure leaves the controls plain). */
async function load(kind: SearchKind, lang: Lang): Promise<SearchData> {
  try {
    const [site, summary] = await Promise.all([getJson(SITE), getJson(listingSummary(SEARCH_PAGES[kind].summary))]);
    const communities = summary.communities.map(([value]) => ({ value, ...termIn(site.vocabulary.communities, lang, value) }));
    const { types, priceRange, bedrooms, bathrooms, areaRange, handoverMonths, furnishing, cheques } = summary;
    return { summary: { types, priceRange, bedrooms, bathrooms, areaRange, handoverMonths, furnishing, cheques }, communities };
  } catch (error) {
    console.error('Failed to fetch the search options', error);
    return { summary: null, communities: [] };
  }
}

/**
 * The chips of the search's criteria, each removable, and the reading of a typed query
 * (search/CriteriaChips.tsx). The prerendered page knows no URL parameters: they come once
 * hydrated, into the row the page keeps for them from the first paint, so they move nothing.
 */
export function SearchChips({ kind }: { kind: SearchKind }) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const community = useCommunityName();
  if (!hydrated) return null;
  return <CriteriaChips yearly={isYearly(kind, params, hydrated)} community={community} onRead={(next) => keepForReading(kind, params, next)} />;
}

/**
 * The search panel in the phones' sheet (open from 40em: listings-phone.css): one form from the
 * prerender on; the address's search fills it in place once hydrated (the prerender knows no
 * query), and a visitor already in it stays.
 */
export function SearchRefine({ kind }: { kind: SearchKind }) {
  const { summary, communities } = useLoaderData() as SearchData;
  const [params] = useSearchParams();
  // What the visitor typed stays in the box once it is read into filters (the address then holds
  // the filters and the words left over; the typed words are in the history entry).
  const typed = (useLocation().state as Searched | null)?.typed;
  const hydrated = useHydrated();
  // Kept through a search in the panel: every other filter of the address (sort, price, ...).
  const extra = useMemo(() => {
    const kept = new URLSearchParams(params);
    // A new search starts on the whole map, not on the last one's area.
    for (const name of ['query', 'type', 'bedrooms', 'area', 'community', 'bounds']) kept.delete(name);
    return kept;
  }, [params]);
  return (
    <SearchPanel
      kind={SEARCH_PAGES[kind].panel}
      communities={communities}
      types={summary?.types}
      initial={hydrated ? { ...panelValuesFrom(params), ...(typed ? { query: typed } : {}) } : undefined}
      extra={extra}
      refine
    />
  );
}

/**
 * The toolbar's sort, price range and 'More filters' (the rent search's prices a year's rent),
 * then List or Map and 'Save this search' (on a phone one row, beside 'More filters').
 */
export function SearchControls({ kind }: { kind: SearchKind }) {
  const { summary, communities } = useLoaderData() as SearchData;
  const [params] = useSearchParams();
  const [filters, update] = useFilters();
  const hydrated = useHydrated();
  const map = useMapView();
  return (
    <>
      <FilterControls
        filters={filters}
        update={update}
        priceRange={summary?.priceRange ?? null}
        yearly={isYearly(kind, params, hydrated)}
        facets={summary ?? undefined}
        bedrooms={!SEARCHES[kind].params.includes('bedrooms')}
      />
      <div className="listing-toolbar__end">
        <ViewToggle view={map} />
        <SaveSearch kind={SEARCH_PAGES[kind].summary} communities={communities} />
      </div>
    </>
  );
}

/** The page, as the prerender draws it around its islands. */
function SearchPage({ kind }: { kind: SearchKind }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <Seo title={t(SEARCH_PAGES[kind].meta)} description={t('search.description')} noindex />
      <PageHeader eyebrow={t('search.eyebrow')} title={t('search.title')}>
        {/* The chips' row is there from the first paint (the prerender knows no criteria), so
            the chips filled in after hydration move nothing. */}
        <div className="criteria-row">
          <Island name="searchChips" component={SearchChips} props={{ kind }} />
        </div>
      </PageHeader>
      <div className="container search-refine">
        {/* As on the listing pages: a one-line bar on phones that opens the panel in place. */}
        <details className="search-sheet">
          <summary className="search-sheet__toggle">
            <Icon name="search" size={18} />
            <span>{t('listing.searchToggle')}</span>
          </summary>
          <Island name="searchRefine" component={SearchRefine} props={{ kind }} />
        </details>
      </div>
      {/* Busy until the search's cards are drawn (set by the results' island). */}
      <section className="container section section--tight" aria-labelledby="results-count" aria-busy="true">
        <div className="listing-toolbar">
          <Island name="searchCount" component={SearchCount} props={{ kind }} />
          <Island name="searchControls" component={SearchControls} props={{ kind }} />
        </div>
        {/* Drawn by the prerender only: the browser neither shows nor renders <noscript> content.
            The search function's no-script result page (lead-fn's search/html.rs) reads its
            words from the data attributes here and puts the results in the block's place. */}
        <noscript>
          {import.meta.env.SSR ? (
            <p
              className="empty-state"
              data-noscript-results=""
              data-count={t('noscript.results.count')}
              data-empty={t('noscript.results.empty')}
              data-previous={t('noscript.results.previous')}
              data-next={t('noscript.results.next')}
              data-page={t('noscript.results.page')}
              data-pages={t('noscript.results.pages')}
            >
              {t('noscript.search')} <a href={localePath(lang, '/allproperties')}>{t('noscript.searchBrowse')}</a>
            </p>
          ) : null}
        </noscript>
        <Island name="searchCards" component={SearchCards} props={{ kind, target: PANELS[SEARCH_PAGES[kind].panel].target }} />
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
    // The options depend on the page alone: a refined search (the query string) needs no new load.
    loader: ({ request }: LoaderFunctionArgs) => load(kind, langOfRequest(request)),
    // The search, started by the page's HTML as soon as it is parsed (early.ts).
    handle: {
      early: { search: { endpoint: SEARCHES[kind].endpoint, params: SEARCHES[kind].params, sizes: SIZES.card } } satisfies EarlyPlan,
    },
  };
}
