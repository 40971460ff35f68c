// The property page's building blocks (pages/PropertyDetail.tsx): its fact tiles (bedrooms,
// bathrooms, area, price per sqft), its description, its details list, its amenities and an
// off-plan listing's payment plan, with the fact tile and the label and value row of its details
// lists.
import type { ReactNode } from 'react';
import { typeLabel, useT } from '../i18n';
import { Link } from '../nav';
import { formatPercent } from '../format';
import { formatDate, formatMonth } from '../dates';
import { enAttrs, type TermText } from '../i18n/content';
import { useLang } from '../shell';
import { Icon, type IconName } from '../components/Icon';
import { areaText, bedroomsText } from './facts';
import { hasRooms } from './rooms';
import { perSqftText } from '../price';
import type { Detail, Loaded } from './loader';

/** A section of the property page under its heading; `name` makes the heading's id (property-{name}). */
export function PropertySection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className="property__section" aria-labelledby={`property-${name}`}>
      <h2 id={`property-${name}`} className="property__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Fact({ icon, label, value }: { icon: IconName; label: string; value: string }) {
  return (
    <div className="fact-tile">
      {/* The icon inside the <dt>: a <dl>'s <div> may hold only <dt> and <dd> (vnu). */}
      <dt>
        <Icon name={icon} size={22} />
        <span>{label}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The fact tiles: bedrooms and bathrooms (homes only), area, price per sqft. */
export function PropertyFacts({ property }: { property: Detail }) {
  const t = useT();
  const lang = useLang();
  return (
    <dl className="property__facts">
      {/* Bedrooms and bathrooms of a plot or an office are left out, not 'N/A' (as on cards). */}
      {hasRooms(property.subCategory) ? (
        <>
          <Fact icon="bed" label={t('property.bedrooms')} value={bedroomsText(t, property.bedrooms)} />
          <Fact
            icon="bath"
            label={t('property.bathrooms')}
            value={property.bathrooms == null ? t('card.na') : String(property.bathrooms)}
          />
        </>
      ) : null}
      <Fact icon="area" label={t('property.area')} value={areaText(t, lang, property.area)} />
      <Fact icon="tag" label={t('property.perSqft')} value={perSqftText(t, lang, property.price, property.area, property.pricePeriod) ?? t('card.na')} />
    </dl>
  );
}

/** The description: the listing's text as sanitised HTML. */
export function DescriptionSection({ property }: { property: Detail }) {
  const t = useT();
  return (
    <PropertySection name="description" title={t('property.description')}>
      <div className="prose" {...enAttrs(property, 'description')} dangerouslySetInnerHTML={{ __html: property.description }} />
    </PropertySection>
  );
}

/**
 * 'Details': type, purpose (`deal`: for sale or for rent), price, rent period, the market's
 * terms, completion, developer, date listed.
 */
export function DetailsSection({ property, deal, price, market, developer }: Pick<Loaded, 'property' | 'market' | 'developer'> & { deal: string; price: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <PropertySection name="details" title={t('property.details')}>
      <dl className="details-list">
        <Row label={t('property.type')}>{typeLabel(lang, property.subCategory)}</Row>
        <Row label={t('property.purpose')}>{deal}</Row>
        <Row label={t('property.price')}>{price}</Row>
        {property.mainCategory === 'Rental' && property.pricePeriod ? (
          <Row label={t('property.period')}>{t(property.pricePeriod === 'year' ? 'property.period.year' : 'property.period.month')}</Row>
        ) : null}
        {market?.terms.map(([label, value]) => (
          <Row key={label} label={label}>
            {value}
          </Row>
        ))}
        {property.completionDate ? (
          <Row label={t('property.completion')}>{formatMonth(lang, property.completionDate.slice(0, 7))}</Row>
        ) : null}
        {developer ? (
          <Row label={t('property.developer')}>
            <Link to={`/developers/${developer.id}`} className="text-link">
              {developer.name}
            </Link>
          </Row>
        ) : null}
        <Row label={t('property.listed')}>{formatDate(lang, property.createdAt)}</Row>
      </dl>
    </PropertySection>
  );
}

/** The amenities, in the page's language (one the vocabulary lacks stays English, marked so). */
export function AmenitiesSection({ amenities }: { amenities: TermText[] }) {
  const t = useT();
  if (amenities.length === 0) return null;
  return (
    <PropertySection name="amenities" title={t('property.amenities')}>
      <ul className="amenities">
        {amenities.map((amenity) => (
          <li key={amenity.name}>
            <Icon name="check" size={18} />
            <span lang={amenity.en ? 'en' : undefined}>{amenity.name}</span>
          </li>
        ))}
      </ul>
    </PropertySection>
  );
}

/** An off-plan listing's payment plan: each stage's share of the price; `stages`, their names. */
export function PaymentPlanSection({ property, stages }: { property: Detail; stages: TermText[] }) {
  const t = useT();
  const lang = useLang();
  if (property.mainCategory !== 'OffPlan' || !property.paymentPlan?.length) return null;
  return (
    <PropertySection name="plan" title={t('property.paymentPlan')}>
      <ol className="payment-plan">
        {property.paymentPlan.map((step, i) => (
          <li key={step.milestone}>
            <span className="payment-plan__percent">{formatPercent(lang, step.percent)}</span>
            {/* The stage named by vocabulary/stages.yaml; one it lacks stays English, marked so. */}
            <span lang={stages[i]?.en ? 'en' : undefined}>{stages[i]?.name ?? step.milestone}</span>
          </li>
        ))}
      </ol>
    </PropertySection>
  );
}
