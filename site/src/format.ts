// Formatting shared by the pages. Everything is explicit about locale and time zone, so the
// prerender (Node) and the browser produce the same text and hydration never mismatches.
import { LOCALES, type Lang } from './i18n';
import type { CardProperty, MainCategory, Property } from './types';

/** The Intl locale of each site language (Latin digits in Arabic too). */
export { LOCALES };

/** Dates are shown in Dubai time, wherever the page is rendered. */
export const TIME_ZONE = 'Asia/Dubai';

/**
 * One formatter per language and kind: building an Intl formatter costs far more than using
 * one, and the prerender formats tens of thousands of numbers.
 */
function memo<T>(make: (lang: Lang) => T): (lang: Lang) => T {
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
const dateFormat = memo((lang) => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: TIME_ZONE }));
const monthFormat = memo(
  (lang) => new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

export function formatNumber(lang: Lang, value: number): string {
  return numberFormat(lang).format(value);
}

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

/** Content ids are slugs; anything else cannot name a file of the API. */
export function isSafeId(id: string | undefined): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id);
}

/** Newest first, by an ISO 8601 timestamp. */
export function byNewest<T>(date: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => Date.parse(date(b)) - Date.parse(date(a));
}

export function toCard(property: Property): CardProperty {
  return {
    id: property.id,
    url: property.url,
    title: property.title,
    mainCategory: property.mainCategory,
    subCategory: property.subCategory,
    // A record of the API, not of the build: the photo by its address alone.
    image: property.Images[0] ? { src: property.Images[0] } : null,
    location: property.location,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms ?? null,
    photos: property.Images.length,
    area: property.area,
    price: property.price,
    pricePeriod: property.pricePeriod ?? null,
    featured: property.featured,
    createdAt: property.createdAt,
    ...(property.translations
      ? {
          translations: Object.fromEntries(
            Object.entries(property.translations).map(([lang, texts]) => [lang, { title: texts.title, location: texts.location }]),
          ),
        }
      : {}),
  };
}
