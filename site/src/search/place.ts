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

const STORE = 'estate.resultPlaces';
/** Entries remembered: the last few result pages of the tab. */
const KEPT = 20;

/** Where the window was: its offset, and the card at its top (its link) with that card's top. */
export interface Place {
  y: number;
  card?: string;
  top?: number;
}

type Places = Record<string, Place & { at: number }>;

function read(): Places {
  try {
    return (JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Places) ?? {};
  } catch {
    return {};
  }
}

function write(key: string, place: Place) {
  try {
    const places = { ...read(), [key]: { ...place, at: Date.now() } };
    const newest = Object.entries(places)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, KEPT);
    sessionStorage.setItem(STORE, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage full or refused: a reload starts at the top, as before.
  }
}

/** The first card whose bottom is below the window's top: the one the visitor was reading. */
export function placeNow(): Place {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.property-card__link')) {
    const card = link.closest('.property-card') ?? link;
    const { top, bottom } = card.getBoundingClientRect();
    if (bottom > 0) return { y: window.scrollY, card: link.getAttribute('href') ?? undefined, top };
  }
  return { y: window.scrollY };
}

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => write(key, placeNow());
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 150);
    };
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', later);
      window.removeEventListener('pagehide', save);
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
