import { describe, expect, test } from 'vitest';
import { requirementsLink } from './NoResultsHelp';
import { requirementsFrom } from '../forms/RequirementsForm';

describe("'Tell us what you are looking for'", () => {
  test('fills the requirements form with the search: purpose, type, bedrooms, where and budget', () => {
    const link = requirementsLink('rent', new URLSearchParams('type=Villa&bedrooms=0&community=Dubai%20Marina&min=100000&max=250000&sort=price-asc'));
    expect(link).toBe('/req?purpose=rent&propertyType=Villa&bedrooms=studio&propertyArea=Dubai+Marina&budget=250000');
    expect(requirementsLink('buy', new URLSearchParams('query=palm'))).toBe('/req?purpose=buy&propertyArea=palm');
  });

  test('the form takes only what its fields can hold', () => {
    const link = requirementsLink('buy', new URLSearchParams('type=Apartments&bedrooms=7&min=2000000'));
    expect(requirementsFrom(new URL(link, 'http://x').searchParams)).toEqual({ purpose: 'buy', propertyType: 'Apartment', bedrooms: '7', budget: '2000000' });
    expect(requirementsFrom(new URLSearchParams('purpose=steal&propertyType=Castle&bedrooms=12&budget=lots'))).toEqual({});
  });
});
