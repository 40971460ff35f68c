// MapLibre GL JS as the ready-made module its package ships, copied into the site's assets as it
// is and imported when a map is first shown. Not bundled: Rollup spent about 6 s of every client
// build (and the SSR build's) analysing its 1.1 MB of already minified code, for the same chunk.
// Its worker comes the same way: files of the site's own (script from 'self'), no blob (the CSP
// names none), nothing from a CDN.
import type * as MapLibre from 'maplibre-gl';
import libraryUrl from 'maplibre-gl/dist/maplibre-gl.mjs?url';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

export type { MapLibre };

/** The library, fetched (MapView asks once, when its module loads). */
export async function loadMapLibre(): Promise<typeof MapLibre> {
  const library = (await import(/* @vite-ignore */ libraryUrl)) as typeof MapLibre;
  library.setWorkerUrl(workerUrl);
  return library;
}
