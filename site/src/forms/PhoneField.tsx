// The phone number with a country selector: default country AE,
// searchable, the dial code shown, formatted with the country's mask or the default
// '... ... ... ... ..', '+' always first, at most 15 digits. A number typed, pasted or autofilled
// with '+' or '00' picks its own country and keeps every digit (`ownNumber`); a mask never cuts
// a number: what the visitor sees is what the form sends.
//
// In two parts, so a page with a form does not download the phone library with it: this light
// field, in the page's code, draws the same markup and already takes numbers (no mask, the
// button stays AE); PhoneFieldFull.tsx, with react-international-phone's headless hook, its
// country data and our searchable selector, is loaded when the visitor reaches for the form
// and then takes the light field's place, keeping its value, focus and a pending click. What
// both parts draw and how they read a number is in phoneParts.tsx.
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useT } from '../i18n';
import { useLang } from '../shell';
import { FieldShell } from './fields';
import { setNumberCheck } from './numberCheck';
import {
  CountryButton,
  DEFAULT_COUNTRY_DATA,
  MAX_DIGITS,
  TelInput,
  countryLabel,
  digitCount,
  ownNumber,
  readPhone,
  type Handoff,
  type PhoneRowProps,
} from './phoneParts';
import type { LeadForm } from './useLeadForm';

// The full field's module: loaded once, then every phone field of the session renders it.
type Full = typeof import('./PhoneFieldFull');
let full: Full | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the full field (idempotent): on the visitor's first sign of using a form. */
export function preloadPhoneField(): void {
  loading ??= import('./PhoneFieldFull').then(
    (module) => {
      full = module;
      setNumberCheck(module.numberCheck);
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

const DIAL = `+${DEFAULT_COUNTRY_DATA.dialCode}`;

/** The light field's text: the dial code, a space, then the rest unformatted. */
function lightText(value: string): string {
  return value.startsWith(DIAL) ? `${DIAL} ${value.slice(DIAL.length)}` : value || `${DIAL} `;
}

/**
 * The light field's take on an edit, by the full field's rule (`readPhone`): a number of its own
 * as `ownNumber` reads it, else the digits after the AE dial code, unformatted, a trunk 0 typed
 * after it dropped ('+971 050...' is '+97150...'), so a number typed before, during or after the
 * swap is read alike. null refuses it (React puts the field back): more than 15 digits.
 */
function lightEdit(text: string): string | null {
  const own = ownNumber(text, DEFAULT_COUNTRY_DATA);
  if (digitCount(own ?? text) > MAX_DIGITS) return null;
  return readPhone(text, DEFAULT_COUNTRY_DATA);
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
  // the library is there by the time the visitor reaches the phone field. A form that hydrates
  // late (home's deferred forms) may already have focus or the pointer when this runs, the
  // event gone before these listeners came: that is intent too.
  useEffect(() => {
    const target = row.current?.closest('form');
    if (!target) return;
    if (target.contains(document.activeElement) || target.matches(':hover')) preloadPhoneField();
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
