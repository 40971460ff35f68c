// The words of a property page's market figures: the listing's price per sqft against
// its community's median over the last 12 months, for its kind (and bedrooms, when they had
// enough sales), with the difference in words; 'too few' instead of a number under 10 sales
// (the generator leaves the median out then: publish::market::ENOUGH); a sale's gross yield at
// the community's median rent; the source and the data's month; and for a sale of AED 2,000,000
// or more the Golden Visa line. The figures are the detail file's `market`; the listing's own
// price per sqft follows src/price.ts's rule.
//
// The property page's loader makes these texts (loading the 'Market' messages first), so a
// prerendered page carries them in its data and its first view downloads neither this module
// nor its messages (the page is near the 120 KB budget); the loader (./loader.ts) imports it on demand.
// The listing's terms (furnishing, a rental's cheques and the day it is free from) are made here
// too, for the same reason: their words are in the 'Market' set.
import { formatDate, formatMonth } from '../dates';
import { formatNumber, formatPercent } from '../format';
import { type Lang, loadMessages, type MessageKey, translate, type Translate } from '../i18n';
import { comparablePrice } from '../price';
import type { MarketComparison, MarketKind, Property } from '../types';

/** A sale at or over this may qualify its buyer for a UAE Golden Visa (the property route). */
export const GOLDEN_VISA_AED = 2_000_000;

const KINDS = {
  apartment: 'market.kind.apartment',
  villa: 'market.kind.villa',
  'office-shop': 'market.kind.officeShop',
  land: 'market.kind.land',
} as const satisfies Record<MarketKind, MessageKey>;

/** What the page shows, in its language. */
export type MarketTexts = {
  /** Empty when there are no figures to show, only `terms`. */
  title: string;
  /** The comparison (or 'too few'), with what it counts. */
  comparison: string | null;
  grossYield: string | null;
  source: string | null;
  goldenVisa: string | null;
  /**
   * The terms tenants filter by on the portals, as label and value for the details list: the
   * number of cheques and the day it is free from (rentals), and the furnishing.
   */
  terms: [string, string][];
};

/** 'two-bedroom apartments' as the language writes it: the kind, and its bedrooms if the figure has them. */
function what(t: Translate, market: MarketComparison): string {
  const kind = t(KINDS[market.kind]);
  if (market.bedrooms == null) return kind;
  if (market.bedrooms === 0) return t('market.studios');
  return t('market.bedrooms', { n: market.bedrooms, kind });
}

/**
 * The listing against the median in words: '8% below the Dubai Marina median of 1,950 AED per
 * sqft' (a rent's: 'per sqft / year'); without the listing's own figure, the median alone.
 */
export function comparisonText(t: Translate, lang: Lang, listing: number | null, median: number, community: string, rental: boolean): string {
  const amount = formatNumber(lang, median);
  const vars = { community, median: t(rental ? 'price.perSqftLine.year' : 'price.perSqftLine', { amount }) };
  if (listing == null) return t('market.median', vars);
  const percent = Math.round((Math.abs(listing - median) / median) * 100);
  if (percent === 0) return t('market.level', vars);
  return t(listing < median ? 'market.below' : 'market.above', { ...vars, pct: formatPercent(lang, percent) });
}

/** A gross yield (yearly rent over price) as a percentage with one decimal: '6.8%', '6,8 %'. */
export function yieldText(lang: Lang, ratio: number): string {
  return formatPercent(lang, ratio * 100, 1);
}

type Listing = Pick<Property, 'price' | 'area' | 'pricePeriod' | 'mainCategory' | 'cheques' | 'availableFrom' | 'furnishing'>;

/** A listing's terms (`MarketTexts.terms`) in `lang`, whose messages are loaded. */
function termsOf(t: Translate, lang: Lang, p: Listing): [string, string][] {
  const terms: [string, string][] = [];
  if (p.furnishing) terms.push([t('listing.furnishing'), t(`listing.furnishing.${p.furnishing}`)]);
  if (p.mainCategory !== 'Rental') return terms;
  if (p.cheques != null) terms.push([t('rental.cheques'), t('rental.cheques.value', { n: p.cheques })]);
  if (p.availableFrom) terms.push([t('rental.available'), formatDate(lang, p.availableFrom)]);
  return terms;
}

/** The texts for a listing in `community` (its name in `lang`), or null when there is nothing to say. */
export async function marketTexts(lang: Lang, market: MarketComparison | null, community: string, p: Listing): Promise<MarketTexts | null> {
  // A rent is compared with rents (as the generator picks the figures): a rental, or a
  // commercial listing let by the year or month.
  const rental = p.mainCategory === 'Rental' || p.pricePeriod != null;
  const goldenVisa = !rental && p.price != null && p.price >= GOLDEN_VISA_AED;
  const said = p.furnishing != null || (p.mainCategory === 'Rental' && (p.cheques != null || p.availableFrom != null));
  if (!market && !goldenVisa && !said) return null;
  await loadMessages(lang, 'Market');
  const t: Translate = (key, vars) => translate(lang, key, vars);
  const terms = termsOf(t, lang, p);
  if (!market && !goldenVisa) return { title: '', comparison: null, grossYield: null, source: null, goldenVisa: null, terms };
  const yearly = comparablePrice(p.price, p.pricePeriod);
  const listing = yearly != null && p.area ? Math.round(yearly / p.area) : null;
  let comparison: string | null = null;
  let grossYield: string | null = null;
  if (market) {
    const sales = t(rental ? 'market.contracts' : 'market.sales', { n: market.sales });
    comparison =
      market.median != null
        ? `${comparisonText(t, lang, listing, market.median, community, rental)} ${t('market.basis', { what: what(t, market), sales })}`
        : t('market.tooFew', { what: what(t, market), community, sales });
    if (!rental && market.rentMedian != null && listing) {
      grossYield = t('market.yield', { pct: yieldText(lang, market.rentMedian / listing), community });
    }
  }
  return {
    title: t('market.title'),
    comparison,
    grossYield,
    source: market ? t('market.source', { month: formatMonth(lang, market.to) }) : null,
    goldenVisa: goldenVisa ? t('market.goldenVisa') : null,
    terms,
  };
}
