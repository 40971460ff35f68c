// The forms that load after their page: home's (the 'Submit Your Details' popup, the
// newsletter, the call back; forms/deferred.tsx) and the property page's 'Get in Touch' (in its
// modal). Each a thin layout over useLeadForm (the one place that checks, sends and reports) and
// the shared fields.
import { useCallback, useMemo } from 'react';
import { useT } from '../i18n';
import { FAILURE_LATER, FAILURE_RETRY, useLeadForm, type Lead } from './useLeadForm';
import { EmailField, FormFoot, FormStatus, NameField, SubmitButton, TextAreaField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement } from './LeadFormElement';

/**
 * Home's 'Submit Your Details' popup: name, email and a phone with the country selector (a UAE
 * number keeps the 10-digit rule; forms/validate.ts); only those are sent.
 */
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
      <PhoneField form={form} name="contactNumber" label={t('forms.phoneNumber')} required />
      <FormFoot form={form} label={t('forms.popup.submit')} buttonClass="button button--gold button--block" />
    </LeadFormElement>
  );
}

/**
 * An enquiry about listings: name, email, a phone with the country selector, and a message that
 * starts written ('I am interested in ...'), editable, so the required field is not an empty
 * hurdle. Checked on submit with the property form's rules.
 */
function EnquiryForm({ name, label, about, message, rows }: { name: 'detail' | 'shortlist'; label: string; about: Pick<Lead, 'propertyId' | 'propertyIds'>; message: string; rows: number }) {
  const t = useT();
  const withListings = useCallback((values: { name: string; email: string; contactNumber: string; message: string }): Lead => ({ ...values, ...about }), [about]);
  const form = useLeadForm({
    form: name,
    initial: { name: '', email: '', contactNumber: '', message },
    toLead: withListings,
    failure: FAILURE_LATER,
  });
  // Without JavaScript the form posts its fields: the one listing goes as a hidden field.
  const hidden = about.propertyId ? { propertyId: about.propertyId } : undefined;
  return (
    <LeadFormElement form={form} name={name} label={label} className="lead-form--grid" hidden={hidden}>
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.phoneNumber')} required className="lead-form__wide" />
      <TextAreaField form={form} name="message" label={t('forms.message')} required rows={rows} className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.detail.submit')} buttonClass="button button--gold button--block" wide />
    </LeadFormElement>
  );
}

/** The property page's 'Get in Touch' form (in its modal, which stays open on success). */
export function DetailForm({ propertyId, message }: { propertyId: string; message: string }) {
  const t = useT();
  const about = useMemo(() => ({ propertyId }), [propertyId]);
  return <EnquiryForm name="detail" label={t('property.getInTouch')} about={about} message={message} rows={3} />;
}

/**
 * The shortlist's 'Enquire about these': one lead naming every listing shown (the agents' email
 * lists each with its reference and link).
 */
export function ShortlistForm({ propertyIds, message }: { propertyIds: string[]; message: string }) {
  const t = useT();
  const about = useMemo(() => ({ propertyIds }), [propertyIds]);
  return <EnquiryForm name="shortlist" label={t('shortlist.enquire')} about={about} message={message} rows={5} />;
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
