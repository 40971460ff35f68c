// Links and navigation inside the current page's language. Pages write the spec's paths
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

export function Link({ to, ...rest }: LinkProps) {
  const lang = useContext(LangContext);
  return <RouterLink to={localizeTo(lang, to)} {...rest} />;
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
