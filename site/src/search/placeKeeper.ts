// Keeps where a visitor is on a list of cards (search/place.ts) as they scroll and as they leave:
// its own chunk, fetched once the list's cards are drawn (nothing is to keep before).
import { read, STORE, type Place } from './placeStore';

/** Entries remembered: the last few result pages of the tab. */
const KEPT = 20;

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

/** Keeps the place of entry `key` from now on, as the window scrolls and when the page goes; answers what stops it. */
export function keepPlace(key: string): () => void {
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
}
