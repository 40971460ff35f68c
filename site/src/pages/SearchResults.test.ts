import { describe, expect, it } from 'vitest';
import { criteriaFrom, searchRequest } from '../search/searches';

describe('search result pages', () => {
  it('read only their own parameters, trimmed, and only when filled', () => {
    const params = new URLSearchParams('query=%20marina%20&type=Apartments&bedrooms=2&area=1000&community=&other=x');
    expect(criteriaFrom('residential', params)).toEqual({ query: 'marina', type: 'Apartments', bedrooms: '2' });
    expect(criteriaFrom('commercial', params)).toEqual({ query: 'marina', type: 'Apartments', area: '1000' });
    expect(criteriaFrom('general', params)).toEqual({ query: 'marina', type: 'Apartments' });
    expect(criteriaFrom('rent', new URLSearchParams('community=Dubai%20Marina'))).toEqual({ community: 'Dubai Marina' });
  });

  it('send the criteria in the query string and again in the JSON body, as the original client does', () => {
    const { url, init } = searchRequest('offPlan', { query: 'palm villa', area: '1500' });
    expect(url).toBe('/api/properties/off-plan/search?query=palm+villa&area=1500');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ query: 'palm villa', area: '1500' });
    expect(searchRequest('general', {}).url).toBe('/api/search-properties');
  });
});
