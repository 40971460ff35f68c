import { describe, expect, it } from 'vitest';

import { translate } from '../i18n';
import { comparisonText, yieldText } from './MarketFigures';

const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate('en', key, vars);

describe('the listing against its community', () => {
  it('says the difference in words, rounded to whole percent', () => {
    expect(comparisonText(t, 'en', 1840, 2000, 'Dubai Marina')).toBe('8% below the Dubai Marina median of 2,000 AED per sqft');
    expect(comparisonText(t, 'en', 2210, 2000, 'Dubai Marina')).toBe('11% above the Dubai Marina median of 2,000 AED per sqft');
    expect(comparisonText(t, 'en', 2004, 2000, 'Dubai Marina')).toBe('In line with the Dubai Marina median of 2,000 AED per sqft');
  });

  it('writes a gross yield with one decimal in the language', () => {
    expect(yieldText('en', 0.0684)).toBe('6.8');
    expect(yieldText('ru', 0.0684)).toBe('6,8');
  });
});
