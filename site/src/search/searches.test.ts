import { beforeAll, describe, expect, test } from 'vitest';
import { loadAllMessages, translate, type Lang, type Translate } from '../i18n';
import { formatNumber } from '../format';
import { chips, chipsNamed, relaxations, without } from './chips';
import { criteriaFrom, readPage, searchFields, searchRequest } from './searches';

const t = (lang: Lang): Translate => (key, vars) => translate(lang, key, vars);

beforeAll(loadAllMessages);

describe("a search's chips", () => {
  test('a price is a sale price, or a rent a year on the rent search', () => {
    const params = new URLSearchParams('max=400000');
    expect(chips(t('en'), 'en', params)).toEqual(['Up to 400,000 AED']);
    expect(chips(t('en'), 'en', params, true)).toEqual(['Up to 400,000 AED / year']);
    expect(chips(t('ru'), 'ru', new URLSearchParams('min=100000&max=250000'), true)).toEqual([
      `${formatNumber('ru', 100000)} – ${formatNumber('ru', 250000)} AED в год`,
    ]);
  });

  test('a price range is one price: both bounds, then the currency once, in the page\'s number style', () => {
    const params = new URLSearchParams('min=1000000&max=3000000');
    expect(chips(t('en'), 'en', params)).toEqual(['1,000,000 – 3,000,000 AED']);
    expect(chips(t('ru'), 'ru', params)).toEqual([`${formatNumber('ru', 1000000)} – ${formatNumber('ru', 3000000)} AED`]);
    expect(chips(t('ar'), 'ar', params).map((chip) => chip.replace(/[\u2066-\u2069]/g, ''))).toEqual(['1,000,000 – 3,000,000 درهم']);
  });

  test("a rental's terms: the cheques in the language's plural, the move-in day written out", () => {
    const params = new URLSearchParams('cheques=4&availableFrom=2027-01-15');
    expect(chips(t('en'), 'en', params)).toEqual(['4 cheques', 'Move in by 15 January 2027']);
    expect(chips(t('en'), 'en', new URLSearchParams('cheques=1'))).toEqual(['1 cheque']);
    expect(chips(t('ru'), 'ru', new URLSearchParams('cheques=2'))).toEqual(['2 чека']);
    expect(chips(t('ar'), 'ar', new URLSearchParams('cheques=2'))).toEqual(['شيكان']);
    expect(chips(t('en'), 'en', new URLSearchParams('cheques=20&availableFrom=soon'))).toEqual([]);
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

describe('a search in pages', () => {
  test('without a filter the request is the one the page has always sent; a filter and a later page are sent too', () => {
    const plain = new URLSearchParams('query=marina&bedrooms=2');
    expect(searchFields('residential', plain)).toEqual(criteriaFrom('residential', plain));
    // The general search does not send bedrooms as a criterion: the function applies it as a filter.
    const filtered = new URLSearchParams('query=marina&bedrooms=2&sort=price-asc&max=3000000&cheques=20');
    expect(searchFields('general', filtered)).toEqual({ query: 'marina', bedrooms: '2', sort: 'price-asc', max: '3000000' });
    const { url, init } = searchRequest('general', searchFields('general', filtered), 3);
    expect(new URL(url, 'http://x').searchParams.get('page')).toBe('3');
    expect(JSON.parse(String(init.body))).toMatchObject({ page: '3', sort: 'price-asc' });
    expect(JSON.parse(String(searchRequest('general', { query: 'x' }).init.body))).toEqual({ query: 'x' });
  });

  test("an answer's total and page size are its headers", async () => {
    const headers = { 'X-Total-Count': '60', 'X-Per-Page': '24' };
    const page = await readPage(new Response(JSON.stringify([{ id: 'a' }]), { headers }));
    expect({ total: page.total, perPage: page.perPage, n: page.results.length }).toEqual({ total: 60, perPage: 24, n: 1 });
    // An older function answered everything at once.
    const all = await readPage(new Response(JSON.stringify([{ id: 'a' }, { id: 'b' }])));
    expect({ total: all.total, perPage: all.perPage }).toEqual({ total: 2, perPage: 2 });
    await expect(readPage(new Response('{}', { status: 503 }))).rejects.toThrow('status 503');
  });
});
