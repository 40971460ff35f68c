// @vitest-environment jsdom
import { createServer } from 'node:http';
import { transferableAbortController } from 'node:util';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compareIds, startEarly, type EarlyAnswers, type EarlySearch } from './early';
import EARLY_PHOTO from './early-photo.js?minified';
import EARLY_SEARCH from './early-search.js?minified';
import EARLY_COMPARE from './early-compare.js?minified';
import { earlyScripts } from './document';
import { API_TIMEOUT_MS } from './data';
import { Picture, SIZES } from './components/Picture';
import { criteriaFrom, SEARCHES, searchRequest, type SearchKind } from './search/searches';
import { cleanIds, COMPARE_MAX } from './shortlist/store';
import { idsParam } from './shortlist/listings';

/** A server on loopback answering every request with `body` (JSON): its address and its close. */
async function loopback(body: string): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Stands for a request's time-out: the same abort, at the test's moment. Node's own controller:
 * the test environment's AbortController is jsdom's, whose signal Node's fetch refuses (Node 24).
 */
const nodeTimeOut = (): AbortController => transferableAbortController();

/** The early photos' drawing and preload (`window.estatePhotos`), as the page's head defines them (early-photo.js). */
function definePhotos() {
  window.estatePhotos = undefined;
  new Function(EARLY_PHOTO)();
  return window.estatePhotos!;
}

/**
 * What early-search.js sends on a page whose boot block has `plan`, at `address`, run as the page
 * runs it (after early-photo.js), with `cards` placeholder cards in its body; `answer`: what the search answers. `early`:
 * what it hands on; `parsed()`: the page's HTML parsed (DOMContentLoaded).
 */
function sentSearch(
  plan: EarlySearch,
  address: string,
  answer: unknown[] | ReadableStream<Uint8Array> = [],
  cards = 0,
  respond: (url: string, init: RequestInit) => Promise<Response> = () =>
    Promise.resolve(new Response(answer instanceof ReadableStream ? answer : JSON.stringify(answer))),
) {
  document.head.innerHTML = `<script type="application/json" id="boot">${JSON.stringify({ entry: '/e.js', preload: [], early: { search: plan } })}</script>`;
  document.body.innerHTML = '<div class="card-placeholder"><div class="card-placeholder__media"></div></div>'.repeat(cards);
  window.history.replaceState(null, '', address ? `/search-result?${address}` : '/search-result');
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return respond(url, init);
  });
  window.estateEarly = undefined;
  definePhotos();
  try {
    new Function(EARLY_SEARCH)();
  } finally {
    vi.unstubAllGlobals();
  }
  const parsed = () => document.dispatchEvent(new Event('DOMContentLoaded'));
  // Set by the script, which TypeScript does not see.
  return { sent, early: window.estateEarly as EarlyAnswers | undefined, parsed };
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
        const { sent, early } = sentSearch(plan, address);
        expect(sent.length, address).toBe(1);
        const { signal, ...rest } = sent[0]!.init;
        expect({ url: sent[0]!.url, init: rest }, address).toEqual({ url, init });
        expect(signal, address).toBeInstanceOf(AbortSignal);
        // Handed on under the page's own request, once; not under another.
        expect(early?.take('POST', url, `${init.body as string} `), address).toBeUndefined();
        expect(early?.take('GET', url, init.body as string), address).toBeUndefined();
        expect(early?.take('POST', url, init.body as string), address).toBeInstanceOf(Promise);
        expect(early?.take('POST', url, init.body as string), address).toBeUndefined();
      }
    });
  }

  // An answer the page does not take (its address has filters it sends itself: a sort, a price)
  // left unread held its request open, and its connection, until the time-out, 5 s.
  it('read whole, drawn or not', async () => {
    const plan = { endpoint: SEARCHES.general.endpoint, params: SEARCHES.general.params, sizes: '' };
    for (const address of ['type=Villa', 'type=Villa&sort=price-asc&max=3000000']) {
      const chunks = ['[{"id":"a"}', ',{"id":"b"}]'].map((text) => new TextEncoder().encode(text));
      let ended = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(chunk);
          else {
            ended = true;
            controller.close();
          }
        },
      });
      const { early, parsed } = sentSearch(plan, address, body);
      parsed();
      await early?.drawn;
      expect(ended, address).toBe(true);
    }
  });

  // The page's code takes the answer once it has run: on a slow phone, after the time-out, which
  // cut off an answer still unread (the page said 'No properties found' for a search answered in
  // half a second). Node's fetch aborts as a browser's does: the unread body fails.
  it('taken after the time-out has passed, is read whole', async () => {
    const answered = [{ id: 'a' }, { id: 'b' }];
    const { base, close } = await loopback(JSON.stringify(answered));
    const timeOut = nodeTimeOut();
    const realFetch = globalThis.fetch;
    try {
      const plan = { endpoint: SEARCHES.general.endpoint, params: SEARCHES.general.params, sizes: '' };
      const { url, init } = searchRequest('general', criteriaFrom('general', new URLSearchParams('type=Villa')));
      const { early } = sentSearch(plan, 'type=Villa', [], 0, (to, sent) => realFetch(base + to, { ...sent, signal: timeOut.signal }));
      const answer = await early!.take('POST', url, init.body as string)!;
      timeOut.abort(new DOMException('signal timed out', 'TimeoutError'));
      expect(await answer.json()).toEqual(answered);
    } finally {
      await close();
    }
  });

  it('with the time-out of the pages requests', () => {
    // As the minifier writes the number (8000 as 8e3).
    const written = [String(API_TIMEOUT_MS), API_TIMEOUT_MS.toExponential().replace('+', '')];
    expect(written.some((ms) => EARLY_SEARCH.includes(`AbortSignal.timeout(${ms})`)), EARLY_SEARCH).toBe(true);
  });

  it('are inlined as they are tested here, minified, whose hashes netlify.toml names (document.test.ts)', () => {
    const inlined = (text: string) => `<script>${text}</script>`;
    const [photo, search, compareCount] = [inlined(EARLY_PHOTO), inlined(EARLY_SEARCH), inlined(EARLY_COMPARE)];
    const compare = { param: 'ids', max: COMPARE_MAX, id: '{id}', record: '', detail: '', files: [], sizes: {} };
    // The photos' script first: the search's script calls it, and so does /compare's boot script.
    expect(earlyScripts({ search: { endpoint: '/api/search-properties', params: [], sizes: '' } })).toEqual([photo, search]);
    expect(earlyScripts({ compare })).toEqual([photo, compareCount]);
    expect(earlyScripts(null)).toEqual([]);
  });

  it('sends nothing without a search plan', () => {
    document.head.innerHTML = `<script type="application/json" id="boot">{"entry":"/e.js","preload":[]}</script>`;
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    window.estateEarly = undefined;
    try {
      new Function(EARLY_SEARCH)();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetched).not.toHaveBeenCalled();
    expect(window.estateEarly).toBeUndefined();
  });

  it("/compare's listings", () => {
    const plan = { param: 'ids', max: COMPARE_MAX, id: '{id}', record: '', detail: '', files: [], sizes: {} };
    for (const ids of ['a,b', 'a,,b,a', '../x,b,c', 'a,b,c,d,e,f', '', 'A_1,b-2']) {
      const params = new URLSearchParams({ ids });
      expect(compareIds(plan, params), ids).toEqual(cleanIds(idsParam(ids)).slice(0, COMPARE_MAX));
    }
  });
});

/** The search's record of a listing with `picture` (an older build's record has its photo's address alone). */
const record = (name: string, picture: { src: string }) => (name === "from an older build's record" ? { Images: [picture.src] } : { picture, Images: ['/x.jpg'] });

/**
 * The search's HTML (early-search.js) once its answer `answer` at `address` has come and the page
 * has been parsed: the first photo it drew, the placeholders' photo boxes and the head's preloads.
 */
async function searchDrawn(address: string, answer: unknown[], cards = 2) {
  const plan = { endpoint: '/api/search-properties', params: ['query', 'type'], sizes: SIZES.card };
  const { early, parsed } = sentSearch(plan, address, answer, cards);
  parsed();
  const first = await early?.drawn;
  return {
    first,
    boxes: [...document.querySelectorAll('.card-placeholder__media')],
    preloads: [...document.head.querySelectorAll('link[rel="preload"]')],
  };
}

/**
 * /compare's boot script (early.ts `startEarly`, after early-photo.js) once its answers have come,
 * on a table's outline with two heads whose listings both have `picture` as their first photo:
 * the first photo it drew, the heads' photo boxes and the head's preloads.
 */
async function compareDrawn(picture: { src: string }) {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div class="compare__outline">${'<div class="compare__photo"></div>'.repeat(2)}</div>`;
  window.history.replaceState(null, '', '/compare?ids=a,b');
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(new Response(JSON.stringify(url.startsWith('/record/') ? { Images: [picture.src] } : { gallery: [picture] }))),
  );
  window.estateEarly = undefined;
  definePhotos();
  try {
    const plan = { param: 'ids', max: COMPARE_MAX, id: '{id}', record: '/record/{id}.json', detail: '/detail/{id}.json', files: [] };
    startEarly({ ...plan, sizes: { 2: SIZES.card } }, new URL(window.location.href));
  } finally {
    vi.unstubAllGlobals();
  }
  // Set by startEarly, which TypeScript does not see.
  const first = await (window.estateEarly as EarlyAnswers | undefined)?.drawn;
  return {
    first,
    boxes: [...document.querySelectorAll('.compare__photo')],
    preloads: [...document.head.querySelectorAll('link[rel="preload"]')],
  };
}

// The photo drawn in a placeholder (the search's card by its HTML, early-search.js; /compare's
// head by its boot script, early.ts), by the one drawing both call (early-photo.js), is the one
// the page draws there: the same files, variants and sizes (else the browser fetches another
// file for the card).
describe('an early photo', () => {
  /** What a picture's <source>s and <img> ask for. */
  const asked = (root: Element) =>
    [...root.querySelectorAll('source, img')].map((one) => ({
      tag: one.tagName,
      type: one.getAttribute('type'),
      src: one.getAttribute('src'),
      srcset: one.getAttribute('srcset'),
      sizes: one.getAttribute('srcset') ? one.getAttribute('sizes') : null,
    }));
  for (const [name, picture] of Object.entries(PICTURES)) {
    it(`is the card's, ${name}`, async () => {
      const card = document.createElement('div');
      card.innerHTML = renderToStaticMarkup(
        createElement(Picture, { picture, sizes: 'card', alt: 'A', fallbackWidth: 600, fallbackHeight: 400, priority: true }),
      );
      const box = document.createElement('div');
      box.append(document.createElement('span'));
      const img = definePhotos().draw(box, picture, SIZES.card, true);
      expect(box.querySelector('span')).toBeNull();
      expect(img).toBe(box.querySelector('img'));
      const search = await searchDrawn('query=Marina', [record(name, picture), {}]);
      expect(search.first).toBe(search.boxes[0]!.querySelector('img'));
      const compare = await compareDrawn(picture);
      expect(compare.first).toBe(compare.boxes[0]!.querySelector('img'));
      for (const drawn of [box, search.boxes[0]!, compare.boxes[0]!]) {
        expect(asked(drawn)).toEqual(asked(card));
        const img = drawn.querySelector('img');
        expect(img?.getAttribute('alt')).toBe('');
        // The boot script waits for its paint before the other photos come.
        expect(img?.getAttribute('elementtiming')).toBe('photo');
        expect(img?.getAttribute('fetchpriority')).toBe('high');
      }
    });
  }

  it('after the first, is fetched lazily', async () => {
    const box = document.createElement('div');
    definePhotos().draw(box, PICTURES['with its variants'], SIZES.card, false);
    const search = await searchDrawn('query=Marina', [{}, { picture: PICTURES['with its variants'] }]);
    expect(search.boxes[0]!.children).toHaveLength(0);
    const compare = await compareDrawn(PICTURES['with its variants']);
    for (const img of [box.querySelector('img'), search.boxes[1]!.querySelector('img'), compare.boxes[1]!.querySelector('img')]) {
      expect(img?.getAttribute('loading')).toBe('lazy');
      expect(img?.getAttribute('fetchpriority')).toBeNull();
      expect(img?.getAttribute('elementtiming')).toBeNull();
    }
  });

  it("not the search's when the address sorts or filters more, or is another's by then", async () => {
    const answer = [{ picture: PICTURES['with its variants'] }];
    const sorted = await searchDrawn('query=Marina&sort=price-asc', answer);
    expect(sorted.first).toBeUndefined();
    expect(sorted.boxes[0]!.children).toHaveLength(0);
    const { early, parsed } = sentSearch({ endpoint: '/api/search-properties', params: ['query'], sizes: SIZES.card }, 'query=Marina', answer, 1);
    window.history.replaceState(null, '', '/search-result?query=JVC');
    parsed();
    expect(await early?.drawn).toBeUndefined();
    expect(document.querySelector('.card-placeholder__media')!.children).toHaveLength(0);
  });
});

// The first photo, preloaded as the answers come (the search's first card's by the page's HTML,
// /compare's first head's by its boot script; one preload for both, early-photo.js), is the file
// its placeholder then draws, which is the page's own (above): the same address, variants and
// sizes (else the browser fetches the photo twice).
describe('the first early photo, preloaded', () => {
  for (const [name, picture] of Object.entries(PICTURES)) {
    it(`is the one the first placeholder draws, ${name}`, async () => {
      const search = await searchDrawn('query=Marina', [record(name, picture), {}]);
      const compare = await compareDrawn(picture);
      for (const { boxes, preloads } of [search, compare]) {
        const [link, ...others] = preloads;
        expect(others).toEqual([]);
        const source = boxes[0]!.querySelector('source');
        const img = boxes[0]!.querySelector('img');
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
      }
    });
  }

  it('not when the address sorts or filters more, nor when the answer names no photo', async () => {
    expect((await searchDrawn('query=Marina&sort=price-asc', [{ picture: PICTURES['with its variants'] }])).preloads).toEqual([]);
    expect((await searchDrawn('query=Marina', [{}])).preloads).toEqual([]);
    expect((await searchDrawn('query=Marina', [])).preloads).toEqual([]);
  });
});
