// Formatting shared by the pages. Everything is explicit about locale and time zone, so the
// prerender (Node) and the browser produce the same text and hydration never mismatches.
import { LOCALES, type Lang } from './i18n';
import { formatDecimal } from './i18n/numbers';
import type { MainCategory } from './types';

/** The Intl locale of each site language (Latin digits in Arabic too). */
export { LOCALES };

/** Dates are shown in Dubai time, wherever the page is rendered. */
export const TIME_ZONE = 'Asia/Dubai';

/**
 * One formatter per language and kind: building an Intl formatter costs far more than using
 * one, and the prerender formats tens of thousands of numbers.
 */
export function memo<T, K = Lang>(make: (lang: K) => T): (lang: K) => T {
  const made = new Map<K, T>();
  return (lang) => {
    let value = made.get(lang);
    if (value === undefined) {
      value = make(lang);
      made.set(lang, value);
    }
    return value;
  };
}


/**
 * A percentage (`points`: 31 for 31%), one rule per language for every percent the site shows:
 * '31%' in English; '31 %' in Russian (a no-break space, as Russian typography and CLDR write
 * it); in Arabic '31%' isolated (first-strong isolate, as amounts are), so the sign sits after
 * the number, read left to right, whatever Arabic text surrounds it. `decimals`: 1 for '5.2%',
 * 2 for '0.25%'.
 */
export function formatPercent(lang: Lang, points: number, decimals: 0 | 1 | 2 = 0): string {
  const n = formatDecimal(lang, points, decimals, decimals);
  if (lang === 'ru') return `${n}\u00a0%`;
  if (lang === 'ar') return `\u2068${n}%\u2069`;
  return `${n}%`;
}

export function formatNumber(lang: Lang, value: number): string {
  return formatDecimal(lang, value, 0, 0);
}

/** `tel:` link of a displayed phone number ("+971 4 555 0123" -> "tel:+97145550123"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The messaging-app conversation with a number: https://wa.me/<digits>, with a first message if given. */
export function whatsappHref(phone: string, text?: string): string {
  const chat = `https://wa.me/${phone.replace(/\D/g, '')}`;
  return text ? `${chat}?text=${queryValue(text)}` : chat;
}

/**
 * `text` as a URL's query value, encoded only where it must be: letters of every script and `/ : , @`
 * stay as written, as a URL may hold them (the browser encodes them when it follows the link). An
 * Arabic or Russian letter is then 2 bytes of the page, not 6: a listing page has 30 such links.
 */
function queryValue(text: string): string {
  return encodeURIComponent(text).replace(/%[C-F][0-9A-F](?:%[89AB][0-9A-F]){1,3}|%(?:2F|3A|2C|40)/gi, (bytes) => {
    const char = decodeURIComponent(bytes);
    const code = char.codePointAt(0) ?? 0;
    // Not C1 controls nor noncharacters, which a URL may not hold as they are.
    const allowed = code > 0x9f && !(code >= 0xfdd0 && code <= 0xfdef) && (code & 0xfffe) !== 0xfffe;
    return allowed || code < 0x80 ? char : bytes;
  });
}

/** The listing page of each main category ('Back to Listings'). */
export const CATEGORY_PATH: Record<MainCategory, string> = {
  Residential: '/buy-property',
  Rental: '/rent-property',
  OffPlan: '/off-plan',
  Commercial: '/commercial',
};
