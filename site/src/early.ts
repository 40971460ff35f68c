// The requests a page whose content comes after its code (the search results, /compare) sends
// ahead of its code (on a slow phone 1 s and more before it has been fetched and run), and the
// first photo they name, fetched beside the code instead of after it. The page's route declares
// its plan in its handle (pages/SearchResults.tsx, pages/Compare.tsx), the prerender writes it in
// the boot block, and the page's code takes each answer over (`window.estateEarly`) instead of
// asking again.
//
// The search is sent by the page's HTML itself: early-search.js, inlined by document.ts right
// after the boot block and early-photo.js (their hashes are in netlify.toml's script-src), reads
// the address by the same rules as the page's own (search/searches.ts `criteriaFrom`,
// `searchRequest`; early.test.ts holds them alike), preloads the first card's photo as soon as
// the answer names it, draws the cards' photos in the placeholder cards, and hands the answer
// on. The answer and the photo so wait for no script file (the boot script runs only once the
// stylesheets have come). Should it not have run (a policy without its hash) or ever differ from
// the page's, the page finds no early answer and asks itself.
//
// /compare's requests are started here, by the boot script built with this file (boot.ts), once
// its HTML is parsed: no imports, and the app imports its types only. Its ids are read by the same
// rules as the page's own (pages/Compare.tsx), a test holds them alike (early.test.ts).
//
// The photos the page shows first are drawn as soon as the answers name them, not once the app's
// code has come, run and drawn the page (on a slow phone 1-2.5 s after the photo arrived): the
// search's in its prerendered placeholder cards (components/PlaceholderGrid.tsx), /compare's heads
// in its table's outline (pages/Compare.tsx). Each is the picture the page will show in that
// place, at its size, with its variants and sizes, so the page reuses the download and nothing
// moves when its own takes the placeholder's place. One drawing and one preload for both:
// early-photo.js (`window.estatePhotos`), inlined by document.ts in the head before the search's
// script and before /compare's boot script runs (early.test.ts holds it alike with the page's).

/** A search results page: its endpoint, and the address's parameters it sends (read by early-search.js). */
export interface EarlySearch {
  endpoint: string;
  params: string[];
  /** The result cards' photos' `sizes` (components/Picture.tsx). */
  sizes: string;
}

/** /compare: the listings of the address's `param`, each one's files (`id` in their path), and the site's files it reads. */
export interface EarlyCompare {
  param: string;
  max: number;
  /** What stands for the listing's id in `record` and `detail`. */
  id: string;
  record: string;
  detail: string;
  files: string[];
  /** The head photos' `sizes` by how many listings are compared (components/Picture.tsx). */
  sizes: Record<string, string>;
}

export type EarlyPlan = { search: EarlySearch } | { compare: EarlyCompare };

/**
 * The handoff: the answer to a request the page is about to make, once (the Response, not yet
 * read), or undefined if none was started (the page then asks itself); and the first photo the
 * answers drew in the page's placeholders (its <img>; nothing when none was drawn), whose paint
 * the boot script waits for before it fetches the page's code.
 */
export interface EarlyAnswers {
  take(method: string, url: string, body?: string | null): Promise<Response> | undefined;
  drawn: Promise<HTMLImageElement | undefined>;
}

/** A picture (types.ts `Picture`), as far as the preload and the early photos read it. */
type Pictured = { src: string; srcset?: string; webp?: string; color?: string };

/**
 * The early photos' drawing and preload, one for the search results and /compare (early-photo.js,
 * inlined in the head of both: document.ts `earlyScripts`).
 */
export interface EarlyPhotos {
  /**
   * Draws `picture` in a placeholder's photo box as the page will draw it there
   * (components/Picture.tsx): the WebP variants in a <source>, the JPEG ones and the address on
   * the <img>, the same `sizes`, its colour behind it; `first`: fetched first (and its paint
   * reported: `elementtiming`), else lazily (held until the first has been painted: boot.ts). The
   * placeholders are hidden from screen readers: no alternative text. Returns the <img>.
   */
  draw(box: Element, picture: Pictured, sizes: string, first: boolean): HTMLImageElement;
  /** Preloads `picture` shown at `sizes`, fetched first: its WebP variants, else its JPEG ones, else its address. */
  preload(picture: Pictured, sizes: string): void;
}

declare global {
  interface Window {
    estateEarly?: EarlyAnswers;
    estatePhotos?: EarlyPhotos;
  }
}

/** A request's name in the handoff: its method, address and body. */
const keyOf = (method: string, url: string, body?: string | null) => (body ? `${method} ${url} ${body}` : `${method} ${url}`);

/** The listings /compare shows for this address: slugs only, each once, at most `max`. */
export function compareIds(plan: EarlyCompare, params: URLSearchParams): string[] {
  const ids = (params.get(plan.param) ?? '').split(',').filter((id) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id));
  return [...new Set(ids)].slice(0, plan.max);
}

/** The API time-out (data.ts API_TIMEOUT_MS): an early request not answered by then fails as the page's would. */
const TIMEOUT_MS = 5000;

/**
 * Starts /compare's requests for the page at `address` and hands them on to its code
 * (`window.estateEarly`): preloads the photo the page shows first once they name it, and draws
 * the listings' head photos in the table's outline. `drawn` settles with the first photo drawn
 * (its <img>), or with nothing when none is (a request failed, or the outline is not the table's).
 * The site's files the table reads, which only the page's code needs, are asked for once `later`
 * settles (the first photo painted).
 */
export function startEarly(compare: EarlyCompare, address: URL, later: Promise<unknown> = Promise.resolve()): void {
  const answers = new Map<string, Promise<Response>>();
  const ask = (url: string, init: RequestInit = {}): Promise<unknown> => {
    // Read whole as it comes and handed on as an answer of its own: the time-out is the network's,
    // not the page's code's, which takes the answer once it has run (seconds later on a slow
    // phone, when the time-out would have cut off an answer still unread).
    const response = fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
      async (answer) => new Response(answer.body && (await answer.arrayBuffer()), answer),
    );
    answers.set(keyOf(init.method ?? 'GET', url, init.body as string | undefined), response);
    // A failure is the page's to report, when it takes the answer over.
    response.catch(() => undefined);
    return response.then((one) => (one.ok ? one.clone().json() : Promise.reject(new Error(String(one.status)))));
  };
  const ids = compareIds(compare, address.searchParams);
  // The site's files the table reads, once the first photo has been drawn (they are read by the
  // page's code, which is fetched then too): not beside the photo.
  void later.then(() => {
    for (const file of compare.files) void ask(file).catch(() => undefined);
  });
  // Each listing's head photo, with the variants its detail file records (none if it fails: the
  // photo's address), at the width of the columns.
  const heads = ids.map((id) =>
    Promise.all([
      ask(compare.record.replace(compare.id, id)) as Promise<{ Images?: string[]; mainCategory?: string }>,
      (ask(compare.detail.replace(compare.id, id)) as Promise<{ gallery?: Pictured[] }>).catch(() => ({ gallery: undefined })),
    ]).then(([record, detail]) => {
      const src = record.Images?.[0];
      return { offPlan: record.mainCategory === 'OffPlan', picture: src ? (detail.gallery?.find((one) => one.src === src) ?? { src }) : null };
    }),
  );
  const sizes = compare.sizes[String(ids.length)];
  // The drawing and the preload of the page's inline photo script (none if the policy did not let
  // it run: the page then draws the photos itself).
  const photos = window.estatePhotos;
  if (photos && sizes && heads[0]) void heads[0].then(({ picture }) => picture && photos.preload(picture, sizes), () => undefined);
  // The head row of the table's outline shows them, each in its listing's column, once all have
  // come (a listing no longer published leaves the table's columns to the others), and only when
  // the outline has the table's columns (the prerendered one has two); the first fetched first,
  // the others once it has been drawn (boot.ts). Its off-plan rows are shown first when the table
  // will have them (an off-plan listing among them, as pages/Compare.tsx decides): their labels
  // may widen the labels' column.
  const drawn = Promise.all(heads).then((found) => {
    // The outline's columns shown (pages/Compare.tsx `Pending`): the listings found.
    const boxes = [...document.querySelectorAll('.compare__photo')].slice(0, found.length);
    if (!sizes || window.location.href !== address.href || boxes.length !== found.length) return;
    if (found.some((one) => one.offPlan)) document.querySelector('.compare__outline')?.setAttribute('data-off-plan', '');
    if (!photos) return;
    let first: HTMLImageElement | undefined;
    boxes.forEach((box, index) => {
      const picture = found[index]?.picture;
      const img = picture ? photos.draw(box, picture, sizes, first == null) : undefined;
      first ??= img;
    });
    return first;
  });
  window.estateEarly = {
    take(method, url, body) {
      const key = keyOf(method, url, body);
      const answer = answers.get(key);
      answers.delete(key);
      return answer;
    },
    drawn: drawn.catch(() => undefined),
  };
}
