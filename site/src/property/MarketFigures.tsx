// The listing beside the Dubai Land Department's figures for its community (issue 35): its price
// per sqft against the community's median over the last 12 months, for its kind (and bedrooms,
// when they had enough sales), with the difference in words; under 10 sales it says so instead of
// a number. A sale listing also gets a gross yield at the community's median rent, and one of
// AED 2,000,000 or more the Golden Visa line. The figures are the detail file's `market`
// (the generator's publish::market, from content/market/); the listing's own price per sqft is
// worked out here by the rule of every other page (src/price.ts).
import { formatMonth, formatNumber } from '../format';
import { LOCALES, type Lang, type MessageKey, type Translate, useT } from '../i18n';
import { comparablePrice, type PricePeriod } from '../price';
import { useLang } from '../shell';
import type { MarketComparison, MarketKind } from '../types';

/** A sale at or over this may qualify its buyer for a UAE Golden Visa (the property route). */
export const GOLDEN_VISA_AED = 2_000_000;

const KINDS = {
  apartment: 'property.market.kind.apartment',
  villa: 'property.market.kind.villa',
  'office-shop': 'property.market.kind.officeShop',
  land: 'property.market.kind.land',
} as const satisfies Record<MarketKind, MessageKey>;

type Props = {
  market: MarketComparison | null;
  community: string;
  price: number | null;
  area: number | null;
  period: PricePeriod;
  forRent: boolean;
};

/** 'two-bedroom apartments' as the language writes it: the kind, and its bedrooms if the figure has them. */
function what(t: Translate, market: MarketComparison): string {
  const kind = t(KINDS[market.kind]);
  if (market.bedrooms == null) return kind;
  if (market.bedrooms === 0) return t('property.market.studios');
  return t('property.market.bedrooms', { n: market.bedrooms, kind });
}

/** The difference in words: '8% below the Dubai Marina median of 1,950 AED per sqft'. */
export function comparisonText(t: Translate, lang: Lang, listing: number, median: number, community: string): string {
  const percent = Math.round((Math.abs(listing - median) / median) * 100);
  const vars = { pct: formatNumber(lang, percent), community, amount: formatNumber(lang, median) };
  if (percent === 0) return t('property.market.level', vars);
  return t(listing < median ? 'property.market.below' : 'property.market.above', vars);
}

/** A gross yield (yearly rent over price) as a percentage with one decimal: '6.8', '6,8'. */
export function yieldText(lang: Lang, ratio: number): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio * 100);
}

export function MarketFigures({ market, community, price, area, period, forRent }: Props) {
  const t = useT();
  const lang = useLang();
  const yearly = comparablePrice(price, period);
  const listing = yearly != null && area ? Math.round(yearly / area) : null;
  // A rent is compared with rents (as the generator picks the figures): a rental, or a
  // commercial listing let by the year or month.
  const rental = forRent || period != null;
  const goldenVisa = !rental && price != null && price >= GOLDEN_VISA_AED;
  if (!market && !goldenVisa) return null;
  const sales = market ? t(rental ? 'property.market.contracts' : 'property.market.sales', { n: market.sales }) : '';
  return (
    <section className="property__section market" aria-labelledby="property-market">
      <h2 id="property-market" className="property__heading">
        {t('property.market.title')}
      </h2>
      {market ? (
        <>
          {/* The generator leaves the median out under 10 sales (publish::market::ENOUGH). */}
          {market.median != null ? (
            <p className="market__comparison">
              {listing != null ? `${comparisonText(t, lang, listing, market.median, community)} ` : ''}
              {t('property.market.basis', { what: what(t, market), sales })}
            </p>
          ) : (
            <p className="market__comparison">{t('property.market.tooFew', { what: what(t, market), community, sales })}</p>
          )}
          {!rental && market.rentMedian != null && listing ? (
            <p>{t('property.market.yield', { pct: yieldText(lang, market.rentMedian / listing), community })}</p>
          ) : null}
          <p className="market__source">{t('property.market.source', { month: formatMonth(lang, market.to) })}</p>
        </>
      ) : null}
      {goldenVisa ? <p className="market__visa">{t('property.market.goldenVisa')}</p> : null}
    </section>
  );
}
