// The map's own address parameters: `view=map` shows the map above the list, and
// `bounds=west,south,east,north` is the area 'Search this area' kept, which the list then keeps
// to. They sit in the query string beside the filters (search/filters.ts), so a reload, a shared
// link and Back restore the map as they restore the filters. The area is the map's alone: the
// lead function's search endpoints know nothing of it. (Small on purpose: listing and result
// pages carry it in their first view; writing it is map/showMap.ts's.)
import type { CardProperty } from '../types';

/** West, south, east, north, in degrees. */
export type Bounds = [number, number, number, number];

/** The area an address keeps the list to, or null for none (or for one that is not an area). */
export function boundsFrom(params: URLSearchParams): Bounds | null {
  const parts = (params.get('bounds') ?? '').split(',').map(Number);
  const [west, south, east, north] = parts as Bounds;
  // NaN fails every comparison.
  const valid = parts.length === 4 && west >= -180 && west < east && east <= 180 && south >= -90 && south < north && north <= 90;
  return valid ? [west, south, east, north] : null;
}

/** The cards inside the area, in their order; a card without a location is outside every area. */
export function inArea(cards: CardProperty[], bounds: Bounds | null): CardProperty[] {
  if (!bounds) return cards;
  const [west, south, east, north] = bounds;
  return cards.filter(({ coordinates: at }) => at && at.lng >= west && at.lng <= east && at.lat >= south && at.lat <= north);
}
