// Developers: a card per developer (logo, name, projects). Choosing one opens its detail in a
// modal dialog (image, description, projects, website) with a Close button; one or none is
// selected; the detail links to the developer's own page of projects and listings
// (/developers/{id}: pages/People.tsx). The cards are buttons; without JavaScript they are links
// to #developer-<id>, and CSS shows the targeted detail.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { DEVELOPERS } from '../paths';
import { useT } from '../i18n';
import type { Developer } from '../types';
import { useHydrated, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Picture } from '../components/Picture';
import { Icon } from '../components/Icon';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/developers.css';
import { Island } from '../islands/Island';

export async function loader({ request }: LoaderFunctionArgs): Promise<Localized<Developer>[]> {
  const developers = await getJson(DEVELOPERS);
  const lang = langOfRequest(request);
  return developers.map((developer) => localize(developer, lang, ['name', 'description']));
}

const anchor = (id: string) => `developer-${id}`;

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="developers" component={DevelopersScreen} props={{}} />;
}

export function DevelopersScreen() {
  const t = useT();
  const site = useSite();
  const developers = useLoaderData() as Localized<Developer>[];
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<string | null>(null);
  const dialogs = useRef(new Map<string, HTMLDialogElement>());
  const cards = useRef(new Map<string, HTMLAnchorElement>());
  const lastOpened = useRef<string | null>(null);

  // The selection drives the dialogs: the selected one is open (modal), every other closed.
  useEffect(() => {
    for (const [id, dialog] of dialogs.current) {
      if (id === selected && !dialog.open) {
        dialog.showModal();
        // Start at the top: focus the dialog's title (read first by screen readers).
        dialog.querySelector<HTMLElement>('.dialog__title')?.focus();
      } else if (id !== selected && dialog.open) {
        dialog.close();
      }
    }
    if (selected) {
      lastOpened.current = selected;
    } else if (lastOpened.current) {
      cards.current.get(lastOpened.current)?.focus();
      lastOpened.current = null;
    }
  }, [selected]);

  // A link to #developer-<id> opens that developer once the page is interactive.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const match = developers.find((developer) => anchor(developer.id) === id);
    if (match) setSelected(match.id);
  }, [developers]);

  const open = (id: string) => (event: MouseEvent) => {
    event.preventDefault();
    setSelected(id);
  };
  const close = (event?: MouseEvent) => {
    event?.preventDefault();
    setSelected(null);
  };

  return (
    <>
      <Seo title={t('developers.title')} description={t('developers.description')} />
      <PageHeader eyebrow={site.name} title={t('developers.title')} lead={t('developers.lead')} />
      <div className={hydrated ? 'container section developers is-interactive' : 'container section developers'}>
        <ul className="developer-grid" id="developers-list" role="list">
          {developers.map((developer) => (
            <li key={developer.id}>
              <a
                href={`#${anchor(developer.id)}`}
                className={developer.id === selected ? 'developer-card is-selected' : 'developer-card'}
                // It opens the detail rather than going anywhere: a button (Enter and Space). The
                // href is what makes it work without JavaScript.
                role="button"
                aria-haspopup="dialog"
                ref={(element) => {
                  if (element) cards.current.set(developer.id, element);
                  else cards.current.delete(developer.id);
                }}
                onClick={open(developer.id)}
                onKeyDown={(event) => {
                  if (event.key === ' ') {
                    event.preventDefault();
                    setSelected(developer.id);
                  }
                }}
              >
                <span className="developer-card__logo">
                  <img src={developer.logo} alt="" width={220} height={60} loading="lazy" />
                </span>
                <span className="developer-card__name" {...enAttrs(developer, 'name')}>{developer.name}</span>
                <span className="developer-card__projects">{t('developers.projects', { n: developer.projects })}</span>
                <span className="developer-card__more">
                  <span>{t('developers.view')}</span>
                  <Icon name="arrowRight" size={16} className="flip-rtl" />
                </span>
              </a>
            </li>
          ))}
        </ul>

        {developers.map((developer) => (
          <dialog
            key={developer.id}
            id={anchor(developer.id)}
            className="dialog developer-dialog"
            aria-labelledby={`${anchor(developer.id)}-title`}
            ref={(element) => {
              if (element) dialogs.current.set(developer.id, element);
              else dialogs.current.delete(developer.id);
            }}
            onClose={() => setSelected((current) => (current === developer.id ? null : current))}
            onClick={(event) => {
              // A click on the backdrop (the dialog element itself, outside its box) closes it.
              if (event.target === event.currentTarget) close();
            }}
          >
            <div className="dialog__box">
              <a
                href="#developers-list"
                className="dialog__corner"
                aria-label={t('developers.back')}
                onClick={close}
              >
                <Icon name="close" size={22} />
              </a>
              <Picture
                className="developer-dialog__image"
                picture={developer.image}
                sizes="dialog"
                alt={developer.name}
                {...enAttrs(developer, 'name')}
                fallbackWidth={800}
                fallbackHeight={533}
              />
              <div className="dialog__content">
                <img className="developer-dialog__logo" src={developer.logo} alt="" width={176} height={48} loading="lazy" />
                <h2 id={`${anchor(developer.id)}-title`} className="dialog__title" tabIndex={-1}>
                  {developer.name}
                </h2>
                <p className="developer-dialog__projects">
                  <Icon name="building" size={18} />
                  <span>{t('developers.projects', { n: developer.projects })}</span>
                </p>
                <div className="prose" {...enAttrs(developer, 'description')} dangerouslySetInnerHTML={{ __html: developer.description }} />
                <div className="dialog__actions">
                  <Link className="button button--primary" to={`/developers/${developer.id}`}>
                    <span>{t('developers.page')}</span>
                    <Icon name="arrowRight" size={16} className="flip-rtl" />
                  </Link>
                  {developer.website ? (
                    <a className="button button--outline" href={developer.website} target="_blank" rel="noopener">
                      <span>{t('developers.website')}</span>
                      <Icon name="external" size={16} />
                    </a>
                  ) : null}
                  <button type="button" className="button button--primary dialog__close" onClick={() => close()}>
                    {t('developers.close')}
                  </button>
                </div>
              </div>
            </div>
          </dialog>
        ))}
      </div>
    </>
  );
}

