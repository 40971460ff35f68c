// 'Get in Touch' on the property page (pages/PropertyDetail.tsx): the button (in the price card
// and in the phone's contact bar) and the enquiry modal it opens, with the enquiry form and the
// agent's (or the agency's) call, WhatsApp and e-mail.
import { lazy, Suspense, type LazyExoticComponent, type RefObject } from 'react';
import { loadMessages, useT, type Lang } from '../i18n';
import { enAttrs } from '../i18n/content';
import type { DetailForm as DetailFormComponent } from '../forms/LeadForms';
import { useLang } from '../shell';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { ContactButtons, type ContactLinks } from './contact';
import type { Agent, Detail } from './loader';

/**
 * The enquiry form's code (the forms module, with the phone field and its country list, ~15 KB
 * gzipped) and its messages load when the modal opens, or as soon as the visitor points at or
 * focuses 'Get in Touch': property pages are most of the site's views, and most visitors never
 * open the form.
 */
const loadDetailForm = async (lang: Lang) => {
  const [forms] = await Promise.all([import('../forms/LeadForms'), loadMessages(lang, 'DetailForm'), loadEnquiryModal()]);
  return { default: forms.DetailForm };
};
/** The modal itself is behind the same tap: not part of the page's first-view JavaScript. */
const loadEnquiryModal = () => import('./EnquiryModal').then((module) => ({ default: module.EnquiryModal }));
const EnquiryModal = lazy(loadEnquiryModal);
const detailForms = new Map<Lang, LazyExoticComponent<typeof DetailFormComponent>>();
/** The lazy enquiry form of `lang` (one per language: its messages differ). */
function detailForm(lang: Lang): LazyExoticComponent<typeof DetailFormComponent> {
  let form = detailForms.get(lang);
  if (!form) {
    form = lazy(() => loadDetailForm(lang));
    detailForms.set(lang, form);
  }
  return form;
}

/** 'Get in Touch': opens the enquiry modal (the price card's and the phone's sticky bar's). */
export function GetInTouchButton({ className, onOpen }: { className: string; onOpen: (from: HTMLButtonElement) => void }) {
  const t = useT();
  const lang = useLang();
  const prefetchDetailForm = () => void loadDetailForm(lang);
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => onOpen(event.currentTarget)}
      onPointerEnter={prefetchDetailForm}
      onFocus={prefetchDetailForm}
      onTouchStart={prefetchDetailForm}
    >
      <Icon name="mail" size={18} />
      <span>{t('property.getInTouch')}</span>
    </button>
  );
}

/**
 * The phone's contact bar: call, WhatsApp and 'Get in Touch'. It only works with the page's
 * script (its 'Get in Touch' opens the modal), so the page shows it once hydrated.
 */
export function ContactBar({ links, onOpen }: { links: ContactLinks; onOpen: (from: HTMLButtonElement) => void }) {
  const t = useT();
  return (
    <div className="property-cta" role="group" aria-label={t('property.contactBar')}>
      {links.tel ? (
        <a className="button button--primary property-cta__icon" href={links.tel}>
          <Icon name="phone" size={20} />
          <span className="visually-hidden">{t('property.call')}</span>
        </a>
      ) : null}
      <a className="button button--whatsapp property-cta__icon" href={links.whatsapp} target="_blank" rel="noopener">
        <Icon name="whatsapp" size={20} />
        <span className="visually-hidden">{t('property.whatsapp')}</span>
      </a>
      <GetInTouchButton className="button button--gold property-cta__main" onOpen={onOpen} />
    </div>
  );
}

/**
 * The enquiry modal: the enquiry form (`message`, the listing named, is its message to start
 * with), then the agent with call, WhatsApp and e-mail. Focus goes back to `returnFocus` when it
 * closes.
 */
export function EnquiryDialog({
  open,
  onClose,
  returnFocus,
  property,
  agent,
  links,
  message,
}: {
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
  property: Detail;
  agent: Agent | null;
  links: ContactLinks;
  message: string;
}) {
  const t = useT();
  const DetailForm = detailForm(useLang());
  return (
    <Suspense fallback={null}>
      <EnquiryModal
        open={open}
        onClose={onClose}
        returnFocus={returnFocus}
        subtitle={property.reference ? t('property.enquiry.subtitle', { title: property.title, reference: property.reference }) : property.title}
      >
        <Suspense
          fallback={
            <p className="form-loading" role="status">
              {t('forms.loading')}
            </p>
          }
        >
          <DetailForm propertyId={property.id} message={message} />
        </Suspense>
        <div className="enquiry-dialog__contact">
          {agent ? (
            <div className="agent-card__person">
              <Picture picture={agent.image} sizes="avatar" alt={agent.name} {...enAttrs(agent, 'name')} fallbackWidth={64} fallbackHeight={64} />
              <div>
                <p className="agent-card__name">{agent.name}</p>
                <p className="agent-card__role">{agent.role}</p>
                {agent.brn ? <p className="agent-card__brn">{t('team.brn', { brn: agent.brn })}</p> : null}
              </div>
            </div>
          ) : null}
          <p>{t('forms.detail.or')}</p>
          <ContactButtons links={links} className="enquiry-dialog__actions" />
        </div>
      </EnquiryModal>
    </Suspense>
  );
}
