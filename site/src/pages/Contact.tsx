// Contact Us: the office's address (with a map link), email, phones, working hours and the
// promise of a reply within 24 hours. Interim version: the contact form follows.
import { useT } from '../i18n';
import { telHref, whatsappHref } from '../format';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';

export function Component() {
  const t = useT();
  const site = useSite();
  const phone = site.phones[0];
  return (
    <>
      <Seo title={t('contact.title')} description={t('contact.description', { name: site.name })} />
      <PageHeader eyebrow={site.name} title={t('contact.title')} lead={t('contact.promise')} />
      <div className="container section two-column">
        <section aria-labelledby="contact-office">
          <h2 id="contact-office" className="section__title">
            {t('contact.office')}
          </h2>
          <ContactDetails showMap />
        </section>
        <aside className="side-card" aria-labelledby="contact-quick">
          <h2 id="contact-quick" className="side-card__title">
            {t('contact.quick')}
          </h2>
          <p className="side-card__text">{t('contact.quick.text')}</p>
          <div className="side-card__actions side-card__actions--stack">
            {phone ? (
              <a className="button button--primary button--block" href={telHref(phone)}>
                <Icon name="phone" size={18} />
                <span>{t('banner.call', { phone })}</span>
              </a>
            ) : null}
            <a
              className="button button--whatsapp button--block"
              href={whatsappHref(site.whatsapp)}
              target="_blank"
              rel="noopener"
            >
              <Icon name="whatsapp" size={18} />
              <span>{t('contact.whatsapp.cta')}</span>
            </a>
            <a className="button button--outline button--block" href={`mailto:${site.email}`}>
              <Icon name="mail" size={18} />
              <span>{t('contact.email.cta')}</span>
            </a>
          </div>
          <p className="side-card__note">
            <Icon name="clock" size={18} />
            <span>{t('contact.promise')}</span>
          </p>
        </aside>
      </div>
    </>
  );
}
