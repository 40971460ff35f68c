// 'List | Map' on a listing or result page, where the site has a basemap: the choice is kept in
// the address (useMapView, map/showMap.ts). The map itself (ResultsMap) is fetched when first chosen.
import { useT } from '../i18n';
import { useHydrated, useSite } from '../shell';
import type { MapView } from './useMapView';
import { useShowMap } from './showMap';

export function ViewToggle({ view }: { view: MapView }) {
  const t = useT();
  const show = useShowMap();
  // Disabled until the page's script can answer it, as the filters beside it are.
  const hydrated = useHydrated();
  if (!useSite().map) return null;
  return (
    <div className="view-toggle" role="group" aria-label={t('mapView.label')}>
      <button type="button" aria-pressed={!view.map} disabled={!hydrated} onClick={() => show(false, null)}>
        {t('mapView.list')}
      </button>
      <button type="button" aria-pressed={view.map} disabled={!hydrated} onClick={() => show(true, view.bounds)}>
        {t('mapView.map')}
      </button>
    </div>
  );
}
