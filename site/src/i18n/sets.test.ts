// The message sets (message-sets.json) that cut the translation files into per-page chunks.
import { describe, expect, test } from 'vitest';
import en from './en.json';
import sets from './message-sets.json';
import { pick, unknownPrefixes } from './sets';

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

  test('every message of en.json is in some set, so every one can reach a page', () => {
    const all = Object.values(sets).flat();
    const orphans = Object.keys(en).filter((key) => Object.keys(pick({ [key]: '' }, all)).length === 0);
    expect(orphans).toEqual([]);
  });
});
