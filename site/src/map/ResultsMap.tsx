// A listing or result page's map view: the map of the cards the page's filters show, whose
// 'Search this area' keeps the list to the map's area (map/area.ts), and the chip that lets go
// of it. Fetched when the map is first chosen (LazyResultsMap), so no page's first view
// carries it; its messages come with it.
import { use } from 'react';
import { loadMessages, useT } from '../i18n';
import { useLang, useSite } from '../shell';
import { Icon } from '../components/Icon';
import type { CardProperty } from '../types';
import { LazyMap } from './LazyMap';
import type { MapView } from './useMapView';

export default function ResultsMap({ cards, view }: { cards: CardProperty[]; view: MapView }) {
  // The same promise for every render (loadMessages keeps it), as `use` wants.
  use(loadMessages(useLang(), 'Map'));
  const t = useT();
  const site = useSite();
  if (!site.map) return null;
  return (
    <div className="results-map">
      <LazyMap settings={site.map} label={t('map.region')} cards={cards} bounds={view.bounds} onSearchArea={(bounds) => view.show(true, bounds)} />
      {view.bounds ? (
        <p>
          <button type="button" className="chip" aria-pressed="true" onClick={() => view.show(true, null)} aria-label={t('map.clearArea')}>
            <span>{t('map.area')}</span>
            <Icon name="close" size={16} />
          </button>
        </p>
      ) : null}
    </div>
  );
}
