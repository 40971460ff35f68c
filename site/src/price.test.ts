// The one rule for prices (src/price.ts), in each language: the amount, then the currency, Latin
// digits everywhere, whole dirhams, a rent's period last.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadAllMessages, translate, type Lang } from './i18n';
import { comparablePrice, perSqftLineText, perSqftText, priceText } from './price';
import { applyFilters, NO_FILTERS } from './search/filters';
import type { CardProperty } from './types';

const t = (lang: Lang) => (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(lang, key, vars);
/** The text as it reads, without the isolation marks around the amount in Arabic. */
const plain = (text: string | null) => text?.replace(/[\u2066-\u2069]/g, '');

beforeAll(loadAllMessages);

describe('prices', () => {
  test('English: the amount, then AED (3,450,000 AED)', () => {
    expect(priceText(t('en'), 'en', 3450000)).toBe('3,450,000 AED');
    expect(priceText(t('en'), 'en', 95000, 'year')).toBe('95,000 AED / year');
    expect(priceText(t('en'), 'en', 8500, 'month')).toBe('8,500 AED / month');
    expect(priceText(t('en'), 'en', null)).toBe('Contact for price');
    expect(priceText(t('en'), 'en', 1999.6)).toBe('2,000 AED');
  });

  test('Arabic: Latin digits, then درهم, the amount isolated (first strong: left to right for digits)', () => {
    const text = priceText(t('ar'), 'ar', 3450000);
    expect(plain(text)).toBe('3,450,000 درهم');
    expect(text).toBe('\u20683,450,000\u2069 درهم');
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

describe('prices compared', () => {
  test('a monthly rent counts twelve times; a yearly rent and a sale price are themselves', () => {
    expect(comparablePrice(15000, 'month')).toBe(180000);
    expect(comparablePrice(55000, 'year')).toBe(55000);
    expect(comparablePrice(3450000, null)).toBe(3450000);
    expect(comparablePrice(null, 'month')).toBeNull();
  });

  test('the listing filter sorts and bounds rents by their yearly amount', () => {
    const card = (id: string, price: number | null, pricePeriod: CardProperty['pricePeriod']) =>
      ({ id, price, pricePeriod, subCategory: 'Apartment' }) as CardProperty;
    const cards = [card('monthly', 15000, 'month'), card('yearly', 55000, 'year'), card('unpriced', null, null), card('big', 200000, 'year')];
    const ids = (list: CardProperty[]) => list.map((c) => c.id);
    expect(ids(applyFilters(cards, { ...NO_FILTERS, sort: 'price-asc' }))).toEqual(['yearly', 'monthly', 'big', 'unpriced']);
    expect(ids(applyFilters(cards, { ...NO_FILTERS, sort: 'price-desc' }))).toEqual(['big', 'monthly', 'yearly', 'unpriced']);
    expect(ids(applyFilters(cards, { ...NO_FILTERS, min: 100000, max: 190000 }))).toEqual(['monthly']);
  });
});
