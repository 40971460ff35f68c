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

/** A month, for completion dates such as "2029-09": "September 2029". */
export function formatMonth(lang: Lang, yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
  return monthFormat(lang).format(date);
}

/** Newest first, by an ISO 8601 timestamp. */
export function byNewest<T>(date: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => Date.parse(date(b)) - Date.parse(date(a));
}
