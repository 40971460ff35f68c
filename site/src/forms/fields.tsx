// The pieces every enquiry form is built of: labelled fields whose message is tied to them
// (aria-invalid, aria-describedby), the hidden honeypot, the status line and the submit button.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useT } from '../i18n';
import { HONEYPOT } from '../endpoints';
import type { LeadForm } from './useLeadForm';

/** Ids a field is described by: its hint, then its message when it has one. */
export function describedBy(form: LeadForm, name: string, hint: boolean): string | undefined {
  const ids = [hint ? `${form.fieldId(name)}-hint` : null, form.error(name) ? form.errorId(name) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldShell({
  form,
  name,
  label,
  hint,
  className,
  children,
}: {
  form: LeadForm;
  name: string;
  label: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  const error = form.error(name);
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`} data-field={name}>
      <label className="field__label" htmlFor={form.fieldId(name)}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${form.fieldId(name)}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={form.errorId(name)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = { form: LeadForm; name: string; label: string; hint?: string; required?: boolean; className?: string };

function controlProps(form: LeadForm, name: string, hint: boolean, required?: boolean) {
  return {
    id: form.fieldId(name),
    name,
    ref: form.register(name),
    value: form.values[name] ?? '',
    'aria-invalid': form.error(name) ? true : undefined,
    'aria-describedby': describedBy(form, name, hint),
    'aria-required': required ? true : undefined,
    onBlur: () => form.blur(name),
  } as const;
}

export function TextField({ form, name, label, hint, required, className, ...rest }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name'>) {
  return (
    <FieldShell form={form} name={name} label={label} hint={hint} className={className}>
      <input
        className="field__control"
        type="text"
        {...rest}
        {...controlProps(form, name, Boolean(hint), required)}
        onChange={(event) => form.set(name, event.target.value)}
      />
    </FieldShell>
  );
}

/** The visitor's name: required in every form that asks for it. */
export function NameField({ form, label }: { form: LeadForm; label: string }) {
  return <TextField form={form} name="name" label={label} required autoComplete="name" />;
}

/** The visitor's email address: required in every form that asks for it. */
export function EmailField({ form, label }: { form: LeadForm; label: string }) {
  return <TextField form={form} name="email" label={label} required type="email" autoComplete="email" inputMode="email" />;
}

export function TextAreaField({ form, name, label, hint, required, className, ...rest }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name'>) {
  return (
    <FieldShell form={form} name={name} label={label} hint={hint} className={className}>
      <textarea
        className="field__control field__control--area"
        rows={4}
        {...rest}
        {...controlProps(form, name, Boolean(hint), required)}
        onChange={(event) => form.set(name, event.target.value)}
      />
    </FieldShell>
  );
}

export function SelectField({
  form,
  name,
  label,
  hint,
  required,
  className,
  children,
  ...rest
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name'>) {
  return (
    <FieldShell form={form} name={name} label={label} hint={hint} className={className}>
      <select
        className="field__control field__control--select"
        {...rest}
        {...controlProps(form, name, Boolean(hint), required)}
        onChange={(event) => form.set(name, event.target.value)}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** A field people never see or reach; a bot that fills every input fills it too. */
export function Honeypot({ form }: { form: LeadForm }) {
  const t = useT();
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {t('forms.honeypot')}
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" value={form.trap} onChange={(event) => form.setTrap(event.target.value)} />
      </label>
    </div>
  );
}

/**
 * The form-level message ('Please fix the errors above.') and the outcome of sending: one live
 * region, always in the page, so screen readers announce what appears in it.
 */
export function FormStatus({ form }: { form: LeadForm }) {
  const text = form.statusText ?? form.formError;
  const tone = form.status === 'success' ? 'success' : text ? 'error' : 'idle';
  return (
    <p className={`form-status form-status--${tone}`} role="status" aria-live="polite" data-status={form.status}>
      {text}
    </p>
  );
}

export function SubmitButton({ form, label, className = 'button button--primary' }: { form: LeadForm; label: string; className?: string }) {
  const t = useT();
  return (
    <button type="submit" className={`${className} form__submit`} disabled={form.submitting} aria-disabled={form.submitting || undefined}>
      {form.submitting ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{form.submitting ? t('forms.sending') : label}</span>
    </button>
  );
}

/** The end of a form: its status line, then its submit button. */
export function FormFoot({ form, label, buttonClass, wide = false }: { form: LeadForm; label: string; buttonClass?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'lead-form__foot lead-form__wide' : 'lead-form__foot'}>
      <FormStatus form={form} />
      <SubmitButton form={form} label={label} className={buttonClass} />
    </div>
  );
}
