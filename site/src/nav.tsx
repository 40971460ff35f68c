// The one place the site's components reach the page they are on: its address, its data, its
// links and the changes of its address. Components, hooks and page modules import these from
// here, never from 'react-router' (eslint.config.js enforces it). No router is behind them: every
// page is prerendered, so going to another page is the browser's own navigation (a link is a
// plain <a>), and what a page shows comes from its routes' data, which the prerender picks with
// React Router's static handler (entry-server.tsx) and embeds in the page for the browser
// (entry-client.tsx). A page is drawn from its routes by `RoutesView` (routesView.tsx), and each of
// its islands in the same frame (`FrameView` below, islands/Island.tsx). A change of the address
// that stays on the page (its filters, sort, List or Map, 'Show more') is a change of its history
// entry (the browser's History API, address.ts) that re-renders what reads it.
//
// Links and navigation stay inside the current page's language: pages write the English paths
// ('/property/x', '/blogpage'); on an Arabic or Russian page these resolve to '/ar/...' or
// '/ru/...'. The names and shapes are React Router's, so a page module reads as it did with it.
import {
  createContext,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { LangContext, localePath, type Lang } from './i18n';

export type Params = Record<string, string | undefined>;

/** What a route's loader is given: the page's address as a request, and its parameters. */
export interface LoaderFunctionArgs {
  request: Request;
  params: Params;
}

/**
 * A route of the table (routes.tsx): React Router's shape, which its static handler reads on
 * the server, with an id of its own (the key of its data in the page).
 */
export interface SiteRoute {
  id: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  errorElement?: ReactNode;
  Component?: ComponentType | null;
  loader?: (args: LoaderFunctionArgs) => unknown;
  lazy?: () => Promise<Partial<SiteRoute>>;
  handle?: unknown;
  children?: SiteRoute[];
}

/** A route the page is drawn with, outermost first. */
export interface RouteMatch {
  route: SiteRoute;
  params: Params;
  pathname: string;
}

/** The routes the page is drawn with, and their data (by route id), or the error one of them met. */
export interface PageState {
  matches: RouteMatch[];
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that led here gave its link or navigation (`state`), kept in the history entry. */
  state: unknown;
  /** The history entry's key: 'default' for a page not reached by one of the site's links. */
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  /** Replaces the history entry rather than adding one. */
  replace?: boolean;
  state?: unknown;
  /** React Router's: a change of the address on the page never scrolls here anyway. */
  preventScrollReset?: boolean;
}

/** The page's address and its changes: the browser's history (address.ts), or the prerender's fixed one. */
export interface Address {
  location(): Location;
  subscribe(listener: () => void): () => void;
  /** Goes to `href` (a path with its query): on this page when its path is this page's, else a page load. */
  go(href: string, options: NavigateOptions): void;
  /**
   * A click on a link to `href`: goes there as `go` does and answers true, or answers false when
   * the browser is to follow the link itself (another page, added to the history: the page the
   * speculation rules fetched ahead), with `options.state` handed to it.
   */
  follow(href: string, options: NavigateOptions): boolean;
  back(delta: number): void;
}

/** The address of a page being rendered where there is no browser: it never changes. */
export function fixedAddress(pathname: string): Address {
  const location: Location = { pathname, search: '', hash: '', state: null, key: 'default' };
  return {
    location: () => location,
    subscribe: () => () => {},
    go: () => {},
    follow: () => false,
    back: () => {},
  };
}

// Provided by RoutesView (routesView.tsx) and FrameView (below), and for the cards drawn alone
// for the no-script result page by search/noscriptCards.tsx: no other module provides them.
export const AddressContext = createContext<Address>(fixedAddress('/'));
export const PageContext = createContext<PageState>({ matches: [], loaderData: {}, errors: null });

/** The route being rendered, what renders inside it, and the error its error screen shows. */
export interface RouteContextValue {
  match: RouteMatch | null;
  outlet: ReactNode;
  error: unknown;
}
export const RouteContext = createContext<RouteContextValue>({ match: null, outlet: null, error: undefined });

/** A loader's answer with a status for the page (the 404 page's): React Router's `data`, read alike by its static handler. */
export interface DataWithStatus<T> {
  type: 'DataWithResponseInit';
  data: T;
  init: ResponseInit | null;
}

export function data<T>(value: T, init?: number | ResponseInit): DataWithStatus<T> {
  return { type: 'DataWithResponseInit', data: value, init: typeof init === 'number' ? { status: init } : (init ?? null) };
}

/** A loader's answer without its status wrapper. */
export function unwrapData(value: unknown): unknown {
  const wrapped = value as Partial<DataWithStatus<unknown>> | null;
  return wrapped && typeof wrapped === 'object' && wrapped.type === 'DataWithResponseInit' && 'data' in wrapped && 'init' in wrapped
    ? wrapped.data
    : value;
}

/** What a loader threw as a Response (a 404), as the error screen reads it: React Router's ErrorResponse. */
export class ErrorResponse {
  // Declared and set in the constructor, not class fields: the build writes a field with a helper
  // that would be part of every page's entry.
  declare readonly status: number;
  declare readonly statusText: string;
  declare readonly data: unknown;
  declare readonly internal: boolean;
  constructor(status: number, statusText: string, data: unknown, internal = false) {
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.internal = internal;
  }
}

/** React Router's test, so an error from its static handler reads the same. */
export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  const value = error as Partial<ErrorResponse> | null;
  return (
    value != null &&
    typeof value.status === 'number' &&
    typeof value.statusText === 'string' &&
    typeof value.internal === 'boolean' &&
    'data' in value
  );
}

/** The page's address; what reads it renders again when it changes on the page. */
export function useLocation(): Location {
  const address = useContext(AddressContext);
  return useSyncExternalStore(address.subscribe, address.location, address.location);
}

/** The address's query, and a setter that changes it (see `useNavigate`). */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string> | string, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: URLSearchParams | Record<string, string> | string, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    navigate({ search: query ? `?${query}` : '' }, options);
  };
  return [params, set];
}

/** The data of the route being rendered (its loader's answer). */
export function useLoaderData(): unknown {
  const { match } = useContext(RouteContext);
  const { loaderData } = useContext(PageContext);
  return match ? loaderData[match.route.id] : undefined;
}

/** The data of the route `id` ('root': the shell's), if it is one the page is drawn with. */
export function useRouteLoaderData(id: string): unknown {
  return useContext(PageContext).loaderData[id];
}

export function useParams(): Params {
  return useContext(RouteContext).match?.params ?? {};
}

/** The routes the page is drawn with: each one's id, handle and data. */
export function useMatches(): { id: string; pathname: string; params: Params; data: unknown; handle: unknown }[] {
  const { matches, loaderData } = useContext(PageContext);
  return matches.map(({ route, params, pathname }) => ({ id: route.id, pathname, params, data: loaderData[route.id], handle: route.handle }));
}

/** The error an error screen shows. */
export function useRouteError(): unknown {
  return useContext(RouteContext).error;
}

/** What renders inside the route being rendered. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** `to` in `lang`: string paths and the pathname of a path object. */
export function localizeTo(lang: Lang, to: To): To {
  if (typeof to === 'string') return localePath(lang, to);
  return to.pathname ? { ...to, pathname: localePath(lang, to.pathname) } : to;
}

/** `to` as a path with its query and fragment, from `location` (a path object without a path: this page's). */
export function hrefOf(to: To, location: Pick<Location, 'pathname'>): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

export type Navigate = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/**
 * Goes to `to`: on this page (a change of its query: a history entry of the page, Back comes
 * back to the last) when its path is this page's, else a page load. Paths in the current
 * language, or as they are given when `localized` is false (the language selector's links,
 * which name another language's page). A number goes that many entries back or forward.
 */
export function useNavigate(localized = true): Navigate {
  const address = useContext(AddressContext);
  const lang = useContext(LangContext);
  return ((to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') return address.back(to);
    address.go(hrefOf(localized ? localizeTo(lang, to) : to, address.location()), options);
  }) as Navigate;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  /** Given to the page it leads to, in its history entry (`useLocation().state`). */
  state?: unknown;
  preventScrollReset?: boolean;
};

/**
 * A link to a site path (an English path: see above), in the page's language: a plain <a>, the
 * same in the prerender and in the browser. A plain click on it stays on this page when its path
 * is this page's (as `useNavigate`), else the browser follows it (with `state` handed to the page
 * it opens). A click with a modifier key, or to another window, is the browser's.
 */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ...attributes }: LinkProps) {
  const lang = useContext(LangContext);
  const address = useContext(AddressContext);
  const href = hrefOf(localizeTo(lang, to), address.location());
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (target && target !== '_self') return;
    if (address.follow(href, { replace, state, preventScrollReset })) event.preventDefault();
  };
  return <a {...attributes} href={href} target={target} onClick={click} />;
}

/** What an island is rendered in: the page's address and routes, the route it is part of, its language. */
export interface Frame {
  address: Address;
  page: PageState;
  /** The id of the route whose screen holds the island (its `useLoaderData`), if any. */
  route: string | null;
  lang: Lang;
}

/** The frame of the component being rendered (the prerender hands it to the islands it meets). */
export function useFrame(): Frame {
  return {
    address: useContext(AddressContext),
    page: useContext(PageContext),
    route: useContext(RouteContext).match?.route.id ?? null,
    lang: useContext(LangContext),
  };
}

/** `children` in `frame`, as they were inside the page: an island's root in the prerender and in the browser. */
export function FrameView({ frame, children }: { frame: Frame; children: ReactNode }) {
  const match = frame.page.matches.find(({ route }) => route.id === frame.route) ?? null;
  return (
    <AddressContext.Provider value={frame.address}>
      <PageContext.Provider value={frame.page}>
        <RouteContext.Provider value={{ match, outlet: null, error: undefined }}>
          <LangContext.Provider value={frame.lang}>{children}</LangContext.Provider>
        </RouteContext.Provider>
      </PageContext.Provider>
    </AddressContext.Provider>
  );
}

