// The property page's map (pages/PropertyDetail.tsx): its heading and the map card.
import { useT } from '../i18n';
import { MapCard } from './MapCard';
import type { Detail } from './loader';

/** The map of the listing's coordinates, when it has them; `place`: its location in words. */
export function MapSection({ property, place }: { property: Detail; place: string }) {
  const t = useT();
  if (!property.coordinates) return null;
  return (
    <section className="property__section" aria-labelledby="property-map">
      <h2 id="property-map" className="property__heading">
        {t('property.map')}
      </h2>
      <MapCard lat={property.coordinates.lat} lng={property.coordinates.lng} place={place} />
    </section>
  );
}
