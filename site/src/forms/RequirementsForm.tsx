// /req: the requirements form.
import { useCallback } from 'react';
import { useT } from '../i18n';
import { FAILURE_RETRY, useLeadForm, type Lead } from './useLeadForm';
import { EmailField, FormFoot, NameField, SelectField, TextAreaField, TextField } from './fields';
import { PhoneField } from './PhoneField';
import { LeadFormElement, PropertyTypeOptions } from './LeadFormElement';
import { PROPERTY_TYPES } from './validate';
import { typeKey } from '../search/rules';

const BEDROOMS = ['studio', '1', '2', '3', '4', '5', '6', '7'] as const;

type Prefill = Partial<Record<'purpose' | 'propertyType' | 'bedrooms' | 'propertyArea' | 'budget', string>>;

/**
 * What a search's 'Tell us what you are looking for' link fills in (/req?purpose=rent&bedrooms=2...):
 * only values the form's own fields can hold.
 */
export function requirementsFrom(params: URLSearchParams): Prefill {
  const prefill: Prefill = {};
  const purpose = params.get('purpose');
  if (purpose === 'buy' || purpose === 'rent') prefill.purpose = purpose;
  const type = params.get('propertyType');
  const known = PROPERTY_TYPES.find((option) => type !== null && typeKey(option) === typeKey(type));
  if (known) prefill.propertyType = known;
  const bedrooms = params.get('bedrooms');
  if ((BEDROOMS as readonly (string | null)[]).includes(bedrooms)) prefill.bedrooms = bedrooms ?? undefined;
  const area = params.get('propertyArea')?.trim().slice(0, 100);
  if (area) prefill.propertyArea = area;
  const budget = params.get('budget');
  if (budget && /^\d{1,12}$/.test(budget)) prefill.budget = budget;
  return prefill;
}

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
    prefill: () => requirementsFrom(new URLSearchParams(window.location.search)),
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
