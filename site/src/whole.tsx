// A page hydrated whole, as one React root with its routes (nav.tsx RoutesView): the pages the
// browser draws again from what it finds, which the prerender does not draw in islands (the 404
// page, an unknown post's or property's page, the property shell, an error screen). When the
// address names another page than the one drawn, that page's code and data are loaded after
// hydration and it replaces the one drawn, which stays until then.
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { langOfPath, loadMessages } from './i18n';
import { routes } from './routes';
import { RoutesView } from './routesView';
import { ErrorResponse, unwrapData, type Address, type PageState, type Params, type RouteMatch, type SiteRoute } from './nav';
import { nextTask } from './tasks';
import { keepTyped } from './typedBeforeHydration';
import { markHydrated, type Embedded } from './pageData';

/**
 * Marks <html> `data-hydrated` once the page's first render in the browser is committed (a
 * parent's effects run after all of its children's). The browser tests wait for it
 * (e2e/browser.mjs `settle`); an attribute, unlike a User Timing mark, is seen by a test that
 * installed a fake clock. <html> is outside the hydrated root, so the attribute changes nothing
 * React compares.
 */
function Hydrated({ children, committed }: { children: ReactNode; committed: () => void }) {
  useEffect(() => {
    committed();
    markHydrated();
  }, [committed]);
  return children;
}

/** The page state, which the page's replacement (`settle`) changes once. */
function pageStore(initial: PageState) {
  let page = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => page,
    set(next: PageState) {
      page = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type PageStore = ReturnType<typeof pageStore>;

function Page({ address, store }: { address: Address; store: PageStore }) {
  const page = useSyncExternalStore(store.subscribe, store.get, store.get);
  return <RoutesView address={address} page={page} />;
}

/** A route's code (its page module and messages: screens.ts `page`), loaded into it once. */
const resolving = new Map<SiteRoute, Promise<void>>();
function resolve(route: SiteRoute): Promise<void> {
  const lazy = route.lazy;
  if (!lazy) return Promise.resolve();
  let pending = resolving.get(route);
  if (!pending) {
    pending = lazy().then((loaded) => {
      Object.assign(route, { ...loaded, lazy: undefined });
    });
    resolving.set(route, pending);
  }
  return pending;
}

/** An error the prerender embedded, as the error screen reads it. */
function revive(error: NonNullable<Embedded['errors']>[string]): unknown {
  if (error?.__type === 'RouteErrorResponse') return new ErrorResponse(error.status ?? 500, error.statusText ?? '', error.data, error.internal ?? false);
  if (error?.__type === 'Error') return new Error(error.message);
  return error;
}

/** What a loader threw, as the error screen reads it: a Response (a 404) as React Router gives it. */
async function routeError(thrown: unknown): Promise<unknown> {
  if (thrown instanceof Response) {
    const body = await thrown.text().catch(() => '');
    return new ErrorResponse(thrown.status, thrown.statusText, body);
  }
  return thrown;
}

/** The same parameters; the splat's aside: the 404 route draws the same page whatever path it answers. */
const sameParams = (a: Params, b: Params) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => key === '*' || a[key] === b[key]);
};

/**
 * When the address names another page than the one drawn (other routes, or the same with other
 * parameters: the property shell), that page with its data: the drawn routes' data is kept
 * where a route and its parameters are the same (the shell's, the root's), the others' loaders
 * run, and a loader's error shows its route's error screen.
 */
async function settle(store: PageStore) {
  const drawn = store.get();
  // The page drawn for this very path (all but the 404 page and the property shell): nothing to
  // find. Else which routes the address names (their matching, a chunk of its own, loaded then).
  const bare = (pathname = '') => pathname.replace(/(.)\/+$/, '$1');
  if (bare(drawn.matches.at(-1)?.pathname) === bare(window.location.pathname)) return;
  const { matchAddress } = await import('./match');
  const wanted = matchAddress(routes, window.location.pathname);
  if (!wanted) return;
  const kept = (match: RouteMatch, i: number) => {
    const was = drawn.matches[i];
    const { route } = match;
    return was?.route.id === route.id && sameParams(was.params, match.params) && (route.loader === undefined || route.id in drawn.loaderData);
  };
  if (wanted.length === drawn.matches.length && wanted.every(kept)) return;
  await Promise.all(wanted.map(({ route }) => resolve(route)));
  const loaderData: Record<string, unknown> = {};
  const errors: Record<string, unknown> = {};
  const request = new Request(window.location.href);
  await Promise.all(
    wanted.map(async (match, i) => {
      const { route, params } = match;
      if (kept(match, i)) loaderData[route.id] = drawn.loaderData[route.id];
      else if (route.loader) {
        try {
          loaderData[route.id] = unwrapData(await route.loader({ request, params }));
        } catch (thrown) {
          console.error(`Failed to load ${window.location.pathname}`, thrown);
          errors[route.id] = await routeError(thrown);
        }
      }
    }),
  );
  store.set({ matches: wanted, loaderData, errors: Object.keys(errors).length ? errors : null });
}

/** Every route of the table by its id. */
function routesById(list: SiteRoute[], into = new Map<string, SiteRoute>()): Map<string, SiteRoute> {
  for (const route of list) {
    into.set(route.id, route);
    if (route.children) routesById(route.children, into);
  }
  return into;
}

/** Hydrates `root`, the page drawn with `embedded`'s routes and data, as one root. */
export async function hydrateWhole(root: HTMLElement, { matches, loaderData, errors }: Embedded, address: Address): Promise<void> {
  const table = routesById(routes);
  const drawn: RouteMatch[] = matches.flatMap(({ id, params, pathname }) => {
    const route = table.get(id);
    return route ? [{ route, params, pathname }] : [];
  });
  // The shell's messages too, all of them (the page's come with its route): hydration renders
  // with the embedded data, not by running the loaders.
  const lang = langOfPath(window.location.pathname);
  await Promise.all([loadMessages(lang, 'shell'), loadMessages(lang, 'shellPage'), ...drawn.map(({ route }) => resolve(route))]);
  const revived = errors ? Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, revive(error)])) : null;
  const store = pageStore({ matches: drawn, loaderData, errors: revived });
  // The main thread free before hydration starts (a phone's long tasks are what Total Blocking
  // Time counts).
  await nextTask();
  // Hydration starts: React renders the page in slices, each a task, until `data-hydrated`.
  document.documentElement.dataset.hydrating = '';
  const typed = keepTyped(root);
  const committed = () => {
    typed();
    void settle(store);
  };
  hydrateRoot(
    root,
    <Hydrated committed={committed}>
      <Page address={address} store={store} />
    </Hydrated>,
  );
}
