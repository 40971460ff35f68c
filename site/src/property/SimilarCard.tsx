// A compact card of a similar property: the photo, price, title and a line of facts, the whole
// card one link, and the shortlist's heart over the photo (beside the link, not in it: a button
// inside a link is neither valid HTML nor reachable as itself). Lighter than the listing pages'
// card (these three are on every property page).
import { Link } from '../i18n/link';
import { useT } from '../i18n';
import { enAttrs, localize } from '../i18n/content';
import { formatNumber } from '../format';
import type { CardProperty } from '../types';
import { useLang, useSite } from '../shell';
import { Picture } from '../components/Picture';
import { useCardOrigin } from '../search/origin';
import { SaveButton } from '../shortlist/controls';

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
      <Link className="similar-card__link" to={property.url} state={{ property: card, ...origin }}>
        <Picture picture={property.image ?? site.defaultImage} sizes="similar" alt="" fallbackWidth={600} fallbackHeight={400} />
        <span className="similar-card__body">
          <span className="similar-card__price">{price}</span>
          <span className="similar-card__title" {...enAttrs(property, 'title')}>
            {property.title}
          </span>
          <span className="similar-card__facts">{facts.join(' · ')}</span>
        </span>
      </Link>
      <SaveButton id={property.id} title={property.title} />
    </div>
  );
}
