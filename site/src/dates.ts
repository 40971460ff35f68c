// Dates as the pages show and order them, in Dubai time wherever the page is rendered (the prerender and
// the browser write the same text). A module of its own: only the pages that show a date load it.
import { LOCALES, memo, TIME_ZONE } from './format';
import type { Lang } from './i18n';

const dateFormat = memo((lang) => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: TIME_ZONE }));
const monthFormat = memo(
  (lang) => new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** A calendar date, e.g. "1 November 2026". Unparseable input is returned as is. */
export function formatDate(lang: Lang, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(lang).format(date);
}

/** Each month's text, by language and month: a developer's page shows the same few months for hundreds of projects. */
const monthTexts = new Map<string, string>();

/** A month, for completion dates such as "2029-09": "September 2029". */
export function formatMonth(lang: Lang, yearMonth: string): string {
  const key = `${lang} ${yearMonth}`;
  let text = monthTexts.get(key);
  if (text === undefined) {
    const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
    text = match ? monthFormat(lang).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15))) : yearMonth;
    monthTexts.set(key, text);
  }
  return text;
}

/** Newest first, by an ISO 8601 timestamp. */
export function byNewest<T>(date: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => Date.parse(date(b)) - Date.parse(date(a));
}
