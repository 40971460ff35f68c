// Where a visitor was on a list of cards (a listing page, a search's results), for Back and a
// reload. The cards the address asks for come after the page is drawn (a search's always; a
// listing page's past its first cards, or filtered), once its code has run: the browser restores
// the window's scroll as the page loads, to a page without them, and its scroll anchoring then
// holds the footer in view while the cards push it down (a reload at 1,500 px landed at 4,907 px
// on a phone). So the page keeps, per history entry, the card at the top of the window and where
// it stood, and on Back, Forward or a reload, once its cards are drawn, puts that card back where
// it was. (A browser that kept the page in its back/forward cache shows it as it was left, and
// none of this runs.)
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '../nav';
import { read, type Place } from './placeStore';

/** Puts `place` back: its card at the same height in the window, else the same offset. */
export function restorePlace(place: Place) {
  const link = place.card ? document.querySelector(`.property-card__link[href="${CSS.escape(place.card)}"]`) : null;
  const card = link?.closest('.property-card') ?? link;
  if (card && place.top !== undefined) window.scrollTo(0, window.scrollY + card.getBoundingClientRect().top - place.top);
  else window.scrollTo(0, place.y);
}

/** Whether the page was opened by Back, Forward or a reload: a place it was left at is put back. */
function returning(): boolean {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === 'back_forward' || navigation?.type === 'reload';
}

/**
 * Keeps the place of this list's history entry as the visitor scrolls, and puts it back the
 * first time `ready` (the cards the address asks for drawn, the page hydrated) is true, when the
 * page was opened by Back, Forward or a reload.
 */
export function useResultPlace(ready: boolean) {
  const location = useLocation();
  // The entry's key (address.ts), and its address.
  const key = `${location.key} ${location.pathname}${location.search}`;
  const restored = useRef(false);

  useEffect(() => {
    if (!ready) return;
    // The keeping's code comes once the cards are drawn (search/placeKeeper.ts).
    let stop: (() => void) | undefined;
    let live = true;
    import('./placeKeeper').then(
      ({ keepPlace }) => {
        if (live) stop = keepPlace(key);
      },
      // Not fetched (offline, a new deploy): a reload starts at the top, as without storage.
      (error: unknown) => console.error('Failed to load the place keeper', error),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [key, ready]);

  // Before paint, so the footer never shows: the cards' render, then the place.
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (!returning()) return;
    const place = read()[key];
    if (place) restorePlace(place);
  }, [key, ready]);
}
