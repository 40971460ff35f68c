import { describe, expect, it } from 'vitest';
import { closing, KeptCards } from './keptCards';
import type { CardProperty } from '../types';

const card = (id: string) => ({ id, title: `Listing ${id}` }) as unknown as CardProperty;
const drawn = (id: string, titleId: string) =>
  `<article class="property-card"><h3 id="${titleId}">Listing ${id}</h3><a aria-describedby="${titleId}">View</a></article>`;
const site = { phones: ['+971 4 000 0000'] };

/** A page of cards as PropertyCard draws them with `cards` kept: each drawn, or a stand-in. */
function page(cards: KeptCards, ids: string[], siteData: object = site, lang = 'en'): string {
  const drawing = cards.drawing();
  const html = ids
    .map((id, index) => {
      const titleId = `_R_${index}_`;
      const slot = drawing.card([lang, '', card(id)], siteData, titleId);
      return `<li>${slot === null ? drawn(id, titleId) : `<article data-card-slot="${slot}"></article>`}</li>`;
    })
    .join('');
  return drawing.finish(`<ul>${html}</ul>`);
}

const full = (ids: string[]) => `<ul>${ids.map((id, index) => `<li>${drawn(id, `_R_${index}_`)}</li>`).join('')}</ul>`;

describe('KeptCards', () => {
  it('puts a kept card back with the title id of its new place', () => {
    const cards = new KeptCards(10);
    expect(page(cards, ['a', 'b', 'c'])).toBe(full(['a', 'b', 'c']));
    // 'b' sold: 'c' moves up a place, its id with it.
    expect(page(cards, ['a', 'c', 'd'])).toBe(full(['a', 'c', 'd']));
  });

  it('draws again what other shell data or another language would change', () => {
    const cards = new KeptCards(10);
    page(cards, ['a']);
    const drawing = cards.drawing();
    expect(drawing.card(['en', '', card('a')], { phones: ['+971 4 111 1111'] }, '_R_0_')).toBeNull();
    expect(drawing.card(['ar', '', card('a')], site, '_R_1_')).toBeNull();
    expect(drawing.card(['en', 'high', card('a')], site, '_R_2_')).toBeNull();
    expect(drawing.card(['en', '', card('a')], { ...site }, '_R_3_')).toBe(0);
  });

  it('keeps nothing of a page whose cards are not found one for one', () => {
    const cards = new KeptCards(10);
    const drawing = cards.drawing();
    drawing.card(['en', '', card('a')], site, '_R_0_');
    drawing.card(['en', '', card('b')], site, '_R_1_');
    drawing.finish(`<ul><li>${drawn('a', '_R_0_')}</li></ul>`);
    expect(cards.drawing().card(['en', '', card('a')], site, '_R_0_')).toBeNull();
  });

  it('keeps the last used', () => {
    const cards = new KeptCards(2);
    page(cards, ['a', 'b']);
    page(cards, ['a']);
    page(cards, ['c']);
    const drawing = cards.drawing();
    expect(drawing.card(['en', '', card('b')], site, '_R_0_')).toBeNull();
    expect(drawing.card(['en', '', card('a')], site, '_R_0_')).toBe(0);
  });
});

describe('closing', () => {
  it('finds the end of an element with the same elements inside', () => {
    const html = '<div><ul class="x"><li><ul><li>1</li></ul></li></ul><ul></ul></div>';
    const start = html.indexOf('<ul class');
    expect(html.slice(start, closing(html, start, 'ul'))).toBe('<ul class="x"><li><ul><li>1</li></ul></li></ul>');
    expect(closing('<ul><li>', 0, 'ul')).toBe(-1);
  });
});
