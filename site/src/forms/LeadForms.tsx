// Every enquiry form of the site, each a thin layout over useLeadForm (the one place that checks,
// sends and reports) and the shared fields. Spec sections 2, 4, 5, 7 and 8.
import { useCallback, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n';
import { useLocation } from 'react-router';
import { useLang } from '../shell';
import { PROPERTY_TYPES, type Form } from './validate';
import { CONTACT_PATH } from './submit';
import { FAILURE_LATER, FAILURE_PLAIN, FAILURE_RETRY, useLeadForm, type Lead, type LeadForm } from './useLeadForm';
import { EmailField, FormFoot, FormStatus, Honeypot, NameField, SelectField, SubmitButton, TextAreaField, TextField } from './fields';
import { PhoneField } from './PhoneField';

function PropertyTypeOptions({ none }: { none: MessageKey }) {
  const t = useT();
  return (
    <>
      <option value="">{t(none)}</option>
      {PROPERTY_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(`type.${type}`)}
        </option>
      ))}
    </>
  );
}

/**
 * The form element every enquiry form uses: no browser bubbles, our messages instead. Without
 * JavaScript (or before the page's script runs) it is a plain form: POSTed form-encoded to the
 * lead function with the hidden fields the script would add (which form, the language, the
 * page), answered by a redirect to the thank-you page or a page of messages (lead-fn's
 * form_post.rs). POST, so what was typed never goes into an address.
 */
function LeadFormElement({ form, name, label, className, hidden, children }: { form: LeadForm; name: Form; label: string; className?: string; hidden?: Record<string, string>; children: ReactNode }) {
  const lang = useLang();
  const { pathname } = useLocation();
  const fields: Record<string, string> = { form: name, lang, page: pathname, ...hidden };
  return (
    <form name={name} method="post" action={CONTACT_PATH} className={`lead-form${className ? ` ${className}` : ''}`} noValidate aria-label={label} aria-busy={form.submitting || undefined} onSubmit={form.onSubmit}>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {children}
      <Honeypot form={form} />
    </form>
  );
}

/** /pro: the seller listing form, checked on blur and on submit. */
export function SellerForm() {
  const t = useT();
  const form = useLeadForm({
    form: 'seller',
    initial: { name: '', email: '', contactNumber: '', propertyType: '', propertyArea: '', message: '' },
    checkOnBlur: true,
    failure: FAILURE_RETRY,
  });
  return (
    <LeadFormElement form={form} name="seller" label={t('forms.seller.title')} className="lead-form--grid">
      <NameField form={form} label={t('forms.seller.name')} />
      <EmailField form={form} label={t('forms.seller.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.seller.phone')} required />
      <SelectField form={form} name="propertyType" label={t('forms.seller.propertyType')}>
        <PropertyTypeOptions none="forms.seller.propertyTypeNone" />
      </SelectField>
      <TextField form={form} name="propertyArea" label={t('forms.seller.area')} hint={t('forms.seller.areaHint')} />
      <TextAreaField form={form} name="message" label={t('forms.seller.message')} className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.seller.submit')} buttonClass="button button--gold button--large" wide />
    </LeadFormElement>
  );
}

/** /contact-us, first variant: a plain phone field ('+' and 9 to 15 digits) and a required message. */
export function ContactForm() {
  const t = useT();
  const form = useLeadForm({
    form: 'contact',
    initial: { name: '', email: '', contactNumber: '', message: '' },
    failure: FAILURE_PLAIN,
  });
  return (
    <LeadFormElement form={form} name="contact" label={t('forms.contact.title')} className="lead-form--grid">
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <TextField form={form} name="contactNumber" label={t('forms.phone')} hint={t('forms.phoneHint')} required type="tel" autoComplete="tel" inputMode="tel" dir="ltr" className="lead-form__wide" />
      <TextAreaField form={form} name="message" label={t('forms.message')} required className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.contact.submit')} wide />
    </LeadFormElement>
  );
}

/** The country selector's number as the second contact variant sends it: digits only. */
const digitsOnly = (values: { name: string; email: string; contactNumber: string; message: string }): Lead => ({
  ...values,
  contactNumber: values.contactNumber.replace(/^\+/, ''),
});

/** /contact-us, second variant: the lead form with a country selector; success is an alert. */
export function ContactLeadForm() {
  const t = useT();
  const alertSuccess = useCallback(() => window.alert(t('forms.status.alert')), [t]);
  const form = useLeadForm({
    form: 'contact-lead',
    initial: { name: '', email: '', contactNumber: '', message: '' },
    toLead: digitsOnly,
    failure: FAILURE_RETRY,
    success: null,
    onSuccess: alertSuccess,
  });
  return (
    <LeadFormElement form={form} name="contact-lead" label={t('forms.contactLead.title')}>
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.phone')} required />
      <TextAreaField form={form} name="message" label={t('forms.messageOptional')} rows={3} />
      <FormFoot form={form} label={t('forms.contactLead.submit')} buttonClass="button button--gold" />
    </LeadFormElement>
  );
}

/** Home's 'Submit Your Details' popup: name, email and a 10-digit phone; only those are sent. */
export function PopupForm() {
  const t = useT();
  const form = useLeadForm({
    form: 'popup',
    initial: { name: '', email: '', contactNumber: '' },
    failure: FAILURE_LATER,
  });
  return (
    <LeadFormElement form={form} name="popup" label={t('popup.title')}>
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <TextField form={form} name="contactNumber" label={t('forms.phoneNumber')} hint={t('forms.phoneTenHint')} required type="tel" autoComplete="tel" inputMode="numeric" dir="ltr" />
      <FormFoot form={form} label={t('forms.popup.submit')} buttonClass="button button--gold button--block" />
    </LeadFormElement>
  );
}

/** The property page's 'Get in Touch' form: checked on submit; the modal stays open on success. */
export function DetailForm({ propertyId }: { propertyId: string }) {
  const t = useT();
  const withProperty = useCallback((values: { name: string; email: string; contactNumber: string; message: string }): Lead => ({ ...values, propertyId }), [propertyId]);
  const form = useLeadForm({
    form: 'detail',
    initial: { name: '', email: '', contactNumber: '', message: '' },
    toLead: withProperty,
    failure: FAILURE_LATER,
  });
  return (
    <LeadFormElement form={form} name="detail" label={t('property.getInTouch')} className="lead-form--grid" hidden={{ propertyId }}>
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <TextField form={form} name="contactNumber" label={t('forms.phoneNumber')} hint={t('forms.phoneTenHint')} required type="tel" autoComplete="tel" inputMode="numeric" dir="ltr" className="lead-form__wide" />
      <TextAreaField form={form} name="message" label={t('forms.message')} required rows={3} className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.detail.submit')} buttonClass="button button--gold button--block" wide />
    </LeadFormElement>
  );
}

/** Home's newsletter box: an email address. */
export function NewsletterForm() {
  const t = useT();
  const form = useLeadForm({ form: 'newsletter', initial: { email: '' }, failure: FAILURE_RETRY });
  return (
    <LeadFormElement form={form} name="newsletter" label={t('forms.newsletter.title')} className="lead-form--inline">
      <EmailField form={form} label={t('forms.newsletter.email')} />
      <SubmitButton form={form} label={t('forms.newsletter.submit')} className="button button--gold" />
      <FormStatus form={form} />
    </LeadFormElement>
  );
}

/** Home's 'Request a free call back': a name and a phone with the country selector. */
export function CallbackForm() {
  const t = useT();
  const form = useLeadForm({ form: 'callback', initial: { name: '', contactNumber: '' }, failure: FAILURE_RETRY });
  return (
    <LeadFormElement form={form} name="callback" label={t('forms.callback.title')}>
      <NameField form={form} label={t('forms.name')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.phone')} required />
      <FormFoot form={form} label={t('forms.callback.submit')} buttonClass="button button--gold button--block" />
    </LeadFormElement>
  );
}

const BEDROOMS = ['studio', '1', '2', '3', '4', '5', '6', '7'] as const;

/** /req: what the buyer or tenant looks for, folded into the lead's message for the agents. */
export function RequirementsForm() {
  const t = useT();
  const bedroomsText = useCallback((value: string) => (value === 'studio' ? t('forms.req.bedrooms.studio') : value === '7' ? t('forms.req.bedrooms.7') : value), [t]);
  const toLead = useCallback(
    (v: { purpose: string; propertyType: string; propertyArea: string; budget: string; bedrooms: string; name: string; email: string; contactNumber: string; message: string }): Lead => {
      const lines = [
        t('forms.req.summary.purpose', { value: v.purpose === 'rent' ? t('forms.req.purpose.rent') : t('forms.req.purpose.buy') }),
        v.propertyType ? t('forms.req.summary.type', { value: v.propertyType }) : null,
        v.propertyArea.trim() ? t('forms.req.summary.where', { value: v.propertyArea.trim() }) : null,
        v.budget.trim() ? t('forms.req.summary.budget', { value: v.budget.trim() }) : null,
        v.bedrooms ? t('forms.req.summary.bedrooms', { value: bedroomsText(v.bedrooms) }) : null,
      ].filter((line): line is string => line !== null);
      const notes = v.message.trim();
      return {
        name: v.name,
        email: v.email,
        contactNumber: v.contactNumber,
        propertyType: v.propertyType,
        propertyArea: v.propertyArea,
        message: notes ? `${lines.join('\n')}\n\n${notes}` : lines.join('\n'),
      };
    },
    [t, bedroomsText],
  );
  const form = useLeadForm({
    form: 'requirements',
    initial: { name: '', email: '', contactNumber: '', purpose: 'buy', propertyType: '', propertyArea: '', budget: '', bedrooms: '', message: '' },
    toLead,
    failure: FAILURE_RETRY,
  });
  return (
    <LeadFormElement form={form} name="requirements" label={t('forms.req.title')} className="lead-form--grid">
      <fieldset className="lead-form__group lead-form__wide">
        <legend className="field__label">{t('forms.req.purpose')}</legend>
        <div className="segmented">
          {(['buy', 'rent'] as const).map((purpose) => (
            <label key={purpose} className="segmented__option">
              <input type="radio" name="purpose" value={purpose} checked={form.values.purpose === purpose} onChange={() => form.set('purpose', purpose)} />
              <span>{t(`forms.req.purpose.${purpose}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField form={form} name="propertyType" label={t('forms.req.propertyType')}>
        <PropertyTypeOptions none="forms.req.propertyTypeAny" />
      </SelectField>
      <SelectField form={form} name="bedrooms" label={t('forms.req.bedrooms')}>
        <option value="">{t('forms.req.bedroomsAny')}</option>
        {BEDROOMS.map((value) => (
          <option key={value} value={value}>
            {bedroomsText(value)}
          </option>
        ))}
      </SelectField>
      <TextField form={form} name="propertyArea" label={t('forms.req.where')} hint={t('forms.req.whereHint')} />
      <TextField form={form} name="budget" label={t('forms.req.budget')} inputMode="numeric" />
      <h3 className="lead-form__subtitle lead-form__wide">{t('forms.req.contact')}</h3>
      <NameField form={form} label={t('forms.req.name')} />
      <EmailField form={form} label={t('forms.req.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.req.phone')} required />
      <TextAreaField form={form} name="message" label={t('forms.req.notes')} rows={3} className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.req.submit')} buttonClass="button button--gold button--large" wide />
    </LeadFormElement>
  );
}
