// The one rule for prices (src/price.ts), in each language: the amount, then the currency, Latin
// digits everywhere, whole dirhams, a rent's period last.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadAllMessages, translate, type Lang } from './i18n';
import { perSqftLineText, perSqftText, priceText } from './price';

const t = (lang: Lang) => (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(lang, key, vars);
/** The text as it reads, without the isolation marks around the amount in Arabic. */
const plain = (text: string | null) => text?.replace(/[\u2066-\u2069]/g, '');

beforeAll(loadAllMessages);

describe('prices', () => {
  test('English: the amount, then AED, as the spec writes it', () => {
    expect(priceText(t('en'), 'en', 3450000)).toBe('3,450,000 AED');
    expect(priceText(t('en'), 'en', 95000, 'year')).toBe('95,000 AED / year');
    expect(priceText(t('en'), 'en', 8500, 'month')).toBe('8,500 AED / month');
    expect(priceText(t('en'), 'en', null)).toBe('Contact for price');
    expect(priceText(t('en'), 'en', 1999.6)).toBe('2,000 AED');
  });

  test('Arabic: Latin digits, then درهم, the amount isolated left to right', () => {
    const text = priceText(t('ar'), 'ar', 3450000);
    expect(plain(text)).toBe('3,450,000 درهم');
    expect(text).toBe('\u20663,450,000\u2069 درهم');
    expect(plain(priceText(t('ar'), 'ar', 95000, 'year'))).toBe('95,000 درهم سنوياً');
    expect(text).not.toMatch(/[٠-٩]|د\.إ/);
  });

  test('Russian: grouped with spaces, then AED', () => {
    expect(priceText(t('ru'), 'ru', 3450000)).toBe('3\u00a0450\u00a0000 AED');
    expect(priceText(t('ru'), 'ru', 95000, 'year')).toBe('95\u00a0000 AED в год');
  });

  test('the price of a square foot, when price and area are known', () => {
    expect(perSqftText(t('en'), 'en', 3450000, 1380)).toBe('2,500 AED');
    expect(perSqftLineText(t('en'), 'en', 3450000, 1380)).toBe('2,500 AED per sqft');
    expect(perSqftLineText(t('en'), 'en', 120000, 1000, 'year')).toBe('120 AED per sqft / year');
    expect(plain(perSqftLineText(t('ar'), 'ar', 3450000, 1380))).toBe('2,500 درهم لكل قدم مربع');
    expect(perSqftText(t('en'), 'en', null, 1380)).toBeNull();
    expect(perSqftLineText(t('en'), 'en', 3450000, null)).toBeNull();
  });
});
