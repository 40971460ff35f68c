// The community on a map, when the listing gives coordinates. Nothing is fetched from the map
// service until the visitor asks for it (no third-party request on page load, and a page that
// works offline): a drawn placeholder with the place, a button that loads OpenStreetMap's
// embedded map (lazily), and a link to the full map.
import { useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../components/Icon';

/** The map's half-width around the point, in degrees: a few streets either way. */
const SPAN = 0.012;

export function osmEmbedUrl(lat: number, lng: number): string {
  const box = [lng - SPAN, lat - SPAN / 1.6, lng + SPAN, lat + SPAN / 1.6].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat.toFixed(5)},${lng.toFixed(5)}`;
}

export function osmLink(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lng.toFixed(5)}#map=15/${lat.toFixed(5)}/${lng.toFixed(5)}`;
}

export function MapCard({ lat, lng, place }: { lat: number; lng: number; place: string }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="map-card">
      {shown ? (
        <iframe
          className="map-card__frame"
          src={osmEmbedUrl(lat, lng)}
          title={t('property.map.title', { place })}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className="map-card__placeholder">
          <span className="map-card__pin">
            <Icon name="pin" size={26} />
          </span>
          <p className="map-card__place">{place}</p>
          <button type="button" className="button button--primary" onClick={() => setShown(true)}>
            <Icon name="map" size={18} />
            <span>{t('property.map.show')}</span>
          </button>
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
