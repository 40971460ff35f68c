// The fixed site header (75px, logo 65px): main links, the More dropdown, the language
// selector, the 'List your property' button, and the small-screen menu.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLocation, useMatches } from '../nav';
import { LANGS, localePath, stripLang, useT, type Lang, type MessageKey } from '../i18n';
import { rememberLang } from '../i18n/preference';
import { useHydrated, useLang, usePathname, useSite } from '../shell';
import { Icon } from './Icon';
import { ShellLink } from './ShellLink';
import { ShortlistLink } from '../shortlist/controls';
import { HEADER_END } from '../meta';

interface NavItem {
  to: string;
  label: MessageKey;
}

export const MAIN_LINKS: NavItem[] = [
  { to: '/buy-property', label: 'header.buy' },
  { to: '/rent-property', label: 'header.rent' },
  { to: '/off-plan', label: 'header.offPlan' },
  { to: '/commercial', label: 'header.commercial' },
  { to: '/blogpage', label: 'header.blog' },
];

export const MORE_LINKS: NavItem[] = [
  { to: '/developers', label: 'header.developers' },
  { to: '/meet-the-team', label: 'header.team' },
  { to: '/contact-us', label: 'header.contact' },
  { to: '/about-us', label: 'header.about' },
];

const AREAS_LINK: NavItem = { to: '/area-guides-in-dubai', label: 'header.areas' };

/** What a page module may declare in its `handle` export. */
export interface RouteHandle {
  /** The 404 page. */
  notFound?: boolean;
  /** A page whose unknown ids are answered with the 404 page (which it hydrates as such). */
  notFoundWhileLoading?: boolean;
}

/**
 * EN / AR / RU: each links to this page in that language (same path under its prefix, same
 * query), and choosing one remembers it for the visitor's next visit to the home page.
 */
function LanguageSelector({ className, onChoose }: { className?: string; onChoose?: () => void }) {
  const t = useT();
  const lang = useLang();
  const pathname = usePathname();
  const { search } = useLocation();
  const hydrated = useHydrated();
  const matches = useMatches();
  // The 404 page is prerendered under a placeholder path, so it links home instead; so does an
  // unknown post or property while it hydrates that page. The query is only known in the
  // browser, so it joins the links once the page is hydrated.
  const notFound = matches.some((match) => {
    const handle = match.handle as RouteHandle | undefined;
    const missing = match.data == null || (match.data as { missing?: boolean }).missing === true;
    return handle?.notFound || (handle?.notFoundWhileLoading && !hydrated && missing);
  });
  const page = notFound ? '/' : `${stripLang(pathname)}${hydrated ? search : ''}`;
  const choose = (code: Lang) => {
    rememberLang(code);
    onChoose?.();
  };
  return (
    <div className={className ? `lang-switch ${className}` : 'lang-switch'} role="group" aria-label={t('header.language')}>
      {LANGS.map((code) => (
        <ShellLink
          key={code}
          to={localePath(code, page)}
          localized={false}
          lang={code}
          hrefLang={code}
          title={t(`lang.${code}.name`)}
          aria-current={code === lang ? 'true' : undefined}
          onClick={() => choose(code)}
        >
          {t(`lang.${code}`)}
        </ShellLink>
      ))}
    </div>
  );
}

/** The More dropdown: a <details>, so it opens by keyboard and without JavaScript. */
function MoreMenu() {
  const t = useT();
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  const active = MORE_LINKS.some((item) => item.to === stripLang(pathname));

  useEffect(() => {
    const close = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDetailsElement>) => {
    const details = ref.current;
    if (event.key === 'Escape' && details?.open) {
      details.open = false;
      details.querySelector('summary')?.focus();
    }
  };

  return (
    <details className="more-menu" ref={ref} onKeyDown={onKeyDown}>
      <summary className={active ? 'site-nav__link is-active' : 'site-nav__link'}>
        <span>{t('header.more')}</span>
        <Icon name="chevronDown" size={16} className="more-menu__chevron" />
      </summary>
      <ul className="more-menu__list">
        {MORE_LINKS.map((item) => (
          <li key={item.to}>
            <ShellLink
              to={item.to}
              onClick={() => {
                if (ref.current) ref.current.open = false;
              }}
            >
              {t(item.label)}
            </ShellLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The small-screen menu: a popover its button opens and closes natively (and Escape, or a tap
 * outside it), so the first tap on a phone works before the page's code has come, and without
 * it; the browser tells assistive technology whether it is open (`aria-expanded` may not be
 * written on its button). A new page, or a link in it, closes it.
 */
function usePopover(pathname: string) {
  const ref = useRef<HTMLElement>(null);
  const close = () => {
    const menu = ref.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  };
  useEffect(close, [pathname]);
  return { ref, close };
}

export function Header() {
  const t = useT();
  const site = useSite();
  const { pathname } = useLocation();
  const { ref: menuRef, close } = usePopover(pathname);

  return (
    <>
      <header className="site-header">
        <div className="container site-header__inner">
          <ShellLink to="/" className="site-header__logo" onClick={close}>
            {/* The largest element of a page without a photo at the top (contact, about...). */}
            <img src={site.logo} alt={site.name} width={294} height={65} fetchPriority="high" />
          </ShellLink>

          <nav className="site-nav" aria-label={t('header.nav')}>
            <ul className="site-nav__list">
              {MAIN_LINKS.map((item) => (
                <li key={item.to}>
                  <ShellLink to={item.to} className={({ isActive }) => (isActive ? 'site-nav__link is-active' : 'site-nav__link')}>
                    {t(item.label)}
                  </ShellLink>
                </li>
              ))}
              <li>
                <MoreMenu />
              </li>
            </ul>
          </nav>

          <div className="site-header__actions">
            <ShortlistLink />
            <LanguageSelector className="lang-switch--header" />
            <ShellLink to="/pro" className="button button--gold site-header__cta">
              {t('header.list')}
            </ShellLink>
            <button type="button" className="menu-toggle" popoverTarget="mobile-menu" aria-label={t('header.menu')}>
              {/* Both icons: the stylesheet shows the one for the menu's state, before the code comes too. */}
              <Icon name="menu" size={26} className="menu-toggle__open" />
              <Icon name="close" size={26} className="menu-toggle__close" />
            </button>
          </div>
        </div>
      </header>
      <span id={HEADER_END} hidden />

      {/* Outside <header>: its backdrop filter would make it the containing block of this fixed panel. */}
      <nav id="mobile-menu" className="mobile-menu" aria-label={t('header.nav')} popover="auto" ref={menuRef}>
        <ul className="mobile-menu__list">
          {[...MAIN_LINKS, AREAS_LINK].map((item) => (
            <li key={item.to}>
              <ShellLink to={item.to} onClick={close}>
                {t(item.label)}
              </ShellLink>
            </li>
          ))}
        </ul>
        <p className="mobile-menu__heading" aria-hidden="true">
          {t('header.more')}
        </p>
        <ul className="mobile-menu__list mobile-menu__list--more" aria-label={t('header.more')}>
          {MORE_LINKS.map((item) => (
            <li key={item.to}>
              <ShellLink to={item.to} onClick={close}>
                {t(item.label)}
              </ShellLink>
            </li>
          ))}
        </ul>
        <div className="mobile-menu__footer">
          <ShellLink to="/pro" className="button button--gold button--block" onClick={close}>
            {t('header.list')}
          </ShellLink>
          <LanguageSelector onChoose={close} />
        </div>
      </nav>
    </>
  );
}
