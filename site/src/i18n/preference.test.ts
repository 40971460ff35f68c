// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preferredHome, rememberedLang, rememberLanguageChange } from './preference';

const ORIGIN = 'https://www.example.ae';

describe('the remembered language', () => {
  afterEach(() => localStorage.clear());

  it('follows a change of language from another page of the site, even one made before the app started', () => {
    localStorage.setItem('lang', 'ru');
    rememberLanguageChange('/', `${ORIGIN}/ru`, ORIGIN);
    expect(rememberedLang()).toBe('en');
    rememberLanguageChange('/ar/about-us', `${ORIGIN}/about-us?x=1`, ORIGIN);
    expect(rememberedLang()).toBe('ar');
  });

  it('is left alone by links within one language and by other sites', () => {
    localStorage.setItem('lang', 'ru');
    rememberLanguageChange('/about-us', `${ORIGIN}/contact-us`, ORIGIN);
    rememberLanguageChange('/', 'https://www.google.com/', ORIGIN);
    rememberLanguageChange('/', '', ORIGIN);
    expect(rememberedLang()).toBe('ru');
    expect(preferredHome('/', '', ORIGIN)).toBe('/ru');
  });
});
