// The top of the property page (pages/PropertyDetail.tsx): its badges (featured, for sale or for
// rent, the type), title, location (linked to its community's guide when there is one) and
// price, then the gallery (`children`).
import type { ReactNode } from 'react';
import { typeLabel, useT } from '../i18n';
import { enAttrs } from '../i18n/content';
import { Link } from '../nav';
import { useLang } from '../shell';
import { Icon } from '../components/Icon';
import type { Loaded } from './loader';

/** `deal`: for sale or for rent; `place`: the location, or 'Not specified'. */
export function PropertyIntro({
  property,
  areaGuide,
  deal,
  price,
  perSqftLine,
  place,
  children,
}: Pick<Loaded, 'property' | 'areaGuide'> & { deal: string; price: string; perSqftLine: string | null; place: string; children: ReactNode }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="property__intro">
      <header className="property__header">
        <div>
          <p className="property__badges">
            {property.featured ? <span className="badge badge--gold">{t('card.featured')}</span> : null}
            <span className={property.mainCategory === 'Rental' ? 'badge badge--teal' : 'badge'}>{deal}</span>
            <span className="badge badge--soft">{typeLabel(lang, property.subCategory)}</span>
          </p>
          <h1 className="property__title" {...enAttrs(property, 'title')}>
            {property.title}
          </h1>
          <p className="property__location">
            <Icon name="pin" size={18} />
            {areaGuide && property.location ? (
              <Link to={areaGuide} {...enAttrs(property, 'location')}>
                {place}
              </Link>
            ) : (
              <span {...enAttrs(property, 'location')}>{place}</span>
            )}
          </p>
        </div>
        <div className="property__price">
          <p className="property__price-value">{price}</p>
          {perSqftLine ? <p className="property__price-sub">{perSqftLine}</p> : null}
        </div>
      </header>
      {children}
    </div>
  );
}
