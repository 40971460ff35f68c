// A listing or result page's map view: the map of the cards the page's filters show, whose
// 'Search this area' keeps the list to the map's area (map/area.ts), and the chip that lets go
// of it. Fetched when the map is first chosen (LazyResultsMap), so no page's first view
// carries it; its messages come with it.
import { use, useEffect, useRef } from 'react';
import { loadMessages, useT, type Lang } from '../i18n';
import { useLang, useSite } from '../shell';
import { Icon } from '../components/Icon';
import type { CardProperty } from '../types';
import { LazyMap } from './LazyMap';
import { MapFailed } from './MapFailed';
import type { MapView } from './useMapView';
import { useShowMap } from './showMap';

/**
 * The map starts where the list does. When the visitor presses 'Map', the filters' row (the
 * page's `.listing-toolbar`) goes to the top of the screen, under the header, unless it is there
 * or above already (one deep into the list stays where they were), so the map, and from 1,024 px
 * the list beside it, take the screen under the filters. A page opened on the map (a fresh load
 * of `?view=map`, Back) keeps the scroll it opens with: the top of the page, or where Back puts
 * it. Below 1,024 px the map's height is the screen's less the header and the filters
 * (`--above-map`, kept as the filters open and close).
 */
function useMapScreen() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Set by 'Map' pressed (useShowMap), for this opening only: a later 'Search this area' sets it
    // again with the map already open (cleared after every render, ResultsMap).
    const pressed = window.mapByVisitor;
    const results = box.current?.parentElement;
    const toolbar = results?.closest('section')?.querySelector<HTMLElement>('.listing-toolbar');
    if (!results || !toolbar) return;
    const measure = () => results.style.setProperty('--above-map', `${toolbar.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    // The header's height and a margin: what the page's scroll padding keeps clear.
    const clear = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockStart) || 0;
    if (pressed && toolbar.getBoundingClientRect().top > clear + 1) toolbar.scrollIntoView({ block: 'start' });
    return () => {
      observer.disconnect();
      results.style.removeProperty('--above-map');
    };
  }, []);
  return box;
}

/** The map's messages, fetched once per language (the same promise each render, as `use` wants): false if they could not be. */
const messages = new Map<Lang, Promise<boolean>>();
function mapMessages(lang: Lang): Promise<boolean> {
  let loaded = messages.get(lang);
  if (!loaded) {
    loaded = loadMessages(lang, 'Map').then(
      () => true,
      (error: unknown) => {
        console.error('Failed to load the map', error);
        return false;
      },
    );
    messages.set(lang, loaded);
  }
  return loaded;
}

export default function ResultsMap({ cards, view }: { cards: CardProperty[]; view: MapView }) {
  const loaded = use(mapMessages(useLang()));
  const t = useT();
  const site = useSite();
  const box = useMapScreen();
  const show = useShowMap();
  useEffect(() => {
    window.mapByVisitor = false;
  });
  // Without its messages the map says so in the page's own words, and the list shows again.
  if (!loaded) return <MapFailed />;
  if (!site.map) return null;
  return (
    <div className="results-map" ref={box}>
      <LazyMap settings={site.map} label={t('map.region')} cards={cards} bounds={view.bounds} onSearchArea={(bounds) => show(true, bounds)} />
      {view.bounds ? (
        <p>
          <button type="button" className="chip" aria-pressed="true" onClick={() => show(true, null)} aria-label={t('map.clearArea')}>
            <span>{t('map.area')}</span>
            <Icon name="close" size={16} />
          </button>
        </p>
      ) : null}
    </div>
  );
}
