// The forms that load after their page: home's (the 'Submit Your Details' popup, the
// newsletter, the call back; forms/deferred.tsx) and the property page's 'Get in Touch' (in its
// modal). Each a thin layout over useLeadForm (the one place that checks, sends and reports) and
// the shared fields. Spec sections 2, 4 and 5.
import { useCallback } from 'react';
import { useT } from '../i18n';
import { FAILURE_LATER, FAILURE_RETRY, useLeadForm, type Lead } from './useLeadForm';
import { EmailField, FormFoot, FormStatus, NameField, SubmitButton, TextAreaField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement } from './LeadFormElement';

/**
 * Home's 'Submit Your Details' popup: name, email and a phone with the country selector (a UAE
 * number keeps the spec's 10-digit rule; forms/validate.ts); only those are sent.
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
 * The property page's 'Get in Touch' form: checked on submit; the modal stays open on success.
 * The message starts as 'I am interested in {title} ({reference})', editable, so the required
 * field is not an empty hurdle (issue 32).
 */
export function DetailForm({ propertyId, message }: { propertyId: string; message: string }) {
  const t = useT();
  const withProperty = useCallback((values: { name: string; email: string; contactNumber: string; message: string }): Lead => ({ ...values, propertyId }), [propertyId]);
  const form = useLeadForm({
    form: 'detail',
    initial: { name: '', email: '', contactNumber: '', message },
    toLead: withProperty,
    failure: FAILURE_LATER,
  });
  return (
    <LeadFormElement form={form} name="detail" label={t('property.getInTouch')} className="lead-form--grid" hidden={{ propertyId }}>
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.phoneNumber')} required className="lead-form__wide" />
      <TextAreaField form={form} name="message" label={t('forms.message')} required rows={3} className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.detail.submit')} buttonClass="button button--gold button--block" wide />
    </LeadFormElement>
  );
}

/**
 * The shortlist's 'Enquire about these': one lead naming every listing shown (the agents' email
 * lists each with its reference and link). The message starts with their titles, editable; the
 * same rules as the property page's form.
 */
export function ShortlistForm({ propertyIds, message }: { propertyIds: string[]; message: string }) {
  const t = useT();
  const withProperties = useCallback(
    (values: { name: string; email: string; contactNumber: string; message: string }): Lead => ({ ...values, propertyIds }),
    [propertyIds],
  );
  const form = useLeadForm({
    form: 'shortlist',
    initial: { name: '', email: '', contactNumber: '', message },
    toLead: withProperties,
    failure: FAILURE_LATER,
  });
  return (
    <LeadFormElement form={form} name="shortlist" label={t('shortlist.enquire')} className="lead-form--grid">
      <NameField form={form} label={t('forms.name')} />
      <EmailField form={form} label={t('forms.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.phoneNumber')} required className="lead-form__wide" />
      <TextAreaField form={form} name="message" label={t('forms.message')} required rows={5} className="lead-form__wide" />
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
