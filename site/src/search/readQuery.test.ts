import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/search-vectors.json';
import type { SearchTerms } from '../types';
import { SEARCH_TERMS } from '../paths';
import { edits, readQuery, TERMS_FILE, type Given } from './readQuery';

const terms: SearchTerms = vectors.terms;

describe('a typed query, read as the lead function reads it', () => {
  for (const { query, read, ...rest } of vectors.queries) {
    const given = ('given' in rest ? rest.given : []) as Given[];
    test(`${query}${given.length ? ` (with ${given.join(', ')})` : ''}`, () => {
      expect(readQuery(query, terms, given)).toEqual(read);
    });
  }

  test('every community by each of its names, every type by its own', () => {
    for (const term of terms.communities) {
      for (const name of [term.name, ...term.names]) expect(readQuery(name, terms), name).toEqual({ community: term.name });
    }
    for (const term of terms.types) {
      for (const name of [term.name, ...term.names]) {
        // 'studio' is a number of bedrooms (none) before it is a type.
        expect(readQuery(name, terms), name).toEqual(term.name === 'Studio' ? { bedrooms: 0 } : { type: term.name });
      }
    }
  });

  test("the names' file is the contract's", () => {
    expect(TERMS_FILE).toBe(SEARCH_TERMS);
  });

  test('edits: letters added, dropped, changed, and two neighbours swapped count one each', () => {
    expect(edits('marena', 'marina')).toBe(1);
    expect(edits('dubia', 'dubai')).toBe(1);
    expect(edits('townhose', 'townhouse')).toBe(1);
    expect(edits('jumeira', 'jumeirah')).toBe(1);
    expect(edits('palm', 'pool')).toBe(3);
  });
});
