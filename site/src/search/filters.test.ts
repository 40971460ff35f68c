import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/search-vectors.json';
import type { CardProperty } from '../types';
import { applyFilters, filtersFrom, fits, NO_FILTERS } from './filters';
import { isFiltered, isNarrowed, withFilters } from './filterAddress';

describe('filters in the address', () => {
  test('read from the query string, and nothing else', () => {
    const filters = filtersFrom(new URLSearchParams('type=Villa&sort=price-asc&min=2000000&bedrooms=0&bathrooms=3&area=1000&areaMax=5000&query=marina'));
    expect(filters).toEqual({ ...NO_FILTERS, type: 'Villa', sort: 'price-asc', min: 2000000, bedrooms: 0, bathrooms: 3, area: 1000, areaMax: 5000 });
    expect(filtersFrom(new URLSearchParams('furnishing=Partly-Furnished')).furnishing).toBe('partly-furnished');
    expect(filtersFrom(new URLSearchParams('furnishing=yes')).furnishing).toBeNull();
    expect(filtersFrom(new URLSearchParams('completion=Ready')).completion).toBe('ready');
    expect(filtersFrom(new URLSearchParams('completion=2028')).completion).toBe('2028');
    expect(filtersFrom(new URLSearchParams('completion=soon')).completion).toBeNull();
    // A rental's terms: 1 to 12 cheques, a day.
    expect(filtersFrom(new URLSearchParams('cheques=4&availableFrom=2027-01-15'))).toEqual({ ...NO_FILTERS, cheques: 4, availableFrom: '2027-01-15' });
    for (const cheques of ['13', 'four']) expect(filtersFrom(new URLSearchParams({ cheques })).cheques).toBeNull();
    for (const day of ['2027-01', '15/01/2027']) expect(filtersFrom(new URLSearchParams({ availableFrom: day })).availableFrom).toBeNull();
    expect(withFilters(new URLSearchParams(), { ...NO_FILTERS, cheques: 2, availableFrom: '2027-01-15' }).toString()).toBe('cheques=2&availableFrom=2027-01-15');
    expect(isNarrowed({ ...NO_FILTERS, availableFrom: '2027-01-15' })).toBe(true);
  });

  test('a value a filter cannot take is no filter', () => {
    expect(filtersFrom(new URLSearchParams('sort=cheapest&min=-5&max=2e6&bedrooms=two&type=%20'))).toEqual(NO_FILTERS);
  });

  test('written back with the other parameters kept and defaults left out', () => {
    const params = withFilters(new URLSearchParams('query=marina&type=Villa&sort=price-asc'), { ...NO_FILTERS, max: 3000000 });
    expect(params.toString()).toBe('query=marina&max=3000000');
    expect(filtersFrom(withFilters(new URLSearchParams(), { ...NO_FILTERS, type: 'Townhouse', sort: 'price-desc', bedrooms: 7 }))).toEqual({
      ...NO_FILTERS,
      type: 'Townhouse',
      sort: 'price-desc',
      bedrooms: 7,
    });
  });

  test('sorting narrows nothing; a bound does', () => {
    expect(isNarrowed({ ...NO_FILTERS, sort: 'price-asc' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, sort: 'price-asc' })).toBe(true);
    expect(isNarrowed({ ...NO_FILTERS, areaMax: 900 })).toBe(true);
  });
});

describe('the rules a card must meet, as the lead function applies them', () => {
  for (const { name, card, filter, fits: expected, ...rest } of vectors.filters) {
    test(name, () => {
      const today = 'today' in rest ? String(rest.today) : undefined;
      // Read from an address, as the page reads it (the function reads the same from a search body).
      const address = new URLSearchParams(Object.entries(filter).map(([key, value]) => [key, String(value)]));
      expect(fits(card as CardProperty, filtersFrom(address), today)).toBe(expected);
    });
  }

  test('the price sort puts unpriced cards last either way', () => {
    const card = (id: string, price: number | null) => ({ id, price, pricePeriod: null, subCategory: 'Villa', bedrooms: 3, bathrooms: 3, area: 2000 }) as CardProperty;
    const cards = [card('none', null), card('two', 2), card('one', 1)];
    expect(applyFilters(cards, { ...NO_FILTERS, sort: 'price-asc' }).map((c) => c.id)).toEqual(['one', 'two', 'none']);
    expect(applyFilters(cards, { ...NO_FILTERS, sort: 'price-desc' }).map((c) => c.id)).toEqual(['two', 'one', 'none']);
  });
});

describe("the 'Handover' choices", () => {
  test("months that have come are 'Ready', later ones their year, each with its count", async () => {
    const { handoverChoices } = await import('../components/MoreFiltersFields');
    const months: [string, number][] = [['2026-03', 1], ['2026-11', 2], ['2026-12', 1], ['2027-06', 3], ['2027-09', 1]];
    expect(handoverChoices(months, '2026-11')).toEqual([['ready', 3], ['2026', 1], ['2027', 4]]);
    expect(handoverChoices(months, '')).toEqual([['2026', 4], ['2027', 4]]);
  });
});
