// Content in the page's language: a record may carry `translations: { ar: {...}, ru: {...} }`
// (written by the generator from the content's `ar:`/`ru:` blocks). localize() puts the
// language's texts over the English ones and lists the fields that stayed English, so the page
// can mark them with lang="en" (enAttrs).
import { DEFAULT_LANG, langOfPath, type Lang } from './index';
import type { TermNames } from '../types';

type Vocabulary = Partial<Record<string, TermNames>>;

type Translations = Partial<Record<string, Record<string, unknown> | null | undefined>>;

/** A record in one language; `untranslated` names the fields shown in English. */
export type Localized<T> = Omit<T, 'translations'> & { untranslated?: string[] };

/**
 * `record` with only `lang`'s translation (none for English): what a page embeds of the records it
 * localizes as it renders (a listing page's cards), not the other languages' texts.
 */
export function ownTranslation<T extends { translations?: Partial<Record<string, unknown>> }>(record: T, lang: Lang): T {
  const { translations, ...rest } = record;
  const own = lang === DEFAULT_LANG ? undefined : translations?.[lang];
  const result = (own ? { ...rest, translations: { [lang]: own } } : rest) as T;
  if (import.meta.env.SSR) sources.set(result, record);
  return result;
}

/** The record each result of ownTranslation was made from, in the prerender (see `sourceOf`). */
const sources = new WeakMap<object, object>();

/**
 * The record `result` was made from by ownTranslation (in its language), in the prerender only:
 * its kept cards (components/keptCards.ts) know a card by its record, the same object for all the
 * languages of a page.
 */
export function sourceOf(result: object): object | undefined {
  return sources.get(result);
}

/**
 * `record` in `lang`: each of `fields` from its translation where one is given (a non-empty
 * string), else English and listed in `untranslated`. The translations themselves are dropped,
 * so a page embeds only its own language.
 */
export function localize<T extends { translations?: unknown }>(
  record: T,
  lang: Lang,
  fields: readonly (keyof T & string)[],
): Localized<T> {
  const { translations, ...rest } = record;
  const out = rest as Record<string, unknown>;
  if (lang === DEFAULT_LANG) return out as Localized<T>;
  const texts = (translations as Translations | undefined)?.[lang] ?? undefined;
  const untranslated: string[] = [];
  for (const field of fields) {
    const value = texts?.[field];
    if (typeof value === 'string' && value.trim() !== '') {
      out[field] = value;
    } else if (typeof out[field] === 'string' && out[field] !== '') {
      untranslated.push(field);
    }
  }
  if (untranslated.length) out.untranslated = untranslated;
  return out as Localized<T>;
}

/** `{ lang: 'en' }` for an element showing a field that stayed English, else nothing. */
export function enAttrs(record: { untranslated?: string[] } | null | undefined, field: string): { lang?: 'en' } {
  return record?.untranslated?.includes(field) ? { lang: 'en' } : {};
}

/** The language of a loader's request, from its path. */
export function langOfRequest(request: Request): Lang {
  return langOfPath(new URL(request.url).pathname);
}

/** A vocabulary term shown in the page's language; `en` when the vocabulary has no name in it. */
export interface TermText {
  name: string;
  en?: true;
}

/**
 * The terms named by their English names (as the published records name them) in `lang`, from
 * one of site.json's vocabularies. Loaders call this, so a page embeds the few names it shows,
 * not the vocabularies.
 */
export function termsIn(table: Vocabulary | undefined, lang: Lang, english: readonly string[]): TermText[] {
  return english.map((name) => termIn(table, lang, name));
}

/** One term named by its English name in `lang` (see termsIn). */
export function termIn(table: Vocabulary | undefined, lang: Lang, english: string): TermText {
  if (lang === DEFAULT_LANG) return { name: english };
  const translated = table?.[english]?.[lang as 'ar' | 'ru'];
  return translated ? { name: translated } : { name: english, en: true };
}

/**
 * A post's author as the team page names them: the team member whose English name the post
 * writes, in `lang`; an author who is not on the team keeps the post's name (marked English).
 */
export function authorIn(team: readonly { name: string; translations?: unknown }[], lang: Lang, author: string): TermText {
  if (lang === DEFAULT_LANG) return { name: author };
  const member = team.find((m) => m.name.trim() === author.trim());
  const named = member ? localize(member, lang, ['name']) : null;
  return named && !named.untranslated?.includes('name') ? { name: named.name } : { name: author, en: true };
}
