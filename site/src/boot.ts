// The one script a prerendered page's HTML names (scripts/prerender.mjs writes it into the head
// with `defer`, and the JSON block #boot beside it). It starts the app's code only once the page
// has been painted and its largest image has loaded: the HTML is already the whole page, so on a
// slow phone (Lighthouse's simulated slow 4G) its stylesheet, first paint and largest image go
// first, and hydration right after. With the entry's <script type="module"> and its modulepreload links in the head,
// their 107 KB were fetched and run before the first paint (LCP 2.0-2.3 s, 1.0 s without them).
//
// A page whose content comes after its code (the search results, /compare) names in the block
// the requests it will make, sent ahead of its code, and the first photos they name are drawn in
// the page's placeholders before its code comes: the search's by its HTML (early-search.js),
// /compare's from here (early.ts). Either hands on `window.estateEarly`, whose first photo drawn
// this waits for.
//
// The other photos of a list of cards (the cards after the first, the compared listings after the
// first, the partners' logos) wait too: styles/base.css keeps their lazy <img> out of the layout
// (so not fetched) until <html> has `data-painted`, set here once the page's largest image has
// been painted. On a slow phone they shared the link with it (a listing page's first screen asked
// for four more photos, 91 KB, before its first photo was drawn). Their boxes have their size
// without them: nothing moves. Without JavaScript the rule does not apply (`scripting: enabled`).
//
// A classic script, not a module, built by Vite apart from the app (vite.config.ts `bootScripts`)
// twice, each one small hashed file: with early.ts bundled in (ESTATE_BOOT_EARLY) for /compare,
// without it (1.3 KB less gzipped) for every other page. The CSP allows 'self' and the early
// inline scripts alone, by their hashes (document.ts `earlyScripts`).
import { startEarly, type EarlyPlan } from './early';

/** Built with early.ts: /compare's requests are started here. */
const WITH_EARLY = import.meta.env.ESTATE_BOOT_EARLY === true;

(() => {
  // The held photos may come (styles/base.css), and what waits for the first photo's paint.
  let freed = () => {};
  const painting = new Promise<void>((resolve) => (freed = resolve));
  const release = () => {
    document.documentElement.setAttribute('data-painted', '');
    freed();
  };
  const block = document.getElementById('boot');
  if (!block?.textContent) return release();
  const { entry, preload, early } = JSON.parse(block.textContent) as { entry: string; preload: string[]; early?: EarlyPlan };
  // At most 3 s, so a stalled request or image delays nothing long.
  const capped = new Promise((resolve) => setTimeout(resolve, 3000));

  // After the next frame: requestAnimationFrame runs just before it, the timeout in a task after.
  const afterFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
  // An image on the screen, painted: Element Timing (Chromium) reports the frame it was drawn
  // in, which comes after its load, often a frame or more later, for an image that has
  // `elementtiming` when it is painted. The attribute is not HTML (the validator refuses it in
  // the page), so it is set here, on an image still loading; the first photos the early requests
  // draw have it from the start (early.ts, early-search.js). An image loaded before this ran, and
  // elsewhere: the frame after it has loaded and been decoded. Settles at once for an image not on
  // the screen (a page opened scrolled down: it is not drawn), and when it fails.
  const timed = PerformanceObserver.supportedEntryTypes?.includes('element');
  const drawn = new Map<Element, () => void>();
  if (timed) {
    new PerformanceObserver((list) => {
      for (const one of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        if (one.element) drawn.get(one.element)?.();
      }
    }).observe({ type: 'element', buffered: true });
  }
  const shown = (img: HTMLImageElement) =>
    new Promise<void>((resolve) => {
      // Failed, now or before.
      if (img.complete && img.naturalWidth === 0) return resolve();
      img.addEventListener('error', () => resolve(), { once: true });
      if (timed && (!img.complete || img.hasAttribute('elementtiming'))) {
        img.setAttribute('elementtiming', 'photo');
        drawn.set(img, resolve);
        const seen = new IntersectionObserver(([one]) => {
          seen.disconnect();
          if (!one?.isIntersecting) resolve();
        });
        seen.observe(img);
        return;
      }
      const loaded = () => void img.decode().then(() => afterFrame(resolve), resolve);
      if (img.complete) loaded();
      else img.addEventListener('load', loaded, { once: true });
    });

  if (WITH_EARLY && early && 'compare' in early) startEarly(early.compare, new URL(window.location.href), painting);
  // The first photo the early requests drew, painted (at once when none is: the search's HTML did
  // not run, or drew none).
  const first = early && window.estateEarly?.drawn;
  const photo = early ? Promise.race([Promise.resolve(first).then((img) => img && shown(img)), capped]) : undefined;

  // The page's chunks first, so the browser fetches them beside the entry instead of after it
  // has run (Vite's loader of a lazy chunk sees these links and adds no second one). Low
  // priority: the largest image may still be loading.
  const fetchCode = (files: string[]) => {
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.setAttribute('crossorigin', '');
      link.setAttribute('fetchpriority', 'low');
      link.setAttribute('href', href);
      document.head.append(link);
    }
  };
  // A page whose content its code draws: the code is fetched once the first photo the early
  // requests name has been painted (at once when there is none), so that photo, drawn here, has
  // the line to itself (on a slow phone the code's 100 KB and more, fetched beside it, delayed
  // it), and is still run after the paint.
  void photo?.then(() => fetchCode([entry, ...preload]));

  const start = () => {
    if (!early) fetchCode(preload);
    const script = document.createElement('script');
    script.type = 'module';
    script.setAttribute('crossorigin', '');
    script.setAttribute('fetchpriority', 'low');
    script.src = entry;
    document.head.append(script);
  };

  // The first contentful paint, once on screen: Paint Timing reports it with the frame's
  // presentation time, which (in Lighthouse's trace, on a busy machine) can come after the
  // frame's requestAnimationFrame and timeout.
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterFrame(resolve);
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  // The images the page marked as its largest (components/Picture.tsx: fetchpriority="high"),
  // painted or failed; at most 3 s (`capped`).
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(shown);
  // The photos held until then may come with the page's first photo (the search's, /compare's)
  // drawn: at once, as the code is fetched.
  void photo?.then(release);
  // A hidden tab paints nothing (no frames, no paint): start at once.
  if (document.visibilityState === 'hidden') {
    release();
    start();
  } else {
    void Promise.race([Promise.all([painted, photo, ...images]), capped]).then(() => {
      release();
      afterFrame(start);
    });
  }
})();
