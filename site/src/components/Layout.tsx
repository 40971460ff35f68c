// The shell of every page: skip link, fixed header, <main> with the page, the call-to-action
// banner, the partners strip, the footer, the floating chat button and the compare tray (once a
// listing is chosen to compare).
import { useEffect } from 'react';
import { Outlet, useLocation, type LoaderFunctionArgs } from '../nav';
import { getJson } from '../data';
import { SITE } from '../paths';
import { DIRS, LangContext, langOfPath, loadMessages, setTypeNames, stripLang, useT } from '../i18n';
import { telHref, whatsappHref } from '../format';
import { shellFromSite, usePathname, useSite, useSiteOptional, type ShellData } from '../shell';
import { Footer } from './Footer';
import { Header } from './Header';
import { Icon } from './Icon';
import { ShellLink } from './ShellLink';
import { CompareTrayPlace } from '../shortlist/controls';
import { Island } from '../islands/Island';

export async function layoutLoader({ request }: LoaderFunctionArgs): Promise<ShellData> {
  const lang = langOfPath(new URL(request.url).pathname);
  // The root loader runs again when the language changes (routes.tsx): the new language's
  // messages are there before any page of it renders. The header's ('shell'), and the rest of the
  // shell's ('shellPage'), which only the pages drawn whole need in the browser.
  const [site] = await Promise.all([getJson(SITE), loadMessages(lang, 'shell'), loadMessages(lang, 'shellPage')]);
  return shellFromSite(site, lang);
}

function Banner() {
  const t = useT();
  const site = useSite();
  const phone = site.phones[0];
  return (
    <section className="cta-banner" aria-labelledby="cta-banner-title">
      <div className="container cta-banner__inner">
        <div>
          <p className="eyebrow eyebrow--light">{t('banner.eyebrow')}</p>
          <h2 id="cta-banner-title" className="cta-banner__title">
            {t('banner.title')}
          </h2>
          <p className="cta-banner__text">{t('banner.text')}</p>
        </div>
        <div className="cta-banner__actions">
          <ShellLink to="/pro" className="button button--gold">
            {t('header.list')}
          </ShellLink>
          {phone ? (
            <a href={telHref(phone)} className="button button--ghost">
              <Icon name="phone" size={18} />
              <span>{t('banner.call', { phone })}</span>
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function PartnersStrip() {
  const t = useT();
  const site = useSite();
  return (
    <section className="partners-strip" aria-labelledby="partners-strip-title">
      <div className="container">
        <div className="partners-strip__head">
          <h2 id="partners-strip-title" className="partners-strip__title">
            {t('partners.strip.title')}
          </h2>
          <ShellLink to="/partners" className="text-link">
            {t('partners.strip.all')}
          </ShellLink>
        </div>
        <ul className="partners-strip__list">
          {site.partners.map((partner) => (
            <li key={partner.name}>
              <img src={partner.logo} alt={partner.name} width={176} height={48} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ChatButton() {
  const t = useT();
  const site = useSite();
  // In a landmark of its own, as all content should be (axe 'region'); the button floats anyway.
  return (
    <aside aria-label={t('chat.region')}>
      <a className="chat-button" href={whatsappHref(site.whatsapp)} target="_blank" rel="noopener" aria-label={t('chat.label')}>
        <Icon name="whatsapp" size={30} />
      </a>
    </aside>
  );
}

/** The local editor's pages, in any language. */
const EDITOR_PAGES = ['/admin', '/blogform'];

/**
 * The page's language, from its path: the context every t() reads, and <html lang dir> (the
 * prerender writes them into each page; this keeps them right after a switch in the browser).
 */
export function Layout() {
  const lang = langOfPath(useLocation().pathname);
  // Before any page renders a property type (cards, filters, the property page).
  setTypeNames(lang, useSiteOptional()?.types);
  useEffect(() => {
    const root = document.documentElement;
    if (root.lang !== lang) root.lang = lang;
    if (root.dir !== DIRS[lang]) root.dir = DIRS[lang];
  }, [lang]);
  return (
    <LangContext.Provider value={lang}>
      <Shell />
    </LangContext.Provider>
  );
}

function Shell() {
  const t = useT();
  const site = useSite();
  // The editors' pages are a tool, not a sales page: no call-to-action, partners or chat.
  const editorPage = EDITOR_PAGES.includes(stripLang(usePathname()));
  return (
    <>
      <a className="skip-link" href="#main">
        {t('header.skip')}
      </a>
      <Island name="header" component={Header} props={{}} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {editorPage ? null : (
        <Banner />
      )}
      {editorPage || site.partners.length === 0 ? null : (
        <PartnersStrip />
      )}
      <Footer />
      {editorPage ? null : (
        <ChatButton />
      )}
      {editorPage ? null : <Island name="compareTray" component={CompareTrayPlace} props={{}} />}
    </>
  );
}
