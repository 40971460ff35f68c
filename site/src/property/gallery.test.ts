import { describe, expect, it } from 'vitest';
import { MAX_IMAGES, clampIndex, galleryImages, stepForKey } from './gallery';

describe('gallery rules', () => {
  it('shows at most 9 images, in their order, or the default image', () => {
    const images = Array.from({ length: 12 }, (_, i) => `/media/p-${i}.jpg`);
    const fallback = { src: '/d.jpg' };
    expect(galleryImages(images, [], fallback)).toEqual(images.slice(0, 9).map((src) => ({ src })));
    expect(MAX_IMAGES).toBe(9);
    expect(galleryImages(['/a.jpg'], [], fallback)).toEqual([{ src: '/a.jpg' }]);
    expect(galleryImages([], [], fallback)).toEqual([fallback]);
  });

  it('gives each image the picture the build recorded for it', () => {
    const known = { src: '/b.jpg', width: 1600, height: 1067, srcset: '/m/b-400.jpg 400w', webp: '/m/b-400.webp 400w' };
    expect(galleryImages(['/a.jpg', '/b.jpg'], [known], { src: '/d.jpg' })).toEqual([{ src: '/a.jpg' }, known]);
  });

  it('clamps the index to the first and last image', () => {
    expect(clampIndex(0, -1, 9)).toBe(0);
    expect(clampIndex(0, 1, 9)).toBe(1);
    expect(clampIndex(8, 1, 9)).toBe(8);
    expect(clampIndex(4, -1, 9)).toBe(3);
    expect(clampIndex(2, 100, 5)).toBe(4);
    expect(clampIndex(0, 1, 1)).toBe(0);
    expect(clampIndex(3, 1, 0)).toBe(0);
  });

  it('reads the arrow keys, mirrored right to left', () => {
    expect(stepForKey('ArrowLeft')).toBe(-1);
    expect(stepForKey('ArrowRight')).toBe(1);
    expect(stepForKey('ArrowUp')).toBe(0);
    expect(stepForKey('Enter')).toBe(0);
    expect(stepForKey('ArrowLeft', true)).toBe(1);
    expect(stepForKey('ArrowRight', true)).toBe(-1);
    expect(stepForKey('a', true)).toBe(0);
  });
});
