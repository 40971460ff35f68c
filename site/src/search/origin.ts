// Where a property page was opened from: the list (a listing page or a search's results, with
// its filters) that 'Back to Listings' returns to. A card's link carries it in the history
// entry's state; the property page reads it back.
import { useLocation } from '../nav';
import { stripLang } from '../i18n';
import { CATEGORY_PATH } from '../format';
import { FIXED_ROUTES } from '../paths';

export interface ListingsOrigin {
  /** The list's path and query, in no language ('/buy-property?type=Villa'). */
  path: string;
  /** React Router's index of the list's history entry: Back is one step when it is the previous one. */
  idx: number | null;
}

const LIST_MAIN_PATHS = new Set<string>([...Object.values(CATEGORY_PATH), '/allproperties']);

/** The listing pages and result pages, with their aliases. */
const LIST_PATHS = new Set<string>(
  FIXED_ROUTES.filter(({ path, aliasOf }) => {
    const main = aliasOf ?? path;
    return LIST_MAIN_PATHS.has(main) || main.startsWith('/search-');
  }).map(({ path }) => path),
);

function historyIndex(): number | null {
  if (typeof window === 'undefined') return null;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * The state a card's link carries: this page when it is a list, else the list this page was
 * itself opened from (a similar listing on a property page keeps the visitor's list). A list's
 * filters change its address, and with it this state.
 */
export function useCardOrigin(): { listings?: ListingsOrigin } {
  const location = useLocation();
  const path = stripLang(location.pathname.replace(/(.)\/+$/, '$1'));
  if (LIST_PATHS.has(path)) return { listings: { path: `${path}${location.search}`, idx: historyIndex() } };
  const inherited = originOf(location.state);
  return inherited ? { listings: { ...inherited, idx: null } } : {};
}

/** The list a page was opened from, if its history entry names one. */
export function originOf(state: unknown): ListingsOrigin | undefined {
  const listings = (state as { listings?: Partial<ListingsOrigin> } | null)?.listings;
  const path = listings?.path;
  // Only a path of this site (never '//host' or a full URL) is followed.
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return undefined;
  return { path, idx: typeof listings?.idx === 'number' ? listings.idx : null };
}

/** Whether the list is the entry right before this one, so Back returns to it as it was left. */
export function isPreviousEntry(origin: ListingsOrigin): boolean {
  const idx = historyIndex();
  return origin.idx !== null && idx !== null && idx === origin.idx + 1;
}
