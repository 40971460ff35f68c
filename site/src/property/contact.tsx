// How a visitor reaches the listing's agent (or the agency without one) from the property page
// (pages/PropertyDetail.tsx): call, WhatsApp and e-mail links with the listing named, shown in
// the agent card and again in the enquiry modal.
import type { ShellData } from '../shell';
import { useT, type Translate } from '../i18n';
import type { Localized } from '../i18n/content';
import { telHref, whatsappHref } from '../format';
import { Icon } from '../components/Icon';
import type { DetailAgent, Property } from '../types';

type Agent = Localized<DetailAgent>;
type Detail = Localized<Property>;

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
