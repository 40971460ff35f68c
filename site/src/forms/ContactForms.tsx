// /contact-us: its two forms, the contact form and the lead form.
import { useCallback } from 'react';
import { useT } from '../i18n';
import { FAILURE_PLAIN, FAILURE_RETRY, useLeadForm } from './useLeadForm';
import { EmailField, FormFoot, NameField, TextAreaField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement } from './LeadFormElement';

/**
 * /contact-us, first variant: a phone field with the country selector (sent as '+', the country
 * code and the number: the rule's '+' and 9 to 15 digits) and a required message.
 */
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
      <PhoneField form={form} name="contactNumber" label={t('forms.phone')} required className="lead-form__wide" />
      <TextAreaField form={form} name="message" label={t('forms.message')} required className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.contact.submit')} wide />
    </LeadFormElement>
  );
}

/**
 * /contact-us, second variant: the lead form with a country selector, its number sent as the
 * selector gives it ('+', the country code, the number: an agent dials it as it is); success is
 * an alert.
 */
export function ContactLeadForm() {
  const t = useT();
  const alertSuccess = useCallback(() => window.alert(t('forms.status.alert')), [t]);
  const form = useLeadForm({
    form: 'contact-lead',
    initial: { name: '', email: '', contactNumber: '', message: '' },
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
