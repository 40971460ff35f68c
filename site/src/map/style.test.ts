// The map's style: the basemap named by the site's settings, read through the pmtiles protocol
// at an absolute address (the worker fetches it), drawn from the Protomaps basemap's layers.
import { describe, expect, test } from 'vitest';
import { basemapStyle, creditOf, tilesSource } from './style';
import { localize } from '../i18n/content';
import type { MapSettings } from '../types';

describe('the basemap style', () => {
  test("a path on the site becomes the site's absolute address; an https address stays", () => {
    expect(tilesSource('/media/map/dubai.pmtiles', 'https://www.palmcrest.ae/ar/buy-property?view=map')).toBe(
      'pmtiles://https://www.palmcrest.ae/media/map/dubai.pmtiles',
    );
    expect(tilesSource('https://tiles.example/dubai.pmtiles', 'https://www.palmcrest.ae/')).toBe('pmtiles://https://tiles.example/dubai.pmtiles');
  });

  test("one vector source with the settings' credit; every layer draws a Protomaps layer of it, no text", () => {
    const style = basemapStyle('/media/map/sample-dubai.pmtiles', 'Sample basemap', 'http://127.0.0.1:8080/');
    expect(style.sources).toEqual({
      basemap: { type: 'vector', url: 'pmtiles://http://127.0.0.1:8080/media/map/sample-dubai.pmtiles', attribution: 'Sample basemap' },
    });
    const drawn = style.layers.filter((layer) => layer.type !== 'background');
    expect(new Set(drawn.map((layer) => 'source-layer' in layer && layer['source-layer']))).toEqual(new Set(['earth', 'water', 'landuse', 'roads']));
    // Names are HTML over the map (MapView), shaped by the browser: no glyphs to host.
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.glyphs).toBeUndefined();
  });

  test("the credit in the page's language where the settings give it, else the English one marked lang=en", () => {
    const settings: MapSettings = {
      attribution: 'Sample basemap',
      tiles: '/media/map/sample-dubai.pmtiles',
      translations: { ar: { attribution: 'خريطة نموذجية' }, ru: null },
    };
    expect(creditOf(localize(settings, 'en', ['attribution']))).toBe('Sample basemap');
    expect(creditOf(localize(settings, 'ar', ['attribution']))).toBe('خريطة نموذجية');
    expect(creditOf(localize(settings, 'ru', ['attribution']))).toBe('<span lang="en">Sample basemap</span>');
  });
});
