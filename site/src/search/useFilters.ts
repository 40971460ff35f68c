// A page's filters and its number of cards shown, kept in the address and in the history entry:
// the filters in the query string (a reload and a shared link restore them), how many cards
// 'Show more' has opened in the entry's state (Back restores it, and with it the scroll
// position, which React Router's ScrollRestoration keeps per entry: see components/Layout.tsx).
// Changes replace the entry rather than add one, so Back leaves the page as a visitor expects,
// and never scroll the page.
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHydrated } from '../shell';
import { filtersFrom, NO_FILTERS, withFilters, type Filters } from './filters';

/** Cards added by each 'Show more'. */
export const STEP = 24;

interface EntryState {
  shown?: number;
}

/**
 * The page's filters and a setter. The prerendered page knows no query string, so the first
 * render (the hydration) is unfiltered, and the address's filters apply right after it.
 */
export function useFilters(): [Filters, (change: Partial<Filters>) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const filters = hydrated ? filtersFrom(params) : NO_FILTERS;
  // The router applies a navigation some ticks after it is asked for (in a transition), so a
  // second change made before the first arrives (a quick visitor, a slow phone) must build on
  // the address asked for, not the one shown, or it undoes the first.
  const asked = useRef<string[]>([]);
  const search = params.toString();
  useEffect(() => {
    const at = asked.current.indexOf(search);
    // One of ours arrived (drop it and those before it), or the visitor went elsewhere (Back).
    asked.current = at >= 0 ? asked.current.slice(at + 1) : [];
  }, [search]);
  const update = useCallback(
    (change: Partial<Filters>) => {
      const base = new URLSearchParams(asked.current.at(-1) ?? search);
      // A new filter starts the list again from its first cards (no `shown` kept).
      const next = withFilters(base, { ...filtersFrom(base), ...change }).toString();
      asked.current.push(next);
      navigate({ search: next ? `?${next}` : '' }, { replace: true, preventScrollReset: true });
    },
    [navigate, search],
  );
  return [filters, update];
}

/** How many cards to show, and 'Show more'. */
export function useShownCount(): [number, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const shown = (hydrated ? (location.state as EntryState | null)?.shown : undefined) ?? STEP;
  const more = useCallback(() => {
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: { ...(location.state as object | null), shown: shown + STEP }, preventScrollReset: true },
    );
  }, [navigate, location, shown]);
  return [shown, more];
}
