// /pro: the seller listing form, sent to POST /api/contact-user; with the valuation tool's
// estimate attached when the seller asked for it (ValuationTool.tsx), its figures in the lead.
import { useEffect, useRef } from 'react';
import { useT } from '../i18n';
import { useLang } from '../shell';
import { formatNumber } from '../format';
import type { SentValuation } from '../valuation/estimate';
import { FAILURE_RETRY, useLeadForm } from './useLeadForm';
import { EmailField, FormFoot, NameField, SelectField, TextAreaField, TextField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement, PropertyTypeOptions } from './LeadFormElement';

/** /pro: the seller listing form, checked on blur and on submit. */
export function SellerForm({ valuation }: { valuation?: SentValuation | null }) {
  const t = useT();
  const lang = useLang();
  const form = useLeadForm({
    form: 'seller',
    initial: { name: '', email: '', contactNumber: '', propertyType: '', propertyArea: '', message: '' },
    toLead: (values) => (valuation ? { ...values, valuation: valuation.home } : values),
    checkOnBlur: true,
    failure: FAILURE_RETRY,
  });
  const setField = useRef(form.set);
  setField.current = form.set;
  // The estimate's community fills the form's area (the seller may change it).
  useEffect(() => {
    if (valuation) setField.current('propertyArea', valuation.community);
  }, [valuation]);
  const aed = (amount: number) => t('price.amount', { amount: formatNumber(lang, amount) });
  return (
    <LeadFormElement form={form} name="seller" label={t('forms.seller.title')} className="lead-form--grid">
      <NameField form={form} label={t('forms.seller.name')} />
      <EmailField form={form} label={t('forms.seller.email')} />
      <PhoneField form={form} name="contactNumber" label={t('forms.seller.phone')} required />
      <SelectField form={form} name="propertyType" label={t('forms.seller.propertyType')}>
        <PropertyTypeOptions none="forms.seller.propertyTypeNone" />
      </SelectField>
      <TextField form={form} name="propertyArea" label={t('forms.seller.area')} hint={t('forms.seller.areaHint')} />
      {valuation ? (
        <p className="lead-form__wide lead-form__attached" role="status">
          {t('valuation.section.attached', { low: aed(valuation.low), high: aed(valuation.high) })}
        </p>
      ) : null}
      <TextAreaField form={form} name="message" label={t('forms.seller.message')} className="lead-form__wide" />
      <FormFoot form={form} label={t('forms.seller.submit')} buttonClass="button button--gold button--large" wide />
    </LeadFormElement>
  );
}
