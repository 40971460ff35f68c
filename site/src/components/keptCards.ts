// The prerender's property cards kept between `estate serve`'s rebuilds. A listing sold
// re-renders its agent's and its developer's pages, 96 cards each in each language, nearly all
// of them drawn the same as the last time: a warm worker keeps the HTML of the cards it drew
// (entry-server.tsx's `render`) and puts it back in their place. A card's HTML follows from its
// data, its language, the shell's data it reads (the agents' phones, the agency's, the base
// URL, the default photo, the type names: the whole of it is in the key) and the bundle (the
// worker's, for its life); its title's id (an attribute's value, where it is named) is the one
// thing of its place in the page, kept apart.
// Unset in the browser and in a build's own prerender, which draw every card.
import { createContext } from 'react';
import type { CardProperty } from '../types';
import { sourceOf } from '../i18n/content';

/** What a card of one render asks: its slot's number, when its HTML is kept; null when it draws itself. */
export interface CardDrawing {
  /**
   * A card with `inputs` (null: not to keep, as the page's preloaded photo's), the shell's `site`
   * data and its title's id `id`: the number of the slot it leaves for its kept HTML, or null
   * when it draws itself (and is kept, with `inputs`).
   */
  card(inputs: [lang: string, fetching: string, card: CardProperty] | null, site: object, id: string): number | null;
}

export const CardDrawingContext = createContext<CardDrawing | null>(null);

/** The stand-in of a kept card (`<article data-card-slot="N">`), which `KeptCards.finish` replaces. */
const SLOT = /<article data-card-slot="(\d+)"><\/article>/g;
/** How a drawn card begins (PropertyCard's article). */
const CARD_START = '<article class="property-card">';

/**
 * The cards a worker keeps, the last used `limit` of them: the HTML of each as its parts around
 * its title's id (quoted, as the attributes naming it write it), by its inputs.
 */
export class KeptCards {
  private readonly cards = new Map<string, string[]>();
  /** The shell's data of the keys made, by the object a render read (one per page), and each text's number. */
  private readonly sites = new WeakMap<object, number>();
  private readonly siteTexts = new Map<string, number>();
  /** The JSON of the records cards were made from (`sourceOf`), by record. */
  private readonly sourceTexts = new WeakMap<object, string>();

  constructor(private readonly limit: number) {}

  /** One render's drawing: give it to the render's cards, then `finish` its HTML. */
  drawing(): CardDrawing & { finish(html: string): string } {
    /** Cards drawn in full, in the order drawn (the page's): each one's key (null: not kept) and title's id. */
    const drawn: { key: string | null; id: string }[] = [];
    /** Kept cards put in, by slot: their parts and their title's id here. */
    const reused: { parts: string[]; id: string }[] = [];
    return {
      card: (inputs, site, id) => {
        const key = inputs && `${this.siteNumber(site)}\n${inputs[0]}\n${inputs[1]}\n${this.cardText(inputs[2])}`;
        const parts = key === null ? undefined : this.cards.get(key);
        if (key === null || parts === undefined) {
          drawn.push({ key, id });
          return null;
        }
        // The last used kept last: the first ones are the ones to drop.
        this.cards.delete(key);
        this.cards.set(key, parts);
        reused.push({ parts, id });
        return reused.length - 1;
      },
      finish: (html) => {
        this.keep(html, drawn);
        if (!reused.length) return html;
        return html.replace(SLOT, (slot: string, number: string) => {
          const kept = reused[Number(number)];
          return kept ? kept.parts.join(`"${kept.id}"`) : slot;
        });
      },
    };
  }

  /**
   * A card's data as its key has it. A card in one language made from a record (ownTranslation)
   * is that record's in that language (the key has the language): the record's JSON, written once
   * for all the languages of a page (each a new card), not each card's.
   */
  private cardText(card: CardProperty): string {
    const source = sourceOf(card);
    if (!source) return `card ${JSON.stringify(card)}`;
    let text = this.sourceTexts.get(source);
    if (text === undefined) {
      text = `record ${JSON.stringify(source)}`;
      this.sourceTexts.set(source, text);
    }
    return text;
  }

  /** A number for the shell's data `site`: equal data, equal number. */
  private siteNumber(site: object): number {
    let number = this.sites.get(site);
    if (number === undefined) {
      const text = JSON.stringify(site);
      number = this.siteTexts.get(text);
      if (number === undefined) {
        // Other data makes the cards drawn with the old of no use.
        if (this.siteTexts.size >= 4) this.forget();
        number = this.siteTexts.size;
        this.siteTexts.set(text, number);
      }
      this.sites.set(site, number);
    }
    return number;
  }

  private forget(): void {
    this.cards.clear();
    this.siteTexts.clear();
  }

  /**
   * Keeps the cards `drawn` in full, each the page's next card in `html` (the kept ones are
   * stand-ins there, not cards): none when their number differs (a card drawn and thrown away).
   */
  private keep(html: string, drawn: { key: string | null; id: string }[]): void {
    const found: string[] = [];
    for (let start = html.indexOf(CARD_START); start >= 0; start = html.indexOf(CARD_START, start + 1)) {
      const end = closing(html, start, 'article');
      if (end < 0) return;
      found.push(html.slice(start, end));
    }
    if (found.length !== drawn.length) return;
    drawn.forEach(({ key, id }, index) => {
      const card = found[index];
      if (key === null || card === undefined) return;
      this.cards.set(key, card.split(`"${id}"`));
      if (this.cards.size > this.limit) this.cards.delete(this.cards.keys().next().value as string);
    });
  }
}

/**
 * Where the element `name` opening at `start` in React's `html` ends (after its closing tag), or
 * -1. React escapes every `<` of a text or an attribute: the element ends where as many of its
 * name have closed as opened.
 */
export function closing(html: string, start: number, name: string): number {
  const tags = new RegExp(`<(/?)${name}[\\s>]`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.indexOf('>', tag.index) + 1;
  }
  return -1;
}
