// What search engines and link previews read from a property page: absolute URLs, the page's
// description, and its schema.org JSON-LD (a RealEstateListing with an Offer in AED, the
// residence with its rooms, floor size and address, and the agency as a RealEstateAgent).
import type { ShellData } from '../shell';
import type { Property, TypeKind } from '../types';
import { localePath, type Lang } from '../i18n';

/** `path` on the public site: absolute when the site's base URL is known, else as it is. */
export function absoluteUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The text of an HTML fragment, with its whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word and marked with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * The schema.org type of the residence, from its type's kind in the vocabulary
 * (`content/vocabulary/types.yaml`): flats, houses, land (which has no floor or rooms), and
 * other premises (commercial space, or a type without a kind).
 */
export function residenceType(kind: TypeKind | null | undefined): 'Apartment' | 'SingleFamilyResidence' | 'Accommodation' | 'Place' {
  switch (kind) {
    case 'apartment':
      return 'Apartment';
    case 'villa':
      return 'SingleFamilyResidence';
    case 'land':
      return 'Place';
    default:
      return 'Accommodation';
  }
}

type Json = Record<string, unknown>;

export interface ListingInput {
  property: Omit<Property, 'translations'>;
  site: Pick<ShellData, 'name' | 'logo' | 'phones' | 'email' | 'address' | 'orn' | 'social'>;
  baseUrl: string;
  /** The page's own description (plain text). */
  description: string;
  /** The gallery's images (at most 9, the default image when the listing has none). */
  images: string[];
  /** The page's language (English by default): its address and the listing's inLanguage. */
  lang?: Lang;
  /** The kind of the listing's type, from the vocabulary (none when it gives none). */
  kind?: TypeKind | null;
}

/** The JSON-LD of a property page, one graph of the listing and the agency. */
export function listingJsonLd({ property, site, baseUrl, description, images, lang = 'en', kind }: ListingInput): Json {
  const url = absoluteUrl(baseUrl, localePath(lang, property.url));
  const agencyId = `${absoluteUrl(baseUrl, '/')}#agency`;
  const type = residenceType(kind);
  const land = type === 'Place';
  const floorSize =
    property.area == null ? undefined : { '@type': 'QuantitativeValue', value: property.area, unitCode: 'FTK', unitText: 'sqft' };
  const residence: Json = {
    '@type': type,
    name: property.title,
    address: {
      '@type': 'PostalAddress',
      ...(property.location ? { addressLocality: property.location } : {}),
      addressRegion: 'Dubai',
      addressCountry: 'AE',
    },
  };
  if (property.coordinates) {
    residence.geo = { '@type': 'GeoCoordinates', latitude: property.coordinates.lat, longitude: property.coordinates.lng };
  }
  if (land) {
    // A plot has a land area, not a floor: schema.org's Place takes it as a property value.
    if (property.area != null) {
      residence.additionalProperty = { '@type': 'PropertyValue', name: 'Plot area', value: property.area, unitCode: 'FTK', unitText: 'sqft' };
    }
  } else {
    if (floorSize) residence.floorSize = floorSize;
    if (property.bedrooms != null) {
      residence.numberOfBedrooms = property.bedrooms;
      // The rooms a listing advertises are its bedrooms; a studio is one room.
      residence.numberOfRooms = Math.max(1, property.bedrooms);
    }
    if (property.bathrooms != null) residence.numberOfBathroomsTotal = property.bathrooms;
    if (property.amenities?.length) {
      residence.amenityFeature = property.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true }));
    }
  }

  const rental = property.mainCategory === 'Rental';
  const offer: Json = {
    '@type': 'Offer',
    url,
    priceCurrency: 'AED',
    availability: 'https://schema.org/InStock',
    businessFunction: rental ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    offeredBy: { '@id': agencyId },
  };
  if (property.price != null) {
    offer.price = property.price;
    if (rental && property.pricePeriod) {
      offer.priceSpecification = {
        '@type': 'UnitPriceSpecification',
        price: property.price,
        priceCurrency: 'AED',
        unitCode: property.pricePeriod === 'year' ? 'ANN' : 'MON',
        unitText: property.pricePeriod,
      };
    }
  }

  const identifiers = [
    property.reference ? { '@type': 'PropertyValue', propertyID: 'Listing reference', value: property.reference } : null,
    property.permitNumber ? { '@type': 'PropertyValue', propertyID: 'DLD permit (Trakheesi)', value: property.permitNumber } : null,
  ].filter((entry) => entry !== null);

  const listing: Json = {
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: property.title,
    description,
    inLanguage: lang,
    datePosted: property.createdAt,
    image: images.map((image) => absoluteUrl(baseUrl, image)),
    ...(identifiers.length ? { identifier: identifiers } : {}),
    about: residence,
    offers: offer,
    provider: { '@id': agencyId },
  };

  const agency: Json = {
    '@type': 'RealEstateAgent',
    '@id': agencyId,
    name: site.name,
    url: absoluteUrl(baseUrl, '/'),
    logo: absoluteUrl(baseUrl, site.logo),
    image: absoluteUrl(baseUrl, site.logo),
    email: site.email,
    ...(site.phones[0] ? { telephone: site.phones[0] } : {}),
    address: { '@type': 'PostalAddress', streetAddress: site.address, addressLocality: 'Dubai', addressCountry: 'AE' },
    identifier: { '@type': 'PropertyValue', propertyID: 'ORN', value: site.orn },
    ...(site.social.length ? { sameAs: site.social.map((link) => link.url) } : {}),
  };

  return { '@context': 'https://schema.org', '@graph': [listing, agency] };
}

/** JSON for an inline <script>: `<` is escaped, so no text can close the script element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
