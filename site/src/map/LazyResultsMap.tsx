// The results, and beside them (or on phones in their place) their map, fetched (with the map's
// messages: ResultsMap) when the visitor first chooses it. The wrapper is always drawn, so the
// list is the same element in either view; how the two share the screen is styles'
// (listing-toolbar.css: side by side from 1,024 px, the map alone under the filters below).
import { lazy, Suspense, type ReactNode } from 'react';
import { useT } from '../i18n';
import type { CardProperty } from '../types';
import type { MapView } from './useMapView';
import { MapFailed } from './MapFailed';

// A map whose code could not be fetched (offline, a new deploy; the failed request is in the
// browser's own log) says so in its place, and the list shows again (MapFailed).
const ResultsMap = lazy(() => import('./ResultsMap').catch(() => ({ default: MapFailed })));

/** `cards`: what the map shows, null while they are still coming (the map waits for them). */
export function LazyResultsMap({ cards, view, children }: { cards: CardProperty[] | null; view: MapView; children: ReactNode }) {
  const t = useT();
  const loading = (
    <p className="map-view map-view--status" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('mapView.loading')}
    </p>
  );
  return (
    <div className={view.map ? 'results results--map' : 'results'}>
      {view.map ? cards ? (
        <Suspense fallback={loading}>
          <ResultsMap cards={cards} view={view} />
        </Suspense>
      ) : loading : null}
      <div className="results__list">{children}</div>
    </div>
  );
}
