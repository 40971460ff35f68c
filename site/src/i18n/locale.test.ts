// Numbers, prices and dates per language (Latin digits in Arabic too), content in the page's
// language with English fallbacks named, and the left-to-right isolation of phone numbers.
import { describe, expect, test } from 'vitest';
import { formatDate, formatMonth } from '../dates';
import { formatNumber } from '../format';
import { enAttrs, localize, ownTranslation } from './content';
import { setTypeNames, translate, typeLabel } from './index';

describe('Intl formatting per language', () => {
  test('numbers grouped the way each language writes them, never Arabic-Indic digits (prices: src/price.test.ts)', () => {
    expect(formatNumber('ar', 12500)).toBe('12,500');
    expect(formatNumber('ru', 12500)).toBe('12\u00a0500');
  });

  test('dates in each language, in Dubai time', () => {
    expect(formatDate('ru', '2026-10-31T22:30:00Z')).toMatch(/^1 ноября 2026\s?г\.$/u);
    expect(formatDate('ar', '2026-10-31T22:30:00Z')).toBe('1 نوفمبر 2026');
    expect(formatMonth('ru', '2029-09')).toMatch(/^сентябрь 2029\s?г\.$/u);
  });

  test('counts in messages are formatted too', () => {
    expect(translate('en', 'listing.count', { n: 1234 })).toBe('1,234 properties available');
    expect(translate('ru', 'listing.count', { n: 1234 })).toBe('1\u00a0234 объекта доступно');
  });

  test('phone numbers and prices keep their order inside Arabic sentences', () => {
    expect(translate('ar', 'banner.call', { phone: '+971 4 555 0123' })).toBe('اتصل على \u2068+971 4 555 0123\u2069');
    // First-strong isolates: digits read left to right, an amount in Arabic words right to left.
    expect(translate('ar', 'price.amount', { amount: '2.9\u00a0مليون' })).toBe('\u20682.9\u00a0مليون\u2069 درهم');
    expect(translate('en', 'banner.call', { phone: '+971 4 555 0123' })).toBe('Call +971 4 555 0123');
    // A listing's id: one that starts with a digit is not read as '(bed-marina-view-2)'.
    expect(translate('ar', 'compare.gone', { listing: '2-bed-marina-view' })).toBe('عقار مختار (\u20682-bed-marina-view\u2069) لم يعد متاحًا.');
  });

  test("property types: the vocabulary's names (site.json, handed over by the root layout), a panel's own label, else as published", () => {
    // The names of vocabulary/types.yaml by their English names, as shellFromSite picks them.
    setTypeNames('ar', { Villa: 'فيلا', Flat: 'شقة' });
    setTypeNames('ru', { 'Full Floor': 'Целый этаж' });
    expect(typeLabel('ar', 'Villa')).toBe('فيلا');
    expect(typeLabel('ar', 'Flat')).toBe('شقة');
    expect(typeLabel('ru', 'Full Floor')).toBe('Целый этаж');
    expect(typeLabel('en', 'Hotel Apartment')).toBe('Hotel Apartment');
    expect(typeLabel('ru', 'Castle')).toBe('Castle');
    expect(typeLabel('ar', 'Apartments')).toBe('شقق');
  });
});

describe('content per language', () => {
  const property = {
    id: 'x',
    title: 'Sea-view flat',
    location: 'Dubai Marina',
    description: '<p>Bright.</p>',
    translations: { ar: { title: 'شقة بإطلالة بحرية', location: '' }, ru: { title: 'Квартира с видом на море' } },
  };

  test('translated fields replace the English ones; missing ones stay English and are named', () => {
    const ar = localize(property, 'ar', ['title', 'location', 'description']);
    expect(ar.title).toBe('شقة بإطلالة بحرية');
    expect(ar.location).toBe('Dubai Marina');
    expect(ar.untranslated).toEqual(['location', 'description']);
    expect(enAttrs(ar, 'location')).toEqual({ lang: 'en' });
    expect(enAttrs(ar, 'title')).toEqual({});
    expect('translations' in ar).toBe(false);
  });

  test('English is the content as written', () => {
    const en = localize(property, 'en', ['title', 'location']);
    expect(en.title).toBe('Sea-view flat');
    expect(en.untranslated).toBeUndefined();
    expect(enAttrs(en, 'title')).toEqual({});
  });

  test("a page's embedded record keeps its own language's translation only, and localizes the same", () => {
    const ru = ownTranslation(property, 'ru');
    expect(ru.translations).toEqual({ ru: { title: 'Квартира с видом на море' } });
    expect(localize(ru, 'ru', ['title', 'location'])).toEqual(localize(property, 'ru', ['title', 'location']));
    expect('translations' in ownTranslation(property, 'en')).toBe(false);
    expect('translations' in ownTranslation({ ...property, translations: { ar: property.translations.ar } }, 'ru')).toBe(false);
    // The record it came from (the data cache's) is left as it was.
    expect(Object.keys(property.translations)).toEqual(['ar', 'ru']);
  });
});
