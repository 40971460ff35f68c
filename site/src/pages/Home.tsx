// Home: the typewriter headline and search panel, three tiles, the why-us text, the 3 newest
// properties of each main category (Residential without a heading, then Off-Plan, Commercial,
// Rental), and the 'Submit Your Details' popup 5 seconds after load. The headline and search panel
// are islands hydrated with the page (pages/homeFirst.tsx), the others here are deferred.
import { useEffect, useRef, type ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { HOME, SITE } from '../paths';
import { useT, type MessageKey } from '../i18n';
import type { CardProperty, MainCategory } from '../types';
import { useHydrated, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { Icon, type IconName } from '../components/Icon';
import { ReadMore } from '../components/ReadMore';
import { PropertyGrid } from '../components/PropertyCard';
import { HomeSearch, HomeTypewriter, type HomeData } from './homeFirst';
import { CallbackForm, DeferredForm, NewsletterForm, PopupForm, wantForms } from '../forms/deferred';
import { enAttrs, langOfRequest, localize, ownTranslation } from '../i18n/content';
import { Picture } from '../components/Picture';
import { Island } from '../islands/Island';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/hero-search.css';
import '../styles/typewriter.css';
import '../styles/home-contact.css';

/** The popup's delay (5 s after load). */
export const POPUP_DELAY_MS = 5000;
/** Set once the visitor closed the popup, so it does not come back on every visit to home. */
const POPUP_CLOSED_KEY = 'estate.popupClosed';


export async function loader({ request }: LoaderFunctionArgs): Promise<HomeData> {
  const [site, blocks] = await Promise.all([
    getJson(SITE),
    // The build picks the newest of each category (generator/src/listings.rs).
    getJson(HOME).catch((error: unknown) => {
      console.error('Failed to fetch properties', error);
      return { Residential: [], OffPlan: [], Commercial: [], Rental: [], types: [] };
    }),
  ]);
  const lang = langOfRequest(request);
  const texts = localize(site, lang, ['whyUs']);
  // The cards the page embeds carry their texts in its language only.
  const own = (cards: CardProperty[]) => cards.map((card) => ownTranslation(card, lang));
  const cards = { ...blocks, Residential: own(blocks.Residential), OffPlan: own(blocks.OffPlan), Commercial: own(blocks.Commercial), Rental: own(blocks.Rental) };
  return { heroImage: site.hero.all.poster, whyUs: texts.whyUs, untranslated: texts.untranslated, blocks: cards };
}

/** How long before they are needed the popup's form code starts loading. */
const FORMS_LEAD_MS = 1500;
/** How far below the viewport the forms start loading as the visitor scrolls towards them. */
const FORMS_MARGIN = '800px 0px';

/** The call-back and newsletter cards: their forms' code loads as they come near the viewport,
 * or at once when the pointer comes over them (a touch or focus inside a form does too:
 * forms/deferred.tsx). */
function FormsSection({ children }: { children: ReactNode }) {
  const section = useRef<HTMLDivElement>(null);
  // Rendered by a navigation in the browser rather than hydrated: there is no server-drawn form
  // to keep meanwhile, and the page's first view is long past, so the code loads at once.
  const navigatedTo = useRef(useHydrated()).current;
  useEffect(() => {
    if (navigatedTo) return wantForms();
    const element = section.current;
    if (!element || typeof IntersectionObserver === 'undefined') return wantForms();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          wantForms();
          observer.disconnect();
        }
      },
      { rootMargin: FORMS_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [navigatedTo]);
  return (
    <div ref={section} className="section home-contact" onPointerEnter={wantForms}>
      <div className="container home-contact__inner">{children}</div>
    </div>
  );
}

/** How long after the visitor last typed, or how often while a field has focus, the popup waits. */
const POPUP_RETRY_MS = 1500;

/** When the visitor last typed into any field (performance.now()), for the popup's deferral. */
let lastInput = -Infinity;

/** Whether the visitor is using a field: one has focus, or they typed a moment ago. */
function fieldInUse(): boolean {
  const active = document.activeElement;
  const editing =
    active instanceof HTMLElement &&
    (active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName));
  return editing || performance.now() - lastInput < POPUP_RETRY_MS;
}

/**
 * 'Submit Your Details', opening 5 seconds after the page loads (later if the visitor is typing
 * then: it opens once they have left the field); closable.
 */
export function DetailsPopup() {
  const t = useT();
  const site = useSite();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    let closedBefore = false;
    try {
      closedBefore = sessionStorage.getItem(POPUP_CLOSED_KEY) === '1';
    } catch {
      // Storage may be off (private mode): then the popup simply shows.
    }
    if (closedBefore) return;
    // Its form's code a moment before it opens (the form is on the page, drawn by the server).
    const early = setTimeout(wantForms, POPUP_DELAY_MS - FORMS_LEAD_MS);
    let timer = setTimeout(function open() {
      const element = dialog.current;
      if (!element || element.open || document.querySelector('dialog[open]')) return;
      // A modal dialog takes focus: never while the visitor is typing into a field (their next
      // keystrokes would land on its Close button, and a phone's keyboard would close). Wait
      // until they leave the field and have been idle a moment.
      if (fieldInUse()) {
        timer = setTimeout(open, POPUP_RETRY_MS);
        return;
      }
      element.showModal();
    }, POPUP_DELAY_MS);
    const typed = () => {
      lastInput = performance.now();
    };
    document.addEventListener('input', typed, true);
    return () => {
      clearTimeout(early);
      clearTimeout(timer);
      document.removeEventListener('input', typed, true);
    };
  }, []);
  const close = () => dialog.current?.close();
  const remember = () => {
    try {
      sessionStorage.setItem(POPUP_CLOSED_KEY, '1');
    } catch {
      // Nothing to remember it in; it shows again next time.
    }
  };
  return (
    <dialog
      ref={dialog}
      className="dialog popup"
      aria-labelledby="popup-title"
      onClose={remember}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="dialog__box">
        <button type="button" className="dialog__corner" aria-label={t('popup.close')} onClick={close}>
          <Icon name="close" size={22} />
        </button>
        <div className="dialog__content">
          <p className="eyebrow">{site.name}</p>
          <h2 id="popup-title" className="dialog__title">
            {t('popup.title')}
          </h2>
          <p>{t('forms.popup.text')}</p>
          <DeferredForm>
            <PopupForm />
          </DeferredForm>
        </div>
      </div>
    </dialog>
  );
}

const TILES: { to: string; icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { to: '/pro', icon: 'key', title: 'home.tile.list.title', text: 'home.tile.list.text' },
  { to: '/developers', icon: 'building', title: 'home.tile.developers.title', text: 'home.tile.developers.text' },
  { to: '/buy-property', icon: 'home', title: 'home.tile.buy.title', text: 'home.tile.buy.text' },
];

const BLOCKS: { category: MainCategory; heading: MessageKey | null; more?: { to: string; label: MessageKey } }[] = [
  { category: 'Residential', heading: null },
  { category: 'OffPlan', heading: 'home.offPlan' },
  { category: 'Commercial', heading: 'home.commercial', more: { to: '/Properties-For-Sale-in-Dubai', label: 'home.more' } },
  { category: 'Rental', heading: 'home.rental', more: { to: '/Properties-For-Rent-in-Dubai', label: 'home.more' } },
];

/** 'Why us', with Read More. */
export function HomeWhyUs() {
  const { whyUs } = useLoaderData() as HomeData;
  return <ReadMore id="why-us-text" html={whyUs} />;
}

/** A category's newest cards. */
export function HomeGrid({ category }: { category: MainCategory }) {
  const { blocks } = useLoaderData() as HomeData;
  return <PropertyGrid properties={blocks[category]} />;
}

/** The call-back and newsletter cards (FormsSection). */
export function HomeForms() {
  const t = useT();
  return (
    <FormsSection>
      <section className="home-contact__card" aria-labelledby="callback-title">
        <p className="eyebrow eyebrow--light">{t('forms.callback.eyebrow')}</p>
        <h2 id="callback-title" className="home-contact__title">
          {t('forms.callback.title')}
        </h2>
        <p className="home-contact__text">{t('forms.callback.text')}</p>
        <DeferredForm>
          <CallbackForm />
        </DeferredForm>
      </section>
      <section className="home-contact__card home-contact__card--dark" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title" className="home-contact__title">
          {t('forms.newsletter.title')}
        </h2>
        <p className="home-contact__text">{t('forms.newsletter.text')}</p>
        <DeferredForm>
          <NewsletterForm />
        </DeferredForm>
      </section>
    </FormsSection>
  );
}

/**
 * The id of the mark at the end of the hero, whose content sits at its foot: the first screen is
 * drawn once the mark is in the page, so with the hero whole.
 */
const HERO_END = 'home-hero-end';

export function Component() {
  const t = useT();
  const { heroImage, untranslated } = useLoaderData() as HomeData;
  return (
    <>
      <Seo title={t('home.meta.title')} description={t('home.meta.description')} nameFirst firstScreen={HERO_END} />

      <section className="home-hero">
        <Picture className="home-hero__bg" picture={heroImage} sizes="hero" alt="" fallbackWidth={1600} fallbackHeight={700} priority />
        <div className="container home-hero__inner">
          <p className="eyebrow eyebrow--light">{t('home.eyebrow')}</p>
          <Island name="homeTypewriter" component={HomeTypewriter} props={{}} />
          <Island name="homeSearch" component={HomeSearch} props={{}} />
        </div>
        <span id={HERO_END} hidden />
      </section>

      <section className="container tiles" aria-label={t('home.tiles.label')}>
        {TILES.map((tile) => (
          <Link key={tile.to} to={tile.to} className="tile">
            <span className="tile__icon">
              <Icon name={tile.icon} size={28} />
            </span>
            <span className="tile__title">{t(tile.title)}</span>
            <span className="tile__text">{t(tile.text)}</span>
            <span className="tile__more">
              <Icon name="arrowRight" size={18} className="flip-rtl" />
            </span>
          </Link>
        ))}
      </section>

      <section className="section section--sand" aria-labelledby="why-us">
        <div className="container why-us">
          <div className="why-us__intro">
            <p className="eyebrow">{t('home.whyUs.eyebrow')}</p>
            <h2 id="why-us" className="section__title">
              {t('home.whyUs.title')}
            </h2>
            <ul className="why-us__points">
              <li>
                <Icon name="shield" size={20} />
                <span>{t('home.whyUs.point1')}</span>
              </li>
              <li>
                <Icon name="pin" size={20} />
                <span>{t('home.whyUs.point2')}</span>
              </li>
              <li>
                <Icon name="user" size={20} />
                <span>{t('home.whyUs.point3')}</span>
              </li>
            </ul>
          </div>
          <div className="lang-scope" {...enAttrs({ untranslated }, 'whyUs')}>
            <Island name="homeWhyUs" component={HomeWhyUs} props={{}} />
          </div>
        </div>
      </section>

      {BLOCKS.map(({ category, heading, more }) => (
        <section key={category} className="section" aria-labelledby={`home-${category}`}>
          <div className="container">
            {heading ? (
              <div className="section__head">
                <h2 id={`home-${category}`} className="section__title">
                  {t(heading)}
                </h2>
              </div>
            ) : (
              // The residential block has no visible heading; assistive technology gets one.
              <h2 id={`home-${category}`} className="visually-hidden">
                {t('home.residential.label')}
              </h2>
            )}
            <Island name="homeGrid" component={HomeGrid} props={{ category }} />
            {more ? (
              <p className="section__more">
                <Link to={more.to} className="button button--outline">
                  <span>{t(more.label)}</span>
                  <Icon name="arrowRight" size={18} className="flip-rtl" />
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      ))}

      <Island name="homeForms" component={HomeForms} props={{}} />
      <Island name="homePopup" component={DetailsPopup} props={{}} />
    </>
  );
}
