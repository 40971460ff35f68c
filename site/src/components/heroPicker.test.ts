import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/search-vectors.json';
import { MAX_SUGGESTIONS, suggester } from './heroPicker';
import { filledUrl } from './heroExtras';
import { pricesFor, RENT_PRICES, SALE_PRICES } from './HeroFields';

const RU: Record<string, string> = { 'Dubai Marina': 'Дубай Марина', 'Jumeirah Village Circle': 'Джумейра Виллидж Серкл' };
const inRussian = (english: string) => (RU[english] ? { name: RU[english] } : { name: english, en: true as const });
const suggest = suggester(vectors.terms.communities, inRussian);
const english = suggester(vectors.terms.communities, (name) => ({ name }));

describe("the home search's community suggestions", () => {
  test('an alias finds its community, named in the page language, the alias beside it', () => {
    expect(suggest('jvc', [])[0]).toEqual({ value: 'Jumeirah Village Circle', name: 'Джумейра Виллидж Серкл', also: 'JVC' });
  });

  test('a name starting with the text comes before one with a word that does, before one containing it', () => {
    const names = english('marina', []).map((s) => s.value);
    expect(names[0]).toBe('Dubai Marina');
    expect(english('dubai m', []).map((s) => s.value)).toContain('Dubai Marina');
    expect(english('Дубай Мар', [])[0]?.value).toBe('Dubai Marina');
  });

  test('forgives a typo as the result page does, after the names that match as typed', () => {
    expect(english('Marena', [])[0]?.value).toBe('Dubai Marina');
    expect(english('Dubia Hills', [])[0]?.value).toBe('Dubai Hills Estate');
    expect(suggest('Марена', [])[0]).toMatchObject({ value: 'Dubai Marina', name: 'Дубай Марина' });
    expect(english('Jumeira', []).map((s) => s.value)).toContain('Jumeirah Village Circle');
    // A short text is taken as typed: three letters have no typo to forgive.
    expect(english('mxr', [])).toEqual([]);
    // What matches as typed comes first: 'arabian' is no typo of anything before Arabian Ranches.
    expect(english('arabian', []).slice(0, 2).map((s) => s.value)).toEqual(['Arabian Ranches', 'Arabian Ranches 3']);
  });

  test('ignores case and accents, leaves the chosen ones out, and suggests at most eight', () => {
    expect(english('MARÍNA', [])[0]?.value).toBe('Dubai Marina');
    expect(english('marina', ['Dubai Marina']).map((s) => s.value)).not.toContain('Dubai Marina');
    expect(english('a', []).length).toBe(MAX_SUGGESTIONS);
    expect(english('  ', [])).toEqual([]);
    expect(english('zzzz', [])).toEqual([]);
  });
});

describe("the home search's address", () => {
  test('only the filled fields, each value once, in the form\'s order; nothing filled is no address', () => {
    const entries: [string, string][] = [['purpose', 'rent'], ['query', ' '], ['community', 'Dubai Marina'], ['community', ' JVC '], ['community', 'Dubai Marina'], ['community', ''], ['bedrooms', '0'], ['min', '50000'], ['max', '']];
    expect(filledUrl('/search-result', entries)).toBe('/search-result?purpose=rent&community=Dubai+Marina&community=JVC&bedrooms=0&min=50000');
    expect(filledUrl('/search-result', [['query', 'pool'], ['type', 'Apartment']])).toBe('/search-result?query=pool&type=Apartment');
    // Nothing filled in: the alert, as before.
    expect(filledUrl('/search-result', [['purpose', ''], ['community', '  ']])).toBeNull();
  });

  test('the price steps of a sale and of a year\u2019s rent', () => {
    expect(pricesFor('rent')).toBe(RENT_PRICES);
    expect(pricesFor('sale')).toBe(SALE_PRICES);
    expect(pricesFor('')).toBe(SALE_PRICES);
    expect(Math.max(...RENT_PRICES)).toBeLessThan(Math.min(...SALE_PRICES) * 2);
  });
});
