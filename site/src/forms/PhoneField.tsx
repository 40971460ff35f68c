// The phone number with a country selector (spec sections 2, 3 and 9): default country AE,
// searchable, the dial code shown, formatted with the country's mask or the default
// '... ... ... ... ..', '+' always first, at most 15 digits. A number typed, pasted or autofilled
// with '+' or '00' picks its own country and keeps every digit (`ownNumber`); a mask never cuts
// a number: what the visitor sees is what the form sends.
//
// In two parts, so a page with a form does not download the phone library with it: this light
// field, in the page's code, draws the same markup and already takes numbers (no mask, the
// button stays AE); PhoneFieldFull.tsx, with react-international-phone's headless hook, its
// country data and our searchable selector, is loaded when the visitor reaches for the form
// and then takes the light field's place, keeping its value, focus and a pending click.
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ChangeEvent, type MouseEventHandler, type PointerEventHandler, type Ref } from 'react';
import type { CountryIso2 } from 'react-international-phone';
import { useT, type Translate } from '../i18n';
import { useLang } from '../shell';
import { FieldShell, describedBy } from './fields';
import type { LeadForm } from './useLeadForm';
import type { NumberCheck } from './validate';

/** The default country and mask of every phone field. */
export const DEFAULT_COUNTRY: CountryIso2 = 'ae';
export const DEFAULT_MASK = '... ... ... ... ..';
export const MAX_DIGITS = 15;

/**
 * The default country as the library's data has it, copied here so the light field needs none of
 * that data (submit.test.ts checks they agree).
 */
export const DEFAULT_COUNTRY_DATA = { iso2: DEFAULT_COUNTRY, name: 'United Arab Emirates', dialCode: '971' } as const;

/** The country's name in the page's language (the data's English name where none is known). */
export function countryName(lang: string, country: { iso2: string; name: string }): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(country.iso2.toUpperCase()) ?? country.name;
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

/** The form's value for a number entered whole (before hydration, or in the light field). */
export function readPhone(text: string, country: { iso2: string; dialCode: string }): string {
  return ownNumber(text, country) ?? phoneValue(text, country.dialCode);
}

// The full field's module: loaded once, then every phone field of the session renders it.
type Full = typeof import('./PhoneFieldFull');
let full: Full | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * The phone library's check of a foreign number, once the full field has loaded (it comes with
 * the country selector, the only way to enter such a number); until then, none.
 */
export const loadedNumberCheck = (): NumberCheck | undefined => full?.validNumber;

/** Starts loading the full field (idempotent): on the visitor's first sign of using a form. */
export function preloadPhoneField(): void {
  loading ??= import('./PhoneFieldFull').then(
    (module) => {
      full = module;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline: the light field keeps working, and the next sign of intent tries again.
      loading = null;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const loaded = () => full;
// The prerender and hydration always draw the light field, whatever this tab has loaded, so
// the first client render matches the HTML; React swaps in the full field right after.
const notOnServer = () => null;

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

const DIAL = `+${DEFAULT_COUNTRY_DATA.dialCode}`;

/** The light field's text: the dial code, a space, then the rest unformatted. */
function lightText(value: string): string {
  return value.startsWith(DIAL) ? `${DIAL} ${value.slice(DIAL.length)}` : value || `${DIAL} `;
}

/**
 * The light field's take on an edit: a number of its own as `ownNumber` reads it, else the
 * digits after the AE dial code, unformatted. null refuses it (React puts the field back): more
 * than 15 digits.
 */
function lightEdit(text: string): string | null {
  const own = ownNumber(text, DEFAULT_COUNTRY_DATA);
  if (digitCount(own ?? text) > MAX_DIGITS) return null;
  return own ?? phoneValue(text, DEFAULT_COUNTRY_DATA.dialCode);
}

/** The field until the library is there: AE, unformatted digits, and the signs of intent. */
function LightPhoneRow({ form, name, hint, required, handoff }: PhoneRowProps) {
  const t = useT();
  const lang = useLang();
  const row = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  // A press on the country button whose click has not come yet.
  const pressed = useRef(false);
  const value = form.values[name] ?? '';

  // Loading starts when the pointer or a finger comes onto the form, or focus comes into it:
  // the library is there by the time the visitor reaches the phone field.
  useEffect(() => {
    const target = row.current?.closest('form');
    if (!target) return;
    const events = ['pointerenter', 'touchstart', 'focusin'] as const;
    for (const type of events) target.addEventListener(type, preloadPhoneField, { passive: true });
    return () => {
      for (const type of events) target.removeEventListener(type, preloadPhoneField);
    };
  }, []);

  // Runs as the full field replaces this one, before this row leaves the page: note what had
  // focus, and turn a press still waiting for its click into the click the full field answers
  // (that click would otherwise land on no button). The blur Chromium fires on the removed
  // input never reaches onBlur (React dispatches no events during its commit), so the swap
  // shows no message.
  useLayoutEffect(
    () => () => {
      const active = document.activeElement;
      handoff.focus = active && active === input.current ? 'input' : active && active === button.current ? 'button' : null;
      if (pressed.current) handoff.open = !handoff.open;
    },
    [handoff],
  );

  return (
    <div className="phone-field__row" ref={row}>
      <div className="phone-field__country">
        <CountryButton
          ref={button}
          iso2={DEFAULT_COUNTRY_DATA.iso2}
          label={countryLabel(t, lang, DEFAULT_COUNTRY_DATA)}
          expanded={false}
          onPointerDown={() => {
            pressed.current = true;
            preloadPhoneField();
          }}
          onPointerUp={() => (pressed.current = false)}
          onPointerLeave={() => (pressed.current = false)}
          onClick={() => {
            // The picker opens when the full field arrives; a second click takes that back.
            handoff.open = !handoff.open;
            preloadPhoneField();
          }}
        />
      </div>
      <TelInput
        form={form}
        name={name}
        hint={hint}
        required={required}
        value={lightText(value)}
        inputRef={(element) => void (input.current = element)}
        onFocus={() => {
          // Typing the number first: no picker popping up over it later.
          handoff.open = false;
          preloadPhoneField();
        }}
        onChange={(event) => {
          const next = lightEdit(event.target.value);
          if (next !== null && next !== value) form.set(name, next);
        }}
        onBlur={() => form.blur(name)}
      />
    </div>
  );
}

/** The phone field with its country selector; the form keeps '+' and digits ('' when empty). */
export function PhoneField({
  form,
  name,
  label,
  hint,
  required,
  className,
}: {
  form: LeadForm;
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Beside the field's own class (a grid placement). */
  className?: string;
}) {
  const module = useSyncExternalStore(subscribe, loaded, notOnServer);
  const handoff = useRef<Handoff>({ focus: null, open: false }).current;
  const Row = module ? module.FullPhoneRow : LightPhoneRow;
  return (
    <FieldShell form={form} name={name} label={label} hint={hint} className={className ? `phone-field ${className}` : 'phone-field'}>
      <Row form={form} name={name} hint={hint} required={required} handoff={handoff} />
    </FieldShell>
  );
}
