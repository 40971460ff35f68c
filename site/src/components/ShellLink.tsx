// Links of the page shell (header, footer, banner): plain <a> elements, routed on click by the
// one handler in Layout (useShellClicks). React Router's <Link> runs several hooks per link,
// and every prerendered page carries some forty shell links: measured, a listing page renders
// in 1.95 ms with these instead of 2.5 ms.
// A `to` is an English path ('/pro'); on an Arabic or Russian page it links that page's
// language ('/ar/pro'), unless `localized={false}` (the language selector's own links).
import { useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useNavigate } from '../nav';
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
    <a href={href} data-shell-link="" className={resolved} aria-current={active ? 'page' : undefined} {...rest} />
  );
}

/**
 * The click handler that makes shell links navigate inside the app, as <Link> would: a plain
 * left click on a shell link without modifier keys; anything else is left to the browser.
 */
export function useShellClicks(): (event: MouseEvent<HTMLElement>) => void {
  // The links' hrefs are in their language already (the language selector's in another one).
  const navigate = useNavigate(false);
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const link = (event.target as Element).closest?.('a[data-shell-link]');
    const href = link?.getAttribute('href');
    if (!link || !href || link.getAttribute('target')) return;
    event.preventDefault();
    navigate(href);
  };
}
