// What each search result page shows besides its search (search/searches.ts): its title, its
// listing page's search panel, and the build's summary of its category's listings (the refine
// controls' options). Drawn by the prerender and the page's deferred islands, not its first view.
import type { MessageKey } from '../i18n';
import type { PanelKind } from '../components/SearchPanel';
import type { SearchKind } from './searches';

interface PageInfo {
  meta: MessageKey;
  /** The listing page's panel, and the build's summary of its listings (types, communities, prices). */
  panel: PanelKind;
  summary: 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all';
}

export const SEARCH_PAGES: Record<SearchKind, PageInfo> = {
  general: { meta: 'search.meta.general', panel: 'all', summary: 'all' },
  residential: { meta: 'search.meta.residential', panel: 'residential', summary: 'residential' },
  commercial: { meta: 'search.meta.commercial', panel: 'commercial', summary: 'commercial' },
  offPlan: { meta: 'search.meta.offPlan', panel: 'offPlan', summary: 'offPlan' },
  rent: { meta: 'search.meta.rent', panel: 'rental', summary: 'rental' },
};

/** Whether the page's prices are a year's rent: the rent search's, and a search of rentals ('purpose=rent'; the address is read once hydrated). */
export const isYearly = (kind: SearchKind, params: URLSearchParams, hydrated: boolean) => kind === 'rent' || (hydrated && params.get('purpose') === 'rent');
