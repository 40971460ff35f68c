// The icon names the code knows and the sprite's symbols agree: a name without a symbol draws
// nothing, and nothing else would say so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasIcon, ICON_NAMES } from './Icon';

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8');

describe('icons.svg', () => {
  it('has one 24x24 symbol per name in ICON_NAMES, and no other', () => {
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(symbols.length).toBe(sprite.split('<symbol').length - 1);
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort());
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('hasIcon knows the names and nothing else (a social network without an icon gets the globe)', () => {
    expect(hasIcon('whatsapp')).toBe(true);
    expect(hasIcon('heart')).toBe(true);
    expect(hasIcon('myspace')).toBe(false);
    expect(hasIcon('toString')).toBe(false);
  });
});
