// Links of the page shell (header, footer, banner): plain <a> elements, which load their page
// (every page is prerendered), marked as the current page's where they are (the header's menu).
// A `to` is an English path ('/pro'); on an Arabic or Russian page it links that page's
// language ('/ar/pro'), unless `localized={false}` (the language selector's own links).
import { useContext, type AnchorHTMLAttributes } from 'react';
import { LangContext, localePath, stripLang } from '../i18n';
import { usePathname } from '../shell';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  to: string;
  className?: string | ((state: { isActive: boolean }) => string);
  /** False: `to` is used as it is, not moved into the page's language. */
  localized?: boolean;
};

/** Whether `to` is the current page or one of its sub-pages (NavLink's rule). */
function isActive(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  // A home page ('/', '/ar') is active on itself only.
  return path === target || (stripLang(target) !== '/' && path.startsWith(`${target}/`));
}

export function ShellLink({ to, className, localized = true, ...rest }: Props) {
  const lang = useContext(LangContext);
  const href = localized ? localePath(lang, to) : to;
  const active = isActive(usePathname(), href);
  const resolved = typeof className === 'function' ? className({ isActive: active }) : className;
  return (
    <a href={href} className={resolved} aria-current={active ? 'page' : undefined} {...rest} />
  );
}
