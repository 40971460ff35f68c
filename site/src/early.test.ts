// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compareIds, drawPhoto, searchOf } from './early';
import { Picture, SIZES } from './components/Picture';
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

// The photo the boot script draws in a placeholder card is the one its card draws: the same
// files, variants and sizes (else the browser fetches another file for the card).
describe('an early photo', () => {
  const pictures = {
    'with its variants': {
      src: '/media/properties/a.jpg',
      srcset: '/media/_img/a-400.jpg 400w, /media/_img/a-800.jpg 800w',
      webp: '/media/_img/a-400.webp 400w, /media/_img/a-800.webp 800w',
      width: 1200,
      height: 800,
      color: '#68526b',
    },
    "from an older build's record": { src: '/media/properties/b.jpg' },
  };
  /** What a picture's <source>s and <img> ask for. */
  const asked = (root: Element) =>
    [...root.querySelectorAll('source, img')].map((one) => ({
      tag: one.tagName,
      type: one.getAttribute('type'),
      src: one.getAttribute('src'),
      srcset: one.getAttribute('srcset'),
      sizes: one.getAttribute('srcset') ? one.getAttribute('sizes') : null,
    }));
  for (const [name, picture] of Object.entries(pictures)) {
    it(`is the card's, ${name}`, () => {
      const card = document.createElement('div');
      card.innerHTML = renderToStaticMarkup(
        createElement(Picture, { picture, sizes: 'card', alt: 'A', fallbackWidth: 600, fallbackHeight: 400, priority: true }),
      );
      const box = document.createElement('div');
      box.append(document.createElement('span'));
      drawPhoto(box, picture, SIZES.card, true);
      expect(asked(box)).toEqual(asked(card));
      const img = box.querySelector('img');
      expect(img?.getAttribute('alt')).toBe('');
      // The boot script waits for its paint before the other photos come.
      expect(img?.getAttribute('elementtiming')).toBe('photo');
      expect(box.querySelector('span')).toBeNull();
    });
  }

  it('after the first, is fetched lazily', () => {
    const box = document.createElement('div');
    drawPhoto(box, pictures['with its variants'], SIZES.card, false);
    expect(box.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(box.querySelector('img')?.getAttribute('fetchpriority')).toBeNull();
  });
});
