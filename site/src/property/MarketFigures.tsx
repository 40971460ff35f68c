// The property page's market figures (the Dubai Land Department's open data): the texts its
// loader made (property/market.ts);
// the Golden Visa line links to /golden-visa.
import { Link } from '../nav';
import type { MarketTexts } from './market';

export function MarketFigures({ texts }: { texts: MarketTexts | null }) {
  // Terms alone (market.ts) are rows of the details list, not figures.
  if (!texts?.title) return null;
  return (
    <section className="property__section market" aria-labelledby="property-market">
      <h2 id="property-market" className="property__heading">
        {texts.title}
      </h2>
      {texts.comparison ? <p className="market__comparison">{texts.comparison}</p> : null}
      {texts.grossYield ? <p>{texts.grossYield}</p> : null}
      {texts.source ? <p className="market__source">{texts.source}</p> : null}
      {texts.goldenVisa ? (
        <p className="market__visa">
          <Link to="/golden-visa">{texts.goldenVisa}</Link>
        </p>
      ) : null}
    </section>
  );
}
