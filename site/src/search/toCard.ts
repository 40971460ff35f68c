// A record of the API (the search function's answer, `api/properties/{id}.json`) as a card: the
// search results' and the shortlist's. A module of its own, so the shortlist does not load the
// search's rules.
import type { CardProperty, Property } from '../types';

/**
 * A type's fields, every one required, an optional one's value possibly `undefined`: the card
 * below must name each field of the contract's card, so a field added there fails the type check
 * here until it is copied. (Two optional ones left out, the agent and the reference, once made
 * every result card call the agency and its WhatsApp text lack the reference.)
 */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };

/** A record of the function's answer as a card. */
export function toCard(property: Property): CardProperty {
  const card: EveryField<CardProperty> = {
    id: property.id,
    url: property.url,
    title: property.title,
    mainCategory: property.mainCategory,
    subCategory: property.subCategory,
    // The photo with its variants, as the listing pages' cards draw it; from an older build's
    // record, which has none, by its address alone.
    image: property.picture ?? (property.Images[0] ? { src: property.Images[0] } : null),
    location: property.location,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms ?? null,
    photos: property.Images.length,
    area: property.area,
    price: property.price,
    pricePeriod: property.pricePeriod ?? null,
    featured: property.featured,
    createdAt: property.createdAt,
    // Whom the card's Call and WhatsApp reach, and the reference its WhatsApp text names.
    reference: property.reference,
    agent: property.agent,
    // What the page's filters read of a card.
    furnishing: property.furnishing,
    completionDate: property.completionDate,
    cheques: property.cheques,
    availableFrom: property.availableFrom,
    // Where the map view puts it.
    coordinates: property.coordinates,
    translations: property.translations
      ? Object.fromEntries(
          Object.entries(property.translations).map(([lang, texts]) => [lang, { title: texts.title, location: texts.location }]),
        )
      : undefined,
  };
  // As the build writes a card: a field the record lacks is absent, not `undefined`.
  return Object.fromEntries(Object.entries(card).filter(([, value]) => value !== undefined)) as CardProperty;
}
