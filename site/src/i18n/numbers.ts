// Numbers and plural forms written by hand, not by Intl.NumberFormat and Intl.PluralRules: a
// page's first Intl formatter loads the browser's number data (ICU), ~12 ms of one task on a
// desktop and ~50 ms on a phone 4x slower, in the hydration's path on every page, for counts,
// prices and percentages whose rules fit in a table. The text is Intl's, character for
// character, for the site's three locales: numbers.test.ts compares both on many values (Node's
// ICU, which the prerender uses). Values outside the everyday range (not finite, under 1e-6,
// over 2^53) go to Intl itself, where V8's and ICU's ways with them are not worth copying.
import type { Lang } from './lang';

/** The Intl locale of each site language (Latin digits in Arabic, as Dubai's sites write them). */
export const LOCALES: Record<Lang, string> = { en: 'en-GB', ar: 'ar-AE-u-nu-latn', ru: 'ru-RU' };

/**
 * CLDR's number symbols of those locales: Arabic with Latin digits marks its minus sign
 * left-to-right (U+200E), Russian groups thousands with a no-break space. Every one of them groups
 * from 4 digits on (minimumGroupingDigits 1).
 */
const SYMBOLS: Record<Lang, { group: string; decimal: string; minus: string }> = {
  en: { group: ',', decimal: '.', minus: '-' },
  ar: { group: ',', decimal: '.', minus: '\u200e-' },
  ru: { group: '\u00a0', decimal: ',', minus: '-' },
};

/** Whether `abs` (>= 0) is one String() writes in plain digits and whose digits are exact. */
const plain = (abs: number) => abs === 0 || (abs >= 1e-6 && abs <= Number.MAX_SAFE_INTEGER);

/**
 * The digits of `abs` rounded to at most `maxFrac` decimals, half away from zero, as ICU rounds:
 * from the shortest decimal that reads back as the same double (String's), so 1.005 is 1.01, not
 * the 1.00 of toFixed (whose exact binary value is 1.00499...). Trailing zeros of the decimals
 * are dropped.
 */
function roundedDigits(abs: number, maxFrac: number): { int: string; frac: string } {
  const text = String(abs);
  const dot = text.indexOf('.');
  let int = dot < 0 ? text : text.slice(0, dot);
  let frac = dot < 0 ? '' : text.slice(dot + 1);
  if (frac.length > maxFrac) {
    const up = frac.charCodeAt(maxFrac) >= 53; // '5' or more
    frac = frac.slice(0, maxFrac);
    if (up) {
      const digits = (int + frac).split('');
      let at = digits.length - 1;
      while (at >= 0 && digits[at] === '9') digits[at--] = '0';
      if (at < 0) digits.unshift('1');
      else digits[at] = String(Number(digits[at]) + 1);
      const all = digits.join('');
      int = all.slice(0, all.length - maxFrac);
      frac = all.slice(all.length - maxFrac);
    }
  }
  return { int, frac: frac.replace(/0+$/, '') };
}

const fallbacks = new Map<string, Intl.NumberFormat>();

/**
 * `value` as Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: minFrac,
 * maximumFractionDigits: maxFrac }) writes it: '1,234.5', '1 234,5', '‎-3'.
 */
export function formatDecimal(lang: Lang, value: number, minFrac: number, maxFrac: number): string {
  const negative = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  if (!plain(abs)) {
    const key = `${lang} ${minFrac} ${maxFrac}`;
    let format = fallbacks.get(key);
    if (!format) {
      format = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: minFrac, maximumFractionDigits: maxFrac });
      fallbacks.set(key, format);
    }
    return format.format(value);
  }
  const { group, decimal, minus } = SYMBOLS[lang];
  const { int, frac } = roundedDigits(abs, maxFrac);
  let grouped = '';
  for (let end = int.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = start > 0 ? `${group}${int.slice(start, end)}${grouped}` : `${int.slice(start, end)}${grouped}`;
  }
  const decimals = frac.padEnd(minFrac, '0');
  return `${negative ? minus : ''}${grouped}${decimals ? `${decimal}${decimals}` : ''}`;
}

const pluralFallbacks = new Map<Lang, Intl.PluralRules>();

/**
 * The plural category of `n` in `lang`, as Intl.PluralRules(LOCALES[lang]).select(n) gives it
 * (CLDR's rules, on n written with at most 3 decimals): English one/other; Arabic
 * zero/one/two/few/many/other; Russian one/few/many/other.
 */
export function pluralCategory(lang: Lang, n: number): Intl.LDMLPluralRule {
  const abs = Math.abs(n);
  if (!plain(abs)) {
    let rules = pluralFallbacks.get(lang);
    if (!rules) {
      rules = new Intl.PluralRules(LOCALES[lang]);
      pluralFallbacks.set(lang, rules);
    }
    return rules.select(n);
  }
  const { int, frac } = roundedDigits(abs, 3);
  // Every rule but 'other' asks for a whole number (no visible decimals).
  if (frac) return 'other';
  const i = Number(int);
  const mod10 = i % 10;
  const mod100 = i % 100;
  if (lang === 'ar') {
    if (i === 0) return 'zero';
    if (i === 1) return 'one';
    if (i === 2) return 'two';
    if (mod100 >= 3 && mod100 <= 10) return 'few';
    if (mod100 >= 11) return 'many';
    return 'other';
  }
  if (lang === 'ru') {
    if (mod10 === 1 && mod100 !== 11) return 'one';
    if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'few';
    return 'many';
  }
  return i === 1 ? 'one' : 'other';
}
