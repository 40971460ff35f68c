// One property: gallery (large image and thumbnails, arrow keys), title, facts, price, the
// description, the listing's permit and reference, and its consultant. A missing property
// shows 'Property Not Found' with status 404.
// Interim version: the 'Get in Touch' modal form follows with the forms issue.
import { useCallback, useEffect, useState } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getJson } from '../data';
import { useT } from '../i18n';
import { CATEGORY_PATH, formatMonth, formatNumber, isSafeId, telHref, whatsappHref } from '../format';
import type { Developer, Property, TeamMember } from '../types';
import { useHydrated, useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { NotFoundContent } from '../components/NotFoundContent';
import { Icon, type IconName } from '../components/Icon';
import { areaText, bedroomsText } from '../components/PropertyCard';

/** The spec's limit of the gallery. */
export const MAX_IMAGES = 9;

type Agent = Pick<TeamMember, 'id' | 'name' | 'role' | 'image' | 'brn' | 'phone' | 'whatsapp' | 'email'>;
type Detail = Omit<Property, 'translations' | 'coordinates'>;

type PropertyData =
  | { missing: true }
  | { missing: false; property: Detail; agent: Agent | null; developer: { id: string; name: string } | null };

export async function loader({ params }: LoaderFunctionArgs) {
  if (!isSafeId(params.id)) return data<PropertyData>({ missing: true }, { status: 404 });
  let full: Property;
  try {
    full = await getJson<Property>(`/api/properties/${params.id}.json`);
  } catch (error) {
    const status = error instanceof Response ? error.status : 500;
    if (status !== 404) console.error('Failed to fetch the property', error);
    return data<PropertyData>({ missing: true }, { status: status === 404 ? 404 : 500 });
  }
  const [team, developers] = await Promise.all([
    full.agent ? getJson<TeamMember[]>('/data/team.json').catch(() => []) : [],
    full.developer ? getJson<Developer[]>('/data/developers.json').catch(() => []) : [],
  ]);
  const member = team.find((person) => person.id === full.agent);
  const developer = developers.find((entry) => entry.id === full.developer);
  const { translations: _translations, coordinates: _coordinates, ...property } = full;
  return {
    missing: false,
    property,
    agent: member
      ? {
          id: member.id,
          name: member.name,
          role: member.role,
          image: member.image,
          brn: member.brn,
          phone: member.phone,
          whatsapp: member.whatsapp,
          email: member.email,
        }
      : null,
    developer: developer ? { id: developer.id, name: developer.name } : null,
  } satisfies PropertyData;
}

function NotFoundView() {
  const t = useT();
  // An unknown property is answered with the 404 page: hydrate that, then say what is missing.
  if (!useHydrated()) return <NotFoundContent />;
  return (
    <section className="container status-page">
      <Seo title={t('property.notFound')} description={t('property.notFound')} />
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="status-page__title">{t('property.notFound')}</h1>
      <p className="status-page__text">{t('property.notFound.text')}</p>
      <Link to="/" className="button button--primary">
        <Icon name="arrowLeft" size={18} className="flip-rtl" />
        <span>{t('property.goBack')}</span>
      </Link>
    </section>
  );
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function Gallery({ images, title }: { images: string[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const last = images.length - 1;
  const move = useCallback((step: number) => setIndex((current) => Math.min(last, Math.max(0, current + step))), [last]);

  // Left and right arrow keys move the selection, clamped to the first and last image.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const current = images[index] ?? images[0];
  return (
    <div className="gallery">
      <div className="gallery__stage">
        <img
          className="gallery__image"
          src={current}
          alt={t('property.photo', { title, n: index + 1, total: images.length })}
          width={1200}
          height={800}
          fetchPriority="high"
        />
        {images.length > 1 ? (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label={t('property.previous')}
              disabled={index === 0}
              onClick={() => move(-1)}
            >
              <Icon name="arrowLeft" size={22} className="flip-rtl" />
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label={t('property.next')}
              disabled={index === last}
              onClick={() => move(1)}
            >
              <Icon name="arrowRight" size={22} className="flip-rtl" />
            </button>
            <p className="gallery__counter" aria-live="polite">
              {t('property.counter', { n: index + 1, total: images.length })}
            </p>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={t('property.gallery')}>
          {images.map((image, i) => (
            <li key={`${image}-${i}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={t('property.thumbnail', { n: i + 1, total: images.length })}
                onClick={() => setIndex(i)}
              >
                <img src={image} alt="" width={150} height={100} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Fact({ icon, label, value }: { icon: IconName; label: string; value: string }) {
  return (
    <div className="fact-tile">
      <Icon name={icon} size={22} />
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function PropertyView({ property, agent, developer }: Extract<PropertyData, { missing: false }>) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const images = property.Images.length > 0 ? property.Images.slice(0, MAX_IMAGES) : [site.defaultImage];
  const forRent = property.mainCategory === 'Rental';
  const backTo = CATEGORY_PATH[property.mainCategory];
  const price =
    property.price == null
      ? t('card.contactForPrice')
      : t(
          property.pricePeriod === 'year'
            ? 'property.priceValue.year'
            : property.pricePeriod === 'month'
              ? 'property.priceValue.month'
              : 'property.priceValue',
          { amount: formatNumber(lang, property.price) },
        );
  const plainDescription = property.description.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

  return (
    <article className="property">
      <Seo title={property.title} description={plainDescription.slice(0, 160)} />
      <div className="container">
        <p className="property__back">
          <Link to={backTo} className="text-link">
            <Icon name="arrowLeft" size={18} className="flip-rtl" />
            <span>{t('property.back')}</span>
          </Link>
        </p>
        <Gallery images={images} title={property.title} />

        <div className="property__layout">
          <div className="property__main">
            <p className="property__badges">
              {property.featured ? <span className="badge badge--gold">{t('card.featured')}</span> : null}
              <span className={forRent ? 'badge badge--teal' : 'badge'}>{forRent ? t('card.forRent') : t('card.forSale')}</span>
              <span className="badge badge--soft">{property.subCategory}</span>
            </p>
            <h1 className="property__title">{property.title}</h1>
            <p className="property__location">
              <Icon name="pin" size={18} />
              <span>{property.location || t('card.notSpecified')}</span>
            </p>

            <dl className="property__facts">
              <Fact icon="bed" label={t('property.bedrooms')} value={bedroomsText(t, property.bedrooms)} />
              <Fact
                icon="bath"
                label={t('property.bathrooms')}
                value={property.bathrooms == null ? t('card.na') : String(property.bathrooms)}
              />
              <Fact icon="area" label={t('property.area')} value={areaText(t, lang, property.area)} />
              <Fact icon="building" label={t('property.type')} value={property.subCategory} />
            </dl>

            <section className="property__section" aria-labelledby="property-description">
              <h2 id="property-description" className="property__heading">
                {t('property.description')}
              </h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: property.description }} />
            </section>

            {property.amenities && property.amenities.length > 0 ? (
              <section className="property__section" aria-labelledby="property-amenities">
                <h2 id="property-amenities" className="property__heading">
                  {t('property.amenities')}
                </h2>
                <ul className="amenities">
                  {property.amenities.map((amenity) => (
                    <li key={amenity}>
                      <Icon name="check" size={18} />
                      <span>{amenity}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {property.paymentPlan && property.paymentPlan.length > 0 ? (
              <section className="property__section" aria-labelledby="property-plan">
                <h2 id="property-plan" className="property__heading">
                  {t('property.paymentPlan')}
                </h2>
                <ol className="payment-plan">
                  {property.paymentPlan.map((step) => (
                    <li key={step.milestone}>
                      <span className="payment-plan__percent">{t('property.percent', { n: formatNumber(lang, step.percent) })}</span>
                      <span>{step.milestone}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
          </div>

          <aside className="property__aside" aria-label={t('property.summary')}>
            <div className="price-card">
              <p className="price-card__label">{forRent ? t('card.forRent') : t('card.forSale')}</p>
              <p className="price-card__price">{price}</p>
              <dl className="price-card__meta">
                {property.reference ? (
                  <div>
                    <dt>{t('property.reference')}</dt>
                    <dd>{property.reference}</dd>
                  </div>
                ) : null}
                {property.permitNumber ? (
                  <div>
                    <dt>{t('property.permit')}</dt>
                    <dd>
                      {property.permitUrl ? (
                        <a href={property.permitUrl} target="_blank" rel="noopener">
                          {property.permitNumber}
                        </a>
                      ) : (
                        property.permitNumber
                      )}
                    </dd>
                  </div>
                ) : null}
                {property.completionDate ? (
                  <div>
                    <dt>{t('property.completion')}</dt>
                    <dd>{formatMonth(lang, property.completionDate)}</dd>
                  </div>
                ) : null}
                {developer ? (
                  <div>
                    <dt>{t('property.developer')}</dt>
                    <dd>
                      <Link to="/developers">{developer.name}</Link>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('property.orn')}</dt>
                  <dd>{site.orn}</dd>
                </div>
              </dl>
            </div>

            <div className="agent-card">
              {agent ? (
                <div className="agent-card__person">
                  <img src={agent.image} alt={agent.name} width={64} height={64} loading="lazy" />
                  <div>
                    <p className="agent-card__label">{t('property.agent')}</p>
                    <p className="agent-card__name">{agent.name}</p>
                    {agent.brn ? <p className="agent-card__brn">{t('team.brn', { brn: agent.brn })}</p> : null}
                  </div>
                </div>
              ) : (
                <p className="agent-card__label">{t('property.contactUs')}</p>
              )}
              <div className="agent-card__actions">
                {(agent?.phone ?? site.phones[0]) ? (
                  <a className="button button--primary" href={telHref(agent?.phone ?? site.phones[0] ?? '')}>
                    <Icon name="phone" size={18} />
                    <span>{t('property.call')}</span>
                  </a>
                ) : null}
                <a
                  className="button button--whatsapp"
                  href={whatsappHref(agent?.whatsapp ?? site.whatsapp)}
                  target="_blank"
                  rel="noopener"
                >
                  <Icon name="whatsapp" size={18} />
                  <span>{t('property.whatsapp')}</span>
                </a>
                <a className="button button--outline" href={`mailto:${agent?.email ?? site.email}?subject=${encodeURIComponent(property.title)}`}>
                  <Icon name="mail" size={18} />
                  <span>{t('property.email')}</span>
                </a>
              </div>
            </div>

            <Link to={backTo} className="button button--outline button--block">
              <Icon name="arrowLeft" size={18} className="flip-rtl" />
              <span>{t('property.back')}</span>
            </Link>
          </aside>
        </div>
      </div>
    </article>
  );
}

export { handle, HydrateFallback } from '../components/NotFoundContent';

export function Component() {
  const result = useLoaderData() as PropertyData;
  if (result.missing) return <NotFoundView />;
  return <PropertyView key={result.property.id} {...result} />;
}
