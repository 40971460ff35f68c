// The results' map, fetched (with the map's messages: ResultsMap) when the visitor first
// chooses it.
import { lazy, Suspense } from 'react';
import { useT } from '../i18n';
import type { CardProperty } from '../types';
import type { MapView } from './useMapView';

const ResultsMap = lazy(() => import('./ResultsMap'));

export function LazyResultsMap({ cards, view }: { cards: CardProperty[]; view: MapView }) {
  const t = useT();
  const loading = (
    <p className="map-view map-view--status" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('mapView.loading')}
    </p>
  );
  return view.map ? (
    <Suspense fallback={loading}>
      <ResultsMap cards={cards} view={view} />
    </Suspense>
  ) : null;
}
