// A search result page's data (its loader's: pages/SearchResults.tsx): the refine controls'
// options, and each community's name in the page's language.
import { useCallback, useEffect, useState } from 'react';
import { useLoaderData } from '../nav';
import { getJson } from '../data';
import { DEFAULT_LANG } from '../i18n';
import { useLang } from '../shell';
import type { ListingSummary, SearchTerms, TermNames } from '../types';
import { TERMS_FILE } from './readQuery';
import type { Facets } from '../components/BoundField';
import type { CommunityOption } from '../components/SearchPanel';

/**
 * What the page shows of its category's summary: the refine controls' options. Not its cards
 * (the listing pages'): the page embeds its loader's data (pages/SearchResults.tsx), and the
 * results are the search's.
 */
export type SearchOptions = Facets & Pick<ListingSummary, 'types' | 'priceRange'>;

export interface SearchData {
  summary: SearchOptions | null;
  communities: CommunityOption[];
}

/** A community's name in the page's language (for a chip, the no-results help's offer). */
export function useCommunityName(): (name: string) => string {
  return useCommunityNamer((useLoaderData() as SearchData).communities);
}

/**
 * Names a community in the page's language: as `options` name it (the category's communities,
 * named by the page's loader), else by the vocabulary's name in the language
 * (`data/search-terms.json`): a community with no listing in the category, which a typed or saved
 * search may still name. The file is fetched on a page in another language than English, once.
 */
export function useCommunityNamer(options: readonly CommunityOption[]): (name: string) => string {
  const lang = useLang();
  const [terms, setTerms] = useState<SearchTerms | null>(null);
  useEffect(() => {
    if (lang === DEFAULT_LANG) return;
    let current = true;
    // Without it (offline, a server error) a community missing from the options keeps its English name.
    getJson(TERMS_FILE).then(
      (loaded) => current && setTerms(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [lang]);
  return useCallback(
    (name: string) =>
      options.find((option) => option.value === name)?.name ??
      // `terms` is fetched only on a page not in English.
      terms?.communities.find((term) => term.name === name)?.translated?.[lang as keyof TermNames] ??
      name,
    [options, terms, lang],
  );
}

