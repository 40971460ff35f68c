// The phone field's full part, its own chunk (PhoneField.tsx loads it when the visitor reaches
// for a form): formatting, country guessing and the country data (name, iso2, dial code, format
// mask, priority, area codes) come from react-international-phone's headless hook; the selector
// is our own small combobox so it is searchable, keyboard-only usable and translated.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useId, type ChangeEvent, type KeyboardEvent } from 'react';
import { defaultCountries, parseCountry, usePhoneInput, type CountryData, type CountryIso2, type ParsedCountry } from 'react-international-phone';
import { getCountryCallingCode, isPossiblePhoneNumber, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import type { NumberCheck } from './validate';
import { LANGS, useT } from '../i18n';
import { useLang } from '../shell';
import {
  CountryButton,
  DEFAULT_COUNTRY,
  DEFAULT_MASK,
  MAX_DIGITS,
  TelInput,
  countryLabel,
  countryName,
  digitCount,
  ownNumber,
  phoneValue,
  withoutTrunkZero,
  type Handoff,
  type PhoneRowProps,
} from './phoneParts';

/**
 * The library's countries, with one correction: it makes Kazakhstan the first country of +7, so
 * a typed '+7 912...' would show KZ. Kazakhstan's numbers start 6 or 7 after +7 (as Canada's
 * area codes tell it from the US); every other +7 number is Russian.
 */
const DIAL_DATA: CountryData[] = defaultCountries.map((data) => {
  const country = parseCountry(data);
  if (country.iso2 === 'kz') return [country.name, country.iso2, country.dialCode, country.format ?? '', 1, ['6', '7']] as CountryData;
  if (country.iso2 === 'ru') return [country.name, country.iso2, country.dialCode, country.format ?? '', 0] as CountryData;
  return data;
});

export const COUNTRIES: ParsedCountry[] = DIAL_DATA.map(parseCountry);

/** Names visitors search a country by besides its own in the site's languages. */
const ALIASES: Partial<Record<CountryIso2, string[]>> = {
  ae: ['UAE', 'Emirates', 'Dubai', 'Abu Dhabi', 'ОАЭ', 'Эмираты', 'Дубай', 'الإمارات', 'دبي'],
  gb: ['UK', 'England', 'Britain', 'Great Britain', 'Scotland', 'Wales', 'Northern Ireland', 'Англия', 'Британия', 'بريطانيا', 'إنجلترا'],
  us: ['USA', 'US', 'America', 'США', 'Америка', 'أمريكا'],
  sa: ['KSA', 'Saudi', 'Саудовская Аравия', 'السعودية'],
  ru: ['Russian Federation', 'РФ'],
  nl: ['Holland'],
  kr: ['Korea'],
  cz: ['Czechia'],
  tr: ['Türkiye', 'Turkiye'],
};

/** Folded for search: lower case, without accents or the hamza on an alef ('الامارات' finds 'الإمارات'). */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim();

/** Every name a country is found by: English, Arabic and Russian, the library's, the aliases. */
function searchNames(country: ParsedCountry): string[] {
  return [country.name, ...LANGS.map((lang) => countryName(lang, country)), ...(ALIASES[country.iso2] ?? [])].map(fold);
}

/**
 * Whether '+' and digits has a length its country's numbers have, by Google's libphonenumber
 * data (the lead function checks the same with the `phonenumber` crate; forms/validate.ts).
 */
export const validNumber = (international: string): boolean => isPossiblePhoneNumber(international);

/** A UAE number has at most 9 digits after +971 (its trunk 0 aside). */
const UAE_DIGITS = 9;

/**
 * The countries a national number too long for the UAE (and not starting as a UAE mobile does)
 * is looked for in, in this order (the
 * agency's buyers: Britain, Russia, India, Saudi Arabia, Pakistan, China, Europe, the Americas):
 * many countries' plans accept the same digits, so the first that does is the one suggested.
 */
const LIKELY_COUNTRIES: CountryCode[] = ['GB', 'RU', 'IN', 'SA', 'PK', 'CN', 'DE', 'FR', 'IT', 'US', 'CA', 'EG', 'KZ', 'UA', 'TR', 'LB', 'JO', 'IR', 'NG', 'ZA', 'AU'];

/** The phone library's checks the forms' rules use (forms/validate.ts `NumberCheck`). */
export const numberCheck: NumberCheck = {
  possible: validNumber,
  uaeDialable: (international) => {
    const rest = international.replace(/^\+971/, '');
    return isValidPhoneNumber(`+971${rest.startsWith('0') ? rest.slice(1) : rest}`);
  },
  elsewhere: (international) => {
    const compact = international.replace(/[\s\-().]/g, '');
    if (!compact.startsWith('+971')) return null;
    const national = compact.slice(4).replace(/^0/, '');
    // As many digits as a UAE number has, or a start only a UAE number has (a mobile's 5, the
    // dial code typed again): the UAE's own number, with a digit too many or too few.
    if (national.length <= UAE_DIGITS || /^(5|971)/.test(national)) return null;
    for (const country of LIKELY_COUNTRIES) {
      if (isValidPhoneNumber(`0${national}`, country) || isValidPhoneNumber(national, country)) return getCountryCallingCode(country);
    }
    return null;
  },
};

/**
 * The countries a search finds, by any of their names, dial code or ISO code: a whole name first
 * ('UK' is the United Kingdom before Ukraine), then names that start with it, then the rest.
 */
export function findCountries<T extends { country: ParsedCountry }>(named: T[], query: string, names: (country: ParsedCountry) => string[] = searchNames): T[] {
  const q = fold(query).replace(/^\+/, '');
  if (!q) return named;
  const rank = (c: ParsedCountry): number => {
    const all = names(c);
    if (c.iso2 === q || all.includes(q)) return 0;
    if (all.some((name) => name.startsWith(q) || name.includes(` ${q}`))) return 1;
    if (c.dialCode.startsWith(q) || all.some((name) => name.includes(q))) return 2;
    return 3;
  };
  return named
    .map((entry) => ({ entry, rank: rank(entry.country) }))
    .filter(({ rank }) => rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .map(({ entry }) => entry);
}

function CountryPicker({
  country,
  onPick,
  handoff,
}: {
  country: ParsedCountry;
  onPick: (iso2: CountryIso2) => void;
  handoff: Handoff;
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

  // Taking over from the light field: a click it had on its button opens the picker now (the
  // search box then takes focus), else focus stays on the button if it was there. Before paint.
  useLayoutEffect(() => {
    if (handoff.open) setOpen(true);
    else if (handoff.focus === 'button') button.current?.focus();
  }, [handoff]);

  const named = useMemo(
    () =>
      COUNTRIES.map((c) => ({ country: c, name: countryName(lang, c) })).sort((a, b) => a.name.localeCompare(b.name, lang)),
    [lang],
  );
  const names = useMemo(() => {
    const byIso = new Map(COUNTRIES.map((c) => [c.iso2, searchNames(c)]));
    return (c: ParsedCountry) => byIso.get(c.iso2) ?? [];
  }, []);
  const matches = useMemo(() => findCountries(named, query, names), [named, names, query]);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const index = Math.max(0, matches.findIndex((m) => m.country.iso2 === country.iso2));
    setActive(index);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening: later the active option follows the keyboard
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
      <CountryButton
        ref={button}
        iso2={country.iso2}
        label={countryLabel(t, lang, country)}
        expanded={open}
        onClick={() => (open ? close(false) : setOpen(true))}
      />
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

/**
 * `text` handed to the library as a paste of the whole field: a paste is the one edit it lets
 * bring another country's code, which it then recognises, formats and selects.
 */
function asPaste(event: ChangeEvent<HTMLInputElement>, text: string): ChangeEvent<HTMLInputElement> {
  return {
    nativeEvent: { inputType: 'insertFromPaste' },
    target: { value: text, selectionStart: text.length },
    preventDefault: () => event.preventDefault(),
  } as unknown as ChangeEvent<HTMLInputElement>;
}

/** The phone field's row (selector and number) once the library is loaded. */
export function FullPhoneRow({ form, name, hint, required, handoff }: PhoneRowProps) {
  const value = form.values[name] ?? '';
  const { inputValue, country, setCountry, handlePhoneValueChange, inputRef } = usePhoneInput({
    defaultCountry: DEFAULT_COUNTRY,
    value,
    countries: DIAL_DATA,
    defaultMask: DEFAULT_MASK,
    // The dial code is shown (and comes back when the field is emptied), but a visitor's own '+'
    // may replace it; a mask lays the digits out and never drops one.
    allowMaskOverflow: true,
    onChange: ({ phone, country: current }) => {
      const next = phoneValue(phone, current.dialCode);
      if (next !== value) form.set(name, next);
    },
  });

  // Typing in the light field when this one took its place: the same input focus, caret at the
  // end (where the visitor was typing), before the next keystroke and before paint.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (handoff.focus !== 'input' || handoff.open || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [handoff, inputRef]);

  return (
    <div className="phone-field__row">
      <CountryPicker country={country} handoff={handoff} onPick={(iso2) => setCountry(iso2, { focusOnInput: true })} />
      <TelInput
        form={form}
        name={name}
        hint={hint}
        required={required}
        value={inputValue}
        inputRef={(element) => void (inputRef.current = element)}
        onChange={(event) => {
          const typed = event.target.value;
          // At most 15 digits, dial code included: a keystroke or paste past that is refused
          // (React puts the field back as it was).
          const own = ownNumber(typed, country);
          if (digitCount(own ?? typed) > MAX_DIGITS) return;
          if (own !== null) {
            handlePhoneValueChange(asPaste(event, own));
            return;
          }
          const kept = withoutTrunkZero(typed, country);
          if (kept !== typed) {
            const caret = Math.max(0, (event.target.selectionStart ?? kept.length) - 1);
            event.target.value = kept;
            event.target.setSelectionRange(caret, caret);
          }
          handlePhoneValueChange(event);
        }}
        onBlur={() => form.blur(name)}
      />
    </div>
  );
}
