// /pro: the seller listing form, sent to POST /api/contact-user.
import { useT } from '../i18n';
import { FAILURE_RETRY, useLeadForm } from './useLeadForm';
import { EmailField, FormFoot, NameField, SelectField, TextAreaField, TextField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement, PropertyTypeOptions } from './LeadFormElement';

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
