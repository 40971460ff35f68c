// A results map that could not load (its code or its messages not fetched: offline, a new
// deploy) in its place: says so in the page's own messages (`mapView.failed` is in the listing
// pages' set), and its `map-failed` class lets the list show again on phones
// (listing-toolbar.css).
import { useT } from '../i18n';

export function MapFailed() {
  return (
    <p className="map-view map-view--status map-failed" role="status">
      {useT()('mapView.failed')}
    </p>
  );
}
