// How the site writes money: one rule per language, used by every page that shows a price
// (cards, the property page and its similar listings, the feed, the area guides, the mortgage
// calculator). ARCHITECTURE.md ("Prices and numbers") states the rule:
// - the amount first, then the currency, as the detail page and commercial cards write it:
//   '3,450,000 AED', '3,450,000 درهم', '3 450 000 AED';
// - Latin digits in every language, Arabic too (as Dubai's portals and the DLD write prices),
//   grouped as the language groups thousands (a comma; in Russian a narrow space);
// - whole dirhams; a rent's period after the currency ('95,000 AED / year').
// The words (AED, درهم, "/ year") are the `price.*` messages, in the message set of every page
// that shows a price (src/i18n/message-sets.json).
import { formatNumber } from './format';
import type { Lang, Translate } from './i18n';

export type PricePeriod = 'year' | 'month' | null | undefined;

/**
 * A price as a yearly amount, so that rents due monthly and yearly sort and filter together: a
 * monthly rent counts twelve times. The generator's summaries use the same rule
 * (`contract::yearly_price`).
 */
export function comparablePrice(price: number | null, period: PricePeriod): number | null {
  if (price == null) return null;
  return period === 'month' ? price * 12 : price;
}

/** A price in dirhams with its rent period: '3,450,000 AED', '95,000 AED / year'; null: 'Contact for price'. */
export function priceText(t: Translate, lang: Lang, price: number | null, period?: PricePeriod): string {
  if (price == null) return t('price.contact');
  const amount = formatNumber(lang, Math.round(price));
  if (period === 'year') return t('price.amount.year', { amount });
  if (period === 'month') return t('price.amount.month', { amount });
  return t('price.amount', { amount });
}

/** The price of a square foot ('1,250 AED'), or null when the price or the area is unknown. */
export function perSqftText(t: Translate, lang: Lang, price: number | null, area: number | null, period?: PricePeriod): string | null {
  if (price == null || !area) return null;
  return priceText(t, lang, price / area, period);
}

/** The same as a line under a price: '1,250 AED per sqft', '95 AED per sqft / year'. */
export function perSqftLineText(t: Translate, lang: Lang, price: number | null, area: number | null, period?: PricePeriod): string | null {
  if (price == null || !area) return null;
  const amount = formatNumber(lang, Math.round(price / area));
  if (period === 'year') return t('price.perSqftLine.year', { amount });
  if (period === 'month') return t('price.perSqftLine.month', { amount });
  return t('price.perSqftLine', { amount });
}
