// Every visible UI string comes from the translation files; components call t('key').
// English is the site's fixed text, letter for letter; ar.json (Modern Standard Arabic) and ru.json
// hold every key of en.json (src/i18n/keys.test.ts and the Vite build fail, naming the keys,
// when one is missing). A key may also have plural forms, `key.one`, `key.few` ... (the
// categories of CLDR's plural rules, as Intl.PluralRules has them: i18n/numbers.ts): t(key, { n }) picks the form of n in the page's language.
// Pages load only the messages they use: see loadMessages.
import { createContext, useContext } from 'react';
import { loaders } from 'virtual:messages';
import type en from './en.json';
import type sets from './message-sets.json';
import { LANGUAGES } from '../paths';
import { formatDecimal, pluralCategory } from './numbers';

import type { Lang } from './lang';

export type { Lang };
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
/** A set of messages of src/i18n/message-sets.json: the shell's, or a page's. */
export type MessageSet = keyof typeof sets;

export const LANGS: readonly Lang[] = LANGUAGES;

/** English at the site's own paths; the other languages under /ar/... and /ru/... */
export const DEFAULT_LANG: Lang = LANGUAGES[0];

/** Writing direction of each language. */
export const DIRS: Record<Lang, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl', ru: 'ltr' };

export { LOCALES } from './numbers';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

type Dictionary = Record<string, string | undefined>;

/**
 * The messages loaded so far, per language. Each set is a small chunk per language
 * (message-sets.json, cut from en.json, ar.json and ru.json at build time), loaded with the
 * page that needs it: a first view downloads its own messages, not the site's (~6 KB gzipped
 * less, and ~10 KB for Arabic and Russian). English is not in the entry either, so an Arabic
 * or Russian page does not download the English shell it never shows.
 */
const dictionaries: Record<Lang, Dictionary> = { en: {}, ar: {}, ru: {} };
const loaded = new Map<string, Promise<void>>();

/**
 * Loads one set of messages of `lang`: the browser entry and the layout's loader the shell's,
 * a route its page's (screens.ts) before the page renders.
 */
export function loadMessages(lang: Lang, set: MessageSet): Promise<void> {
  const id = `${lang}/${set}`;
  let loading = loaded.get(id);
  if (!loading) {
    const loader = loaders[lang][set];
    // A set without messages (a page that shows only the shell's) has no module.
    if (!loader) return Promise.resolve();
    loading = loader().then((module) => void Object.assign(dictionaries[lang], module.default));
    // A failed download (offline) may be tried again by the next navigation.
    loading.catch(() => loaded.delete(id));
    loaded.set(id, loading);
  }
  return loading;
}

const wholeFiles: Record<Lang, () => Promise<{ default: Dictionary }>> = {
  en: () => import('./en.json'),
  ar: () => import('./ar.json'),
  ru: () => import('./ru.json'),
};

/** Loads every message of every language: the prerender renders them all, and so do the tests. */
export async function loadAllMessages(): Promise<void> {
  await Promise.all(
    LANGS.map(async (lang) => void Object.assign(dictionaries[lang], (await wholeFiles[lang]()).default)),
  );
}

/** Keys already reported missing, so a page that renders often says it once. */
const reported = new Set<string>();

/**
 * Placeholders whose values read left to right in any language (phone numbers, prices, e-mail
 * addresses, references, listing ids), and `listing`, a listing's title or id, which may. In a
 * right-to-left message they are isolated (U+2068 FIRST STRONG ISOLATE ... U+2069), so '+971 4 555 0123' is not reordered into '0123 555 4 971+'. First strong,
 * not left-to-right: a value of digits and signs only, or Latin letters, is read left to right all
 * the same, and one in Arabic words (the map's compact '2.9 مليون') right to left, as Arabic; a
 * left-to-right isolate put its number after the word ('مليون 2.9').
 */
const LTR_VARS = new Set(['phone', 'email', 'amount', 'price', 'min', 'max', 'permit', 'reference', 'brn', 'orn', 'id', 'listing']);

/**
 * The message for `key` with `{name}` placeholders filled from `vars` (numbers formatted for the
 * language). With a number `n`, the plural form `key.<category>` is used where the language has
 * one. A key missing from a language falls back to English (the build prevents that).
 */
export function translate(lang: Lang, key: MessageKey, vars?: Record<string, string | number>): string {
  const dictionary = dictionaries[lang];
  let text: string | undefined;
  if (vars && typeof vars.n === 'number') {
    text = dictionary[`${key}.${pluralCategory(lang, vars.n)}`];
  }
  text ??= dictionary[key] ?? dictionaries.en[key];
  if (text === undefined) {
    // A page whose message set lacks the key (message-sets.json): the browser tests fail on this.
    if (!reported.has(key)) console.error(`message "${key}" is not loaded: add it to the page's set in src/i18n/message-sets.json`);
    reported.add(key);
    return key;
  }
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in vars)) return whole;
    const value = vars[name] as string | number;
    const text = typeof value === 'number' ? formatDecimal(lang, value, 0, 2) : value;
    return DIRS[lang] === 'rtl' && LTR_VARS.has(name) ? `\u2068${text}\u2069` : text;
  });
}

export const LangContext = createContext<Lang>(DEFAULT_LANG);

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The translate function of the current page's language. */
export function useT(): Translate {
  const lang = useContext(LangContext);
  return (key, vars) => translate(lang, key, vars);
}

/**
 * The language of a path: its first segment when that is another language's prefix (`ar`,
 * `ru`), else English. As contract::urls::split_language: both pass the cases of
 * contract/tests/url-vectors.json (src/i18n/paths.test.ts).
 */
export function langOfPath(pathname: string): Lang {
  // The first segment only, not the whole path split: every link of a page asks this.
  const first = pathname.split('/', 2)[1];
  return isLang(first) ? first : DEFAULT_LANG;
}

/** The path without its language prefix: '/ar/buy-property' -> '/buy-property', '/ru' -> '/'. */
export function stripLang(pathname: string): string {
  const lang = langOfPath(pathname);
  if (lang === DEFAULT_LANG) return pathname;
  const rest = pathname.slice(lang.length + 1);
  return rest === '' ? '/' : rest;
}

/**
 * `path` (a site path, maybe with a query or fragment) in `lang`: English paths as they are,
 * others under /ar or /ru ('/', '/buy-property?x=1' -> '/ar', '/ar/buy-property?x=1'). Anything
 * that is not a root-relative path (a full URL, mailto:, '#top') is returned unchanged. As
 * contract::urls::localized_path: both pass the cases of contract/tests/url-vectors.json.
 */
export function localePath(lang: Lang, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const bare = stripLang(path);
  if (lang === DEFAULT_LANG) return bare;
  if (bare === '/') return `/${lang}`;
  if (bare.startsWith('/?') || bare.startsWith('/#')) return `/${lang}${bare.slice(1)}`;
  return `/${lang}${bare}`;
}

/**
 * The property types' names in each language but English, by English name: the vocabulary's
 * (`content/vocabulary/types.yaml`, published in site.json), which the root layout hands over
 * from its data as it renders (every page of a language has the same).
 */
const typeNames: Partial<Record<Lang, Readonly<Record<string, string>>>> = {};

export function setTypeNames(lang: Lang, names: Readonly<Record<string, string>> | undefined): void {
  if (names) typeNames[lang] = names;
}

/**
 * A property type ('Apartment', 'Full Floor' ...) in `lang`: the vocabulary's name, else a panel's
 * own label ('Apartments', a shell message), else the type as it is (the published name).
 */
export function typeLabel(lang: Lang, type: string): string {
  const named = typeNames[lang]?.[type];
  if (named) return named;
  const key = `type.${type}`;
  return dictionaries[lang][key] !== undefined ? translate(lang, key as MessageKey) : type;
}
