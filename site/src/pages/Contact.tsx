// Contact Us: the first variant's form (name, email, phone, message), the office on a map
// (drawn offline, OpenStreetMap only on request), address, email, phones, working hours, the
// promise of a reply within 24 hours, and the second variant's lead form with a country selector.
import { useT } from '../i18n';
import { useSite } from '../shell';
import { FormCard } from '../forms/FormCard';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';
import { MapCard } from '../property/MapCard';
import { ContactForm, ContactLeadForm, DeferredForm, useWantWhenIdle, wantContactForms } from '../forms/deferred';
import { Island } from '../islands/Island';

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="contact" component={ContactScreen} props={{}} />;
}

export function ContactScreen() {
  const t = useT();
  const site = useSite();
  // The forms' code comes after the page's (forms/deferred.tsx).
  useWantWhenIdle(wantContactForms);
  return (
    <>
      <Seo title={t('contact.title')} description={t('contact.description', { name: site.name })} />
      <PageHeader eyebrow={site.name} title={t('contact.title')} lead={t('contact.promise')} />
      <div className="container section two-column">
        <FormCard id="contact-form" title={t('forms.contact.title')} note={t('forms.contact.text')}>
          <DeferredForm>
            <ContactForm />
          </DeferredForm>
        </FormCard>
        <aside className="side-card" aria-labelledby="contact-lead">
          <h2 id="contact-lead" className="side-card__title">
            {t('forms.contactLead.title')}
          </h2>
          <p className="side-card__text">{t('forms.contactLead.text')}</p>
          <DeferredForm>
            <ContactLeadForm />
          </DeferredForm>
          <p className="side-card__note">
            <Icon name="clock" size={18} />
            <span>{t('contact.promise')}</span>
          </p>
        </aside>
      </div>
      <section className="section section--sand" aria-labelledby="contact-office">
        <div className="container contact-office">
          <div>
            <h2 id="contact-office" className="section__title">
              {t('contact.office')}
            </h2>
            <ContactDetails showMap />
          </div>
          <MapCard lat={site.coordinates.lat} lng={site.coordinates.lng} place={site.address} />
        </div>
      </section>
    </>
  );
}
