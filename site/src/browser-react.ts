// EXPERIMENT (ESTATE_BROWSER_RENDERER=preact, see vite.config.ts; unused otherwise): the React
// API of the browser's build as Preact's (preact/compat), which vite.config.ts then puts in
// place of `react`, `react-dom` and `react-dom/client` for the client build only. The prerender
// still renders every page with React (react-dom/server), so the HTML is React's, byte for byte;
// in the browser Preact hydrates it and runs the pages, React Router included. React DOM alone
// was 64 of the entry's 108 KB gzipped; Preact with its compat layer is about 8 KB.
//
// What React 19 has and preact/compat lacks is added here, for the few places that use it:
// `ref` as a function component's prop, `use` of a promise (a lazy part waiting for its
// messages) or of a context, and the server's snapshot of an external store while hydrating.
// vite.config.ts points `react-dom/client` here too, for hydrateRoot.
import { options, type VNode } from 'preact';
import {
  useContext,
  useEffect,
  useState,
  useSyncExternalStore as preactUseSyncExternalStore,
  type Context,
  type ReactNode,
} from 'preact/compat';
import { hydrateRoot as preactHydrateRoot, createRoot } from 'preact/compat/client';

// preact/compat's types are written as `export =`, which TypeScript will not re-export with
// `export *`; the module itself is ES, and every name of it passes through.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19 hands a function component its `ref` as a prop (PropertyDetail's 'Get in Touch', the
 * phone field's country button); Preact 10 keeps it on the element and points it at the
 * component. Moved into the props here, as preact/compat's own forwardRef does. Class
 * components keep theirs: a ref to a class component is its instance, in React too.
 */
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const type = vnode.type as unknown;
  if (typeof type === 'function' && !(type.prototype as { render?: unknown } | undefined)?.render && vnode.ref) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = null as never;
  }
  previousVnode?.(vnode);
};

/**
 * useId's values differ between the renderers (React's `_R_…_`, Preact's `P0-0`), and Preact's
 * hydration leaves the server's attributes as they are: a part mounted later (the phone field's
 * full version, the mortgage calculator) would name Preact's id while its label kept React's.
 * So the attributes that hold or name an id take the browser's value as each element is diffed,
 * hydrated or not: label and field change together, and everything after agrees with them.
 */
const ID_ATTRIBUTES = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-controls', 'aria-controls'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-errormessage', 'aria-errormessage'],
  ['aria-owns', 'aria-owns'],
  ['list', 'list'],
] as const;
const previousDiffed = options.diffed;
options.diffed = (vnode: VNode) => {
  // `__e` is Preact 10's (mangled, stable) name of a vnode's DOM node.
  const dom = (vnode as unknown as { __e?: unknown }).__e;
  if (typeof vnode.type === 'string' && dom instanceof Element) {
    const props = vnode.props as Record<string, unknown>;
    for (const [prop, attribute] of ID_ATTRIBUTES) {
      const value = props[prop];
      if (typeof value === 'string' && dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
    }
  }
  previousDiffed?.(vnode);
};

/** True while hydrateRoot renders (Preact hydrates synchronously). */
let hydrating = false;

export { createRoot };

/**
 * React's hydrateRoot, noting that the render under way hydrates (for useSyncExternalStore).
 * Once done (at once: Preact hydrates synchronously) it makes a User Timing mark, 'hydrated',
 * which the browser tests wait for (e2e/browser.mjs; React tells them through DevTools' hook).
 */
export function hydrateRoot(container: Element, children: ReactNode) {
  hydrating = true;
  try {
    return preactHydrateRoot(container, children);
  } finally {
    hydrating = false;
    performance.mark('hydrated');
  }
}

/**
 * React's useSyncExternalStore: while hydrating, the server's snapshot (so the first render in
 * the browser is the prerender's: shell's useHydrated() is false, a saved listing's heart is
 * not pressed yet), then the store's own in a render right after, as React does. Preact's own
 * takes the browser's value at once, and its hydration leaves the server's attributes as they
 * were, so the page would keep the server's state while Preact believes it shows the browser's.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [fromServer, setFromServer] = useState(() => hydrating && getServerSnapshot !== undefined);
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
