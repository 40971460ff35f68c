// @vitest-environment jsdom
// The search panels as their pages draw them (a listing page's with its type filter, the home
// page's with its portal fields): every option of every dropdown, chosen alone and sent, goes to
// the panel's result page with that one parameter, its value as the option has it, and that
// result page sends it to the search as its one criterion; an empty search raises the alert and
// goes nowhere. Which listings a criterion finds is the lead function's (lead-fn/tests/it/search.rs);
// the browser tests (e2e/browsing-panels.test.mjs) send one option of each dropdown from the real
// pages and check what every option finds in the sample content.
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { AddressContext, fixedAddress, type Address } from '../nav';
import { LangContext, translate, type Lang } from '../i18n';
import { PANELS, panelValuesFrom, SearchPanel, type CommunityOption, type PanelKind } from './SearchPanel';
import { heroExtras } from './heroExtras';
import { SEARCHES, searchFields, type SearchKind } from '../search/searches';
import { SEARCH_PAGES } from '../search/searchPages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The build's type counts, as a category's summary has them: a panel's own type may have none. */
const TYPES: [string, number][] = [
  ['Apartment', 7],
  ['Villa', 4],
  ['Townhouse', 2],
  ['Shop', 1],
  ['apartments', 1],
];
const COMMUNITIES: CommunityOption[] = [
  { value: 'Dubai Marina', name: 'Dubai Marina' },
  { value: 'Jumeirah Village Circle', name: 'Jumeirah Village Circle' },
  { value: 'Palm Jumeirah', name: 'Palm Jumeirah' },
];
const KINDS = Object.keys(PANELS) as PanelKind[];

/** The result page a panel's target is: the search whose own panel goes there. */
const searchOf = (target: string): SearchKind =>
  (Object.keys(SEARCHES) as SearchKind[]).find((kind) => PANELS[SEARCH_PAGES[kind].panel].target === target)!;

/**
 * The panel as its page draws it, in `lang`, with an address that records where it goes; with
 * `results`, as the result page at that address draws it (showing and refining its search).
 */
function draw(kind: PanelKind, lang: Lang = 'en', results?: URLSearchParams) {
  const went: string[] = [];
  const address: Address = { ...fixedAddress('/'), go: (href) => void went.push(href) };
  function Page() {
    // A listing page's type filter, shared with its chips.
    const [type, setType] = useState('');
    const own = results
      ? { initial: panelValuesFrom(results), refine: true }
      : kind === 'home'
        ? { extras: heroExtras('search-home') }
        : { type, onType: setType };
    return <SearchPanel kind={kind} types={TYPES} communities={COMMUNITIES} {...own} />;
  }
  const { container } = render(
    <LangContext.Provider value={lang}>
      <AddressContext.Provider value={address}>
        <Page />
      </AddressContext.Provider>
    </LangContext.Provider>,
  );
  const form = container.querySelector('form')!;
  const select = (name: string) => form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  const options = (name: string) =>
    [...(select(name)?.options ?? [])].map((option) => ({ text: option.textContent, value: option.value, disabled: option.disabled }));
  const choose = (name: string, value: string) => fireEvent.change(select(name)!, { target: { value } });
  const send = () => fireEvent.submit(form);
  return { form, went, select, options, choose, send };
}

/** A type's option as a panel with counts writes it in English. */
const typeText = (type: string, n: number) => (n ? `${type} (${n})` : `${type} (none listed)`);
const countOf = (type: string) => TYPES.filter(([name]) => name.toLowerCase().replace(/s$/, '') === type.toLowerCase().replace(/s$/, '')).reduce((sum, [, n]) => sum + n, 0);

describe("each panel's dropdowns", () => {
  for (const kind of KINDS) {
    const config = PANELS[kind];
    test(`${kind}: the type placeholder, its own types then the others in stock with their counts, and its other dropdowns`, () => {
      const panel = draw(kind);
      const own = new Set(config.types.map((type) => type.toLowerCase().replace(/s$/, '')));
      const others = ['Apartment', 'Villa', 'Townhouse', 'Shop'].filter((type) => !own.has(type.toLowerCase()));
      expect(panel.options('type')).toEqual([
        { text: 'Property type', value: '', disabled: true },
        ...[...config.types, ...others].map((type) => ({ text: typeText(type, countOf(type)), value: type, disabled: false })),
      ]);
      expect(panel.select('type')!.selectedOptions[0]?.textContent).toBe('Property type');
      const bedrooms = ['Studio', '1 Bedroom', '2 Bedrooms', '3 Bedrooms', '4 Bedrooms', '5 Bedrooms', '6 Bedrooms', '7+ Bedrooms'];
      expect(panel.options('bedrooms')).toEqual(
        config.bedrooms
          ? [{ text: 'Bedroom', value: '', disabled: false }, ...bedrooms.map((text, n) => ({ text, value: String(n), disabled: false }))]
          : [],
      );
      expect(panel.options('community')).toEqual(
        config.area === 'communities'
          ? [{ text: 'Area', value: '', disabled: false }, ...COMMUNITIES.map(({ value }) => ({ text: value, value, disabled: false }))]
          : [],
      );
      const sizes = ['500', '1,000', '1,500', '2,000', '3,000'];
      expect(panel.options('area')).toEqual(
        config.area === 'sizes' ? [{ text: 'Area', value: '', disabled: false }, ...sizes.map((text) => ({ text, value: text.replace(',', ''), disabled: false }))] : [],
      );
    });
  }

  test('in Arabic and Russian: the placeholder until a type is picked, a count in the language, and a type with no listing says so', () => {
    for (const lang of ['ar', 'ru'] as const) {
      for (const kind of ['home', 'offPlan'] as const) {
        const panel = draw(kind, lang);
        const select = panel.select('type')!;
        expect(select.selectedOptions[0]?.textContent, `${lang} ${kind}`).toBe(translate(lang, 'searchPanel.type'));
        const none = translate(lang, 'searchPanel.typeNone', { type: '' });
        const texts = [...select.options].filter((option) => !option.disabled).map((option) => option.textContent ?? '');
        PANELS[kind].types.forEach((type, i) => expect(texts[i]!.endsWith(none), `${lang} ${kind} ${type}: ${texts[i]}`).toBe(countOf(type) === 0));
        const last = PANELS[kind].types.at(-1)!;
        panel.choose('type', last);
        expect(select.selectedOptions[0]?.textContent).toBe(texts[PANELS[kind].types.length - 1]);
        cleanup();
      }
    }
  });
});

describe('every option, chosen alone and sent', () => {
  for (const kind of KINDS) {
    const config = PANELS[kind];
    const search = searchOf(config.target);
    test(`${kind}: goes to ${config.target} with only that parameter, as the option has it, ${search}'s search sends it alone, and its panel shows it chosen`, () => {
      // Every option each dropdown offers (its placeholder aside), as the test above lists them.
      const offered = draw(kind);
      const choices = ['type', 'bedrooms', 'community', 'area'].map((name) => [name, offered.options(name).slice(1)] as const);
      cleanup();
      expect(choices.flatMap(([, options]) => options).length).toBeGreaterThan(5);
      for (const [name, options] of choices) {
        for (const { value, text } of options) {
          const panel = draw(kind);
          panel.choose(name, value);
          expect(panel.select(name)!.value, `${name} ${value} chosen`).toBe(value);
          panel.send();
          const expected = `${config.target}?${new URLSearchParams({ [name]: value }).toString()}`;
          expect(panel.went, `${kind}: ${name} ${value}`).toEqual([expected]);
          const url = new URL(expected, 'http://x');
          expect(searchFields(search, url.searchParams), `${search} reads ${name} ${value}`).toEqual({ [name]: value });
          cleanup();
          // The result page's panel shows the option chosen: what it searches is what it shows.
          const there = draw(SEARCH_PAGES[search].panel, 'en', url.searchParams).select(name);
          if (there) expect(there.selectedOptions[0]?.textContent, `${config.target}?${url.searchParams}`).toBe(text);
          // The all-properties result page's panel has no bedroom menu (its chips show them).
          else expect([kind, name]).toEqual(['home', 'bedrooms']);
          cleanup();
        }
      }
    });
  }

  test('a panel on an Arabic or Russian page goes to the result page in its language', () => {
    for (const lang of ['ar', 'ru'] as const) {
      const panel = draw('commercial', lang);
      panel.choose('area', '1000');
      panel.send();
      expect(panel.went).toEqual([`/${lang}/search-commercial?area=1000`]);
      cleanup();
    }
  });
});

describe('an empty search', () => {
  for (const kind of KINDS) {
    test(`${kind}: nothing chosen, or spaces alone typed, raises the alert and goes nowhere`, () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      const panel = draw(kind);
      panel.send();
      const text = panel.form.querySelector<HTMLInputElement>('input[name="query"]')!;
      fireEvent.change(text, { target: { value: '   ' } });
      panel.send();
      expect(alert.mock.calls).toEqual([['Please enter a search term or select a property type.'], ['Please enter a search term or select a property type.']]);
      expect(panel.went).toEqual([]);
    });
  }
});
