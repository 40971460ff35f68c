import { describe, expect, it } from 'vitest';
import { criteriaFrom, matches } from './SearchResults';
import type { CardProperty } from '../format';

const property = (overrides: Partial<CardProperty>): CardProperty => ({
  id: 'p',
  title: 'Two-Bedroom Apartment with Sea View',
  mainCategory: 'Residential',
  subCategory: 'Apartment',
  image: null,
  location: 'Dubai Marina',
  bedrooms: 2,
  area: 1320,
  price: 3450000,
  pricePeriod: null,
  featured: false,
  createdAt: '2026-11-12T00:00:00+04:00',
  ...overrides,
});

describe('search criteria', () => {
  it('reads query, type, bedrooms and area from the URL', () => {
    expect(criteriaFrom(new URLSearchParams('query=%20marina%20&type=Apartments&bedrooms=2&area=1000'))).toEqual({
      query: 'marina',
      type: 'Apartments',
      bedrooms: 2,
      area: 1000,
    });
    expect(criteriaFrom(new URLSearchParams('bedrooms=x&area=-5'))).toEqual({ query: '', type: '', bedrooms: null, area: null });
  });

  it('matches every word of the query in the title, location or type', () => {
    const criteria = criteriaFrom(new URLSearchParams('query=Marina sea'));
    expect(matches(property({}), criteria)).toBe(true);
    expect(matches(property({ location: 'Downtown Dubai' }), criteria)).toBe(false);
  });

  it('compares types ignoring case and a trailing s', () => {
    expect(matches(property({}), criteriaFrom(new URLSearchParams('type=apartments')))).toBe(true);
    expect(matches(property({ subCategory: 'Villa' }), criteriaFrom(new URLSearchParams('type=Apartments')))).toBe(false);
  });

  it('treats bedrooms and area as minimums, excluding unknown values', () => {
    expect(matches(property({}), criteriaFrom(new URLSearchParams('bedrooms=2&area=1320')))).toBe(true);
    expect(matches(property({}), criteriaFrom(new URLSearchParams('bedrooms=3')))).toBe(false);
    expect(matches(property({ area: null }), criteriaFrom(new URLSearchParams('area=500')))).toBe(false);
  });
});
