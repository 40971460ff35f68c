// Formatting shared by the pages. Everything is explicit about locale and time zone, so the
// prerender (Node) and the browser produce the same text and hydration never mismatches.
import { LOCALES, type Lang } from './i18n';
import type { MainCategory } from './types';

/** The Intl locale of each site language (Latin digits in Arabic too). */
export { LOCALES };

/** Dates are shown in Dubai time, wherever the page is rendered. */
export const TIME_ZONE = 'Asia/Dubai';

/**
 * One formatter per language and kind: building an Intl formatter costs far more than using
 * one, and the prerender formats tens of thousands of numbers.
 */
export function memo<T>(make: (lang: Lang) => T): (lang: Lang) => T {
  const made = new Map<Lang, T>();
  return (lang) => {
    let value = made.get(lang);
    if (value === undefined) {
      value = make(lang);
      made.set(lang, value);
    }
    return value;
  };
}

const numberFormat = memo((lang) => new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }));

export function formatNumber(lang: Lang, value: number): string {
  return numberFormat(lang).format(value);
}

/** `tel:` link of a displayed phone number ("+971 4 555 0123" -> "tel:+97145550123"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The messaging-app conversation with a number: https://wa.me/<digits>, with a first message if given. */
export function whatsappHref(phone: string, text?: string): string {
  const chat = `https://wa.me/${phone.replace(/\D/g, '')}`;
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat;
}

/** The listing page of each main category ('Back to Listings'). */
export const CATEGORY_PATH: Record<MainCategory, string> = {
  Residential: '/buy-property',
  Rental: '/rent-property',
  OffPlan: '/off-plan',
  Commercial: '/commercial',
};
