// The list-or-map choice and the map's area of a listing or result page, kept in its address
// (map/area.ts) as its filters are (search/useFilters.ts): changes replace the history entry
// and never scroll the page.
import { useNavigate, useSearchParams } from '../nav';
import { useHydrated } from '../shell';
import { boundsFrom, withMapView, type Bounds } from './area';

declare global {
  interface Window {
    /** Whether the visitor's last choice (useMapView's `show`) was the map. */
    mapByVisitor?: boolean;
  }
}

export interface MapView {
  map: boolean;
  bounds: Bounds | null;
  /** Shows the map (or the list) with this area (or none). */
  show: (map: boolean, bounds: Bounds | null) => void;
}

export function useMapView(): MapView {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The prerendered page knows no query string: the list, until hydrated.
  const hydrated = useHydrated();
  return {
    map: hydrated && params.get('view') === 'map',
    bounds: hydrated ? boundsFrom(params) : null,
    show(map, bounds) {
      // Read by the map this opens (ResultsMap): opened by the visitor, not by the address.
      window.mapByVisitor = map;
      const search = withMapView(params, map, bounds).toString();
      // List or Map is a step of its own (Back from the map comes back to the list); the area
      // searched as the map moves replaces the entry.
      const switched = map !== (params.get('view') === 'map');
      navigate({ search: search && `?${search}` }, { replace: !switched, preventScrollReset: true });
    },
  };
}
