// A listing or result page's map view: the map of the cards the page's filters show, whose
// 'Search this area' keeps the list to the map's area (map/area.ts), and the chip that lets go
// of it. Fetched when the map is first chosen (LazyResultsMap), so no page's first view
// carries it; its messages come with it.
import { use, useEffect, useRef } from 'react';
import { loadMessages, useT } from '../i18n';
import { useLang, useSite } from '../shell';
import { Icon } from '../components/Icon';
import type { CardProperty } from '../types';
import { LazyMap } from './LazyMap';
import type { MapView } from './useMapView';

/**
 * The map starts where the list does. The filters' row (the page's `.listing-toolbar`) goes to
 * the top of the screen, under the header, when the visitor has not scrolled past it (one who
 * comes Back deep into the list stays where they were), so the map, and from 1,024 px the list
 * beside it, take the screen under the filters. Below 1,024 px the map's height is the screen's
 * less the header and the filters (`--above-map`, kept as the filters open and close).
 */
function useMapScreen() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const results = box.current?.parentElement;
    const toolbar = results?.closest('section')?.querySelector<HTMLElement>('.listing-toolbar');
    if (!results || !toolbar) return;
    const measure = () => results.style.setProperty('--above-map', `${toolbar.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    // The header's height and a margin: what the page's scroll padding keeps clear.
    const clear = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockStart) || 0;
    if (toolbar.getBoundingClientRect().top > clear + 1) toolbar.scrollIntoView({ block: 'start' });
    return () => {
      observer.disconnect();
      results.style.removeProperty('--above-map');
    };
  }, []);
  return box;
}

export default function ResultsMap({ cards, view }: { cards: CardProperty[]; view: MapView }) {
  // The same promise for every render (loadMessages keeps it), as `use` wants.
  use(loadMessages(useLang(), 'Map'));
  const t = useT();
  const site = useSite();
  const box = useMapScreen();
  if (!site.map) return null;
  return (
    <div className="results-map" ref={box}>
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
