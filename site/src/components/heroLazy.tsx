// The home search's portal fields (HeroFields.tsx) as the home page places them in its search
// panel, their code loaded after the page's first view. The prerender loads the code before it
// renders (entry-server.tsx), so the page's HTML holds the fields in full; in the browser each
// sits in a Suspense boundary whose lazy component React leaves as the server drew it until the
// code arrives (the fields work as plain form fields meanwhile), then hydrates.
import { lazy, Suspense, type ComponentType } from 'react';
import type { PanelExtras } from './SearchPanel';

type Hero = typeof import('./HeroFields');
let hero: Hero | null = null;

/** Loads the fields' code (once). */
export const loadHero = (): Promise<Hero> => import('./HeroFields').then((module) => (hero = module));

function part<P extends object>(pick: (module: Hero) => ComponentType<P>) {
  return lazy(() => {
    // Already loaded (the prerender, or an earlier visit to home): a settled thenable, which
    // React's lazy reads at once, so the fields render without suspending.
    if (hero) {
      const loaded = { default: pick(hero) };
      return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as unknown as Promise<typeof loaded>;
    }
    return loadHero().then((module) => ({ default: pick(module) }));
  });
}

const Purpose = part((module) => module.HeroPurpose);
const Community = part((module) => module.HeroCommunity);
const Price = part((module) => module.HeroPrice);

/**
 * The result page's URL of the fields' values (a form's entries): only the filled ones, each
 * value once, in the form's order; null when nothing is filled in (then the browser alert is due).
 */
export function filledUrl(target: string, entries: Iterable<[string, FormDataEntryValue]>): string | null {
  const params = new URLSearchParams();
  for (const [name, entry] of entries) {
    const value = String(entry).trim();
    if (value && !params.getAll(name).includes(value)) params.append(name, value);
  }
  return params.size ? `${target}?${params.toString()}` : null;
}

/** The fields around the panel's own (SearchPanel's `extras`); `id`: the panel's. */
export function heroExtras(id: string): PanelExtras {
  return {
    // The panel's own fields are in the form too, as the visitor sees them.
    url: (form) => filledUrl('/search-result', new FormData(form)),
    first: (
      <Suspense fallback={null}>
        <Purpose />
      </Suspense>
    ),
    afterText: (
      <Suspense fallback={null}>
        <Community id={id} />
      </Suspense>
    ),
    afterBedrooms: (
      <Suspense fallback={null}>
        <Price id={id} />
      </Suspense>
    ),
  };
}
