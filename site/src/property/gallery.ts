// The pure rules of the property gallery: at most 9 images, the index
// starts at 0, and moving is clamped to the first and last image.

/** The most images the gallery shows (the API keeps the rest). */
export const MAX_IMAGES = 9;

import type { Picture } from '../types';

/**
 * The images the gallery shows: the first 9 of the list, or the default image when it is empty;
 * each as the picture the build recorded for it (`known`, the detail file's gallery), else by its
 * address alone (a listing published after the build).
 */
export function galleryImages(images: readonly string[], known: readonly Picture[], fallback: Picture): Picture[] {
  const bySrc = new Map(known.map((picture) => [picture.src, picture]));
  const pictures = images.slice(0, MAX_IMAGES).map((src) => bySrc.get(src) ?? { src });
  return pictures.length > 0 ? pictures : [fallback];
}

/** `index` moved by `step`, kept within 0 and `count - 1`. */
export function clampIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index + step));
}

/**
 * The gallery's step for a key, or 0: ArrowLeft goes back, ArrowRight forward. Right to left
 * (Arabic), the strip runs the other way, and so do the arrows.
 */
export function stepForKey(key: string, rtl = false): number {
  const step = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  return rtl && step !== 0 ? -step : step;
}
