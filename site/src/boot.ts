// The one script a prerendered page's HTML names (scripts/prerender.mjs writes it into the head
// with `defer`, and the JSON block #boot beside it). It starts the app's code only once the page
// has been painted and its largest image has loaded: the HTML is already the whole page, so on a
// slow phone (Lighthouse's simulated slow 4G) its stylesheet, first paint and largest image go
// first, and hydration right after. With the entry's <script type="module"> and its modulepreload links in the head,
// their 107 KB were fetched and run before the first paint (LCP 2.0-2.3 s, 1.0 s without them).
//
// A page whose content comes after its code (the search results, /compare) names in the block
// the requests it will make: they start here at once (early.ts), not after the paint, and the
// first photos they name are drawn in the page's placeholders before its code comes.
//
// A classic script, not a module, built by Vite as its own entry (vite.config.ts) with early.ts
// bundled in, so it is one small hashed file. No inline script: the CSP allows only 'self'.
import { startEarly, type EarlyPlan } from './early';

(() => {
  const block = document.getElementById('boot');
  if (!block?.textContent) return;
  const { entry, preload, early } = JSON.parse(block.textContent) as { entry: string; preload: string[]; early?: EarlyPlan };
  // At most 3 s, so a stalled request or image delays nothing long.
  const capped = new Promise((resolve) => setTimeout(resolve, 3000));
  const photo = early ? Promise.race([startEarly(early, new URL(window.location.href)), capped]) : undefined;

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
  // requests name has loaded (at once when there is none), so that photo, drawn here, has the
  // line to itself (on a slow phone the code's 100 KB and more, fetched beside it, delayed it),
  // and is still run after the paint.
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

  // After the next frame: requestAnimationFrame runs just before it, the timeout in a task after.
  const afterFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
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
  // The images the page marked as its largest (components/Picture.tsx: fetchpriority="high",
  // preloaded in the head), loaded or failed; at most 3 s (`capped`).
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) =>
    img.complete
      ? undefined
      : new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
  );
  // A hidden tab paints nothing (no frames, no paint): start at once.
  if (document.visibilityState === 'hidden') start();
  else void Promise.race([Promise.all([painted, photo, ...images]), capped]).then(() => afterFrame(start));
})();
