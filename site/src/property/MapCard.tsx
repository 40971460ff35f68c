// A place on the map (a listing's, the office's), when it has coordinates. Nothing of the map is
// fetched until the visitor asks for it: a drawn placeholder with the place and a button that
// opens the site's own map (map/LazyMap.tsx: MapLibre over the site's basemap, no tile server
// elsewhere), and a link to the place on OpenStreetMap.
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n';
import { useSite } from '../shell';
import { Icon } from '../components/Icon';

// Even the map's loader waits for the button: property and contact pages carry none of it.
const LazyMap = lazy(async () => ({ default: (await import('../map/LazyMap')).LazyMap }));

export function osmLink(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lng.toFixed(5)}#map=15/${lat.toFixed(5)}/${lng.toFixed(5)}`;
}

export function MapCard({ lat, lng, place }: { lat: number; lng: number; place: string }) {
  const t = useT();
  const site = useSite();
  const [shown, setShown] = useState(false);
  return (
    <div className="map-card">
      {shown && site.map ? (
        <Suspense fallback={<div className="map-card__placeholder" role="status" aria-label={t('mapView.loading')} />}>
          <LazyMap settings={site.map} label={t('property.map.title', { place })} centre={{ lat, lng }} place={place} />
        </Suspense>
      ) : (
        <div className="map-card__placeholder">
          <span className="map-card__pin">
            <Icon name="pin" size={26} />
          </span>
          <p className="map-card__place">{place}</p>
          {site.map ? (
            <button type="button" className="button button--primary" onClick={() => setShown(true)}>
              <Icon name="map" size={18} />
              <span>{t('property.map.show')}</span>
            </button>
          ) : null}
        </div>
      )}
      <p className="map-card__foot">
        <a className="text-link" href={osmLink(lat, lng)} target="_blank" rel="noopener">
          <span>{t('property.map.open')}</span>
          <Icon name="external" size={16} />
        </a>
      </p>
    </div>
  );
}
