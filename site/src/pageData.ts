// What the prerender embeds in a page for the browser, and the mark the browser sets once it has
// hydrated it.
import type { PageHandle } from './screens';
import type { IslandRecord } from './islands/Island';
import type { Params } from './nav';

/** What the prerender embeds (entry-server.tsx `hydrationJson`): `islands` on a page drawn in islands. */
export interface Embedded {
  matches: { id: string; params: Params; pathname: string; handle?: Partial<PageHandle> }[];
  loaderData: Record<string, unknown>;
  errors: Record<string, { __type?: string; message?: string; status?: number; statusText?: string; data?: unknown; internal?: boolean }> | null;
  islands?: IslandRecord[];
}

/**
 * Marks <html> `data-hydrated` once the page's first render in the browser is committed (the
 * whole page's, or every island's). The browser tests wait for it (e2e/browser.mjs `settle`); an
 * attribute, unlike a User Timing mark, is seen by a test that installed a fake clock. <html> is
 * outside every root, so the attribute changes nothing React compares.
 */
export function markHydrated(): void {
  delete document.documentElement.dataset.hydrating;
  document.documentElement.dataset.hydrated = '';
}

