// /pro, 'List your property': the fixed headlines, the valuation tool, the seller listing form, the agency's
// contacts and how listing with the agency works.
import { useState } from 'react';
import { useLoaderData } from '../nav';
import { getJson } from '../data';
import { SITE } from '../paths';
import { useT, type MessageKey } from '../i18n';
import { telHref, whatsappHref } from '../format';
import type { Picture } from '../types';
import { useLang, useSite } from '../shell';
import { FormCard } from '../forms/FormCard';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ContactDetails } from '../components/ContactDetails';
import { Icon, type IconName } from '../components/Icon';
import { DeferredForm, SellerForm, sellerFormHydrated, useWantWhenIdle, wantSellerForm } from '../forms/deferred';
import { ValuationTool } from '../valuation/ValuationTool';
import type { SentValuation } from '../valuation/estimate';
import { Island } from '../islands/Island';

export async function loader(): Promise<{ image: Picture }> {
  const site = await getJson(SITE);
  return { image: site.hero.residential.poster };
}

const STEPS: { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'tag', title: 'seller.step1.title', text: 'seller.step1.text' },
  { icon: 'document', title: 'seller.step2.title', text: 'seller.step2.text' },
  { icon: 'key', title: 'seller.step3.title', text: 'seller.step3.text' },
];

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="seller" component={SellerScreen} props={{}} />;
}

export function SellerScreen() {
  const t = useT();
  const site = useSite();
  const { image } = useLoaderData() as { image: Picture };
  const phone = site.phones[0];
  // The valuation tool's estimate, once the seller sends it to the form.
  const [valuation, setValuation] = useState<SentValuation | null>(null);
  // The form's code comes after the page's (forms/deferred.tsx); the estimate is given to the form
  // once it has hydrated (a form still waiting for its code may be given no new props).
  useWantWhenIdle(wantSellerForm);
  const attach = (estimate: SentValuation) => {
    void sellerFormHydrated().then(() => setValuation(estimate));
    document.getElementById('seller-form')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // 'What is my home worth?': its tool is part of the page and its prerender (its messages in the
  // page's set), so it is there from the first paint and pushes nothing down when it hydrates.
  const lang = useLang();
  return (
    <>
      <Seo title={t('seller.meta')} description={t('seller.description')} />
      <PageHeader image={image} eyebrow={t('seller.eyebrow')} title={t('seller.title')} lead={t('seller.subtitle')} />
      <section id="valuation" className="section valuation" aria-labelledby="valuation-title">
        <div className="container">
          <h2 id="valuation-title" className="section__title">
            {t('valuation.section.title')}
          </h2>
          <p className="valuation__lead">{t('valuation.section.lead')}</p>
          <ValuationTool t={t} lang={lang} onSend={attach} />
        </div>
      </section>
      <div className="container section two-column">
        <FormCard id="seller-form" title={t('forms.seller.title')} note={t('forms.required')}>
          <DeferredForm>
            <SellerForm valuation={valuation} />
          </DeferredForm>
        </FormCard>
        <aside className="side-card" aria-labelledby="seller-contact">
          <h2 id="seller-contact" className="side-card__title">
            {t('seller.contact')}
          </h2>
          <p className="side-card__text">{t('seller.contact.text')}</p>
          <div className="side-card__actions">
            {phone ? (
              <a className="button button--primary" href={telHref(phone)}>
                <Icon name="phone" size={18} />
                <span>{t('property.call')}</span>
              </a>
            ) : null}
            <a className="button button--whatsapp" href={whatsappHref(site.whatsapp)} target="_blank" rel="noopener">
              <Icon name="whatsapp" size={18} />
              <span>{t('property.whatsapp')}</span>
            </a>
          </div>
          <ContactDetails />
        </aside>
      </div>
      <section className="section section--sand" aria-labelledby="seller-how">
        <div className="container">
          <h2 id="seller-how" className="section__title">
            {t('seller.how')}
          </h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="step__icon">
                  <Icon name={step.icon} size={24} />
                </span>
                <h3 className="step__title">{t(step.title)}</h3>
                <p className="step__text">{t(step.text)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
