// A compact card of a similar property: the photo, price, title and a line of facts, and the
// shortlist's heart over the photo. The title is the link; its hit area covers the whole card
// (styles/property-extras.css), under the heart, as the listing pages' card does (a card that is all one
// link cannot hold a button: not valid HTML, and not reachable as itself). Lighter than the listing
// pages' card (these three are on every property page).
import { Link } from '../nav';
import { useT } from '../i18n';
import { enAttrs, localize } from '../i18n/content';
import { formatNumber } from '../format';
import type { CardProperty } from '../types';
import { useLang, useSite } from '../shell';
import { Picture } from '../components/Picture';
import { useCardOrigin } from '../search/origin';
import { SaveButton } from '../shortlist/controls';
import { priceText } from '../price';

export function SimilarCard({ property: card, price }: { property: CardProperty; price: string }) {
  const t = useT();
  const lang = useLang();
  const property = localize(card, lang, ['title', 'location']);
  const site = useSite();
  // 'Back to Listings' on the similar listing's page still returns to the visitor's list.
  const origin = useCardOrigin();
  const facts = [
    property.location,
    property.bedrooms == null ? null : property.bedrooms === 0 ? t('card.studio') : t('property.similar.bedrooms', { n: property.bedrooms }),
    property.area == null ? null : t('card.areaValue', { area: formatNumber(lang, property.area) }),
  ].filter((fact): fact is string => !!fact);
  return (
    <div className="similar-card">
      <Picture picture={property.image ?? site.defaultImage} sizes="similar" alt="" fallbackWidth={600} fallbackHeight={400} />
      <div className="similar-card__body">
        <span className="similar-card__price">{price}</span>
        <Link className="similar-card__title" to={property.url} state={{ property: card, ...origin }} {...enAttrs(property, 'title')}>
          {property.title}
        </Link>
        <span className="similar-card__facts">{facts.join(' · ')}</span>
      </div>
      <SaveButton id={property.id} title={property.title} />
    </div>
  );
}

/** The section of similar listings under a property page or a gone listing's page; nothing when
 * there are none. */
export function SimilarSection({ id, heading, cards }: { id: string; heading: string; cards: CardProperty[] }) {
  const t = useT();
  const lang = useLang();
  if (cards.length === 0) return null;
  return (
    <section className="section section--sand property__similar" aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="property__heading">
          {heading}
        </h2>
        <ul className="similar-grid" role="list">
          {cards.map((card) => (
            <li key={card.id}>
              <SimilarCard property={card} price={priceText(t, lang, card.price, card.pricePeriod)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
