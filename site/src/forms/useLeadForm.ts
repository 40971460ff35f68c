// The one state machine every enquiry form runs: idle, submitting
// (the button disabled, a second submission ignored), then the success message and a reset, or
// the form's failure message with what the visitor typed kept. The rules are forms/validate.ts,
// the same as the lead function's; the messages are the translation files' `forms.*` keys.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT, type MessageKey } from '../i18n';
import { useLang } from '../shell';
import { messageId, validate, type FieldErrors, type Form, type LeadFields } from './validate';
import { postLead } from './submit';
import type { LeadValuation } from '../types';
import { loadedNumberCheck } from './numberCheck';

export type Status = 'idle' | 'submitting' | 'success' | 'failed';

/** Which fixed failure message a form shows: on a non-2xx, and on an exception or the time-out. */
export interface Failure {
  failed: MessageKey;
  error: MessageKey;
}

/** 'Failed to submit user data.' and 'Something went wrong.' */
export const FAILURE_PLAIN: Failure = { failed: 'forms.status.failed', error: 'forms.status.error' };
/** 'Failed to submit user data.' and 'Something went wrong. Please try again.' */
export const FAILURE_RETRY: Failure = { failed: 'forms.status.failed', error: 'forms.status.errorRetry' };
/** The popup's and the detail modal's: '... Please try again.' and '... Please try again later.' */
export const FAILURE_LATER: Failure = { failed: 'forms.status.failedRetry', error: 'forms.status.errorLater' };

/** What is sent: the fields, and the listing (or the shortlist's listings) it is about. */
export type Lead = LeadFields & { propertyId?: string; propertyIds?: string[]; valuation?: LeadValuation };

/** The message for the form field `name`, if the rules or the function gave one. */
const messageFor = (errors: FieldErrors, name: string): string | undefined => (errors.fields as Partial<Record<string, string>>)[name];

export interface LeadFormOptions<V extends Record<string, string>> {
  form: Form;
  /** The empty form; the order of its keys is the order focus looks for the first invalid field. */
  initial: V;
  /** What is checked and sent, from what was typed (default: the values as they are). */
  toLead?: (values: V) => Lead;
  /** Check a field when it loses focus (the seller form); otherwise fields are checked on submit. */
  checkOnBlur?: boolean;
  failure: Failure;
  /** The success message; null for none (the second contact variant alerts instead). */
  success?: MessageKey | null;
  onSuccess?: () => void;
  /** Values to start with in the browser (the requirements form's, from its address); what was typed wins. */
  prefill?: () => Partial<V>;
}

export interface LeadForm {
  id: string;
  values: Record<string, string>;
  set: (name: string, value: string) => void;
  blur: (name: string) => void;
  /** The message to show beside a field, already translated. */
  error: (name: string) => string | undefined;
  errorId: (name: string) => string;
  fieldId: (name: string) => string;
  /**
   * Keeps the element focus goes to when `name` is the first invalid field, and whose value
   * the form takes when it hydrates (what `normalise` makes of it: the phone field's digits).
   */
  register: (name: string, normalise?: (typed: string) => string) => (element: HTMLElement | null) => void;
  formError?: string;
  status: Status;
  statusText?: string;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The honeypot's value: only bots fill it. */
  trap: string;
  setTrap: (value: string) => void;
}

export function useLeadForm<V extends Record<string, string>>(options: LeadFormOptions<V>): LeadForm {
  const { form, initial, toLead, checkOnBlur = false, failure, success = 'forms.status.success', onSuccess, prefill } = options;
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [values, setValues] = useState<V>(initial);
  // What onSubmit sends: also set by the hydration below before React renders it, so a submission
  // replayed right after hydration (forms/deferred.tsx) sends what the fields show.
  const latest = useRef(values);
  latest.current = values;
  const [errors, setErrors] = useState<FieldErrors>({ fields: {} });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [statusKey, setStatusKey] = useState<MessageKey | undefined>();
  const [trap, setTrap] = useState('');
  const busy = useRef(false);
  const elements = useRef<Record<string, HTMLElement | null>>({});
  const normalisers = useRef<Record<string, (typed: string) => string>>({});

  // What a visitor typed before the form's code arrived stays in the fields (React keeps the
  // page's inputs as they are when it hydrates): take it, so what is sent is what is shown.
  // The prefilled values come in here too, after the hydration, which had the empty form.
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const [name, value] of Object.entries(prefill?.() ?? {})) if (typeof value === 'string') typed[name] = value;
    for (const name of Object.keys(initial)) {
      const element = elements.current[name];
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
      const value = (normalisers.current[name] ?? ((v: string) => v))(element.value);
      if (value !== initial[name]) typed[name] = value;
    }
    if (Object.keys(typed).length === 0) return;
    latest.current = { ...latest.current, ...typed };
    setValues(latest.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates: later the fields' own events set the values
  }, []);

  const leadOf = useCallback((next: V): Lead => (toLead ? toLead(next) : (next as Lead)), [toLead]);
  /** Errors of the fields that are shown: all after a submit attempt, else those left by blur. */
  const check = (next: V, shown: Record<string, boolean>, all: boolean): FieldErrors => {
    const result = validate(form, leadOf(next), loadedNumberCheck());
    if (all) return result;
    const fields = Object.fromEntries(Object.entries(result.fields).filter(([name]) => shown[name]));
    return { fields };
  };

  const set = (name: string, value: string) => {
    const next = { ...values, [name]: value } as V;
    setValues(next);
    if (status === 'success') {
      setStatus('idle');
      setStatusKey(undefined);
    }
    // Once shown, a message follows what is typed, so it goes as soon as the field is right.
    if (attempted || messageFor(errors, name)) setErrors(check(next, { ...touched }, attempted));
  };

  const blur = (name: string) => {
    if (!checkOnBlur) return;
    const shown = { ...touched, [name]: true };
    setTouched(shown);
    setErrors(check(values, shown, attempted));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    setAttempted(true);
    const lead = leadOf(latest.current);
    const result = validate(form, lead, loadedNumberCheck());
    setErrors(result);
    if (Object.keys(result.fields).length > 0) {
      setStatus('idle');
      setStatusKey(undefined);
      const first = Object.keys(initial).find((name) => messageFor(result, name));
      if (first) elements.current[first]?.focus();
      return;
    }
    busy.current = true;
    setStatus('submitting');
    setStatusKey(undefined);
    const body: Record<string, unknown> = { form, lang, page: window.location.pathname, website: trap };
    // Text fields, the shortlist's list of listings, a seller's instant valuation.
    for (const [key, value] of Object.entries(lead)) if (typeof value === 'string' || Array.isArray(value)) body[key] = value;
    if (lead.valuation) body.valuation = lead.valuation;
    void postLead(body).then((outcome) => {
      busy.current = false;
      if (outcome.kind === 'ok') {
        setValues(initial);
        setErrors({ fields: {} });
        setTouched({});
        setAttempted(false);
        setStatus('success');
        setStatusKey(success ?? undefined);
        onSuccess?.();
        return;
      }
      setStatus('failed');
      setStatusKey(outcome.kind === 'failed' ? failure.failed : failure.error);
      if (outcome.kind === 'failed' && Object.keys(outcome.fields).length > 0) setErrors({ fields: outcome.fields });
    });
  };

  const error = (name: string): string | undefined => {
    const text = messageFor(errors, name);
    if (!text) return undefined;
    const known = messageId(text);
    // A number refused by the UAE rule whose digits are another country's national number (a
    // British 07911 123456 autofilled into a field showing +971): what to do, not '10 digits'.
    const code = known === 'phoneTen' ? loadedNumberCheck()?.elsewhere(values[name] ?? '') : null;
    if (code) return t('forms.rule.phoneElsewhere', { code });
    return known ? t(`forms.rule.${known}`) : text;
  };
  const formErrorId = errors.form ? messageId(errors.form) : undefined;

  return {
    id,
    values,
    set,
    blur,
    error,
    errorId: (name) => `${id}-${name}-error`,
    fieldId: (name) => `${id}-${name}`,
    register: (name, normalise) => (element) => {
      elements.current[name] = element;
      if (normalise) normalisers.current[name] = normalise;
    },
    formError: formErrorId ? t(`forms.rule.${formErrorId}`) : errors.form,
    status,
    statusText: statusKey ? t(statusKey) : undefined,
    submitting: status === 'submitting',
    onSubmit,
    trap,
    setTrap,
  };
}
