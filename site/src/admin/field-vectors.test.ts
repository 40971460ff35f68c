// generator/tests/field-vectors.json: each pattern of the browser editor's generated config,
// run as the CMS runs it (a RegExp without flags), takes and refuses the values the build
// does (generator/tests/it/field_vectors.rs holds the config and `estate check` to the same file).
import { describe, expect, it } from 'vitest';
import vectors from '../../../generator/tests/field-vectors.json';

describe('the CMS patterns and the build agree', () => {
  for (const field of vectors.fields) {
    it(`${field.collection}.${field.field}`, () => {
      const pattern = new RegExp(field.pattern);
      for (const value of field.take) expect([value, pattern.test(value)]).toEqual([value, true]);
      for (const value of field.refuse) expect([value, pattern.test(value)]).toEqual([value, false]);
    });
  }
});
