// The visitor's chosen language, remembered when they pick one in the header: in localStorage
// for the browser, and in the nf_lang cookie, which Netlify's language redirects honour.
import { DEFAULT_LANG, isLang, langOfPath, localePath, type Lang } from './index';

const KEY = 'lang';

export function rememberLang(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
  document.cookie = `nf_lang=${lang}; path=/; max-age=31536000; samesite=lax`;
}

export function rememberedLang(): Lang | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Where a visitor who opens the English home page from outside the site (a bookmark, a typed
 * address) should be: their remembered language's home page, or null to stay. Links within
 * the site (a same-origin referrer) are followed as they are.
 */
export function preferredHome(pathname: string, referrer: string, origin: string): string | null {
  if (pathname !== '/') return null;
  if (referrer && referrer.startsWith(origin)) return null;
  const lang = rememberedLang();
  return lang && lang !== DEFAULT_LANG ? localePath(lang, '/') : null;
}

/**
 * Remembers the page's language when the visitor came from a page of the site in another
 * language: they used the language selector, perhaps before the page they left had loaded its
 * code (the app starts after the first paint), when the click was a plain link.
 */
export function rememberLanguageChange(pathname: string, referrer: string, origin: string): void {
  if (!referrer.startsWith(`${origin}/`) && referrer !== origin) return;
  const from = langOfPath(new URL(referrer).pathname);
  const now = langOfPath(pathname);
  if (from !== now && rememberedLang() !== now) rememberLang(now);
}
