// The list-or-map choice and the map's area of a listing or result page, kept in its address
// (map/area.ts) as its filters are (search/useFilters.ts); map/showMap.ts changes them.
import { useSearchParams } from '../nav';
import { useHydrated } from '../shell';
import { boundsFrom, type Bounds } from './area';

export interface MapView {
  map: boolean;
  bounds: Bounds | null;
}

export function useMapView(): MapView {
  const [params] = useSearchParams();
  // The prerendered page knows no query string: the list, until hydrated.
  const hydrated = useHydrated();
  return {
    map: hydrated && params.get('view') === 'map',
    bounds: hydrated ? boundsFrom(params) : null,
  };
}
