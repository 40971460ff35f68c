// The one place the site's components reach the page they are on: its address, its data, its
// links and the changes of its address. Components, hooks and page modules import these from
// here, never from 'react-router' (eslint.config.js enforces it): only this module, the route
// table (routes.tsx) and the two entries know which router backs them. Here it is React Router,
// on the server (its static handler) and in the browser (its data router).
//
// Links and navigation stay inside the current page's language: pages write the English paths
// ('/property/x', '/blogpage'); on an Arabic or Russian page these resolve to '/ar/...' or
// '/ru/...'.
import { useContext } from 'react';
import { Link as RouterLink, useNavigate as useRouterNavigate, type LinkProps, type NavigateOptions, type To } from 'react-router';
import { LangContext, localePath, type Lang } from './i18n';

export {
  data,
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
export type { LinkProps, LoaderFunctionArgs, NavigateOptions, ShouldRevalidateFunctionArgs, To } from 'react-router';

/** `to` in `lang`: string paths and the pathname of a path object. */
export function localizeTo(lang: Lang, to: To): To {
  if (typeof to === 'string') return localePath(lang, to);
  return to.pathname ? { ...to, pathname: localePath(lang, to.pathname) } : to;
}

/** Link's props that change the markup it renders: such links go through React Router's Link. */
const CHANGES_MARKUP = ['prefetch', 'discover', 'relative', 'reloadDocument', 'mask', 'defaultShouldRevalidate'];

/** A site path React Router's Link writes as it is: no query, fragment, dot segment or trailing slash. */
const PLAIN_PATH = /^\/(?:[\w-]+(?:\/[\w-]+)*)?$/;

/** A link to a site path (an English path: see above), in the page's language. */
export function Link({ to, ...rest }: LinkProps) {
  const lang = useContext(LangContext);
  const localized = localizeTo(lang, to);
  if (import.meta.env.SSR && typeof localized === 'string' && PLAIN_PATH.test(localized)) {
    const prerendered = plainLink(localized, rest);
    if (prerendered) return prerendered;
  }
  return <RouterLink to={localized} {...rest} />;
}

/**
 * The prerender's link to a plain site path: the markup React Router's Link renders for it
 * (attributes in its order: the others, href, target, data-discover), without the hooks it runs
 * to resolve and handle it (7% of a listing page's prerender). The browser renders React
 * Router's. Null for a link with props that change that markup.
 */
function plainLink(href: string, props: Omit<LinkProps, 'to'>) {
  // What only the browser's click handling reads.
  const { onClick, replace, state, preventScrollReset, viewTransition, target, ...attributes } = props;
  if (CHANGES_MARKUP.some((name) => name in attributes)) return null;
  return <a {...attributes} href={href} target={target} data-discover="true" />;
}

export type Navigate = {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
};

/**
 * The router's navigate: with paths in the current language, or as they are given when
 * `localized` is false (the language selector's links, which name another language's page).
 */
export function useNavigate(localized = true): Navigate {
  const navigate = useRouterNavigate();
  const lang = useContext(LangContext);
  return ((to: To | number, options?: NavigateOptions) =>
    typeof to === 'number' ? navigate(to) : navigate(localized ? localizeTo(lang, to) : to, options)) as Navigate;
}
