// A listing or result page's choices (type, sort, price range, bedrooms, bathrooms, size,
// handover, furnishing; a rental's cheques and move-in day), as they live in the page's address:
// /buy-property?type=Villa&sort=price-asc&min=2000000. The address is the one place they are
// kept, so a reload, a shared link and Back restore them.
// The rules a card must meet are the lead function's (lead-fn/src/search.rs, `Criteria::fits`);
// lead-fn/tests/search-vectors.json holds the cases both sides run.
import { ROOMS_OR_MORE, SEARCH_SORTS } from '../endpoints';
import { comparablePrice } from '../price';
import type { CardProperty, Furnishing } from '../types';
import { typeKey } from './rules';

/** The orders a search offers: the function's (contract::endpoints, generated into endpoints.ts). */
export const SORTS = SEARCH_SORTS;
export type Sort = (typeof SORTS)[number];

/** The bedroom and bathroom counts a filter offers; the last one means "this many or more" (the function's). */
export { ROOMS_OR_MORE };

export interface Filters {
  /** A property type, compared as search compares types (`typeKey`). */
  type: string | null;
  sort: Sort;
  /** AED; rents compare as yearly amounts (`comparablePrice`). */
  min: number | null;
  max: number | null;
  /** Exactly this many (0 is a studio); `ROOMS_OR_MORE` means that many or more. */
  bedrooms: number | null;
  bathrooms: number | null;
  /** Square feet, at least (the `area` parameter of the search endpoints) and at most. */
  area: number | null;
  areaMax: number | null;
  /** Off-plan handover: 'ready' (its month has come) or a year ('2028'). */
  completion: string | null;
  furnishing: Furnishing | null;
  /** Rentals whose rent may be paid in this many cheques, 1 to 12: theirs as many or more. */
  cheques: number | null;
  /** Rentals free on or before this day (`2027-01-15`); one giving no day is free now. */
  availableFrom: string | null;
}

const FURNISHINGS: readonly string[] = ['furnished', 'partly-furnished', 'unfurnished'] satisfies Furnishing[];

export const NO_FILTERS: Filters = {
  type: null,
  sort: 'newest',
  min: null,
  max: null,
  bedrooms: null,
  bathrooms: null,
  area: null,
  areaMax: null,
  completion: null,
  furnishing: null,
  cheques: null,
  availableFrom: null,
};

/** The address's parameter of each filter: the filter's own name. */
export type NumberFilter = 'min' | 'max' | 'bedrooms' | 'bathrooms' | 'area' | 'areaMax' | 'cheques';
export const NUMBERS: NumberFilter[] = ['min', 'max', 'bedrooms', 'bathrooms', 'area', 'areaMax', 'cheques'];

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,12}\s*$/.test(value)) return null;
  return Number(value);
}

/** The filters an address asks for; a value that is not one of a filter's values is no filter. */
export function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = { ...NO_FILTERS };
  const type = params.get('type')?.trim();
  if (type) filters.type = type;
  const sort = params.get('sort');
  if ((SORTS as readonly string[]).includes(sort ?? '')) filters.sort = sort as Sort;
  for (const name of NUMBERS) filters[name] = wholeNumber(params.get(name));
  const completion = params.get('completion')?.toLowerCase() ?? '';
  if (/^(ready|\d{4})$/.test(completion)) filters.completion = completion;
  const furnishing = params.get('furnishing')?.toLowerCase() ?? '';
  if (FURNISHINGS.includes(furnishing)) filters.furnishing = furnishing as Furnishing;
  // 1 to 12 cheques (0 leaves nothing out); a day as the date field writes it, compared as text.
  if (filters.cheques! > 12) filters.cheques = null;
  const day = params.get('availableFrom') ?? '';
  if (/^\d{4}-\d\d-\d\d$/.test(day)) filters.availableFrom = day;
  return filters;
}

/** This month in UTC ('2026-11'), as the lead function reads 'ready'. */
export const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A handover meets the wanted one: 'ready' when its month has come, else its year. */
function handoverFits(wanted: string | null, date: string | undefined, today: string): boolean {
  if (wanted === null) return true;
  const month = date?.slice(0, 7);
  if (!month) return false;
  return wanted === 'ready' ? month <= today : month.startsWith(wanted);
}

/** A count of rooms meets a wanted count: exactly, or at least when the count wanted is the last choice. */
function roomsFit(wanted: number | null, rooms: number | null): boolean {
  if (wanted === null) return true;
  if (rooms === null) return false;
  return wanted >= ROOMS_OR_MORE ? rooms >= ROOMS_OR_MORE : rooms === wanted;
}

/** Whether a card meets every filter; a bound on something the card does not state leaves it out. */
export function fits(
  card: Pick<CardProperty, 'subCategory' | 'price' | 'pricePeriod' | 'bedrooms' | 'bathrooms' | 'area' | 'completionDate' | 'furnishing' | 'cheques' | 'availableFrom'>,
  filters: Filters,
  today = thisMonth(),
): boolean {
  const price = comparablePrice(card.price, card.pricePeriod);
  const within = (value: number | null, low: number | null, high: number | null) =>
    (low === null || (value !== null && value >= low)) && (high === null || (value !== null && value <= high));
  return (
    (filters.type === null || typeKey(card.subCategory) === typeKey(filters.type)) &&
    within(price, filters.min, filters.max) &&
    roomsFit(filters.bedrooms, card.bedrooms) &&
    roomsFit(filters.bathrooms, card.bathrooms) &&
    within(card.area, filters.area, filters.areaMax) &&
    handoverFits(filters.completion, card.completionDate, today) &&
    (filters.furnishing === null || card.furnishing === filters.furnishing) &&
    (card.cheques ?? 0) >= (filters.cheques ?? 0) &&
    !(filters.availableFrom && card.availableFrom! > filters.availableFrom)
  );
}

/**
 * The cards the filters let through, in their order. Prices compare as yearly amounts, so a
 * rent due monthly sorts and filters beside one due yearly. Cards without a price sort last.
 */
export function applyFilters(cards: CardProperty[], filters: Filters): CardProperty[] {
  const today = thisMonth();
  const shown = cards.filter((card) => fits(card, filters, today)).map((card) => ({ card, price: comparablePrice(card.price, card.pricePeriod) }));
  if (filters.sort !== 'newest') {
    const direction = filters.sort === 'price-asc' ? 1 : -1;
    shown.sort((a, b) => {
      if (a.price === null || b.price === null) return a.price === null ? (b.price === null ? 0 : 1) : -1;
      return (a.price - b.price) * direction;
    });
  }
  return shown.map(({ card }) => card);
}
