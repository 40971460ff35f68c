import { describe, expect, it } from 'vitest';

import { translate } from '../i18n';
import { comparisonText, marketTexts, yieldText } from './market';

const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate('en', key, vars);

describe('the listing against its community', () => {
  it('says the difference in words, rounded to whole percent', () => {
    expect(comparisonText(t, 'en', 1840, 2000, 'Dubai Marina', false)).toBe('8% below the Dubai Marina median of 2,000 AED per sqft');
    expect(comparisonText(t, 'en', 2210, 2000, 'Dubai Marina', false)).toBe('11% above the Dubai Marina median of 2,000 AED per sqft');
    expect(comparisonText(t, 'en', 2004, 2000, 'Dubai Marina', false)).toBe('In line with the Dubai Marina median of 2,000 AED per sqft');
    expect(comparisonText(t, 'en', 75, 83, 'Town Square', true)).toBe('10% below the Town Square median of 83 AED per sqft / year');
    expect(comparisonText(t, 'en', null, 2804, 'Palm Jebel Ali', false)).toBe('The Palm Jebel Ali median is 2,804 AED per sqft');
  });

  it('writes a gross yield with one decimal in the language', () => {
    expect(yieldText('en', 0.0684)).toBe('6.8%');
    expect(yieldText('ru', 0.0684)).toBe('6,8\u00a0%');
  });
});

describe('the texts of the page', () => {
  it('say too few rather than a number under 10 sales, and the Golden Visa from AED 2,000,000', async () => {
    const market = { kind: 'apartment', bedrooms: 2, sales: 7, median: null, rentMedian: null, to: '2026-10' } as const;
    const texts = await marketTexts('en', market, 'Dubai Marina', { price: 2_000_000, area: 1000, mainCategory: 'Residential' });
    expect(texts?.comparison).toBe('Too few transactions of 2-bedroom apartments in Dubai Marina over the last 12 months to give a median (7 sales).');
    expect(texts?.source).toBe('Source: Dubai Land Department open data, to October 2026.');
    expect(texts?.goldenVisa).toMatch(/^May qualify for a UAE Golden Visa/);
    const rent = await marketTexts('en', null, 'Dubai Marina', { price: 2_500_000, area: 1000, pricePeriod: 'year', mainCategory: 'Commercial' });
    expect(rent).toBeNull();
  });

  it("give a rental's terms as rows (cheques, the day it is free from, furnishing), and a sale's furnishing alone, in each language", async () => {
    const rental = { price: 95_000, area: 780, pricePeriod: 'year', mainCategory: 'Rental', cheques: 4, availableFrom: '2026-12-01', furnishing: 'unfurnished' } as const;
    const en = await marketTexts('en', null, 'Jumeirah Lake Towers', rental);
    expect(en?.title).toBe('');
    expect(en?.terms).toEqual([
      ['Furnishing', 'Unfurnished'],
      ['Number of cheques', '4 cheques'],
      ['Available from', '1 December 2026'],
    ]);
    const ar = await marketTexts('ar', null, 'Jumeirah Lake Towers', { ...rental, cheques: 1 });
    expect(ar?.terms.slice(0, 2)).toEqual([
      ['الأثاث', 'غير مفروش'],
      ['عدد الشيكات', 'شيك واحد'],
    ]);
    const ru = await marketTexts('ru', null, 'Jumeirah Lake Towers', { ...rental, cheques: 2 });
    expect(ru?.terms[1]).toEqual(['Количество чеков', '2 чека']);
    // A sale: no rental terms, even if the file had them; no terms, no texts.
    const sale = await marketTexts('en', null, 'Dubai Marina', { price: 1_500_000, area: 900, mainCategory: 'Residential', cheques: 4, furnishing: 'furnished' });
    expect(sale?.terms).toEqual([['Furnishing', 'Furnished']]);
    expect(await marketTexts('en', null, 'Dubai Marina', { price: 1_500_000, area: 900, mainCategory: 'Residential' })).toBeNull();
  });
});
