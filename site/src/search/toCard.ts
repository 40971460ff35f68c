// A record of the API (the search function's answer, `api/properties/{id}.json`) as a card: the
// search results' and the shortlist's. A module of its own, so the shortlist does not load the
// search's rules.
import type { CardProperty, Property } from '../types';

/** A record of the function's answer as a card. */
export function toCard(property: Property): CardProperty {
  return {
    id: property.id,
    url: property.url,
    title: property.title,
    mainCategory: property.mainCategory,
    subCategory: property.subCategory,
    // A record of the API, not of the build: the photo by its address alone.
    image: property.Images[0] ? { src: property.Images[0] } : null,
    location: property.location,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms ?? null,
    photos: property.Images.length,
    area: property.area,
    price: property.price,
    pricePeriod: property.pricePeriod ?? null,
    // What the page's filters read of a card.
    ...(property.completionDate ? { completionDate: property.completionDate } : {}),
    ...(property.furnishing ? { furnishing: property.furnishing } : {}),
    // Where the map view puts it.
    ...(property.coordinates ? { coordinates: property.coordinates } : {}),
    featured: property.featured,
    createdAt: property.createdAt,
    ...(property.translations
      ? {
          translations: Object.fromEntries(
            Object.entries(property.translations).map(([lang, texts]) => [lang, { title: texts.title, location: texts.location }]),
          ),
        }
      : {}),
  };
}
