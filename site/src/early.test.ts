import { describe, expect, it } from 'vitest';
import { compareIds, searchOf } from './early';
import { criteriaFrom, SEARCHES, searchRequest, type SearchKind } from './search/searches';
import { cleanIds, COMPARE_MAX } from './shortlist/store';
import { idsParam } from './shortlist/listings';

// The boot script reads the address by the same rules as the pages: else the page finds no early
// answer and asks again (a second request, and the early start lost).
describe('the early requests are the pages own', () => {
  const addresses = [
    '',
    'query=Marina',
    'query=%20Marina%20&type=Apartment',
    'type=Villa&bedrooms=3&sort=price-asc',
    'community=Dubai+Marina&community=Palm+Jumeirah&community=Dubai+Marina',
    'community=&community=JVC',
    'area=1000&purpose=rent&offPlan=1',
    'query=a&query=b',
  ];
  for (const kind of Object.keys(SEARCHES) as SearchKind[]) {
    it(`the ${kind} search`, () => {
      const plan = { endpoint: SEARCHES[kind].endpoint, params: SEARCHES[kind].params, sizes: '' };
      for (const address of addresses) {
        const params = new URLSearchParams(address);
        const { url, init } = searchRequest(kind, criteriaFrom(kind, params));
        expect(searchOf(plan, params), address).toEqual({ url, body: init.body });
      }
    });
  }

  it("/compare's listings", () => {
    const plan = { param: 'ids', max: COMPARE_MAX, id: '{id}', record: '', detail: '', files: [], sizes: {} };
    for (const ids of ['a,b', 'a,,b,a', '../x,b,c', 'a,b,c,d,e,f', '', 'A_1,b-2']) {
      const params = new URLSearchParams({ ids });
      expect(compareIds(plan, params), ids).toEqual(cleanIds(idsParam(ids)).slice(0, COMPARE_MAX));
    }
  });
});
