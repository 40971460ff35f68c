import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDecimal, LOCALES, pluralCategory } from './numbers';
import { LANGS, loadAllMessages, translate } from './index';
import { formatNumber, formatPercent } from '../format';
import { priceText } from '../price';

/** Values of every kind the site formats, and the edges of the rounding. */
function samples(): number[] {
  const values = [0, -0, 0.5, 1.5, 2.5, -2.5, 1.005, 2.675, 0.125, 0.0005, 1.0005, 1.0004, 0.995, 0.999, 9.995, 99.995, 999.9995];
  values.push(1e-6, 9e-7, 1.5e-7, 1e-7, 2 ** 53 - 1, 2 ** 53, 2 ** 60, 1e21, 1.5e300, NaN, Infinity, -Infinity, -0.001, -1234.567);
  for (let n = 0; n <= 2100; n++) values.push(n, -n);
  for (const n of [9999, 10000, 99999, 100000, 999999, 1000000, 1234567, 12345678, 123456789, 3450000, 95000, 2e9 + 1]) values.push(n);
  // Random values of every size, some rounded to a few decimals as prices and areas are.
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let k = 0; k < 3000; k++) {
    const magnitude = 10 ** Math.floor(random() * 12 - 4);
    const value = random() * magnitude * (random() < 0.2 ? -1 : 1);
    values.push(value, Math.round(value * 100) / 100, Math.round(value * 1000) / 1000 + 0.005);
  }
  return values;
}

describe('numbers written without Intl', () => {
  const values = samples();

  it.each(LANGS)('writes every number as Intl.NumberFormat does (%s)', (lang) => {
    for (const [min, max] of [[0, 0], [0, 1], [0, 2], [0, 3], [1, 1], [2, 2], [1, 3]] as const) {
      const intl = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: min, maximumFractionDigits: max });
      const wrong = values.filter((value) => formatDecimal(lang, value, min, max) !== intl.format(value));
      expect(wrong.map((value) => [value, min, max, formatDecimal(lang, value, min, max), intl.format(value)])).toEqual([]);
    }
  });

  it.each(LANGS)('gives every number the plural category Intl.PluralRules does (%s)', (lang) => {
    const intl = new Intl.PluralRules(LOCALES[lang]);
    const wrong = values.filter((value) => pluralCategory(lang, value) !== intl.select(value));
    expect(wrong.map((value) => [value, pluralCategory(lang, value), intl.select(value)])).toEqual([]);
  });

  it('uses each language of the site its own symbols', () => {
    expect(formatDecimal('en', -1234567.891, 0, 2)).toBe('-1,234,567.89');
    expect(formatDecimal('ar', -1234567.891, 0, 2)).toBe('\u200e-1,234,567.89');
    expect(formatDecimal('ru', -1234567.891, 0, 2)).toBe('-1\u00a0234\u00a0567,89');
    expect([pluralCategory('ar', 0), pluralCategory('ar', 103), pluralCategory('ar', 111), pluralCategory('ru', 22)]).toEqual(['zero', 'few', 'many', 'few']);
  });
});

describe('a page formats its numbers without building an Intl formatter', () => {
  afterEach(() => vi.restoreAllMocks());

  // The first Intl number formatter a page builds loads the browser's number data: a long task
  // on a phone in every page's hydration (numbers.ts).
  it('counts, prices and percentages in every language', async () => {
    await loadAllMessages();
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const pluralRules = vi.spyOn(Intl, 'PluralRules');
    for (const lang of LANGS) {
      const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(lang, key, vars);
      expect(t('listing.count', { n: 1234 })).toContain(lang === 'ru' ? '1\u00a0234' : '1,234');
      expect(priceText(t, lang, 3450000)).toContain(lang === 'ru' ? '3\u00a0450\u00a0000' : '3,450,000');
      expect(formatNumber(lang, 1234.4)).toBe(lang === 'ru' ? '1\u00a0234' : '1,234');
      expect(formatPercent(lang, 5.25, 1)).toContain(lang === 'ru' ? '5,3' : '5.3');
    }
    expect(numberFormat).not.toHaveBeenCalled();
    expect(pluralRules).not.toHaveBeenCalled();
  });
});
