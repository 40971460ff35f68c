// The home search's portal fields, beside its text box and type menu (and the bedroom menu the
// listing panels have): Buy or Rent (`purpose`: `sale` is every listing but the rentals, `rent`
// the rentals; 'All' sends nothing), communities (several at once, each sent as a `community`
// the result page passes to the search endpoint, which finds a listing in any of them) and a
// price range (`min`, `max`: AED; a rent as its yearly amount, so Rent's steps are a year's rents).
//
// They are plain form fields in the prerendered page, so a search sent before the script runs
// (or without it) submits them as a GET to the result page, the community box's text as typed
// (the endpoint reads any of a community's names: 'JVC'). They hydrate with the home page
// (heroExtras.tsx); the fields are uncontrolled, so what the visitor chose or typed before
// keeps.
// The community box's suggestions (names in the page's language, found by any name or alias)
// load on its first focus or input (heroPicker.ts); it is a combobox: arrows move through them,
// Enter chooses one, Escape closes the list; each chosen community is a chip with a labelled
// remove button, and adding or removing one is announced.
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { useLang } from '../shell';
import { formatNumber } from '../format';
import type { Suggest, Suggestion } from './heroPicker';

/** The price steps a Buy search offers (AED). */
export const SALE_PRICES = [500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000, 20_000_000];
/** The steps of a Rent search: a year's rent (AED), as rents compare. */
export const RENT_PRICES = [25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000, 500_000];

export const pricesFor = (purpose: string) => (purpose === 'rent' ? RENT_PRICES : SALE_PRICES);

/** Buy, Rent or both, as chosen: shared by the purpose's radios and the price's steps. */
let purpose = '';
const listeners = new Set<() => void>();
const setPurpose = (next: string) => {
  purpose = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const usePurpose = () => useSyncExternalStore(subscribe, () => purpose, () => '');

/** Buy, Rent or both: radio buttons, as a segmented control. */
export function HeroPurpose() {
  const t = useT();
  const group = useRef<HTMLFieldSetElement>(null);
  // What was chosen before the fields hydrated (the server drew 'All').
  useEffect(() => setPurpose(group.current?.querySelector<HTMLInputElement>(':checked')?.value ?? ''), []);
  return (
    <fieldset ref={group} className="hero-purpose">
      <legend className="visually-hidden">{t('hero.purpose')}</legend>
      {(['', 'sale', 'rent'] as const).map((value) => (
        <label key={value}>
          <input type="radio" name="purpose" value={value} defaultChecked={value === ''} onChange={() => setPurpose(value)} />
          <span>{t(value === 'sale' ? 'hero.purpose.sale' : value === 'rent' ? 'hero.purpose.rent' : 'hero.purpose.all')}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The price range: the steps of a sale or of a year's rent; a maximum below the minimum cannot be chosen. */
export function HeroPrice({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const rent = usePurpose() === 'rent';
  const [min, setMin] = useState('');
  const minField = useRef<HTMLSelectElement>(null);
  useEffect(() => setMin(minField.current?.value ?? ''), []);
  const field = (name: 'min' | 'max') => {
    const label = t(name === 'min' ? (rent ? 'hero.minRent' : 'hero.min') : rent ? 'hero.maxRent' : 'hero.max');
    // Shorter, for the closed menu on a phone; the label says it in full.
    const short = t(name === 'min' ? (rent ? 'hero.fromRent' : 'hero.from') : rent ? 'hero.toRent' : 'hero.to');
    return (
      <div className="search-panel__field">
        <label className="visually-hidden" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <select
          id={`${id}-${name}`}
          ref={name === 'min' ? minField : undefined}
          name={name}
          defaultValue=""
          onChange={name === 'min' ? (event) => setMin(event.target.value) : undefined}
        >
          <option value="">{short}</option>
          {(rent ? RENT_PRICES : SALE_PRICES).map((price) => (
            <option key={price} value={String(price)} disabled={name === 'max' && min !== '' && price < Number(min)}>
              {formatNumber(lang, price)}
            </option>
          ))}
        </select>
      </div>
    );
  };
  // A step of the other purpose is none of this one's: the browser then shows the placeholder.
  return (
    <>
      {field('min')}
      {field('max')}
    </>
  );
}

/** The suggestions' loading (heroPicker.ts), once per language. */
const pickers = new Map<string, Promise<Suggest>>();

/** The community box: chips of the chosen communities, the text box, and its suggestions. */
export function HeroCommunity({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Suggestion[]>([]);
  const [text, setText] = useState('');
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const [said, setSaid] = useState('');
  const want = () => {
    if (suggest) return;
    let picker = pickers.get(lang);
    if (!picker) pickers.set(lang, (picker = import('./heroPicker').then((module) => module.load(lang))));
    picker.then((found) => setSuggest(() => found)).catch((error) => console.error('Failed to load the community suggestions', error));
  };
  // Typed, or focused, before the box hydrated.
  useEffect(() => {
    const box = input.current;
    if (box?.value) setText(box.value);
    if (box && (box.value || document.activeElement === box)) want();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: later typing and focus call `want` themselves
  }, []);
  const options = suggest && !closed ? suggest(text, chosen.map((c) => c.value)) : [];
  const open = options.length > 0;
  const list = `${id}-community-list`;
  const type = (value: string) => {
    if (input.current) input.current.value = value;
    setText(value);
    setActive(-1);
    setClosed(false);
  };
  const pick = (option: Suggestion) => {
    setChosen([...chosen, option]);
    type('');
    setSaid(t('hero.added', { name: option.name, n: chosen.length + 1 }));
  };
  const remove = (option: Suggestion) => {
    const left = chosen.filter((c) => c !== option);
    setChosen(left);
    setSaid(t('hero.removed', { name: option.name, n: left.length }));
    input.current?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const n = options.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && n > 0) {
      event.preventDefault();
      setActive(event.key === 'ArrowDown' ? (active + 1) % n : (active - 1 + n) % n);
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Chooses the suggestion instead of sending the form.
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setClosed(true);
    } else if (event.key === 'Backspace' && text === '' && chosen.length > 0) {
      remove(chosen[chosen.length - 1]!);
    }
  };
  return (
    <div className="search-panel__field hero-community">
      <label className="visually-hidden" htmlFor={`${id}-community`}>
        {t('hero.community')}
      </label>
      {chosen.length > 0 ? (
        <ul className="hero-chips" aria-label={t('hero.chosen')}>
          {chosen.map((option) => (
            <li key={option.value} className="hero-chip">
              <span lang={option.en ? 'en' : undefined}>{option.name}</span>
              <button type="button" aria-label={t('hero.remove', { name: option.name })} onClick={() => remove(option)}>
                <span aria-hidden="true">×</span>
              </button>
              <input type="hidden" name="community" value={option.value} />
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={`${id}-community`}
        type="text"
        name="community"
        role="combobox"
        aria-expanded={open}
        aria-controls={list}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${list}-${active}` : undefined}
        placeholder={t('hero.communityPlaceholder')}
        autoComplete="off"
        defaultValue=""
        onFocus={want}
        onChange={(event) => {
          want();
          type(event.target.value);
        }}
        onKeyDown={onKey}
        onBlur={() => setClosed(true)}
      />
      <ul id={list} role="listbox" className="hero-options" aria-label={t('hero.suggestions')} hidden={!open}>
        {options.map((option, index) => (
          <li
            key={option.value}
            id={`${list}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen by the pointer without the text box losing focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            <span lang={option.en ? 'en' : undefined}>{option.name}</span>
            {option.also ? <span className="hero-options__also">{option.also}</span> : null}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {said}
      </span>
    </div>
  );
}
