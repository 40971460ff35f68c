import { describe, expect, test } from 'vitest';
import { numberCheck, validNumber } from './PhoneFieldFull';
import { countryName, withoutTrunkZero } from './phoneParts';
import { ownNumber } from './phoneParts';

const AE = { iso2: 'ae', dialCode: '971' };
const GB = { iso2: 'gb', dialCode: '44' };
const IT = { iso2: 'it', dialCode: '39' };

describe('a trunk 0 after the dial code', () => {
  test('is dropped as it is typed, so a local number keeps all its digits', () => {
    expect(withoutTrunkZero('+971 05', AE)).toBe('+971 5');
    expect(withoutTrunkZero('+971 0501234567', AE)).toBe('+971 501234567');
    expect(withoutTrunkZero('+44 07700 900123', GB)).toBe('+44 7700 900123');
  });

  test('other digits, a 0 further on and Italian numbers are kept', () => {
    expect(withoutTrunkZero('+971 50 123 4567', AE)).toBe('+971 50 123 4567');
    expect(withoutTrunkZero('+971 50', AE)).toBe('+971 50');
    expect(withoutTrunkZero('+39 06 1234 5678', IT)).toBe('+39 06 1234 5678');
    expect(withoutTrunkZero('+971', AE)).toBe('+971');
  });

  test('a lone 0 waits for the next digit: a second one starts another country', () => {
    expect(withoutTrunkZero('+971 0', AE)).toBe('+971 0');
    expect(withoutTrunkZero('+971 00', AE)).toBe('+971 00');
  });
});

test('the length check: the numbers of the issue, and one digit short', () => {
  expect(validNumber('+79161234567')).toBe(true);
  expect(validNumber('+447700900123')).toBe(true);
  expect(validNumber('+7916123456')).toBe(false);
});

describe('a number of its own', () => {
  test("with '+' or '00', typed after the shown dial code, pasted or filled in, keeps every digit", () => {
    expect(ownNumber('+971 +', AE)).toBe('+');
    expect(ownNumber('+971 +44 7911 123456', AE)).toBe('+447911123456');
    expect(ownNumber('+44 7911 123456', AE)).toBe('+447911123456');
    expect(ownNumber('+971 00', AE)).toBe('+');
    expect(ownNumber('+971 0044 7911 123456', AE)).toBe('+447911123456');
    expect(ownNumber('0044 7911 123456', AE)).toBe('+447911123456');
    expect(ownNumber('+9', AE)).toBe('+9');
  });

  test("without '+' it is the shown country's; an edit after the shown dial code is the library's", () => {
    expect(ownNumber('0501234567', AE)).toBe('+971501234567');
    expect(ownNumber('050 123 4567', AE)).toBe('+971501234567');
    expect(ownNumber('0', AE)).toBe('+9710');
    expect(ownNumber('06 1234 5678', IT)).toBe('+3906 1234 5678'.replace(/\s/g, ''));
    expect(ownNumber('+971 50 123 4567', AE)).toBeNull();
    expect(ownNumber('+971 0', AE)).toBeNull();
    expect(ownNumber('', AE)).toBeNull();
    expect(ownNumber('+44 7911', GB)).toBeNull();
  });
});

describe("a country's name", () => {
  test('is read in the language asked, from one region-name reader per language', () => {
    const countries = [{ iso2: 'ae', name: 'United Arab Emirates' }, { iso2: 'gb', name: 'United Kingdom' }, { iso2: 'fr', name: 'France' }];
    const langs = ['en', 'ar', 'ru', 'en', 'ar', 'ru'];
    const Reader = Intl.DisplayNames;
    // Intl's members are read-only to TypeScript, not to the test.
    const intl = Intl as { DisplayNames: typeof Reader };
    let built = 0;
    intl.DisplayNames = class extends Reader {
      constructor(...args: ConstructorParameters<typeof Reader>) {
        super(...args);
        built += 1;
      }
    };
    let names: string[][];
    try {
      names = langs.map((lang) => countries.map((country) => countryName(lang, country)));
    } finally {
      intl.DisplayNames = Reader;
    }
    expect(built).toBeLessThanOrEqual(3);
    langs.forEach((lang, at) => {
      const reader = new Intl.DisplayNames([lang], { type: 'region' });
      expect(names[at]).toEqual(countries.map((country) => reader.of(country.iso2.toUpperCase())));
    });
  });
});

test("a UAE number an agent can dial; another country's national number read as the UAE's names that country", () => {
  expect(numberCheck.uaeDialable('+971501234567')).toBe(true);
  expect(numberCheck.uaeDialable('+9710501234567')).toBe(true);
  expect(numberCheck.uaeDialable('+97145550123')).toBe(true);
  expect(numberCheck.uaeDialable('+971123456789')).toBe(false);
  expect(numberCheck.uaeDialable('+9717911123456')).toBe(false);
  // 07911 123456 (British) and 8 912 345-67-89 (Russian) typed with the UAE shown.
  expect(numberCheck.elsewhere('+9717911123456')).toBe('44');
  expect(numberCheck.elsewhere('+97189123456789')).toBe('7');
  // A UAE number's length: the UAE rule's own message.
  expect(numberCheck.elsewhere('+971123456789')).toBe(null);
  expect(numberCheck.elsewhere('+9715012345678')).toBe(null);
  expect(numberCheck.elsewhere('+971971501234567')).toBe(null);
  expect(numberCheck.elsewhere('+447911123456')).toBe(null);
});
