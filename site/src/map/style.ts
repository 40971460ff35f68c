// The basemap's style: how the map draws the PMTiles archive the site's settings name. The layers
// are the Protomaps basemap's (`earth`, `water`, `landuse`, `roads`, with their `kind`s), so the
// sample drawn by tools/make_sample_basemap.py and a real Protomaps extract of Dubai look alike.
// No text layers: place names and prices are HTML over the map (MapView), which the browser
// shapes in every language (Arabic right to left) with the site's own font, so the map needs no
// glyph files and no right-to-left plugin.
import type { StyleSpecification } from 'maplibre-gl';
import type { Localized } from '../i18n/content';
import type { MapSettings } from '../types';

/** The source's name, and the URL scheme the pmtiles protocol answers. */
export const SOURCE = 'basemap';
export const PROTOCOL = 'pmtiles';

const COLOURS = {
  sea: '#b9d3de',
  earth: '#f4efe6',
  park: '#dfe8cf',
  community: '#ece3d2',
  communityLine: '#d8c7a6',
  aerodrome: '#e6e3df',
  highway: '#f2c879',
  highwayCase: '#d9a84e',
  major: '#ffffff',
  majorCase: '#dcd3c3',
  minor: '#ffffff',
};

/**
 * The map's credit as MapLibre shows it (HTML, as the content writes it), in the page's language
 * where site.yaml's `map.ar` / `map.ru` gives it: one left in English on an Arabic or Russian page
 * is marked so, as every English text on those pages is.
 */
export function creditOf(settings: Localized<MapSettings>): string {
  return settings.untranslated?.includes('attribution') ? `<span lang="en">${settings.attribution}</span>` : settings.attribution;
}

/** The archive's address for the protocol: absolute, so the worker can fetch it. */
export function tilesSource(tiles: string, base: string): string {
  return `${PROTOCOL}://${new URL(tiles, base).href}`;
}

export function basemapStyle(tiles: string, attribution: string, base: string): StyleSpecification {
  const roads = (kind: string, width: number[], colour: string, id: string) => ({
    id,
    type: 'line' as const,
    source: SOURCE,
    'source-layer': 'roads',
    filter: ['==', ['get', 'kind'], kind] as ['==', ['get', string], string],
    layout: { 'line-cap': 'round' as const, 'line-join': 'round' as const },
    paint: { 'line-color': colour, 'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], ...width] as never },
  });
  return {
    version: 8,
    sources: {
      [SOURCE]: { type: 'vector', url: tilesSource(tiles, base), attribution },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': COLOURS.sea } },
      { id: 'earth', type: 'fill', source: SOURCE, 'source-layer': 'earth', paint: { 'fill-color': COLOURS.earth } },
      {
        id: 'parks',
        type: 'fill',
        source: SOURCE,
        'source-layer': 'landuse',
        filter: ['in', ['get', 'kind'], ['literal', ['park', 'nature_reserve', 'golf_course', 'garden']]],
        paint: { 'fill-color': COLOURS.park },
      },
      {
        id: 'aerodromes',
        type: 'fill',
        source: SOURCE,
        'source-layer': 'landuse',
        filter: ['==', ['get', 'kind'], 'aerodrome'],
        paint: { 'fill-color': COLOURS.aerodrome },
      },
      {
        id: 'communities',
        type: 'fill',
        source: SOURCE,
        'source-layer': 'landuse',
        filter: ['==', ['get', 'kind'], 'residential'],
        paint: { 'fill-color': COLOURS.community, 'fill-outline-color': COLOURS.communityLine },
      },
      { id: 'water', type: 'fill', source: SOURCE, 'source-layer': 'water', paint: { 'fill-color': COLOURS.sea } },
      roads('minor_road', [12, 0.5, 18, 8], COLOURS.minor, 'roads-minor'),
      roads('major_road', [8, 1.2, 18, 16], COLOURS.majorCase, 'roads-major-case'),
      roads('major_road', [8, 0.6, 18, 13], COLOURS.major, 'roads-major'),
      roads('highway', [6, 1.6, 18, 22], COLOURS.highwayCase, 'roads-highway-case'),
      roads('highway', [6, 0.9, 18, 18], COLOURS.highway, 'roads-highway'),
    ],
  };
}
