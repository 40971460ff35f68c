import { describe, expect, test } from 'vitest';
import type { Property } from '../types';
import { toCard } from './toCard';

const record: Property = {
  _id: 'marina-gate',
  id: 'marina-gate',
  title: 'Marina Gate, two bedrooms',
  mainCategory: 'Rental',
  subCategory: 'Apartment',
  Images: ['/media/properties/marina-gate-1.jpg', '/media/properties/marina-gate-2.jpg'],
  location: 'Dubai Marina',
  bedrooms: 2,
  area: 1250,
  price: 180000,
  featured: true,
  createdAt: '2026-10-01T00:00:00+04:00',
  description: '<p>Sea view.</p>',
  url: '/property/marina-gate',
  bathrooms: 3,
  pricePeriod: 'year',
  furnishing: 'furnished',
  reference: 'PC-R-1042',
  permitNumber: '7124581930',
  agent: 'sara-haddad',
  coordinates: { lat: 25.08, lng: 55.14 },
  translations: { ar: { title: 'مارينا غيت', location: 'دبي مارينا', description: '<p>…</p>' } },
};

describe('toCard', () => {
  test("keeps what the card's actions need: the listing's agent and its reference", () => {
    const card = toCard(record);
    expect(card.agent).toBe('sara-haddad');
    expect(card.reference).toBe('PC-R-1042');
  });

  test('is the card the build writes for the record: its fields, and no key for what the record lacks', () => {
    expect(toCard(record)).toEqual({
      id: 'marina-gate',
      url: '/property/marina-gate',
      title: 'Marina Gate, two bedrooms',
      mainCategory: 'Rental',
      subCategory: 'Apartment',
      image: { src: '/media/properties/marina-gate-1.jpg' },
      location: 'Dubai Marina',
      bedrooms: 2,
      bathrooms: 3,
      photos: 2,
      area: 1250,
      price: 180000,
      pricePeriod: 'year',
      featured: true,
      createdAt: '2026-10-01T00:00:00+04:00',
      reference: 'PC-R-1042',
      agent: 'sara-haddad',
      furnishing: 'furnished',
      coordinates: { lat: 25.08, lng: 55.14 },
      translations: { ar: { title: 'مارينا غيت', location: 'دبي مارينا' } },
    });
    const bare: Property = { ...record, Images: [], agent: undefined, reference: undefined, translations: undefined };
    const card = toCard(bare);
    for (const key of ['agent', 'reference', 'translations', 'completionDate']) expect(Object.hasOwn(card, key), key).toBe(false);
    expect(card.image).toBeNull();
  });

  test("draws the record's picture with its variants, as the listing cards do; an older record's photo by its address", () => {
    const picture = {
      src: '/media/properties/marina-gate-1.jpg',
      width: 1600,
      height: 1067,
      color: '#8899aa',
      webp: '/media/_img/0a29-400.webp 400w, /media/_img/0a29-800.webp 800w',
    };
    expect(toCard({ ...record, picture }).image).toEqual(picture);
    expect(toCard(record).image).toEqual({ src: '/media/properties/marina-gate-1.jpg' });
  });
});
