// 'List', 'Map' and the map's 'Search this area': the choice and the area written into the page's
// address (map/area.ts reads them, map/useMapView.ts for the page). Changes replace the history
// entry and never scroll the page. Used by the toolbar's List/Map and the map, not by the first
// view of a result page's list.
import { useNavigate, useSearchParams } from '../nav';
import type { Bounds } from './area';

declare global {
  interface Window {
    /** Whether the visitor's last choice (`useShowMap`) was the map. */
    mapByVisitor?: boolean;
  }
}

/** `params` with the view and the area written in (the list and no area are left out). */
export function withMapView(params: URLSearchParams, map: boolean, bounds: Bounds | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (map) next.set('view', 'map');
  else next.delete('view');
  // 5 decimals: about a metre.
  if (bounds) next.set('bounds', bounds.map((n) => n.toFixed(5)).join());
  else next.delete('bounds');
  return next;
}

/** Shows the map (or the list) with this area (or none). */
export function useShowMap(): (map: boolean, bounds: Bounds | null) => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (map, bounds) => {
    // Read by the map this opens (ResultsMap): opened by the visitor, not by the address.
    window.mapByVisitor = map;
    const search = withMapView(params, map, bounds).toString();
    // List or Map is a step of its own (Back from the map comes back to the list); the area
    // searched as the map moves replaces the entry.
    const switched = map !== (params.get('view') === 'map');
    navigate({ search: search && `?${search}` }, { replace: !switched, preventScrollReset: true });
  };
}
