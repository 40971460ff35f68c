// The map's place in a page: MapView (MapLibre, the basemap's style, the markers) and its
// messages are fetched when the map is first shown, not with the page, so no page's first view
// carries them (the browser tests hold every first view under 120 KB of JavaScript).
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { loadMessages, useT, type Lang } from '../i18n';
import { useHydrated, useLang } from '../shell';
import type { MapViewProps } from './MapView';

const maps = new Map<Lang, ReturnType<typeof lazyMap>>();
function lazyMap(lang: Lang) {
  return lazy(async () => {
    const [module] = await Promise.all([import('./MapView'), loadMessages(lang, 'Map')]);
    // MapLibre itself, fetched by the module (maplibre.ts).
    await module.ready;
    return module;
  });
}

/** A map that could not be fetched (offline, a new deploy) says so in its place. */
class Failed extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  // Set in the constructor, not as a class field: the build writes a field with a helper that
  // would be part of every page's entry (it is shared by several chunks).
  constructor(props: { message: string; children: ReactNode }) {
    super(props);
    this.state = { failed: false };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Failed to load the map', error);
  }
  render() {
    return this.state.failed ? (
      <p className="map-view map-view--status map-failed" role="status">
        {this.props.message}
      </p>
    ) : (
      this.props.children
    );
  }
}

export function LazyMap(props: MapViewProps) {
  const t = useT();
  const lang = useLang();
  // MapLibre needs the browser: the prerender and the hydration draw the loading state.
  const hydrated = useHydrated();
  let MapView = maps.get(lang);
  if (!MapView) {
    MapView = lazyMap(lang);
    maps.set(lang, MapView);
  }
  const loading = (
    <p className="map-view map-view--status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('mapView.loading')}</span>
    </p>
  );
  return (
    <Failed message={t('mapView.failed')}>
      <Suspense fallback={loading}>{hydrated ? <MapView {...props} /> : loading}</Suspense>
    </Failed>
  );
}
