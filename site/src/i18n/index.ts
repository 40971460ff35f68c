// Every visible UI string comes from the translation files; components call t('key').
// English is the spec's text, letter for letter. Arabic and Russian arrive with their issue.
import { createContext, useContext } from 'react';
import en from './en.json';

export type Lang = 'en' | 'ar' | 'ru';
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

export const LANGS: readonly Lang[] = ['en', 'ar', 'ru'];

const dictionaries: Record<Lang, Messages> = { en, ar: en, ru: en };

/** The message for `key` with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[lang][key] ?? en[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export const LangContext = createContext<Lang>('en');

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The translate function of the current page's language. */
export function useT(): Translate {
  const lang = useContext(LangContext);
  return (key, vars) => translate(lang, key, vars);
}
