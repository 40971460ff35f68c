// The pure rules of the full-screen viewer (Lightbox.tsx, loaded on the first tap of the
// gallery, so none of this is in a property page's first view): its pictures, the swipe, the
// zoom's bounds and the image size asked for.
import type { Picture } from '../types';

/** A picture of the full-screen viewer: a photo, or a floor plan after the photos. */
export interface Slide {
  picture: Picture;
  plan: boolean;
}

/**
 * The full-screen viewer's pictures: every photo of the listing (not only the gallery's first
 * 9), then its floor plans, each as the build recorded it when it did.
 */
export function viewerSlides(images: readonly string[], known: readonly Picture[], plans: readonly Picture[], fallback: Picture): Slide[] {
  const bySrc = new Map(known.map((picture) => [picture.src, picture]));
  const photos = images.map((src) => ({ picture: bySrc.get(src) ?? { src }, plan: false }));
  const slides = [...photos, ...plans.map((picture) => ({ picture, plan: true }))];
  return slides.length > 0 ? slides : [{ picture: fallback, plan: false }];
}

/** How far (px) a finger must travel across the viewer to turn the picture. */
export const SWIPE_DISTANCE = 50;

/**
 * The step a horizontal swipe of `dx` pixels makes: a finger moving left brings the next
 * picture, as the page turns, and right to left (Arabic) the other way; 0 under [SWIPE_DISTANCE].
 */
export function swipeStep(dx: number, rtl = false): number {
  if (Math.abs(dx) < SWIPE_DISTANCE) return 0;
  const step = dx < 0 ? 1 : -1;
  return rtl ? -step : step;
}

/** The most and least a picture is enlarged. */
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2.5;

export interface Zoom {
  scale: number;
  /** The picture's shift from the centre, in px, after scaling. */
  x: number;
  y: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

/**
 * `zoom` kept within bounds for a picture of `width` x `height` px: a scale of 1 to
 * [MAX_SCALE], and a shift that never shows past the picture's edges.
 */
export function clampZoom(zoom: Zoom, width: number, height: number): Zoom {
  const scale = Math.min(MAX_SCALE, Math.max(1, zoom.scale));
  const maxX = ((scale - 1) * width) / 2;
  const maxY = ((scale - 1) * height) / 2;
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return { scale, x: clamp(zoom.x, maxX), y: clamp(zoom.y, maxY) };
}

/**
 * The zoom that enlarges an unzoomed picture `scale` times about the point (px, py), given
 * relative to the picture's centre, so that point stays under the finger.
 */
export function zoomAbout(scale: number, px: number, py: number, width: number, height: number): Zoom {
  return clampZoom({ scale, x: px * (1 - scale), y: py * (1 - scale) }, width, height);
}

/**
 * The `sizes` of a picture shown whole in the viewport (as wide as the screen, or as tall as
 * it less the viewer's bars, whichever is less), `scale` times that when enlarged, so the
 * browser picks the image stage's width that fills it.
 */
export function viewerSizes(picture: Picture, scale = 1): string {
  const ratio = picture.width && picture.height ? picture.width / picture.height : 1.5;
  const factor = Math.max(1, Math.ceil(scale));
  return `min(${100 * factor}vw, calc(${(ratio * 100 * factor).toFixed(1)}vh - ${(ratio * 7 * factor).toFixed(1)}rem))`;
}
