// The property page's map (pages/PropertyDetail.tsx): its heading and the map card.
import { useT } from '../i18n';
import { MapCard } from './MapCard';
import type { Detail } from './loader';
import { PropertySection } from './parts';

/** The map of the listing's coordinates, when it has them; `place`: its location in words. */
export function MapSection({ property, place }: { property: Detail; place: string }) {
  const t = useT();
  if (!property.coordinates) return null;
  return (
    <PropertySection name="map" title={t('property.map')}>
      <MapCard lat={property.coordinates.lat} lng={property.coordinates.lng} place={place} />
    </PropertySection>
  );
}
