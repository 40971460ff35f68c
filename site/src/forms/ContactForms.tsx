// /contact-us: its two forms, the contact form and the lead form.
import { useCallback } from 'react';
import { useT } from '../i18n';
import { FAILURE_PLAIN, FAILURE_RETRY, useLeadForm, type Lead } from './useLeadForm';
import { EmailField, FormFoot, NameField, TextAreaField, TextField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement } from './LeadFormElement';

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
