// Meet the Team: each consultant's photo, name, role, BRN, languages and direct contacts, and a link to
// their own page (/agents/{id}: pages/People.tsx) with their listings.
import { Fragment, Suspense, use } from 'react';
import { useLoaderData, useParams, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { SITE, TEAM } from '../paths';
import { loadMessages, useT, type Lang } from '../i18n';
import { telHref, whatsappHref } from '../format';
import type { TeamMember } from '../types';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { enAttrs, langOfRequest, localize, termsIn, type Localized, type TermText } from '../i18n/content';
import { Picture } from '../components/Picture';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/team.css';
import '../styles/people.css';

type Member = Omit<Localized<TeamMember>, 'languages'> & { languages: TermText[] };

async function listLoader({ request }: LoaderFunctionArgs): Promise<Member[]> {
  const [team, site] = await Promise.all([
    getJson(TEAM),
    getJson(SITE).catch(() => null),
  ]);
  const lang = langOfRequest(request);
  return team.map((member) => ({
    ...localize(member, lang, ['name', 'role']),
    languages: termsIn(site?.vocabulary.languages, lang, member.languages),
  }));
}

const SLOT = '\u0000';

/**
 * 'Speaks English, Arabic' in the page's language: the message around the list, the names
 * separated by the language's comma, a name without a translation marked English.
 */
function Spoken({ template, languages }: { template: string; languages: TermText[] }) {
  const lang = useLang();
  const comma = lang === 'ar' ? '، ' : ', ';
  const [before, after = ''] = template.split(SLOT);
  return (
    <>
      {before}
      {languages.map((language, index) => (
        <Fragment key={language.name}>
          {index > 0 ? comma : null}
          <span lang={language.en ? 'en' : undefined}>{language.name}</span>
        </Fragment>
      ))}
      {after}
    </>
  );
}

function List() {
  const t = useT();
  const site = useSite();
  const team = useLoaderData() as Member[];
  return (
    <>
      <Seo title={t('team.title')} description={t('team.description', { name: site.name })} />
      <PageHeader eyebrow={site.name} title={t('team.title')} lead={t('team.lead')} />
      <div className="container section">
        <ul className="team-grid" role="list">
          {team.map((member) => (
            <li key={member.id} className="team-card">
              <Picture className="team-card__photo" picture={member.image} sizes="portrait" alt={member.name} {...enAttrs(member, 'name')} fallbackWidth={600} fallbackHeight={600} />
              <div className="team-card__body">
                <h2 className="team-card__name" {...enAttrs(member, 'name')}>
                  <Link to={`/agents/${member.id}`}>{member.name}</Link>
                </h2>
                <p className="team-card__role" {...enAttrs(member, 'role')}>
                  {member.role}
                </p>
                {member.brn ? (
                  <p className="team-card__brn">
                    <Icon name="shield" size={16} />
                    <span>{t('team.brn', { brn: member.brn })}</span>
                  </p>
                ) : null}
                {member.languages.length > 0 ? (
                  <p className="team-card__languages">
                    <Icon name="globe" size={16} />
                    <span>
                      <Spoken template={t('team.languages', { languages: SLOT })} languages={member.languages} />
                    </span>
                  </p>
                ) : null}
                <Link className="team-card__profile text-link" to={`/agents/${member.id}`}>
                  {t('team.profile')}
                </Link>
                <div className="team-card__actions">
                  {member.phone ? (
                    <a className="icon-button" href={telHref(member.phone)} aria-label={t('team.call', { name: member.name })}>
                      <Icon name="phone" size={20} />
                    </a>
                  ) : null}
                  {member.whatsapp ? (
                    <a
                      className="icon-button icon-button--whatsapp"
                      href={whatsappHref(member.whatsapp)}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('team.whatsapp', { name: member.name })}
                    >
                      <Icon name="whatsapp" size={20} />
                    </a>
                  ) : null}
                  {member.email ? (
                    <a className="icon-button" href={`mailto:${member.email}`} aria-label={t('team.email', { name: member.name })}>
                      <Icon name="mail" size={20} />
                    </a>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

// This module also draws a member's own page, /agents/{id}, and a developer's, /developers/{id}
// (people/People.tsx), with its message set: a page of its own would cost every first view's route
// table a chunk and a set more, and the pages are at the first-view budget (bench/site_build.py).
// Their module and their messages (the 'People' set) are loaded only for them: by the loader (the
// prerender, a navigation) and, when the browser wakes a prerendered one, while the page stays as
// drawn (the Suspense boundary).
type PeopleModule = typeof import('../people/People');
let peopleModule: PeopleModule | undefined;
let peopleLoading: Promise<PeopleModule> | undefined;

function loadPeople(lang: Lang): Promise<PeopleModule> {
  peopleLoading ??= Promise.all([import('../people/People'), loadMessages(lang, 'People')]).then(
    ([module]) => (peopleModule = module),
  );
  return peopleLoading;
}

export async function loader(args: LoaderFunctionArgs) {
  if (args.params.id === undefined) return listLoader(args);
  const { people } = await loadPeople(langOfRequest(args.request));
  return people.loader(args, /\/developers\/[^/]*$/.test(new URL(args.request.url).pathname) ? 'developers' : 'agents');
}

function Person() {
  // A hook runs on every render, not only until the module is loaded.
  const lang = useLang();
  const { people } = peopleModule ?? use(loadPeople(lang));
  return <people.Component />;
}

export function Component() {
  return useParams().id === undefined ? (
    <List />
  ) : (
    <Suspense fallback={null}>
      <Person />
    </Suspense>
  );
}
