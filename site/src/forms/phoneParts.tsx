// What both parts of the phone field share (PhoneField.tsx, the light field in the page's code,
// and PhoneFieldFull.tsx, loaded on intent): the defaults, the reading of a typed number, and
// the country button and number input both draw. Its own module so the full field needs nothing
// from the light one that loads it.
import type { ChangeEvent, MouseEventHandler, PointerEventHandler, Ref } from 'react';
import type { CountryIso2 } from 'react-international-phone';
import type { Translate } from '../i18n';
import { describedBy } from './fields';
import type { LeadForm } from './useLeadForm';

/** The default country and mask of every phone field. */
export const DEFAULT_COUNTRY: CountryIso2 = 'ae';
export const DEFAULT_MASK = '... ... ... ... ..';
export const MAX_DIGITS = 15;

/**
 * The default country as the library's data has it, copied here so the light field needs none of
 * that data (submit.test.ts checks they agree).
 */
export const DEFAULT_COUNTRY_DATA = { iso2: DEFAULT_COUNTRY, name: 'United Arab Emirates', dialCode: '971' } as const;

/**
 * One region-name reader per language, or null where Intl has none: the full field names ~240
 * countries in three languages, and building a reader each time took 36 ms where reading from
 * one takes 1 (Node, 720 names).
 */
const regionNames = new Map<string, Intl.DisplayNames | null>();

/** The country's name in the page's language (the data's English name where none is known). */
export function countryName(lang: string, country: { iso2: string; name: string }): string {
  let names = regionNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(lang, names);
  }
  try {
    return names?.of(country.iso2.toUpperCase()) ?? country.name;
  } catch {
    return country.name;
  }
}

/**
 * What the form keeps: '' while only the dial code is there, '+' alone while a visitor's own
 * '+' waits for its country code, else '+' and at most 15 digits.
 */
export function phoneValue(phone: string, dialCode: string): string {
  const digits = phone.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (digits === '') return phone.includes('+') ? '+' : '';
  return digits === dialCode ? '' : `+${digits}`;
}

/** Countries whose international numbers start with 0: their 0 is part of the number. */
export const LEADING_ZERO_KEPT: ReadonlySet<string> = new Set(['it', 'sm', 'va', 'ci', 'cg', 'ga']);

export const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * An edit that brings a number of its own rather than more digits of the shown country's: its
 * value for the form ('+' and every digit, '+' alone until the country code comes), or null for
 * an ordinary edit of the shown country's number. A number with '+' or '00' picks its country,
 * whether typed after the shown dial code ('+971 +44...', '+971 0044...'), pasted, or filled in
 * by autofill; one without is the shown country's, its trunk 0 dropped ('0501234567' is
 * '+971501234567'; a lone 0 waits, as a second one makes '00').
 */
export function ownNumber(text: string, country: { iso2: string; dialCode: string }): string | null {
  const plus = text.lastIndexOf('+');
  if (plus > 0) return `+${text.slice(plus).replace(/\D/g, '')}`;
  const digits = text.replace(/\D/g, '');
  if (plus === 0) {
    if (!digits.startsWith(country.dialCode)) return `+${digits}`;
    const rest = digits.slice(country.dialCode.length);
    return rest.startsWith('00') ? `+${rest.slice(2)}` : null;
  }
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits === '') return null;
  const trunk = digits.length > 1 && digits.startsWith('0') && !LEADING_ZERO_KEPT.has(country.iso2);
  return `+${country.dialCode}${trunk ? digits.slice(1) : digits}`;
}

/**
 * `text` without a trunk 0 typed right after the dial code ('+971 050...', as a local number is
 * written): it is not part of the international number. A lone 0 stays until the next digit
 * comes: a second 0 makes '00', the start of another country's number (`ownNumber`).
 */
export function withoutTrunkZero(text: string, country: { iso2: string; dialCode: string }): string {
  if (LEADING_ZERO_KEPT.has(country.iso2)) return text;
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (!/\d/.test(text[i] ?? '')) continue;
    if (digits === country.dialCode.length) {
      // A 0 alone, or a second 0 next: kept.
      if (text[i] !== '0' || !/[1-9]/.test(text.slice(i + 1).replace(/\D/g, '')[0] ?? '')) return text;
      return text.slice(0, i) + text.slice(i + 1);
    }
    digits += 1;
  }
  return text;
}

/**
 * The form's value for a number entered before hydration or in the light field, read by the
 * full field's rule: a number of its own (`ownNumber`), else the shown country's digits without
 * a trunk 0 typed after its dial code ('+971 0501234567' is '+971501234567').
 */
export function readPhone(text: string, country: { iso2: string; dialCode: string }): string {
  return ownNumber(text, country) ?? phoneValue(withoutTrunkZero(text, country), country.dialCode);
}

/** What the light field hands the full one as it takes its place. */
export interface Handoff {
  /** The control that had focus: the full field gives it to its own. */
  focus: 'input' | 'button' | null;
  /** The country button was clicked (or pressed) and the picker is still to open. */
  open: boolean;
}

export interface PhoneRowProps {
  form: LeadForm;
  name: string;
  hint?: string;
  required?: boolean;
  handoff: Handoff;
}

/** "Country code: AE, United Arab Emirates, +971", the country button's name. */
export function countryLabel(t: Translate, lang: string, country: { iso2: string; name: string; dialCode: string }): string {
  // The visible code ('AE') is part of the name, as WCAG 2.5.3 (label in name) asks.
  return t('forms.phone.country', { iso: country.iso2.toUpperCase(), country: countryName(lang, country), dial: country.dialCode });
}

/** The country button of both parts: one markup, so the swap moves nothing on the page. */
export function CountryButton({
  ref,
  iso2,
  label,
  expanded,
  onClick,
  onPointerDown,
  onPointerUp,
  onPointerLeave,
}: {
  ref?: Ref<HTMLButtonElement>;
  iso2: string;
  label: string;
  expanded: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  onPointerDown?: PointerEventHandler<HTMLButtonElement>;
  onPointerUp?: PointerEventHandler<HTMLButtonElement>;
  onPointerLeave?: PointerEventHandler<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="phone-field__country-button"
      aria-haspopup="listbox"
      aria-expanded={expanded}
      aria-label={label}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerLeave={onPointerLeave}
    >
      <span className="phone-field__iso" aria-hidden="true">
        {iso2.toUpperCase()}
      </span>
      <span className="phone-field__caret" aria-hidden="true" />
    </button>
  );
}

/** The number input of both parts. */
export function TelInput({
  form,
  name,
  hint,
  required,
  value,
  onChange,
  onFocus,
  onBlur,
  inputRef,
}: Omit<PhoneRowProps, 'handoff'> & {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  // Digits typed before the form hydrated are taken as the light field takes them (country AE).
  const register = form.register(name, (typed) => readPhone(typed, DEFAULT_COUNTRY_DATA));
  return (
    <input
      ref={(element) => {
        inputRef(element);
        register(element);
      }}
      id={form.fieldId(name)}
      name={name}
      className="field__control phone-field__input"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      value={value}
      onChange={onChange}
      onFocus={onFocus}
      onBlur={onBlur}
      aria-invalid={form.error(name) ? true : undefined}
      aria-describedby={describedBy(form, name, Boolean(hint))}
      aria-required={required ? true : undefined}
    />
  );
}
