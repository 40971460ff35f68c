// A page's filters, kept in the address: in the query string (a reload and a shared link restore
// them; how many cards 'Show more' has opened is in the history entry's state: useShownCount.ts).
// Changes replace the entry rather than add one, so Back leaves the page as a visitor expects,
// and never scroll the page.
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from '../nav';
import { useHydrated } from '../shell';
import { filtersFrom, NO_FILTERS, type Filters } from './filters';
import { withFilters } from './filterAddress';

/**
 * The page's filters and a setter. The prerendered page knows no query string, so the first
 * render (the hydration) is unfiltered, and the address's filters apply right after it.
 *
 * The router applies a navigation some ticks after it is asked for, so the filters asked for
 * are shown at once, before the address has them: a field then shows every key typed, and a
 * second quick change builds on the first rather than undoing it. `base` is the address shown
 * when they were asked for; once it is neither that nor one of them, the visitor went elsewhere
 * (Back, a link) and the address rules again.
 */
export function useFilters(): [Filters, (change: Partial<Filters>) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const shown = params.toString();
  const [asked, setAsked] = useState<{ base: string; searches: string[] }>({ base: shown, searches: [] });
  const waiting = shown === asked.base || asked.searches.includes(shown);
  const current = (waiting ? asked.searches.at(-1) : undefined) ?? shown;
  const filters = hydrated ? filtersFrom(new URLSearchParams(current)) : NO_FILTERS;
  const update = useCallback(
    (change: Partial<Filters>) => {
      const base = new URLSearchParams(current);
      // A new filter starts the list again from its first cards (no `shown` kept).
      const next = withFilters(base, { ...filtersFrom(base), ...change }).toString();
      setAsked(waiting ? { base: asked.base, searches: [...asked.searches, next] } : { base: shown, searches: [next] });
      navigate({ search: next ? `?${next}` : '' }, { replace: true, preventScrollReset: true });
    },
    [navigate, current, waiting, asked, shown],
  );
  return [filters, update];
}
