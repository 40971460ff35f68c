// The React API of the browser's build as Preact's (preact/compat): vite.config.ts puts this
// module in place of `react` and `react-dom/client` (and preact/compat in place of `react-dom`)
// for the client build, unless ESTATE_BROWSER_RENDERER=react. The prerender still renders every
// page with React (react-dom/server), so the HTML is React's, byte for byte; in the browser
// Preact hydrates it and runs the pages, React Router included. React DOM alone was 64 of the
// entry's 108 KB gzipped; Preact with its compat layer is about 8 KB.
//
// What React 19 has and preact/compat lacks is added here, for the few places that use it:
// `use` of a promise (a lazy part waiting for its messages) or of a context, and the server's
// snapshot of an external store while hydrating; where Preact's rendering of the page differs
// from React DOM's, it is made to agree in browser-react-dom.ts. vite.config.ts points
// `react-dom/client` here too, for hydrateRoot.
import {
  useContext,
  useEffect,
  useState,
  useSyncExternalStore as preactUseSyncExternalStore,
  type Context,
  type ReactNode,
} from 'preact/compat';
import { hydrateRoot as preactHydrateRoot, createRoot } from 'preact/compat/client';
import { behaveAsReactDom } from './browser-react-dom';
import { hydrating, hydratingRoot } from './hydration';

// preact/compat's types are written as `export =`, which TypeScript will not re-export with
// `export *`; the module itself is ES, and every name of it passes through.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

// After preact/compat's own hooks (installed as it loaded, above): these run first and call them.
behaveAsReactDom();

export { createRoot };

/**
 * React's hydrateRoot, noting that the render under way hydrates (for useSyncExternalStore;
 * Preact hydrates synchronously, so the render is over when it returns, but for the parts it
 * leaves to later tasks: components/HydrationPart.tsx).
 *
 * React's prerender writes the preloads it hoists (the logo's `<link rel="preload">`) first in
 * the container. They are no part of the tree, so Preact would move the app's element before
 * them, and moving an element out of the page blurs whatever in it the visitor had focused
 * before hydration (the listing pages' search bar lost its focus): they go to <head> first.
 */
export function hydrateRoot(container: Element, children: ReactNode) {
  for (const node of [...container.children]) if (node.tagName === 'LINK') document.head.append(node);
  return hydratingRoot(() => preactHydrateRoot(container, children));
}

/**
 * React's useSyncExternalStore: while hydrating (the root, or a part of it in a later task), the
 * server's snapshot (so the first render in the browser is the prerender's: shell's
 * useHydrated() is false, a saved listing's heart is not pressed yet), then the store's own in a
 * render right after, as React does. Preact's own takes the browser's value at once, and its
 * hydration leaves the server's attributes as they were, so the page would keep the server's
 * state while Preact believes it shows the browser's.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [fromServer, setFromServer] = useState(() => hydrating() && getServerSnapshot !== undefined);
  useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  const value = preactUseSyncExternalStore(subscribe, getSnapshot);
  return fromServer && getServerSnapshot ? getServerSnapshot() : value;
}

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * React's `use`: a context's value, or a promise's once it has settled. A pending promise
 * suspends the component (thrown to the nearest <Suspense>, as React does), so the promise must
 * be the same object on every render, as React requires too.
 */
export function use<T>(usable: Promise<T> | Context<T>): T {
  if (!(usable instanceof Promise)) return useContext(usable);
  const promise = usable as Tracked<T>;
  if (promise.status === 'fulfilled') return promise.value as T;
  if (promise.status === 'rejected') throw promise.reason;
  if (!promise.status) {
    promise.status = 'pending';
    promise.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
    );
  }
  throw promise;
}
