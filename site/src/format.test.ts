import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth } from './dates';
import { formatPercent, telHref, whatsappHref } from './format';
import { isSafeId } from './ids';

describe('format', () => {
  it('writes a percent by one rule per language: the sign after the number, isolated in Arabic', () => {
    expect(formatPercent('en', 31)).toBe('31%');
    expect(formatPercent('en', 5.2, 1)).toBe('5.2%');
    expect(formatPercent('ru', 5.2, 1)).toBe('5,2\u00a0%');
    expect(formatPercent('ar', 31)).toBe('\u206831%\u2069');
    expect(formatPercent('ar', 5.2, 1)).toBe('\u20685.2%\u2069');
    // Two decimals where a rate has them (the mortgage registration fee): '0.25%', not '0.3%'.
    expect(formatPercent('en', 0.25, 2)).toBe('0.25%');
    expect(formatPercent('ru', 0.25, 2)).toBe('0,25\u00a0%');
    expect(formatPercent('ar', 0.25, 2)).toBe('\u20680.25%\u2069');
    expect(formatPercent('en', 50)).toBe('50%');
    expect(formatPercent('en', 4.04, 1)).toBe('4.0%');
  });

  it('formats dates in Dubai time, whatever the machine time zone', () => {
    // 22:30 UTC on 31 October is already 1 November in Dubai (UTC+4).
    expect(formatDate('en', '2026-10-31T22:30:00Z')).toBe('1 November 2026');
    expect(formatDate('en', 'not a date')).toBe('not a date');
    expect(formatMonth('en', '2029-09')).toBe('September 2029');
  });

  it('builds tel: and wa.me links from displayed numbers', () => {
    expect(telHref('+971 4 555 0123')).toBe('tel:+97145550123');
    expect(whatsappHref('+971505550199')).toBe('https://wa.me/971505550199');
    expect(whatsappHref('+971 50 555 0199', 'Ref. PC-1 & more?')).toBe('https://wa.me/971505550199?text=Ref.%20PC-1%20%26%20more%3F');
  });

  it("writes a message's letters and a link in it as they are, and encodes what a query value may not hold", () => {
    const text = 'Здравствуйте, объект «Вилла» #2 (номер 5+1=6 & 100%): https://x.example/property/a?b\u0085\ufdd0 مرحبا';
    const href = whatsappHref('+971505550199', text);
    expect(href).toBe(
      'https://wa.me/971505550199?text=Здравствуйте,%20объект%20«Вилла»%20%232%20(номер%205%2B1%3D6%20%26%20100%25):%20https://x.example/property/a%3Fb%C2%85%EF%B7%90%20مرحبا',
    );
    // What the browser sends and WhatsApp reads: the same message.
    expect(new URL(href).searchParams.get('text')).toBe(text);
  });

  it('accepts only slugs as ids', () => {
    expect(isSafeId('marina-gate-2br')).toBe(true);
    expect(isSafeId('../data/site')).toBe(false);
    expect(isSafeId(undefined)).toBe(false);
  });
});
