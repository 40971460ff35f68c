// The search result pages' islands hydrated with the page (islands/registry.ts): the count in the
// toolbar's heading ('Searching...', then 'N properties found') and the results (the cards, the map
// beside them once chosen, 'Show more', the no-results help). What the visitor refines with (the
// search panel, sort, price and 'More filters', List/Map, 'Save this search', the chips) are
// deferred islands (pages/SearchResults.tsx): they come once the page is idle or touched.
//
// The search runs in the lead function (POST /api/...search): the criteria go both in the query
// string and in the JSON body, as every client sends them. Results reload whenever the address's
// parameters change; a failed call is logged as 'Failed to fetch search results' and the page
// shows 'No properties found.' The two islands share the answer through this module's store; the
// results' island fetches it, the count's reads it. The cards come with the search's answer,
// never in the prerendered page: placeholder cards of their size stand in until then, and the
// results stay 'busy' (the section's `aria-busy`), so what reads them (a screen reader, a test)
// finds the cards. The page's first search was started by its HTML, ahead of this code (early.ts).
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from '../nav';
import { API_TIMEOUT_MS, takeEarly } from '../data';
import { langOfPath, loadMessages, useT } from '../i18n';
import { localFilters, readPage, searchFields, searchRequest, type Fields, type Found, type SearchKind } from './searches';
import { useHydrated } from '../shell';
import { applyFilters } from './filters';
import { inArea } from '../map/area';
import { useMapView } from '../map/useMapView';
import { LazyResultsMap } from '../map/LazyResultsMap';
import { toCard } from './toCard';
import { useShownCount } from './useShownCount';
import { useResultPlace } from './place';
import { PlaceholderGrid } from '../components/PlaceholderGrid';
import { PropertyGrid } from '../components/PropertyCard';

/** A module of the results drawn after their first view, once its words (the deferred islands' set) are here too. */
const withWords = <T,>(module: Promise<T>) => Promise.all([module, loadMessages(langOfPath(window.location.pathname), 'SearchLater')]).then(([loaded]) => loaded);
// 'No properties found.' and what helps: fetched only when a search finds nothing.
const NoResultsHelp = lazy(() => withWords(import('./NoResultsHelp')));
// 'Show more' and the next pages of the answer, with their words: fetched only when an answer has
// more cards than are shown.
const MoreResults = lazy(() => withWords(import('./MoreResults')));

/**
 * The last searches' answers, by page and criteria, for as long as the page's script runs: a
 * refinement undone (a chip's filter chosen again, Back between the page's own entries) renders
 * its cards at once; the search then runs again and its answer replaces the kept one, without a
 * spinner in between. Never in the prerender or the hydration (each island's first render is the
 * prerender's, `useFound`): the map is empty until the browser's first search (so the place of
 * Back or a reload into the page is search/place.ts's).
 */
const answers = new Map<string, Found>();
const ANSWERS_KEPT = 12;
/** The page's answer of its current search, kept or not (a failure is not). */
let current: { id: string; found: Found } | null = null;
const listeners = new Set<() => void>();

function keep(id: string, results: Found) {
  answers.delete(id);
  answers.set(id, results);
  const oldest = answers.keys().next();
  if (answers.size > ANSWERS_KEPT && !oldest.done) answers.delete(oldest.value);
}

/** `found` as search `id`'s answer: kept (unless a failure), shown when `shown`; the islands draw it. */
function publish(id: string, found: Found, { kept = true, shown = true }: { kept?: boolean; shown?: boolean } = {}) {
  if (kept) keep(id, found);
  if (shown) current = { id, found };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** This search's answer, else the one kept from its last run; none while it is still searching (and in each island's hydration). */
function useFound(id: string): Found | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (current?.id === id ? current.found : answers.get(id)),
    () => undefined,
  );
}

/** The search's id: the page and its criteria. */
const searchId = (kind: SearchKind, fields: Fields) => `${kind} ${JSON.stringify(fields)}`;

/**
 * A typed query read into filters (search/CriteriaChips.tsx) finds what the query found (the
 * function reads it by the same rules): the answer of `params`' search is kept for the new
 * address `next`, so the cards stay while that searches again.
 */
export function keepForReading(kind: SearchKind, params: URLSearchParams, next: URLSearchParams) {
  const kept = answers.get(searchId(kind, searchFields(kind, params)));
  if (kept) keep(searchId(kind, searchFields(kind, next)), kept);
}

/** What both islands show of the answer: the cards the filters and the map's area let through, and the count. */
function useResults(kind: SearchKind) {
  const [params] = useSearchParams();
  const fields = searchFields(kind, params);
  const key = JSON.stringify(fields);
  const id = `${kind} ${key}`;
  const found = useFound(id);
  const results = found?.results;
  const map = useMapView();
  // The function applied every filter ('searchFields'); the browser's own are the same rules again.
  const local = useMemo(() => localFilters(kind, params), [kind, params]);
  const filtered = useMemo(() => (results ? applyFilters(results, local) : []), [results, local]);
  // 'Search this area' keeps the list to the map's area; the map shows all the filters let through.
  const matching = useMemo(() => inArea(filtered, map.bounds), [filtered, map.bounds]);
  // The function's count, unless the map's area keeps to some of the cards fetched.
  const total = map.bounds || !found ? matching.length : found.total;
  return { params, key, id, found, results, map, filtered, matching, total };
}

/** The toolbar's heading: the search running, then how many it found (said as it changes). */
export function SearchCount({ kind }: { kind: SearchKind }) {
  const t = useT();
  const { results, total } = useResults(kind);
  return (
    <h2 id="results-count" className="section__title section__title--small" aria-live="polite">
      {results ? t('search.count', { n: total }) : t('search.searching')}
    </h2>
  );
}

/**
 * The results: their cards (or, until the answer, placeholders of their size, which the early
 * search draws its photos in), the map beside them once chosen, the no-results help, 'Show more'.
 * `target`: the page's path (its 'Search without ...' offer, drawn by the no-results help).
 */
export function SearchCards({ kind, target }: { kind: SearchKind; target: string }) {
  const { params, key, id, found, results, map, filtered, matching, total } = useResults(kind);
  const [count, showMore] = useShownCount();

  useEffect(() => {
    // Cleared when the parameters change or the page goes: a stale answer is dropped.
    let live = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
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
        publish(id, same ? kept : { results: first, total: page.total, perPage: page.perPage }, { shown: live });
      })
      .catch((error) => {
        if (!live) return;
        console.error('Failed to fetch search results', error);
        // A kept answer stays shown; a failure is not kept.
        if (!answers.has(id)) publish(id, { results: [], total: 0, perPage: 1 }, { kept: false });
      })
      .finally(() => clearTimeout(timeout));
    return () => {
      live = false;
      clearTimeout(timeout);
      controller.abort();
    };
  }, [kind, key, id]);


  const shown = matching.slice(0, count);
  const hydrated = useHydrated();
  const empty = hydrated && results !== undefined && total === 0;
  const busy = results === undefined;
  // The section around the toolbar and the results is the prerender's (the toolbar's controls are
  // islands of their own): its busy state is set here, once the cards it announces are drawn.
  useEffect(() => {
    document.querySelector('section[aria-labelledby="results-count"]')?.setAttribute('aria-busy', String(busy));
  }, [busy]);
  // A reload puts the visitor back at the card they were reading (search/place.ts).
  useResultPlace(!busy);

  return (
    <LazyResultsMap cards={results ? filtered : null} view={map}>
      {/* Until the answer: cards of the final size (the prerender draws them too), so the
          answer moves nothing on the screen. */}
      {busy ? <PlaceholderGrid /> : <PropertyGrid properties={shown} first />}
      {empty ? (
        <Suspense fallback={null}>
          <NoResultsHelp
            target={target}
            params={params}
            kind={kind}
          />
        </Suspense>
      ) : null}
      {/* Only once the answer has more cards than are shown (or the next page is asked for). */}
      {found && (shown.length < total || (found.results.length < found.total && count > found.results.length)) ? (
        <Suspense fallback={null}>
          <MoreResults kind={kind} fields={key} id={id} found={found} count={count} shown={shown.length} total={total} onMore={showMore} onFound={publish} />
        </Suspense>
      ) : null}
    </LazyResultsMap>
  );
}
