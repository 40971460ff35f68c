import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/search-vectors.json';
import { countOfType, optionOf, typeKey, typeOptions } from './rules';

describe('types, as the lead function compares them', () => {
  for (const { option, subCategory, same } of vectors.types) {
    test(`${option} and ${subCategory}: ${same ? 'the same type' : 'different types'}`, () => {
      expect(typeKey(option) === typeKey(subCategory)).toBe(same);
    });
  }

  test('a panel option counts every spelling of its type', () => {
    const counts: [string, number][] = [['Apartment', 5], ['Villa', 3], ['apartments', 1]];
    expect(countOfType(counts, 'Apartments')).toBe(6);
    expect(countOfType(counts, 'Palace')).toBe(0);
  });
});

describe("a type dropdown's options", () => {
  test("the panel's own first, kept with none listed, then every other type in stock with the chips' counts", () => {
    const counts: [string, number][] = [['Apartment', 5], ['Villa', 3], ['apartments', 1], ['Townhouse', 1], ['Office', 0]];
    expect(typeOptions(['Palace', 'Plot'], counts)).toEqual([
      ['Palace', 0],
      ['Plot', 0],
      ['Apartment', 6],
      ['Villa', 3],
      ['Townhouse', 1],
    ]);
    expect(typeOptions(['Apartments', 'Bungalow'], counts)).toEqual([
      ['Apartments', 6],
      ['Bungalow', 0],
      ['Villa', 3],
      ['Townhouse', 1],
    ]);
    expect(typeOptions(['Shop'])).toEqual([['Shop', null]]);
  });

  test("a chip's type is the dropdown's option of the same type", () => {
    const options = typeOptions(['Apartments', 'Bungalow'], [['Apartment', 2], ['Villa', 1]]);
    expect(optionOf(options, 'Apartment')).toBe('Apartments');
    expect(optionOf(options, 'villa')).toBe('Villa');
    expect(optionOf(options, '')).toBe('');
    expect(optionOf(options, 'Castle')).toBe('Castle');
  });
});
