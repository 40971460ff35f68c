// The phone number with a country selector (spec sections 2, 3 and 9): default country AE,
// searchable, the dial code shown and kept (it cannot be typed away), formatted with the
// country's mask or the spec's default '... ... ... ... ..', '+' always first, at most 15 digits.
//
// Formatting, country guessing and the country data (name, iso2, dial code, format mask,
// priority, area codes) come from react-international-phone's headless hook; the selector is
// our own small combobox so it is searchable, keyboard-only usable and translated.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { defaultCountries, parseCountry, usePhoneInput, type CountryIso2, type ParsedCountry } from 'react-international-phone';
import { useT } from '../i18n';
import { useLang } from '../shell';
import { FieldShell, describedBy } from './fields';
import type { LeadForm } from './useLeadForm';

/** Spec section 9. */
export const DEFAULT_COUNTRY: CountryIso2 = 'ae';
export const DEFAULT_MASK = '... ... ... ... ..';
export const MAX_DIGITS = 15;

export const COUNTRIES: ParsedCountry[] = defaultCountries.map(parseCountry);

/** The country's name in the page's language (the data's English name where none is known). */
function countryName(lang: string, country: ParsedCountry): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(country.iso2.toUpperCase()) ?? country.name;
  } catch {
    return country.name;
  }
}

/** What the form keeps: '' while only the dial code is there, else '+' and at most 15 digits. */
export function phoneValue(phone: string, dialCode: string): string {
  const digits = phone.replace(/\D/g, '').slice(0, MAX_DIGITS);
  return digits === '' || digits === dialCode ? '' : `+${digits}`;
}

function CountryPicker({
  country,
  onPick,
}: {
  country: ParsedCountry;
  onPick: (iso2: CountryIso2) => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const named = useMemo(
    () =>
      COUNTRIES.map((c) => ({ country: c, name: countryName(lang, c) })).sort((a, b) => a.name.localeCompare(b.name, lang)),
    [lang],
  );
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase().replace(/^\+/, '');
    if (!q) return named;
    return named.filter(
      ({ country: c, name }) =>
        name.toLowerCase().includes(q) || c.name.toLowerCase().includes(q) || c.dialCode.startsWith(q) || c.iso2 === q,
    );
  }, [named, query]);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const index = Math.max(0, matches.findIndex((m) => m.country.iso2 === country.iso2));
    setActive(index);
    // Only on opening: later the active option follows the keyboard.
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    setQuery('');
    if (focusButton) button.current?.focus();
  };
  const pick = (iso2: CountryIso2) => {
    setOpen(false);
    setQuery('');
    onPick(iso2);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    if (event.key === 'ArrowDown') setActive((a) => Math.min(last, a + 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else if (event.key === 'Enter') {
      const chosen = matches[active];
      if (chosen) pick(chosen.country.iso2);
    } else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="phone-field__country" ref={box}>
      <button
        ref={button}
        type="button"
        className="phone-field__country-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('forms.phone.country', { country: countryName(lang, country), dial: country.dialCode })}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span className="phone-field__iso" aria-hidden="true">
          {country.iso2.toUpperCase()}
        </span>
        <span className="phone-field__caret" aria-hidden="true" />
      </button>
      {open ? (
        <div className="phone-field__popover">
          <input
            ref={search}
            type="search"
            className="phone-field__search"
            role="combobox"
            aria-label={t('forms.phone.search')}
            placeholder={t('forms.phone.search')}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? optionId(active) : undefined}
            value={query}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul ref={list} id={listId} role="listbox" className="phone-field__list" aria-label={t('forms.phone.countries')}>
            {matches.map(({ country: c, name }, index) => (
              <li
                key={c.iso2}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={c.iso2 === country.iso2}
                className={`phone-field__option${index === active ? ' phone-field__option--active' : ''}`}
                onPointerMove={() => setActive(index)}
                onClick={() => pick(c.iso2)}
              >
                <span className="phone-field__iso" aria-hidden="true">
                  {c.iso2.toUpperCase()}
                </span>
                <span className="phone-field__name">{name}</span>
                <span className="phone-field__dial" dir="ltr">
                  +{c.dialCode}
                </span>
              </li>
            ))}
            {matches.length === 0 ? <li className="phone-field__empty">{t('forms.phone.noMatch')}</li> : null}
          </ul>
        </div>
      ) : null}
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
}: {
  form: LeadForm;
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}) {
  const value = form.values[name] ?? '';
  const { inputValue, country, setCountry, handlePhoneValueChange, inputRef } = usePhoneInput({
    defaultCountry: DEFAULT_COUNTRY,
    value,
    countries: defaultCountries,
    defaultMask: DEFAULT_MASK,
    forceDialCode: true,
    onChange: ({ phone, country: current }) => {
      const next = phoneValue(phone, current.dialCode);
      if (next !== value) form.set(name, next);
    },
  });
  const register = form.register(name);
  return (
    <FieldShell form={form} name={name} label={label} hint={hint} className="phone-field">
      <div className="phone-field__row">
        <CountryPicker country={country} onPick={(iso2) => setCountry(iso2, { focusOnInput: true })} />
        <input
          ref={(element) => {
            inputRef.current = element;
            register(element);
          }}
          id={form.fieldId(name)}
          name={name}
          className="field__control phone-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={inputValue}
          onChange={(event) => {
            // At most 15 digits, dial code included: a keystroke or paste past that is refused
            // (React puts the field back as it was).
            if (event.target.value.replace(/\D/g, '').length > MAX_DIGITS) return;
            handlePhoneValueChange(event);
          }}
          onBlur={() => form.blur(name)}
          aria-invalid={form.error(name) ? true : undefined}
          aria-describedby={describedBy(form, name, Boolean(hint))}
          aria-required={required ? true : undefined}
        />
      </div>
    </FieldShell>
  );
}
