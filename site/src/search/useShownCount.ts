// How many cards of a list a page shows, kept in its history entry's state: 'Show more' opens the
// next ones, and Back restores them, and with them the place the visitor was reading
// (search/place.ts). Changes replace the entry rather than add one, and never scroll the page.
import { useCallback } from 'react';
import { useLocation, useNavigate } from '../nav';
import { useHydrated } from '../shell';

/** Cards added by each 'Show more'. */
export const STEP = 24;

interface EntryState {
  shown?: number;
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
