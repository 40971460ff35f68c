// Meet the Team: each consultant's photo, name, role, BRN, languages and direct contacts.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getJson } from '../data';
import { useT } from '../i18n';
import { telHref, whatsappHref } from '../format';
import type { TeamMember } from '../types';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';

export async function loader({ request }: LoaderFunctionArgs): Promise<Localized<TeamMember>[]> {
  const team = await getJson<TeamMember[]>('/data/team.json');
  const lang = langOfRequest(request);
  return team.map((member) => localize(member, lang, ['name', 'role']));
}

export function Component() {
  const t = useT();
  const site = useSite();
  const team = useLoaderData() as Localized<TeamMember>[];
  return (
    <>
      <Seo title={t('team.title')} description={t('team.description', { name: site.name })} />
      <PageHeader eyebrow={site.name} title={t('team.title')} lead={t('team.lead')} />
      <div className="container section">
        <ul className="team-grid" role="list">
          {team.map((member) => (
            <li key={member.id} className="team-card">
              <img className="team-card__photo" src={member.image} alt={member.name} {...enAttrs(member, 'name')} width={600} height={600} loading="lazy" />
              <div className="team-card__body">
                <h2 className="team-card__name" {...enAttrs(member, 'name')}>
                  {member.name}
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
                    <span>{t('team.languages', { languages: member.languages.join(', ') })}</span>
                  </p>
                ) : null}
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
