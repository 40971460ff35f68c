import { beforeAll, describe, expect, test } from 'vitest';
import { loadAllMessages, translate, type Lang, type Translate } from '../i18n';
import { formatNumber } from '../format';
import { chips, chipsNamed, relaxations, without } from './chips';
import { criteriaFrom, searchRequest } from './searches';

const t = (lang: Lang): Translate => (key, vars) => translate(lang, key, vars);

beforeAll(loadAllMessages);

describe("a search's chips", () => {
  test('a price is a sale price, or a rent a year on the rent search', () => {
    const params = new URLSearchParams('max=400000');
    expect(chips(t('en'), 'en', params)).toEqual(['Up to 400,000 AED']);
    expect(chips(t('en'), 'en', params, true)).toEqual(['Up to 400,000 AED / year']);
    expect(chips(t('ru'), 'ru', new URLSearchParams('min=100000&max=250000'), true)).toEqual([
      `Цена: ${formatNumber('ru', 100000)} AED в год – ${formatNumber('ru', 250000)} AED в год`,
    ]);
  });

  test("the 'without ...' offers name the price as the chips do", () => {
    const offers = relaxations(t('en'), 'en', new URLSearchParams('bedrooms=2&min=100000'), true);
    expect(offers.map((offer) => offer.label)).toEqual(['2 Bedrooms', 'From 100,000 AED / year']);
    expect(offers[1]?.params.toString()).toBe('bedrooms=2');
  });
});

describe('several communities', () => {
  const params = new URLSearchParams('community=Dubai+Marina&community=Jumeirah+Village+Circle&bedrooms=2');

  test('are sent together: repeated in the query string, a list in the body', () => {
    const criteria = criteriaFrom('general', params);
    expect(criteria.community).toEqual(['Dubai Marina', 'Jumeirah Village Circle']);
    const { url, init } = searchRequest('general', criteria);
    expect(new URL(url, 'http://x').searchParams.getAll('community')).toEqual(['Dubai Marina', 'Jumeirah Village Circle']);
    expect(JSON.parse(String(init.body)).community).toEqual(['Dubai Marina', 'Jumeirah Village Circle']);
    // One stays one value, as before.
    expect(criteriaFrom('general', new URLSearchParams('community=Dubai+Marina')).community).toBe('Dubai Marina');
  });

  test('are a chip each, and removing one keeps the other', () => {
    expect(chips(t('en'), 'en', params)).toEqual(['Dubai Marina', 'Jumeirah Village Circle', '2 Bedrooms']);
    const jvc = chipsNamed(t('en'), 'en', params).find((chip) => chip.label === 'Jumeirah Village Circle');
    expect(without(params, 'community', jvc?.value).toString()).toBe('bedrooms=2&community=Dubai+Marina');
  });
});
