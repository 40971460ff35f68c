import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/search-vectors.json';
import { countOfType, typeKey } from './rules';

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
