// A search result page's data (its loader's: pages/SearchResults.tsx): the refine controls'
// options, and each community's name in the page's language.
import { useCallback } from 'react';
import { useLoaderData } from '../nav';
import type { ListingSummary } from '../types';
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
  const { communities } = useLoaderData() as SearchData;
  return useCallback((name: string) => communities.find((option) => option.value === name)?.name ?? name, [communities]);
}

