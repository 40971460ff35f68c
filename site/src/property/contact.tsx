// How a visitor reaches the listing's agent (or the agency without one) from the property page
// (pages/PropertyDetail.tsx): call, WhatsApp and e-mail links with the listing named, shown in
// the agent card and again in the enquiry modal.
import { useSite, type ShellData } from '../shell';
import { useT, type Translate } from '../i18n';
import { enAttrs } from '../i18n/content';
import { Link } from '../nav';
import { telHref, whatsappHref } from '../format';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import type { Agent, Detail } from './loader';

/** The text of the WhatsApp message and the e-mail subject, with the listing reference. */
function enquiryText(t: Translate, property: Detail, url: string) {
  const vars = { title: property.title, reference: property.reference ?? '', url };
  return {
    whatsapp: t(property.reference ? 'card.whatsapp.message' : 'card.whatsapp.messageNoRef', vars),
    subject: t(property.reference ? 'property.email.subject' : 'property.email.subjectNoRef', vars),
    body: t('property.email.body', vars),
  };
}

/** Call, WhatsApp and e-mail: the listing agent's, or the agency's without one. */
export function contactLinks(site: ShellData, agent: Agent | null, property: Detail, url: string, t: Translate) {
  const text = enquiryText(t, property, url);
  const phone = agent?.phone ?? site.phones[0] ?? null;
  const whatsapp = agent?.whatsapp ?? site.whatsapp;
  const email = agent?.email ?? site.email;
  return {
    tel: phone ? telHref(phone) : null,
    whatsapp: whatsappHref(whatsapp, text.whatsapp),
    mail: `mailto:${email}?subject=${encodeURIComponent(text.subject)}&body=${encodeURIComponent(text.body)}`,
  };
}

export type ContactLinks = ReturnType<typeof contactLinks>;

export function ContactButtons({ links, className }: { links: ContactLinks; className: string }) {
  const t = useT();
  return (
    <div className={className}>
      {links.tel ? (
        <a className="button button--primary" href={links.tel}>
          <Icon name="phone" size={18} />
          <span>{t('property.call')}</span>
        </a>
      ) : null}
      <a className="button button--whatsapp" href={links.whatsapp} target="_blank" rel="noopener">
        <Icon name="whatsapp" size={18} />
        <span>{t('property.whatsapp')}</span>
      </a>
      <a className="button button--outline" href={links.mail}>
        <Icon name="mail" size={18} />
        <span>{t('property.email')}</span>
      </a>
    </div>
  );
}

/** The agent card: the listing's agent (or the agency without one) with call, WhatsApp and e-mail. */
export function AgentCard({ agent, links }: { agent: Agent | null; links: ContactLinks }) {
  const t = useT();
  const site = useSite();
  return (
    <div className="agent-card">
      {agent ? (
        <div className="agent-card__person">
          <Picture picture={agent.image} sizes="avatar" alt={agent.name} {...enAttrs(agent, 'name')} fallbackWidth={64} fallbackHeight={64} />
          <div>
            <p className="agent-card__label">{t('property.agent')}</p>
            <Link to={`/agents/${agent.id}`} className="agent-card__name" {...enAttrs(agent, 'name')}>
              {agent.name}
            </Link>
            <p className="agent-card__role" {...enAttrs(agent, 'role')}>
              {agent.role}
            </p>
            {agent.brn ? <p className="agent-card__brn">{t('team.brn', { brn: agent.brn })}</p> : null}
          </div>
        </div>
      ) : (
        <div>
          <p className="agent-card__label">{t('property.contactUs')}</p>
          <p className="agent-card__name">{site.name}</p>
        </div>
      )}
      <ContactButtons links={links} className="agent-card__actions" />
    </div>
  );
}
