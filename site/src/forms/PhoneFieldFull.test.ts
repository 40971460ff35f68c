import { describe, expect, test } from 'vitest';
import { validNumber, withoutTrunkZero } from './PhoneFieldFull';

const AE = { iso2: 'ae', dialCode: '971' };
const GB = { iso2: 'gb', dialCode: '44' };
const IT = { iso2: 'it', dialCode: '39' };

describe('a trunk 0 after the dial code', () => {
  test('is dropped as it is typed, so a local number keeps all its digits', () => {
    expect(withoutTrunkZero('+971 0', AE)).toBe('+971 ');
    expect(withoutTrunkZero('+971 0501234567', AE)).toBe('+971 501234567');
    expect(withoutTrunkZero('+44 07700 900123', GB)).toBe('+44 7700 900123');
  });

  test('other digits, a 0 further on and Italian numbers are kept', () => {
    expect(withoutTrunkZero('+971 50 123 4567', AE)).toBe('+971 50 123 4567');
    expect(withoutTrunkZero('+971 50', AE)).toBe('+971 50');
    expect(withoutTrunkZero('+39 06 1234 5678', IT)).toBe('+39 06 1234 5678');
    expect(withoutTrunkZero('+971', AE)).toBe('+971');
  });
});

test('the length check: the numbers of the issue, and one digit short', () => {
  expect(validNumber('+79161234567')).toBe(true);
  expect(validNumber('+447700900123')).toBe(true);
  expect(validNumber('+7916123456')).toBe(false);
});
