// The message sets (message-sets.json) that cut the translation files into per-page chunks.
import { describe, expect, test } from 'vitest';
import en from './en.json';
import sets from './message-sets.json';
import { expand, pick, unknownPrefixes } from './sets';
import { LISTING_SETS } from '../routes';

describe('message sets', () => {
  test('a prefix takes its keys and their plural forms, not keys that merely start alike', () => {
    const dictionary = { 'forms.name': 'Name', 'forms.count.one': 'one', formsX: 'x', 'team.brn': 'BRN {brn}', 'team.role': 'Role' };
    expect(pick(dictionary, ['forms', 'team.brn'])).toEqual({ 'forms.name': 'Name', 'forms.count.one': 'one', 'team.brn': 'BRN {brn}' });
    expect(pick(dictionary, [])).toEqual({});
  });

  test('a prefix naming no key is reported with its set', () => {
    expect(unknownPrefixes({ Home: ['forms', 'home.typo'] }, { 'forms.name': 'Name' })).toEqual(['Home: "home.typo"']);
    expect(unknownPrefixes(sets, en)).toEqual([]);
  });

  test("'@name' includes another set; an unknown set or a cycle is an error", () => {
    const example = { _common: ['forms.name'], Home: ['home', '@_common'], Loop: ['@Loop'], Broken: ['@Nope'] };
    expect(expand(example, 'Home')).toEqual(['home', 'forms.name']);
    expect(() => expand(example, 'Loop')).toThrow('message set Loop includes itself (Loop -> Loop)');
    expect(() => expand(example, 'Broken')).toThrow('unknown message set Nope (included by Broken)');
  });

  test('every message of en.json is in some set, so every one can reach a page', () => {
    const all = Object.keys(sets).flatMap((set) => expand(sets, set));
    const orphans = Object.keys(en).filter((key) => Object.keys(pick({ [key]: '' }, all)).length === 0);
    expect(orphans).toEqual([]);
  });

  test("a listing page's set has every listing message but the other kinds' titles and descriptions", () => {
    const kinds = Object.keys(LISTING_SETS);
    for (const [kind, set] of Object.entries(LISTING_SETS)) {
      const others = kinds.filter((other) => other !== kind).map((other) => `listing.${other}.`);
      const expected = Object.keys(en).filter((key) => key.startsWith('listing.') && !others.some((prefix) => key.startsWith(prefix)));
      const listingKeys = Object.keys(pick(en, expand(sets, set))).filter((key) => key.startsWith('listing.'));
      expect({ set, keys: listingKeys.sort() }).toEqual({ set, keys: expected.sort() });
    }
  });
});
