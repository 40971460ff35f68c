// The property card (image, price, title, location, facts), and the grid of them (1, 2 or 3
// columns by width).
import { createContext, use, useId } from 'react';
import { Link } from '../nav';
import { localePath, typeLabel, useT } from '../i18n';
import { enAttrs, localize } from '../i18n/content';
import { priceText } from '../price';
import type { CardProperty } from '../types';
import { useLang, useSite } from '../shell';
import { Icon } from './Icon';
import { hasRooms } from '../property/rooms';
import { areaText, bedroomsText } from '../property/facts';
import { Picture } from './Picture';
import { telHref, whatsappHref } from '../format';
import { absoluteUrl } from '../property/seo';
import { useCardOrigin } from '../search/origin';
import { CompareToggle, SaveButton } from '../shortlist/controls';
import { CardDrawingContext } from './keptCards';

/**
 * `priority`: its photo is the page's largest image, preloaded; `fetching`: fetched with the page
 * without a preload (components/Picture.tsx).
 */
export function PropertyCard({ property: card, priority = false, fetching }: { property: CardProperty; priority?: boolean; fetching?: 'high' }) {
  const t = useT();
  const lang = useLang();
  const property = localize(card, lang, ['title', 'location']);
  const site = useSite();
  const titleId = useId();
  const origin = useCardOrigin();
  // The prerender's kept HTML of this card, when it has it (keptCards.ts): a stand-in here.
  // Read with `use`, which a condition may skip (a hook may not): the browser's bundle leaves it out.
  const drawing = import.meta.env.SSR ? use(CardDrawingContext) : null;
  const slot = drawing ? drawing.card(priority ? null : [lang, fetching ?? '', card], site, titleId) : null;
  if (slot !== null) return <article data-card-slot={slot} />;
  const forRent = property.mainCategory === 'Rental';
  const rooms = hasRooms(property.subCategory);
  // Call and WhatsApp: the listing's agent, else the agency, as on the property page.
  const agent = property.agent ? site.agents[property.agent] : undefined;
  const phone = agent?.phone ?? site.phones[0];
  const whatsapp = agent?.whatsapp ?? site.whatsapp;
  const message = t(property.reference ? 'card.whatsapp.message' : 'card.whatsapp.messageNoRef', {
    title: property.title,
    reference: property.reference ?? '',
    url: absoluteUrl(site.baseUrl, localePath(lang, property.url)),
  });
  return (
    <article className="property-card">
      <div className="property-card__media">
        <Picture
          picture={property.image ?? site.defaultImage}
          sizes="card"
          alt={property.title}
          {...enAttrs(property, 'title')}
          fallbackWidth={600}
          fallbackHeight={400}
          priority={priority}
          fetching={fetching}
        />
        <div className="property-card__badges">
          {property.featured ? <span className="badge badge--gold">{t('card.featured')}</span> : null}
          <span className={forRent ? 'badge badge--teal' : 'badge'}>{forRent ? t('card.forRent') : t('card.forSale')}</span>
        </div>
        <SaveButton id={property.id} title={property.title} />
        <CompareToggle id={property.id} title={property.title} />
        {property.photos > 0 ? (
          <p className="property-card__photos">
            <Icon name="camera" size={14} />
            <span>{t('card.photos', { count: property.photos })}</span>
          </p>
        ) : null}
      </div>
      <div className="property-card__body">
        <p className="property-card__type">{typeLabel(lang, property.subCategory)}</p>
        <h3 className="property-card__title" id={titleId} {...enAttrs(property, 'title')}>
          {property.title}
        </h3>
        <p className="property-card__price">{priceText(t, lang, property.price, property.pricePeriod)}</p>
        <dl className="property-card__facts">
          <div className="fact fact--wide">
            <dt>
              <Icon name="pin" size={16} />
              <span>{t('card.location')}</span>
            </dt>
            <dd {...enAttrs(property, 'location')}>{property.location || t('card.notSpecified')}</dd>
          </div>
          {rooms ? (
            <div className="fact">
              <dt>
                <Icon name="bed" size={16} />
                <span>{t('card.bedrooms')}</span>
              </dt>
              <dd>{bedroomsText(t, property.bedrooms)}</dd>
            </div>
          ) : null}
          {rooms && property.bathrooms != null ? (
            <div className="fact">
              <dt>
                <Icon name="bath" size={16} />
                <span>{t('card.bathrooms')}</span>
              </dt>
              <dd>{property.bathrooms}</dd>
            </div>
          ) : null}
          <div className="fact">
            <dt>
              <Icon name="area" size={16} />
              <span>{t('card.area')}</span>
            </dt>
            <dd>{areaText(t, lang, property.area)}</dd>
          </div>
        </dl>
        <div className="property-card__footer">
          <Link
            className="property-card__link"
            to={property.url}
            state={origin}
            aria-describedby={titleId}
          >
            <span>{t('card.view')}</span>
            <Icon name="arrowRight" size={18} className="flip-rtl" />
          </Link>
          {/* Above the link's whole-card hit area (styles/cards.css), each with the card's title
              as its description, as 'View Property' has. */}
          <div className="property-card__actions">
            {phone ? (
              <a className="property-card__action" href={telHref(phone)} aria-describedby={titleId}>
                <Icon name="phone" size={16} />
                <span>{t('card.call')}</span>
              </a>
            ) : null}
            <a
              className="property-card__action property-card__action--whatsapp"
              href={whatsappHref(whatsapp, message)}
              target="_blank"
              rel="noopener"
              aria-describedby={titleId}
            >
              <Icon name="whatsapp" size={16} />
              <span>{t('card.whatsapp')}</span>
            </a>
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * The prerender's: the cards of this page are drawn already, and the grid is a stand-in for them
 * (`GRID_SLOT`). An alias's page (/Rental for /rent-property) shows its main page's cards in its
 * language; entry-server.tsx's `render` takes them from that page's HTML instead of drawing them
 * again. Unset in the browser.
 */
export const CardsDrawn = createContext(false);

/** The HTML of the grid's stand-in, and how the grid's list begins (`GRID_START`): the prerender finds them by these. */
export const GRID_SLOT = '<ul data-grid-slot=""></ul>';
export const GRID_START = '<ul class="card-grid" role="list">';

/**
 * `first`: the first card's photo is the page's largest image, fetched first and preloaded: the
 * search results' (its request starts with the search's answer, the page's only photo in the
 * first screen). `firstHigh`: fetched first without a preload: the listing pages', whose first
 * card is in the prerendered HTML, so the browser's preload scanner finds its <img> right after
 * the stylesheet. Lazy, it was asked for only once the stylesheet had come and the page was laid
 * out (a throttled Chrome drew it at 3.0-3.5 s instead of 2.0). Lighthouse's simulated LCP is
 * worse either way (a preload: 1.45 -> 1.77 s; this: 1.67 -> 1.75 s): it leaves a lazy photo, of
 * low priority, out of its optimistic estimate (docs/site.md).
 */
export function PropertyGrid({
  properties,
  empty,
  first = false,
  firstHigh = false,
}: {
  properties: CardProperty[];
  empty?: string;
  first?: boolean;
  firstHigh?: boolean;
}) {
  const t = useT();
  // A preload of its first photo (`first`) is collected while its cards are drawn: then drawn.
  // Read with `use`, which a condition may skip (a hook may not): the browser's bundle leaves it out.
  const drawn = (import.meta.env.SSR ? use(CardsDrawn) : false) && !first;
  if (properties.length === 0) {
    return (
      <p className="empty-state" role="status">
        <Icon name="search" size={28} />
        <span>{empty ?? t('listing.empty')}</span>
      </p>
    );
  }
  if (drawn) return <ul data-grid-slot="" />;
  return (
    <ul className="card-grid" role="list">
      {/* A card is a part of the page's hydration (a screen of cards is a long task on a phone). */}
      {properties.map((property, index) => (
        <li key={property.id}>
          <PropertyCard property={property} priority={first && index === 0} fetching={firstHigh && index === 0 ? 'high' : undefined} />
        </li>
      ))}
    </ul>
  );
}
