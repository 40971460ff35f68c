import { describe, expect, it } from 'vitest';
import type { Property } from '../types';
import { absoluteUrl, listingJsonLd, plainText, residenceType, scriptJson, truncate } from './seo';

const site = {
  name: 'Palm Crest Real Estate',
  logo: '/media/logo.svg',
  phones: ['+971 4 555 0123'],
  email: 'info@example.ae',
  address: 'Office 1408, Bay Square',
  orn: '28417',
  social: [{ network: 'instagram', url: 'https://instagram.com/example' }],
};

function listing(overrides: Partial<Property> = {}): Omit<Property, 'translations'> {
  return {
    _id: 'marina-2br',
    id: 'marina-2br',
    title: 'Marina Two-Bedroom',
    mainCategory: 'Residential',
    subCategory: 'Apartment',
    Images: ['/media/a.jpg', 'https://cdn.example/b.jpg'],
    location: 'Dubai Marina',
    bedrooms: 2,
    bathrooms: 3,
    area: 1320,
    price: 3450000,
    featured: false,
    createdAt: '2026-11-12T00:00:00+04:00',
    description: '<p>Sea view.</p>',
    url: '/property/marina-2br',
    reference: 'PC-R-1001',
    permitNumber: '7124581930',
    coordinates: { lat: 25.08, lng: 55.14 },
    amenities: ['Gym'],
    ...overrides,
  };
}

type Node = Record<string, any>;
const graph = (data: Node) => ({
  listing: data['@graph'].find((node: Node) => node['@type'] === 'RealEstateListing') as Node,
  agency: data['@graph'].find((node: Node) => node['@type'] === 'RealEstateAgent') as Node,
});

describe('property structured data', () => {
  it('describes a sale: listing, offer in AED, the residence, the agency', () => {
    const property = listing();
    const data = listingJsonLd({ property, site, baseUrl: 'https://www.example.ae', description: 'Sea view.', images: property.Images, kind: 'apartment' });
    expect(data['@context']).toBe('https://schema.org');
    const { listing: page, agency } = graph(data);
    expect(page.url).toBe('https://www.example.ae/property/marina-2br');
    expect(page.image).toEqual(['https://www.example.ae/media/a.jpg', 'https://cdn.example/b.jpg']);
    expect(page.datePosted).toBe('2026-11-12T00:00:00+04:00');
    expect(page.identifier.map((id: Node) => id.value)).toEqual(['PC-R-1001', '7124581930']);
    expect(page.offers).toMatchObject({
      '@type': 'Offer',
      price: 3450000,
      priceCurrency: 'AED',
      businessFunction: 'http://purl.org/goodrelations/v1#Sell',
      offeredBy: { '@id': agency['@id'] },
    });
    expect(page.offers.priceSpecification).toBeUndefined();
    expect(page.about).toMatchObject({
      '@type': 'Apartment',
      numberOfBedrooms: 2,
      numberOfRooms: 2,
      numberOfBathroomsTotal: 3,
      floorSize: { '@type': 'QuantitativeValue', value: 1320, unitCode: 'FTK' },
      address: { '@type': 'PostalAddress', addressLocality: 'Dubai Marina', addressCountry: 'AE' },
      geo: { latitude: 25.08, longitude: 55.14 },
    });
    expect(agency).toMatchObject({
      name: 'Palm Crest Real Estate',
      url: 'https://www.example.ae/',
      logo: 'https://www.example.ae/media/logo.svg',
      telephone: '+971 4 555 0123',
      identifier: { propertyID: 'ORN', value: '28417' },
      sameAs: ['https://instagram.com/example'],
    });
  });

  it('gives a rental its period, and leaves out what the listing does not say', () => {
    const property = listing({ mainCategory: 'Rental', pricePeriod: 'month', price: 15000, bedrooms: 0, bathrooms: undefined, location: null, coordinates: undefined, reference: undefined, permitNumber: undefined });
    const { listing: page } = graph(listingJsonLd({ property, site, baseUrl: '', description: 'x', images: ['/media/a.jpg'] }));
    expect(page.url).toBe('/property/marina-2br');
    expect(page.offers.businessFunction).toBe('http://purl.org/goodrelations/v1#LeaseOut');
    expect(page.offers.priceSpecification).toMatchObject({ unitCode: 'MON', price: 15000, priceCurrency: 'AED' });
    expect(page.about.numberOfRooms).toBe(1);
    expect(page.about.numberOfBathroomsTotal).toBeUndefined();
    expect(page.about.address.addressLocality).toBeUndefined();
    expect(page.about.geo).toBeUndefined();
    expect(page.identifier).toBeUndefined();
  });

  it('offers without a price stay in AED; a plot has a land area, not a floor', () => {
    const property = listing({ subCategory: 'Plot', price: null, bedrooms: null });
    const { listing: page } = graph(listingJsonLd({ property, site, baseUrl: 'https://x.ae/', description: 'x', images: [], kind: 'land' }));
    expect(page.offers.price).toBeUndefined();
    expect(page.offers.priceCurrency).toBe('AED');
    expect(page.about['@type']).toBe('Place');
    expect(page.about.floorSize).toBeUndefined();
    expect(page.about.additionalProperty).toMatchObject({ value: 1320, unitCode: 'FTK' });
  });

  it("maps each kind of property (its type's, in the vocabulary) to a schema.org type", () => {
    expect(residenceType('apartment')).toBe('Apartment');
    expect(residenceType('villa')).toBe('SingleFamilyResidence');
    expect(residenceType('office-shop')).toBe('Accommodation');
    expect(residenceType('other-commercial')).toBe('Accommodation');
    expect(residenceType('land')).toBe('Place');
    expect(residenceType(null)).toBe('Accommodation');
  });
});

describe('page texts', () => {
  it('makes absolute URLs when the base URL is known', () => {
    expect(absoluteUrl('https://x.ae/', '/media/a.jpg')).toBe('https://x.ae/media/a.jpg');
    expect(absoluteUrl('https://x.ae', 'media/a.jpg')).toBe('https://x.ae/media/a.jpg');
    expect(absoluteUrl('', '/media/a.jpg')).toBe('/media/a.jpg');
    expect(absoluteUrl('https://x.ae', 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
  });

  it('turns HTML into one line of text and cuts it at a word', () => {
    expect(plainText('<p>Sea &amp; marina</p>\n<ul><li>Two  beds</li></ul>')).toBe('Sea & marina Two beds');
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('one two three four five six', 16)).toBe('one two three…');
    expect(truncate('one two three four five six', 16).length).toBeLessThanOrEqual(16);
  });

  it('never lets the JSON close its script element', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
