// The words each criterion of a result page's address is shown with: the page's chips (each
// removable, search/CriteriaChips.tsx) and its 'Search without ...' offer (NoResultsHelp.tsx).
// Loaded with those, after the page's first view.
import { formatDate } from '../dates';
import { formatNumber } from '../format';
import { typeLabel, type Lang, type Translate } from '../i18n';
import { priceText } from '../price';
import { filtersFrom, type Filters } from './filters';
import { furnishingLabel } from './filterAddress';

/** A community's name in the page's language, by its English name (the loader's options). */
export type CommunityName = (english: string) => string;

/** The parameters a chip stands for, in the chips' order; the price range is one chip. */
export const CHIP_PARAMS = ['community', 'type', 'bedrooms', 'price', 'purpose', 'offPlan', 'furnishing', 'cheques', 'availableFrom', 'bathrooms', 'area', 'areaMax', 'completion', 'query'] as const;
export type ChipParam = (typeof CHIP_PARAMS)[number];

/**
 * What one criterion of the address says, as the page's chips and its 'without ...' offer write it.
 * `yearly`: the page's prices are rents a year (the rent search), as its price filter says.
 */
export function chip(t: Translate, lang: Lang, params: URLSearchParams, name: ChipParam, yearly = false, community: CommunityName = (name) => name): string | null {
  if (name === 'price') return priceChip(t, lang, filtersFrom(params), yearly)[0] ?? null;
  if (name === 'furnishing') {
    const furnishing = filtersFrom(params).furnishing;
    return furnishing && t(furnishingLabel(furnishing));
  }
  // A rental's terms, as the filters read them (a value they cannot take is no chip).
  if (name === 'cheques') {
    const n = filtersFrom(params).cheques;
    return n ? t('search.chip.cheques', { n }) : null;
  }
  if (name === 'availableFrom') {
    const day = filtersFrom(params).availableFrom;
    return day && t('search.chip.moveIn', { day: formatDate(lang, day) });
  }
  const value = params.get(name)?.trim();
  if (!value) return null;
  const n = Number.parseInt(value, 10);
  const number = Number.isFinite(n) ? formatNumber(lang, n) : value;
  switch (name) {
    case 'query':
      return t('search.chip.query', { value });
    case 'type':
      return t('search.chip.type', { value: typeLabel(lang, value) });
    case 'bedrooms':
      if (n === 0) return t('card.studio');
      return n === 1 ? t('searchPanel.bedrooms.one') : n >= 7 ? t('searchPanel.bedrooms.more') : t('searchPanel.bedrooms.n', { n });
    case 'bathrooms':
      return t('search.chip.bathrooms', { value: n >= 7 ? '7+' : number });
    case 'area':
      return t('search.chip.area', { value: number });
    case 'areaMax':
      return t('search.chip.areaMax', { value: number });
    case 'completion':
      return t('search.chip.completion', { value: value.toLowerCase() === 'ready' ? t('listing.handover.ready') : value });
    case 'community':
      return community(value);
    case 'purpose':
      return value === 'rent' ? t('search.query.rent') : value === 'sale' ? t('search.query.sale') : null;
    case 'offPlan':
      return value === 'true' ? t('search.query.offPlan') : null;
  }
}

export function chips(t: Translate, lang: Lang, params: URLSearchParams, yearly = false, community?: CommunityName): string[] {
  return chipsNamed(t, lang, params, yearly, community).map(({ label }) => label);
}

/** The chips with the criterion each stands for; each of several communities is a chip of its own (`value`). */
export function chipsNamed(t: Translate, lang: Lang, params: URLSearchParams, yearly = false, community: CommunityName = (name) => name): { name: ChipParam; label: string; value?: string }[] {
  return CHIP_PARAMS.flatMap((name): { name: ChipParam; label: string; value?: string }[] => {
    if (name === 'community') {
      const names = [...new Set(params.getAll('community').map((value) => value.trim()).filter(Boolean))];
      return names.map((value) => ({ name, label: community(value), value }));
    }
    const label = chip(t, lang, params, name, yearly, community);
    return label === null ? [] : [{ name, label }];
  });
}

/**
 * The address without a chip's criterion (the price range's two bounds for its one chip; of
 * several communities, the one named by `value`).
 */
export function without(params: URLSearchParams, name: ChipParam, value?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (name === 'community' && value !== undefined) {
    const kept = next.getAll('community').filter((other) => other.trim() !== value);
    next.delete('community');
    for (const other of kept) next.append('community', other);
    return next;
  }
  for (const param of name === 'price' ? ['min', 'max'] : [name]) next.delete(param);
  return next;
}

/**
 * The price chip: a range written as one price ('1,000,000 – 3,000,000 AED', '80,000 – 120,000
 * AED / year'), a bound alone with its word ('Up to 3,000,000 AED').
 */
function priceChip(t: Translate, lang: Lang, filters: Filters, yearly: boolean): string[] {
  const price = (value: number) => priceText(t, lang, value, yearly ? 'year' : undefined);
  if (filters.min !== null && filters.max !== null) {
    const amount = t('search.chip.price', { min: formatNumber(lang, filters.min), max: formatNumber(lang, filters.max) });
    return [t(yearly ? 'price.amount.year' : 'price.amount', { amount })];
  }
  if (filters.min !== null) return [t('search.chip.priceMin', { value: price(filters.min) })];
  if (filters.max !== null) return [t('search.chip.priceMax', { value: price(filters.max) })];
  return [];
}

/**
 * The address without each of its criteria in turn (the price range as one), with the words of
 * the criterion left out: what 'No properties found' may offer. The words go last: they are what
 * the visitor typed.
 */
export function relaxations(
  t: Translate,
  lang: Lang,
  params: URLSearchParams,
  yearly = false,
  community?: CommunityName,
): { label: string; params: URLSearchParams }[] {
  return chipsNamed(t, lang, params, yearly, community).map(({ name, label, value }) => ({ label, params: without(params, name, value) }));
}

