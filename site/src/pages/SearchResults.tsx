// The search result pages: 'Here are the properties you are Looking for' and the matching
// cards. The search runs in the lead function (POST /api/...search): the
// criteria go both in the query string and in the JSON body, as every client sends them.
// Results reload whenever the URL's parameters change; a failed call is logged as 'Failed to
// fetch search results' and the page shows 'No properties found.'
// The page refines in place with its listing page's controls: the search panel (type, bedrooms,
// the category's Area or area size, the words), sort and price range; every choice lives in the
// address (search/filters.ts). With nothing found, it offers the same search without its
// narrowest filter, with that search's count, and the requirements form filled in with it.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLoaderData, useLocation, useSearchParams, type LoaderFunctionArgs, Link } from '../nav';
import { API_TIMEOUT_MS, getJson, takeEarly } from '../data';
import { localePath, useT } from '../i18n';
import { langOfRequest, termIn } from '../i18n/content';
import type { Lang } from '../i18n';
import type { CardProperty, ListingSummary } from '../types';
import type { Facets } from '../components/BoundField';
import { countFound, localFilters, readPage, SEARCHES, searchFields, searchRequest, type Fields, type SearchKind } from '../search/searches';
import { listingSummary, SITE } from '../paths';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { FilterControls } from '../components/FilterControls';
import { PANELS, panelValuesFrom, SearchPanel, type CommunityOption } from '../components/SearchPanel';
import type { Searched } from '../search/CriteriaChips';
import { applyFilters } from '../search/filters';
import { inArea } from '../map/area';
import { useMapView } from '../map/useMapView';
import { ViewToggle } from '../map/ViewToggle';
import { LazyResultsMap } from '../map/LazyResultsMap';
import { SaveSearch } from '../search/SaveSearch';
import { toCard } from '../search/toCard';
import { useFilters, useShownCount } from '../search/useFilters';
import { ShowMore } from '../search/ShowMore';
import { useResultPlace } from '../search/place';
import { PlaceholderGrid } from '../components/PlaceholderGrid';
import { SIZES } from '../components/Picture';
import type { EarlyPlan } from '../early';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/listings.css';
import '../styles/listings-phone.css';
import { Island } from '../islands/Island';

const NoResultsHelp = lazy(() => import('../search/NoResultsHelp'));
// The chips, each removable, and the reading of a typed query: after the first view (search/CriteriaChips.tsx).
const CriteriaChips = lazy(() => import('../search/CriteriaChips'));
// The cards come with the search's answer, never in the prerendered page: their code is fetched
// beside the page's (the route's handle names it for the boot block), the search as soon as the
// HTML is parsed (early.ts), and the effect below waits for both; placeholder cards of their
// size stand in until both are here. The results stay 'busy' until then, so what
// reads them (a screen reader, a test) finds the cards.
type Grid = (typeof import('../components/PropertyCard'))['PropertyGrid'];
let loadedGrid: Grid | null = null;
const loadCards = () => import('../components/PropertyCard').then((module) => (loadedGrid = module.PropertyGrid));

/**
 * The last searches' answers, by page and criteria, for as long as the page's script runs: a
 * refinement undone (a chip's filter chosen again, Back between the page's own entries) renders
 * its cards at once; the search then runs again and its answer replaces the kept one, without a
 * spinner in between. Never in the prerender or the hydration: the map is empty until the
 * browser's first search (so the place of Back or a reload into the page is search/place.ts's).
 */
const answers = new Map<string, Found>();
const ANSWERS_KEPT = 12;

/**
 * A search's answer so far: the cards of the pages fetched, in order, how many the search found
 * and how many a page holds. 'Show more' past the cards fetched fetches the next page.
 */
interface Found {
  results: CardProperty[];
  total: number;
  perPage: number;
}

function keep(id: string, results: Found) {
  answers.delete(id);
  answers.set(id, results);
  const oldest = answers.keys().next();
  if (answers.size > ANSWERS_KEPT && !oldest.done) answers.delete(oldest.value);
}

/**
 * What the page shows of its category's summary: the refine controls' options. Not its cards
 * (the listing pages'): the page embeds its loader's data, and the results are the search's.
 */
type SearchOptions = Facets & Pick<ListingSummary, 'types' | 'priceRange'>;

interface SearchData {
  summary: SearchOptions | null;
  communities: CommunityOption[];
}

/** The refine controls' options: the category's summary (a failure leaves the controls plain). */
async function load(kind: SearchKind, lang: Lang): Promise<SearchData> {
  try {
    const [site, summary] = await Promise.all([getJson(SITE), getJson(listingSummary(SEARCHES[kind].summary))]);
    const communities = summary.communities.map(([value]) => ({ value, ...termIn(site.vocabulary.communities, lang, value) }));
    const { types, priceRange, bedrooms, bathrooms, areaRange, handoverMonths, furnishing, cheques } = summary;
    return { summary: { types, priceRange, bedrooms, bathrooms, areaRange, handoverMonths, furnishing, cheques }, communities };
  } catch (error) {
    console.error('Failed to fetch the search options', error);
    return { summary: null, communities: [] };
  }
}

type State = { status: 'loading' } | { status: 'done'; results: CardProperty[] };

/** A search's answer, with the page and criteria it answers. */
interface Answer {
  id: string;
  found: Found;
}

export function SearchPage({ kind }: { kind: SearchKind }) {
  const t = useT();
  const lang = useLang();
  const { summary, communities } = useLoaderData() as SearchData;
  const [params] = useSearchParams();
  // What the visitor typed stays in the box once it is read into filters (the address then holds
  // the filters and the words left over; the typed words are in the history entry).
  const typed = (useLocation().state as Searched | null)?.typed;
  const fields = searchFields(kind, params);
  const key = JSON.stringify(fields);
  const id = `${kind} ${key}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  // This search's answer, else the one kept from its last run, else it is still searching.
  const found = answer?.id === id ? answer.found : answers.get(id);
  const results = found?.results;
  const state: State = results ? { status: 'done', results } : { status: 'loading' };
  const [filters, update] = useFilters();
  const [count, showMore] = useShownCount();
  const map = useMapView();
  const [PropertyGrid, setGrid] = useState<Grid | null>(() => loadedGrid);

  useEffect(() => {
    // Cleared when the parameters change or the page goes: a stale answer is dropped.
    let live = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    loadCards()
      .then((grid) => live && setGrid(() => grid))
      .catch((error) => console.error('Failed to load the result cards', error));
    const { url, init } = searchRequest(kind, JSON.parse(key) as Fields);
    // The page's first search was started by the boot script, ahead of this code (early.ts).
    (takeEarly(init.method ?? 'GET', url, init.body as string) ?? fetch(url, { ...init, signal: controller.signal }))
      .then(readPage)
      .then((page) => {
        const first = page.results.map(toCard);
        // The same first page as the kept answer's keeps that answer, and the pages it has (the
        // map keeps its view, Back its place).
        const kept = answers.get(id);
        const same = kept && kept.total === page.total && JSON.stringify(kept.results.slice(0, first.length)) === JSON.stringify(first);
        const found = same ? kept : { results: first, total: page.total, perPage: page.perPage };
        keep(id, found);
        if (live) setAnswer({ id, found });
      })
      .catch((error) => {
        if (!live) return;
        console.error('Failed to fetch search results', error);
        // A kept answer stays shown; a failure is not kept.
        if (!answers.has(id)) setAnswer({ id, found: { results: [], total: 0, perPage: 1 } });
      })
      .finally(() => clearTimeout(timeout));
    return () => {
      live = false;
      clearTimeout(timeout);
      controller.abort();
    };
  }, [kind, key, id]);

  // 'Show more' past the cards fetched: the next page of the answer, appended (and kept, so Back
  // finds every card it had). One page at a time. A page that fails or does not come within
  // API_TIMEOUT_MS leaves the button with a message saying so (this search's, `moreFailed`); a
  // press then asks for the same page again (`attempt`), not for more cards.
  const [fetching, setFetching] = useState<string | null>(null);
  const [moreFailed, setMoreFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const wanted = found !== undefined && found.results.length < found.total && count > found.results.length;
  useEffect(() => {
    if (!found || !wanted) return;
    const next = Math.floor(found.results.length / found.perPage) + 1;
    // Cleared when the search, its pages or the press change, or the page goes: not a failure.
    let live = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    setFetching(`${id} ${next}`);
    // A retry's message goes as it starts, so a second failure is announced again.
    setMoreFailed(null);
    const { url, init } = searchRequest(kind, JSON.parse(key) as Fields, next);
    fetch(url, { ...init, signal: controller.signal })
      .then(readPage)
      .then((page) => {
        const more = { ...found, results: [...found.results, ...page.results.map(toCard)], total: page.total };
        keep(id, more);
        setAnswer({ id, found: more });
      })
      .catch((error) => {
        if (!live) return;
        console.error('Failed to fetch more search results', error);
        setMoreFailed(id);
      })
      .finally(() => {
        clearTimeout(timeout);
        if (live) setFetching(null);
      });
    return () => {
      live = false;
      clearTimeout(timeout);
      controller.abort();
      setFetching(null);
    };
  }, [kind, key, id, found, wanted, attempt]);
  const failedHere = moreFailed === id && wanted;

  // The function applied every filter ('searchFields'); the browser's own are the same rules again.
  const local = useMemo(() => localFilters(kind, params), [kind, params]);
  const filtered = useMemo(() => (results ? applyFilters(results, local) : []), [results, local]);
  // 'Search this area' keeps the list to the map's area; the map shows all the filters let through.
  const matching = useMemo(() => inArea(filtered, map.bounds), [filtered, map.bounds]);
  const shown = matching.slice(0, count);
  // The function's count, unless the map's area keeps to some of the cards fetched.
  const total = map.bounds || !found ? matching.length : found.total;
  // The prerendered page knows no URL parameters: the chips and the panel's values come after
  // hydration, so the browser's first render matches the HTML.
  const hydrated = useHydrated();
  // The rent search's prices are a year's rent (and a search of rentals, 'purpose=rent'): its
  // price filter, chips and offers say so.
  const yearly = kind === 'rent' || (hydrated && params.get('purpose') === 'rent');
  // A typed query read into filters (search/CriteriaChips.tsx) finds what the query found (the
  // function reads it by the same rules): its answer is kept for the new address, so the cards
  // stay while that searches again.
  const onRead = useCallback(
    (next: URLSearchParams) => {
      const kept = answers.get(id);
      if (kept) keep(`${kind} ${JSON.stringify(searchFields(kind, next))}`, kept);
    },
    [kind, id],
  );
  // A community's name in the page's language, for its chip.
  const community = useCallback((name: string) => communities.find((option) => option.value === name)?.name ?? name, [communities]);
  const empty = hydrated && state.status === 'done' && total === 0;
  // Kept through a search in the panel: every other filter of the address (sort, price, ...).
  const extra = useMemo(() => {
    const kept = new URLSearchParams(params);
    // A new search starts on the whole map, not on the last one's area.
    for (const name of ['query', 'type', 'bedrooms', 'area', 'community', 'bounds']) kept.delete(name);
    return kept;
  }, [params]);
  const panel = SEARCHES[kind].panel;
  const busy = state.status === 'loading' || !PropertyGrid;
  // A reload puts the visitor back at the card they were reading (search/place.ts).
  useResultPlace(!busy);

  return (
    <>
      <Seo title={t(SEARCHES[kind].meta)} description={t('search.description')} noindex />
      <PageHeader eyebrow={t('search.eyebrow')} title={t('search.title')}>
        {/* The chips' row is there from the first paint (the prerender knows no criteria), so
            the chips filled in after hydration move nothing. */}
        <div className="criteria-row">
          {hydrated ? (
            <Suspense fallback={null}>
              <CriteriaChips yearly={yearly} community={community} onRead={onRead} />
            </Suspense>
          ) : null}
        </div>
      </PageHeader>
      <div className="container search-refine">
        {/* As on the listing pages: a one-line bar on phones that opens the panel in place. */}
        <details className="search-sheet">
          <summary className="search-sheet__toggle">
            <Icon name="search" size={18} />
            <span>{t('listing.searchToggle')}</span>
          </summary>
          {/* One form from the prerender on: the address's search fills it in place once
              hydrated (the prerender knows no query), and a visitor already in it stays. */}
          <SearchPanel
            kind={panel}
            communities={communities}
            types={summary?.types}
            initial={hydrated ? { ...panelValuesFrom(params), ...(typed ? { query: typed } : {}) } : undefined}
            extra={extra}
            refine
          />
        </details>
      </div>
      <section className="container section section--tight" aria-labelledby="results-count" aria-busy={busy}>
        <div className="listing-toolbar">
          <h2 id="results-count" className="section__title section__title--small" aria-live="polite">
            {state.status === 'loading' ? t('search.searching') : t('search.count', { n: total })}
          </h2>
          <FilterControls
            filters={filters}
            update={update}
            priceRange={summary?.priceRange ?? null}
            yearly={yearly}
            facets={summary ?? undefined}
            bedrooms={!SEARCHES[kind].params.includes('bedrooms')}
          />
          {/* List or Map, then 'Save this search': on a phone one row, beside 'More filters'. */}
          <div className="listing-toolbar__end">
            <ViewToggle view={map} />
            <SaveSearch kind={SEARCHES[kind].summary} communities={communities} />
          </div>
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
        <LazyResultsMap cards={state.status === 'done' ? filtered : null} view={map}>
          {/* Until the answer: cards of the final size (the prerender draws them too), so the
              answer moves nothing on the screen. */}
          {busy || !PropertyGrid ? <PlaceholderGrid /> : <PropertyGrid properties={shown} first />}
          {empty ? (
            <Suspense fallback={null}>
              <NoResultsHelp
                target={PANELS[panel].target}
                purpose={kind === 'rent' ? 'rent' : 'buy'}
                params={params}
                yearly={yearly}
                community={community}
                count={(next, signal) => countFound(kind, next, signal)}
              />
            </Suspense>
          ) : null}
          <ShowMore
            shown={shown.length}
            total={total}
            onMore={failedHere ? () => setAttempt((n) => n + 1) : showMore}
            disabled={fetching !== null}
            failed={failedHere ? t('search.moreFailed') : undefined}
          />
        </LazyResultsMap>
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
  // One island, all of the page (its parts share the search and its results).
  function Component() {
    return <Island name="searchResults" component={SearchPage} props={{ kind }} />;
  }
  Component.displayName = `SearchResults(${kind})`;
  return {
    Component,
    // The options depend on the page alone: a refined search (the query string) needs no new load.
    loader: ({ request }: LoaderFunctionArgs) => load(kind, langOfRequest(request)),
    // The search, started by the boot script as soon as the HTML is parsed (early.ts), and the
    // cards' code (loadCards), fetched with the page's.
    handle: {
      early: { search: { endpoint: SEARCHES[kind].endpoint, params: SEARCHES[kind].params, sizes: SIZES.card } } satisfies EarlyPlan,
      eager: ['PropertyCard'],
    },
  };
}
