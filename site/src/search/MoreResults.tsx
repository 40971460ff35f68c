// 'Showing N of M' and 'Show more' under a search's cards, and the next page of the answer it
// fetches: its own chunk, with its words (the deferred islands' set, SearchLater), fetched by the
// results' island (search/resultsFirst.tsx) only once an answer has more cards than it shows.
import { useEffect, useState } from 'react';
import { API_TIMEOUT_MS } from '../data';
import { useT } from '../i18n';
import { readPage, searchRequest, type Fields, type Found, type SearchKind } from './searches';
import { toCard } from './toCard';
import { ShowMore } from './ShowMore';

/**
 * 'Show more' past the cards fetched: the next page of the answer, appended (`onFound`, which
 * keeps it, so Back finds every card it had). One page at a time. A page that fails or does not
 * come within API_TIMEOUT_MS leaves the button with a message saying so (this search's,
 * `moreFailed`); a press then asks for the same page again (`attempt`), not for more cards.
 * `fields`: the search's request (JSON), `id` its page and criteria; `count`: the cards asked for
 * (useShownCount), `shown` of `total` drawn.
 */
export default function MoreResults({
  kind,
  fields,
  id,
  found,
  count,
  shown,
  total,
  onMore,
  onFound,
}: {
  kind: SearchKind;
  fields: string;
  id: string;
  found: Found;
  count: number;
  shown: number;
  total: number;
  onMore: () => void;
  onFound: (id: string, found: Found) => void;
}) {
  const t = useT();
  const [fetching, setFetching] = useState<string | null>(null);
  const [moreFailed, setMoreFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const wanted = found.results.length < found.total && count > found.results.length;
  useEffect(() => {
    if (!wanted) return;
    const next = Math.floor(found.results.length / found.perPage) + 1;
    // Cleared when the search, its pages or the press change, or the page goes: not a failure.
    let live = true;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    setFetching(`${id} ${next}`);
    // A retry's message goes as it starts, so a second failure is announced again.
    setMoreFailed(null);
    const { url, init } = searchRequest(kind, JSON.parse(fields) as Fields, next);
    fetch(url, { ...init, signal: controller.signal })
      .then(readPage)
      .then((page) => onFound(id, { ...found, results: [...found.results, ...page.results.map(toCard)], total: page.total }))
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
  }, [kind, fields, id, found, wanted, attempt, onFound]);
  const failedHere = moreFailed === id && wanted;
  return (
    <ShowMore
      shown={shown}
      total={total}
      onMore={failedHere ? () => setAttempt((n) => n + 1) : onMore}
      disabled={fetching !== null}
      failed={failedHere ? t('search.moreFailed') : undefined}
    />
  );
}
