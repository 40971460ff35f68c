// A team member's own page (/agents/{id}: photo, role, BRN, languages, call, WhatsApp and email,
// and the listings naming them) and a developer's (/developers/{id}: logo, description, the
// projects its listings name and those listings), from data/agents/{id}.json and
// data/developers/{id}.json (generator/src/publish/people.rs). Both sort their cards as the
// listing pages do, in the address (?sort=price-asc).
//
// The team page's module draws both (pages/Team.tsx), with its message set, as the area guides'
// module draws each guide: a page of its own would cost every first view's route table a chunk
// and a message set more, and the pages are at the first-view budget (bench/site_build.py).
import { Fragment } from 'react';
import { useLoaderData, data, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { SITE, type JsonFile } from '../paths';
import { useT } from '../i18n';
import { enAttrs, langOfRequest, localize, ownTranslation, termIn, termsIn, type Localized, type TermText } from '../i18n/content';
import { telHref, whatsappHref } from '../format';
import { formatMonth } from '../dates';
import { priceText } from '../price';
import { isSafeId } from '../ids';
import type { AgentPage, DeveloperPage, Developer, DeveloperProject, TeamMember } from '../types';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Picture } from '../components/Picture';
import { Icon } from '../components/Icon';
import { Island } from '../islands/Island';
import { PeopleListings, type Listed } from './Listings';
import { NotFoundContent } from '../components/NotFoundContent';

type Member = Omit<Localized<TeamMember>, 'languages'> & { languages: TermText[] };
type Project = DeveloperProject & { communityName: TermText | null };

type PeopleData =
  | { kind: 'missing' }
  | ({ kind: 'agent'; member: Member } & Listed)
  | ({ kind: 'developer'; developer: Localized<Developer>; projects: Project[] } & Listed);

/** Whose page: a team member's or a developer's. */
export type Kind = 'agents' | 'developers';

/**
 * The data file of a member's or a developer's page: contract::files' `agent_page` and
 * `developer_page` (src/paths.ts's `agentPage`, `developerPage`, which people.test.ts holds it to),
 * written here because every function of paths.ts is in the entry chunk, every first view's.
 */
export function pageData(kind: 'agents', id: string): JsonFile<AgentPage>;
export function pageData(kind: 'developers', id: string): JsonFile<DeveloperPage>;
export function pageData(kind: Kind, id: string): JsonFile<AgentPage | DeveloperPage> {
  return `/data/${kind}/${id}.json` as JsonFile<AgentPage | DeveloperPage>;
}

async function loader({ params, request }: LoaderFunctionArgs, kind: Kind) {
  if (!isSafeId(params.id)) return data<PeopleData>({ kind: 'missing' }, { status: 404 });
  const lang = langOfRequest(request);
  try {
    const [page, site] = await Promise.all([
      kind === 'agents' ? getJson(pageData(kind, params.id)) : getJson(pageData(kind, params.id)),
      getJson(SITE).catch(() => null),
    ]);
    // The cards carry only this language's texts.
    const listed: Listed = { total: page.total, listings: page.listings.map((card) => ownTranslation(card, lang)) };
    if ('member' in page) {
      const member = { ...localize(page.member, lang, ['name', 'role']), languages: termsIn(site?.vocabulary.languages, lang, page.member.languages) };
      return { kind: 'agent', member, ...listed } satisfies PeopleData;
    }
    const projects = page.projects.map((project) => ({
      ...project,
      communityName: project.community ? termIn(site?.vocabulary.communities, lang, project.community) : null,
    }));
    return { kind: 'developer', developer: localize(page.developer, lang, ['name', 'description']), projects, ...listed } satisfies PeopleData;
  } catch (error) {
    const status = error instanceof Response ? error.status : 500;
    if (status !== 404) console.error('Failed to fetch the page', error);
    return data<PeopleData>({ kind: 'missing' }, { status: status === 404 ? 404 : 500 });
  }
}

function AgentView({ member }: { member: Member }) {
  const t = useT();
  const site = useSite();
  // The languages spoken, a name without a translation marked English.
  const comma = useLang() === 'ar' ? '، ' : ', ';
  const name = member.name;
  return (
    <>
      <Seo
        title={t('people.agent.title', { name, role: member.role })}
        description={t('people.agent.description', { name, role: member.role, agency: site.name })}
        image={member.image.src}
      />
      <PageHeader eyebrow={site.name} title={name} lead={member.role}>
        <nav aria-label={t('people.breadcrumb')} className="guide-crumbs">
          <Link to="/meet-the-team">{t('team.title')}</Link>
        </nav>
      </PageHeader>
      <div className="container section people">
        <div className="people__profile">
          <Picture className="people__photo" picture={member.image} sizes="portrait" alt={name} {...enAttrs(member, 'name')} fallbackWidth={600} fallbackHeight={600} />
          <div className="people__details">
            <dl className="details-list">
              {member.brn ? (
                <div>
                  <dt>{t('people.brn')}</dt>
                  <dd>{member.brn}</dd>
                </div>
              ) : null}
              {member.languages.length ? (
                <div>
                  <dt>{t('people.languages')}</dt>
                  <dd>
                    {member.languages.map((language, index) => (
                      <Fragment key={language.name}>
                        {index > 0 ? comma : null}
                        <span lang={language.en ? 'en' : undefined}>{language.name}</span>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ) : null}
              {member.phone ? (
                <div>
                  <dt>{t('people.phone')}</dt>
                  <dd>
                    <a href={telHref(member.phone)} dir="ltr">
                      {member.phone}
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
            <div className="people__actions">
              {member.phone ? (
                <a className="button button--primary" href={telHref(member.phone)}>
                  <Icon name="phone" size={18} />
                  <span>{t('people.call')}</span>
                </a>
              ) : null}
              {member.whatsapp ? (
                <a
                  className="button button--whatsapp"
                  href={whatsappHref(member.whatsapp)}
                  target="_blank"
                  rel="noopener"
                >
                  <Icon name="whatsapp" size={18} />
                  <span>{t('card.whatsapp')}</span>
                </a>
              ) : null}
              {member.email ? (
                <a className="button button--outline" href={`mailto:${member.email}`}>
                  <Icon name="mail" size={18} />
                  <span>{t('people.email')}</span>
                </a>
              ) : null}
            </div>
          </div>
        </div>
        <Island name="peopleListings" component={PeopleListings} props={{ id: 'people-listings', title: t('people.agent.listings', { name }) }} />
      </div>
    </>
  );
}

function ProjectRows({ projects }: { projects: Project[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="people__section" aria-labelledby="people-projects">
      <h2 id="people-projects" className="people__heading">
        {t('people.projects')}
      </h2>
      <ul className="people__projects" role="list">
        {projects.map((project) => (
          <li key={project.name} className="project-card">
            <h3 className="project-card__name" lang="en">
              {project.name}
            </h3>
            <dl className="project-card__facts">
              {project.communityName ? (
                <div>
                  <dt>{t('people.community')}</dt>
                  <dd lang={project.communityName.en ? 'en' : undefined}>{project.communityName.name}</dd>
                </div>
              ) : null}
              {project.completionDate ? (
                <div>
                  <dt>{t('people.handover')}</dt>
                  <dd>{formatMonth(lang, project.completionDate.slice(0, 7))}</dd>
                </div>
              ) : null}
              {project.fromPrice != null ? (
                <div>
                  <dt>{t('people.from')}</dt>
                  <dd>{priceText(t, lang, project.fromPrice)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('people.listed')}</dt>
                <dd>{t('people.count', { n: project.listings })}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeveloperView({ developer, projects }: { developer: Localized<Developer>; projects: Project[] }) {
  const t = useT();
  const site = useSite();
  const name = developer.name;
  return (
    <>
      <Seo title={name} description={t('people.developer.description', { name, agency: site.name })} image={developer.image.src} />
      <PageHeader image={developer.image} eyebrow={t('developers.projects', { n: developer.projects })} title={name}>
        <nav aria-label={t('people.breadcrumb')} className="guide-crumbs">
          <Link to="/developers">{t('developers.title')}</Link>
        </nav>
      </PageHeader>
      <div className="container section people">
        <div className="people__about">
          <img className="people__logo" src={developer.logo} alt="" width={176} height={48} />
          <div className="prose" {...enAttrs(developer, 'description')} dangerouslySetInnerHTML={{ __html: developer.description }} />
          {developer.website ? (
            <a className="button button--outline" href={developer.website} target="_blank" rel="noopener">
              <span>{t('developers.website')}</span>
              <Icon name="external" size={16} />
            </a>
          ) : null}
        </div>
        {projects.length ? <ProjectRows projects={projects} /> : null}
        <Island name="peopleListings" component={PeopleListings} props={{ id: 'people-listings', title: t('people.developer.listings', { name }) }} />
      </div>
    </>
  );
}

function Component() {
  const page = useLoaderData() as PeopleData;
  if (page.kind === 'missing') return <NotFoundContent />;
  if (page.kind === 'agent') return <AgentView member={page.member} />;
  return <DeveloperView developer={page.developer} projects={page.projects} />;
}

/** A member's or a developer's page: its loader (given whose) and its screen. */
export const people = { loader, Component };
