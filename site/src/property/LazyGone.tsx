// The page of a listing no longer published (./Gone.tsx), as the property page shows it: that
// module and its messages load only when such a page is shown, so the property pages' first view
// carries neither. The property page's loader (./loader.ts) loads them before the page renders
// (the prerender, a navigation), and a prerendered page hydrates once they are there.
import { lazy, Suspense } from 'react';
import { loadMessages, type Lang } from '../i18n';
import type { GonePage, GoneView as GoneViewType } from './Gone';

/** What the property page's loader answers for a listing no longer published. */
export interface GoneListing {
  missing: false;
  gone: GonePage;
  /** The page's public address, for the agency's WhatsApp and e-mail message. */
  url: string;
}

let goneModule: typeof import('./Gone') | undefined;

/** Loads the page of a listing no longer published and its messages in `lang`. */
export async function loadGone(lang: Lang) {
  const [module] = await Promise.all([import('./Gone'), loadMessages(lang, 'Gone')]);
  goneModule = module;
  return { default: module.GoneView };
}

// Loaded already: a thenable that answers at once, so the page renders without suspending
// (renderToString, in the prerender, cannot wait); else loaded in the page's language.
const GoneView = lazy(() =>
  goneModule
    ? ({ then: (done: (module: { default: typeof GoneViewType }) => void) => done({ default: goneModule!.GoneView }) } as unknown as Promise<{ default: typeof GoneViewType }>)
    : loadGone(document.documentElement.lang as Lang),
);

export function GoneListingView({ gone, url }: GoneListing) {
  return (
    <Suspense fallback={null}>
      <GoneView page={gone} url={url} />
    </Suspense>
  );
}
