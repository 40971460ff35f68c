// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compareIds, drawPhoto, type EarlySearch, type StartedSearch } from './early';
import EARLY_SEARCH from './early-search.js?raw';
import { earlySearchScript } from './document';
import { API_TIMEOUT_MS } from './data';
import { Picture, SIZES } from './components/Picture';
import { criteriaFrom, SEARCHES, searchRequest, type SearchKind } from './search/searches';
import { cleanIds, COMPARE_MAX } from './shortlist/store';
import { idsParam } from './shortlist/listings';

/**
 * What early-search.js sends on a page whose boot block has `plan`, at `address`, run as the page
 * runs it; `answer`: what the search answers.
 */
function sentSearch(plan: EarlySearch, address: string, answer: unknown[] = []) {
  document.head.innerHTML = `<script type="application/json" id="boot">${JSON.stringify({ entry: '/e.js', preload: [], early: { search: plan } })}</script>`;
  window.history.replaceState(null, '', address ? `/search-result?${address}` : '/search-result');
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(answer)));
  });
  window.estateSearch = undefined;
  try {
    new Function(EARLY_SEARCH)();
  } finally {
    vi.unstubAllGlobals();
  }
  // Set by the script, which TypeScript does not see.
  return { sent, started: window.estateSearch as StartedSearch | undefined };
}

const PICTURES = {
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

// The page's HTML sends the search by the same rules as the page: else the page finds no early
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
        const { url, init } = searchRequest(kind, criteriaFrom(kind, new URLSearchParams(address)));
        const { sent, started } = sentSearch(plan, address);
        expect(sent.length, address).toBe(1);
        const { signal, ...rest } = sent[0]!.init;
        expect({ url: sent[0]!.url, init: rest }, address).toEqual({ url, init });
        expect(signal, address).toBeInstanceOf(AbortSignal);
        // Handed on under the page's own request.
        expect({ url: started?.url, body: started?.body }, address).toEqual({ url, body: init.body });
        expect(started?.response).toBeInstanceOf(Promise);
      }
    });
  }

  it('with the time-out of the pages requests', () => {
    expect(EARLY_SEARCH).toContain(`AbortSignal.timeout(${API_TIMEOUT_MS})`);
  });

  it('is inlined as the file is, whose hash netlify.toml names (generator/src/netlify.rs)', () => {
    const file = readFileSync(join(import.meta.dirname, 'early-search.js'), 'utf8');
    expect(earlySearchScript()).toBe(`<script>${file}</script>`);
  });

  it('sends nothing without a search plan', () => {
    document.head.innerHTML = `<script type="application/json" id="boot">{"entry":"/e.js","preload":[]}</script>`;
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    window.estateSearch = undefined;
    try {
      new Function(EARLY_SEARCH)();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetched).not.toHaveBeenCalled();
    expect(window.estateSearch).toBeUndefined();
  });

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
  const pictures = PICTURES;
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

// The first card's photo, preloaded by the page's HTML as the answer comes, is the file the
// placeholder card then draws (early.ts `drawPhoto`), which is the card's own: the same address,
// variants and sizes (else the browser fetches the photo twice).
describe("the first card's photo, preloaded", () => {
  const plan = { endpoint: '/api/search-properties', params: ['query', 'type'], sizes: SIZES.card };
  /** The preload links in the head once the answer has been read. */
  const preloads = async (address: string, answer: unknown[]) => {
    const { started } = sentSearch(plan, address, answer);
    await started?.response;
    await new Promise((resolve) => setTimeout(resolve, 0));
    return [...document.head.querySelectorAll('link[rel="preload"]')];
  };
  for (const [name, picture] of Object.entries(PICTURES)) {
    it(`is the one the card draws, ${name}`, async () => {
      const answer = name === "from an older build's record" ? [{ Images: [picture.src] }, {}] : [{ picture, Images: ['/x.jpg'] }, {}];
      const [link, ...others] = await preloads('query=Marina', answer);
      expect(others).toEqual([]);
      const box = document.createElement('div');
      drawPhoto(box, picture, SIZES.card, true);
      const source = box.querySelector('source');
      const img = box.querySelector('img');
      expect({
        as: link?.getAttribute('as'),
        href: link?.getAttribute('href'),
        srcset: link?.getAttribute('imagesrcset'),
        sizes: link?.getAttribute('imagesizes'),
        type: link?.getAttribute('type'),
        priority: link?.getAttribute('fetchpriority'),
      }).toEqual({
        as: 'image',
        href: img?.getAttribute('src'),
        srcset: source?.getAttribute('srcset') ?? img?.getAttribute('srcset') ?? null,
        sizes: source || img?.hasAttribute('srcset') ? SIZES.card : null,
        type: source?.getAttribute('type') ?? null,
        priority: 'high',
      });
    });
  }

  it('not when the address sorts or filters more, nor when the answer names no photo', async () => {
    expect(await preloads('query=Marina&sort=price-asc', [{ picture: PICTURES['with its variants'] }])).toEqual([]);
    expect(await preloads('query=Marina', [{}])).toEqual([]);
    expect(await preloads('query=Marina', [])).toEqual([]);
  });
});
