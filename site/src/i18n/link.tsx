// Links and navigation inside the current page's language. Pages write the English paths
// ('/property/x', '/blogpage'); on an Arabic or Russian page these resolve to '/ar/...' or
// '/ru/...'. Import Link and useNavigate from here instead of from react-router.
import { useContext } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useNavigate as useRouterNavigate,
  type LinkProps,
  type NavLinkProps,
  type NavigateOptions,
  type To,
} from 'react-router';
import { LangContext, localePath, type Lang } from './index';

/** `to` in `lang`: string paths and the pathname of a path object. */
export function localizeTo(lang: Lang, to: To): To {
  if (typeof to === 'string') return localePath(lang, to);
  return to.pathname ? { ...to, pathname: localePath(lang, to.pathname) } : to;
}

/** The function that turns a site path into the current language's path. */
export function useLocalePath(): (path: string) => string {
  const lang = useContext(LangContext);
  return (path) => localePath(lang, path);
}

/** Link's props that change the markup it renders: such links go through React Router's Link. */
const CHANGES_MARKUP = ['prefetch', 'discover', 'relative', 'reloadDocument', 'mask', 'defaultShouldRevalidate'];

/** A site path React Router's Link writes as it is: no query, fragment, dot segment or trailing slash. */
const PLAIN_PATH = /^\/(?:[\w-]+(?:\/[\w-]+)*)?$/;

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

export function NavLink({ to, ...rest }: NavLinkProps) {
  const lang = useContext(LangContext);
  return <RouterNavLink to={localizeTo(lang, to)} {...rest} />;
}

type Navigate = {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
};

/** React Router's navigate, with paths in the current language. */
export function useNavigate(): Navigate {
  const navigate = useRouterNavigate();
  const lang = useContext(LangContext);
  return ((to: To | number, options?: NavigateOptions) =>
    typeof to === 'number' ? navigate(to) : navigate(localizeTo(lang, to), options)) as Navigate;
}
