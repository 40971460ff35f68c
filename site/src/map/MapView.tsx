// The map (MapLibre GL JS over the site's PMTiles basemap), loaded only when a visitor opens it
// (LazyMap): none of this is in a page's first-view JavaScript.
//
// Listings are HTML buttons over the map, not symbols drawn in WebGL: each (and each cluster) is
// a focusable element with an accessible name, so the map works by keyboard and screen reader,
// and prices are shaped by the browser in every language. Clusters come from supercluster (the
// library MapLibre itself clusters with), worked out for the view after each move.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LngLatBoundsLike, Map as MapLibreMap, Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Protocol } from 'pmtiles';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { getJson } from '../data';
import { PLACES, SITE } from '../paths';
import { useT, type Translate } from '../i18n';
import { Link } from '../nav';
import { localize, termIn } from '../i18n/content';
import { priceText } from '../price';
import { LOCALES, memo } from '../format';
import { useLang, useSite } from '../shell';
import { Picture } from '../components/Picture';
import { Icon } from '../components/Icon';
import type { CardProperty, Coordinates, MapSettings } from '../types';
import type { Localized } from '../i18n/content';
import type { Lang } from '../i18n';
import { basemapStyle, creditOf, PROTOCOL, SOURCE } from './style';
import type { Bounds } from './area';
import { loadMapLibre, type MapLibre } from './maplibre';
import './map.css';

let maplibre: typeof MapLibre;
/** The library, with the basemap's protocol: LazyMap shows the map once this has resolved. */
export const ready = loadMapLibre().then((library) => {
  maplibre = library;
  library.addProtocol(PROTOCOL, new Protocol().tile);
});

/** Marks the map's moves a visitor asked for through the site's own controls (eventData of easeTo). */
const BY_VISITOR = 'byVisitor';

/** Dubai, when there is nothing to fit the view to. */
const DUBAI: Coordinates = { lat: 25.15, lng: 55.22 };
/** Community names show from this zoom (below it they would cover each other). */
const PLACES_FROM_ZOOM = 11;
/** How close a listing is shown: a street or two. */
const LISTING_ZOOM = 14;

export type MapViewProps = {
  /** The map's settings, its credit in the page's language (else English, marked so). */
  settings: Localized<MapSettings>;
  /** The region's name for screen readers. */
  label: string;
} & (
  | {
      /** The listings shown: one marker each (those with coordinates), clustered when dense. */
      cards: CardProperty[];
      /** The area the list keeps to: the view starts there. */
      bounds: Bounds | null;
      onSearchArea: (bounds: Bounds) => void;
    }
  | {
      /** One place (a listing, the office): a pin at the centre. */
      centre: Coordinates;
      place: string;
    }
);

function mapLocale(t: Translate): Record<string, string> {
  return {
    'Map.Title': t('map.canvas'),
    'NavigationControl.ZoomIn': t('map.zoomIn'),
    'NavigationControl.ZoomOut': t('map.zoomOut'),
    'NavigationControl.ResetBearing': t('map.resetBearing'),
    'AttributionControl.ToggleAttribution': t('map.attribution'),
    'Marker.Title': t('map.pin'),
  };
}

function boundsOf(points: Coordinates[]): LngLatBoundsLike | null {
  if (points.length === 0) return null;
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

// English as the portals write it ('1.95M', not en-GB's '1.95m'): two decimals, so 1,950,000
// is not rounded up to '2M'.
const compactFormat = memo((lang) => new Intl.NumberFormat(lang === 'en' ? 'en-US' : LOCALES[lang], { notation: 'compact', maximumFractionDigits: 2 }));

/**
 * The compact price a marker shows: '1.95M AED', a rent's with its period ('95K AED / year'),
 * and a listing without a price as the cards say it ('Contact for price').
 */
function shortPrice(t: Translate, lang: Lang, card: CardProperty): string {
  if (card.price == null) return t('price.contact');
  const amount = compactFormat(lang).format(card.price);
  if (card.pricePeriod === 'year') return t('price.amount.year', { amount });
  if (card.pricePeriod === 'month') return t('price.amount.month', { amount });
  return t('price.amount', { amount });
}

type Point = { id: string };

export default function MapView(props: MapViewProps) {
  const t = useT();
  const lang = useLang();
  const container = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const paint = useRef(() => {});
  const [map, setMap] = useState<MapLibreMap | null>(null);
  // What kept the map from drawing, if anything: no WebGL, or no basemap (its file missing or
  // answering errors).
  const [failed, setFailed] = useState<'map.failed' | 'mapView.failed' | null>(null);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const listing = 'cards' in props;
  const cards = listing ? props.cards : null;
  const located = useMemo(() => (cards ?? []).filter((card) => card.coordinates), [cards]);
  const byId = useMemo(() => new Map(located.map((card) => [card.id, card])), [located]);

  // The map itself, once: its view starts on the area kept, else on every listing, else the place.
  useEffect(() => {
    if (!container.current) return;
    const first = listing ? (props.bounds ?? boundsOf(located.map((c) => c.coordinates!))) : null;
    const centre = listing ? DUBAI : props.centre;
    let instance: MapLibreMap;
    try {
      instance = new maplibre.Map({
        container: container.current,
        style: basemapStyle(props.settings.tiles, creditOf(props.settings), window.location.href),
        center: [centre.lng, centre.lat],
        zoom: listing ? 10 : LISTING_ZOOM,
        maxZoom: 18,
        attributionControl: false,
        locale: mapLocale(t),
        // Page scrolling stays page scrolling: on a phone two fingers move the map.
        cooperativeGestures: window.matchMedia('(pointer: coarse)').matches,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
    } catch (error) {
      // No WebGL: say so in place of the map.
      console.error('The map could not start', error);
      setFailed('map.failed');
      return;
    }
    // The zoom buttons at the top of the reading side's far edge (right in English and Russian,
    // left in Arabic), the credit at the foot of its near edge, clear of the page's floating
    // WhatsApp button in the far corner. The map itself, being geography, is never mirrored.
    const rtl = document.documentElement.dir === 'rtl';
    instance.addControl(new maplibre.NavigationControl({ showCompass: false }), rtl ? 'top-left' : 'top-right');
    instance.addControl(new maplibre.AttributionControl({ compact: true }), rtl ? 'bottom-right' : 'bottom-left');
    instance.touchZoomRotate.disableRotation();
    if (first) instance.fitBounds(first, { padding: 48, maxZoom: LISTING_ZOOM, duration: 0 });
    // A basemap that fails before any of its tiles came (its file missing, the server refusing
    // it) is no map: it says so, and the list shows again (listing-toolbar.css). A tile failing
    // later (the connection dropped a moment) is only logged.
    let tiled = false;
    instance.on('sourcedata', (event) => {
      if (event.sourceId === SOURCE && event.tile) tiled = true;
    });
    instance.on('error', (event: { error: unknown; sourceId?: string }) => {
      console.error('Map error', event.error);
      if (event.sourceId === SOURCE && !tiled) setFailed('mapView.failed');
    });
    // A visitor's moves offer 'Search this area': MapLibre's own handlers (drag, wheel, keys,
    // the zoom buttons) give their moves the event that made them, and a cluster's click marks
    // its move (BY_VISITOR); the first view's fit and a resize have neither. (Waiting for the
    // first 'idle' instead missed a move made before the map had settled.)
    instance.on('moveend', (event: { originalEvent?: unknown; [BY_VISITOR]?: boolean }) => {
      if (event.originalEvent || event[BY_VISITOR]) setMoved(true);
    });
    setMap(instance);
    return () => {
      instance.remove();
      setMap(null);
    };
    // The map is made once; later changes of cards and area are drawn by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The community names, in the page's language, from the zoom where they fit.
  useEffect(() => {
    if (!map) return;
    let live = true;
    const markers: Marker[] = [];
    const zoomed = () => region.current?.classList.toggle('map-view--places', map.getZoom() >= PLACES_FROM_ZOOM);
    Promise.all([getJson(PLACES), getJson(SITE)])
      .then(([places, { vocabulary }]) => {
        if (!live) return;
        for (const place of places) {
          const label = document.createElement('span');
          label.className = 'map-place';
          label.setAttribute('aria-hidden', 'true');
          label.textContent = termIn(vocabulary.communities, lang, place.name).name;
          markers.push(new maplibre.Marker({ element: label }).setLngLat([place.lng, place.lat]).addTo(map));
        }
      })
      .catch((error) => console.error('Failed to fetch the map places', error));
    zoomed();
    map.on('zoom', zoomed);
    return () => {
      live = false;
      map.off('zoom', zoomed);
      for (const marker of markers) marker.remove();
    };
  }, [map, lang]);

  // One place: a pin.
  const centre = listing ? null : props.centre;
  const place = listing ? null : props.place;
  useEffect(() => {
    if (!map || !centre) return;
    // A drop-shaped head whose tip is the box's bottom centre: the marker's anchor.
    const pin = document.createElement('span');
    pin.className = 'map-pin';
    pin.append(document.createElement('span'));
    pin.setAttribute('role', 'img');
    pin.setAttribute('aria-label', place ?? '');
    const marker = new maplibre.Marker({ element: pin, anchor: 'bottom' }).setLngLat([centre.lng, centre.lat]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, centre, place]);

  // The listings: a button per listing or cluster in view, redrawn after each move.
  const index = useMemo(() => {
    const clusters = new Supercluster<Point, Record<string, never>>({ radius: 56, maxZoom: 16 });
    clusters.load(
      located.map((card) => ({
        type: 'Feature' as const,
        properties: { id: card.id },
        geometry: { type: 'Point' as const, coordinates: [card.coordinates!.lng, card.coordinates!.lat] },
      })),
    );
    return clusters;
  }, [located]);

  useEffect(() => {
    if (!map || !listing) return;
    const shown = new Map<string, Marker>();
    const draw = () => {
      const view = map.getBounds();
      const wanted = index.getClusters([view.getWest(), view.getSouth(), view.getEast(), view.getNorth()], Math.floor(map.getZoom()));
      const keep = new Set<string>();
      for (const feature of wanted) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as Point | ClusterProperties;
        const key = 'cluster' in props && props.cluster ? `cluster-${props.cluster_id}` : `listing-${(props as Point).id}`;
        keep.add(key);
        if (shown.has(key)) continue;
        const button = document.createElement('button');
        button.type = 'button';
        if ('cluster' in props && props.cluster) {
          const id = props.cluster_id;
          button.className = 'map-cluster';
          button.dataset.cluster = String(id);
          button.textContent = String(props.point_count);
          button.setAttribute('aria-label', t('map.cluster', { n: props.point_count }));
          button.addEventListener('click', () => {
            const zoom = Math.min(index.getClusterExpansionZoom(id), 18);
            map.easeTo({ center: [lng, lat], zoom }, { [BY_VISITOR]: true });
            // The button goes with the cluster: the keyboard stays on the map.
            region.current?.focus();
          });
        } else {
          const card = byId.get((props as Point).id);
          if (!card) continue;
          const price = shortPrice(t, lang, card);
          const title = localize(card, lang, ['title']).title;
          button.className = 'map-marker';
          button.textContent = price;
          button.dataset.id = card.id;
          // Named by what it shows first (the short price), then the title.
          button.setAttribute('aria-label', t('map.marker', { price, title }));
          button.addEventListener('click', () => setSelected(card.id));
          // Pointing at a marker, or tabbing to it, marks its card in the list beside the map.
          const mark = (on: boolean) => () => markCard(region.current, on ? card.id : null);
          button.addEventListener('pointerenter', mark(true));
          button.addEventListener('pointerleave', mark(false));
          button.addEventListener('focus', mark(true));
          button.addEventListener('blur', mark(false));
        }
        shown.set(key, new maplibre.Marker({ element: button }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [key, marker] of shown) {
        if (!keep.has(key)) {
          marker.remove();
          shown.delete(key);
        }
      }
      region.current?.setAttribute('data-markers', String(shown.size));
      paint.current();
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      for (const marker of shown.values()) marker.remove();
    };
    // `t` is a new function at every render but says the same for the same `lang`: with it here
    // every render (a card pointed at, a marker chosen) drew every marker again, and the one
    // with the keyboard on it went.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, index, byId, listing, lang]);

  // The marker of the card shown stands out, and so does the marker (or the cluster that holds
  // it) of the card in the list the pointer or the keyboard is on: after every change of either
  // and after every redraw of the markers.
  const [marked, setMarked] = useState<string | null>(null);
  paint.current = () => {
    for (const marker of region.current?.querySelectorAll<HTMLElement>('.map-marker, .map-cluster') ?? []) {
      const { id, cluster } = marker.dataset;
      marker.classList.toggle('is-selected', id !== undefined && id === selected);
      const holds = marked !== null && (id === marked || (cluster !== undefined && index.getLeaves(Number(cluster), Infinity).some((leaf) => leaf.properties.id === marked)));
      marker.classList.toggle('is-marked', holds);
    }
  };
  useEffect(() => paint.current(), [selected, marked, map]);

  // The list beside the map: a card pointed at or focused marks its marker.
  useEffect(() => {
    // The cleanup uses the element this run found: on unmount React empties the ref before it.
    const root = region.current;
    const list = listOf(root);
    if (!list) return;
    const over = (event: Event) => setMarked(cardId(event.target));
    const out = (event: Event) => setMarked(cardId((event as FocusEvent | PointerEvent).relatedTarget));
    list.addEventListener('pointerover', over);
    list.addEventListener('focusin', over);
    list.addEventListener('pointerout', out);
    list.addEventListener('focusout', out);
    return () => {
      list.removeEventListener('pointerover', over);
      list.removeEventListener('focusin', over);
      list.removeEventListener('pointerout', out);
      list.removeEventListener('focusout', out);
      markCard(root, null);
    };
  }, []);

  // A marker chosen beside the list (from 1,024 px) marks its card too and brings it into view
  // in the list, smoothly unless the visitor asked for less motion. On a phone the list is
  // hidden and the card slides up over the map (Preview) alone.
  useEffect(() => {
    const list = listOf(region.current);
    if (!list) return;
    let chosen: Element | undefined;
    for (const card of list.querySelectorAll('.property-card')) {
      const on = selected !== null && cardId(card) === selected;
      card.classList.toggle('is-selected', on);
      if (on) chosen = card;
    }
    if (chosen && list.getClientRects().length > 0) {
      chosen.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    }
    return () => chosen?.classList.remove('is-selected');
  }, [selected]);

  // Closing the card a marker opened (its button or Escape) puts the keyboard back on that
  // marker, or on the map when the marker has gone into a cluster.
  const close = () => {
    const id = selected;
    setSelected(null);
    const marker = [...(region.current?.querySelectorAll<HTMLElement>('.map-marker') ?? [])].find((element) => element.dataset.id === id);
    (marker ?? region.current)?.focus();
  };

  const searchArea = () => {
    if (!map || !listing) return;
    const view = map.getBounds();
    props.onSearchArea([view.getWest(), view.getSouth(), view.getEast(), view.getNorth()]);
    setMoved(false);
  };

  const card = selected ? byId.get(selected) : undefined;
  const missing = cards ? cards.length - located.length : 0;
  return (
    <>
      <div
        className={failed ? 'map-view map-failed' : 'map-view'}
        ref={region}
        role="region"
        aria-label={props.label}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && selected) {
            event.stopPropagation();
            close();
          }
        }}
      >
        {failed ? (
          <p className="map-view__failed" role="status">
            {t(failed)}
            {listing ? ` ${t('map.inList')}` : null}
          </p>
        ) : null}
        <div className="map-view__canvas" ref={container} />
        {listing && moved ? (
          <button type="button" className="button button--primary map-view__search" onClick={searchArea}>
            <Icon name="search" size={18} />
            <span>{t('map.searchArea')}</span>
          </button>
        ) : null}
        {card ? <Preview card={card} close={close} /> : null}
      </div>
      {missing > 0 ? <p className="map-view__note">{t('map.unlocated', { n: missing })}</p> : null}
    </>
  );
}

/** The list of cards a results map stands beside (LazyResultsMap's wrapper), if any. */
function listOf(region: HTMLElement | null): HTMLElement | null {
  return region?.closest('.results')?.querySelector<HTMLElement>('.results__list') ?? null;
}

/** The listing id of the card `target` is in: its link's last path segment. */
function cardId(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('.property-card')?.querySelector('.property-card__link') : null;
  const href = link?.getAttribute('href');
  return href ? decodeURIComponent(href.slice(href.lastIndexOf('/') + 1)) : null;
}

/** Marks the card of listing `id` in the list beside the map (none: `null`). */
function markCard(region: HTMLElement | null, id: string | null) {
  for (const card of listOf(region)?.querySelectorAll('.property-card') ?? []) card.classList.toggle('is-marked', id !== null && cardId(card) === id);
}

/** The listing a marker opened: photo, price, title, place and its link. */
function Preview({ card, close }: { card: CardProperty; close: () => void }): ReactNode {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const shown = localize(card, lang, ['title', 'location']);
  const box = useRef<HTMLElement>(null);
  const about = useId();
  // The keyboard follows what it opened (the page stays put: the card is on the map in view), and
  // a screen reader says which listing it is: the link is described by the card's price, title
  // and place. Escape closes it (MapView).
  useEffect(() => box.current?.querySelector<HTMLElement>('[data-preview-link]')?.focus({ preventScroll: true }), [card.id]);
  return (
    <aside ref={box} className="map-preview" aria-label={shown.title}>
      <Picture className="map-preview__photo" picture={shown.image ?? site.defaultImage} sizes="card" alt="" fallbackWidth={160} fallbackHeight={120} />
      <div className="map-preview__body">
        <div id={about}>
          <p className="map-preview__price">{priceText(t, lang, shown.price, shown.pricePeriod)}</p>
          <p className="map-preview__title">{shown.title}</p>
          {shown.location ? <p className="map-preview__place">{shown.location}</p> : null}
        </div>
        <Link className="text-link" to={shown.url} aria-describedby={about} data-preview-link>
          {t('card.view')}
        </Link>
      </div>
      <button type="button" className="map-preview__close" onClick={close} aria-label={t('map.close')}>
        <Icon name="close" size={18} />
      </button>
    </aside>
  );
}

