// The home search's community suggestions, loaded on the community box's first focus or input
// (HeroFields.tsx): every community of the vocabulary (data/search-terms.json: the English name,
// the Arabic and Russian names and the aliases people write, 'JVC'), named in the page's
// language (data/site.json's vocabulary). A community is suggested when one of its names starts
// with the typed text, then when a word of one does, then when one contains it, then when one or
// a word starts as the text would without a typo (ignoring case and accents, and forgiving
// misspellings, as the result page reads names); at most eight, the chosen ones left out.
import { getJson } from '../data';
import { SITE } from '../paths';
import { termIn } from '../i18n/content';
import type { Lang } from '../i18n';
import { fold, nearStart, TERMS_FILE } from '../search/readQuery';

/** A community to suggest: `value` its English name (what the search sends), `name` in the page's language. */
export interface Suggestion {
  value: string;
  name: string;
  en?: true;
  /** The other name the typed text matched ('JVC'), shown beside it. */
  also?: string;
}

export type Suggest = (text: string, chosen: readonly string[]) => Suggestion[];

export const MAX_SUGGESTIONS = 8;

/** Nothing matched. */
const NOT_AT_ALL = 4;

/**
 * How well a folded name matches the folded text: 0 starts with it, 1 a word does, 2 contains
 * it, 3 it or a word starts as the text would without a typo (the result page's rule for
 * misspelt names, `nearStart`), 4 not at all.
 */
function rank(name: string, typed: string): number {
  const words = name.split(/[\s\-–,.()]+/u);
  if (name.startsWith(typed)) return 0;
  if (words.some((word) => word.startsWith(typed))) return 1;
  if (name.includes(typed)) return 2;
  return nearStart(typed, name) || words.some((word) => nearStart(typed, word)) ? 3 : NOT_AT_ALL;
}

/** The suggester over the communities' names. */
export function suggester(terms: { name: string; names: string[] }[], named: (english: string) => { name: string; en?: true }): Suggest {
  const communities = terms.map((term) => ({ value: term.name, ...named(term.name), names: [term.name, ...term.names].map((name) => [name, fold(name)] as const) }));
  return (text, chosen) => {
    const typed = fold(text.trim());
    if (!typed) return [];
    const found: { best: number; suggestion: Suggestion }[] = [];
    for (const community of communities) {
      if (chosen.includes(community.value)) continue;
      let best = NOT_AT_ALL;
      let also = '';
      for (const [name, key] of community.names) {
        const r = rank(key, typed);
        if (r < best) [best, also] = [r, name];
      }
      if (best === NOT_AT_ALL) continue;
      // Beside the name, the other name it was found by, unless the name says it already.
      const shown = fold(community.name).includes(fold(also)) ? undefined : also;
      found.push({ best, suggestion: { value: community.value, name: community.name, ...(community.en ? { en: true as const } : {}), ...(shown ? { also: shown } : {}) } });
    }
    found.sort((a, b) => a.best - b.best || a.suggestion.name.localeCompare(b.suggestion.name));
    return found.slice(0, MAX_SUGGESTIONS).map(({ suggestion }) => suggestion);
  };
}

/** Fetches the names (both files are the site's own, cached by the CDN) and makes the suggester. */
export async function load(lang: Lang): Promise<Suggest> {
  const [terms, site] = await Promise.all([getJson(TERMS_FILE), getJson(SITE)]);
  return suggester(terms.communities, (english) => termIn(site.vocabulary.communities, lang, english));
}
