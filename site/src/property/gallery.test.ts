import { describe, expect, it } from 'vitest';
import { MAX_IMAGES, clampIndex, galleryImages, stepForKey } from './gallery';

describe('gallery rules', () => {
  it('shows at most 9 images, in their order, or the default image', () => {
    const images = Array.from({ length: 12 }, (_, i) => `/media/p-${i}.jpg`);
    expect(galleryImages(images, '/media/default.jpg')).toEqual(images.slice(0, 9));
    expect(MAX_IMAGES).toBe(9);
    expect(galleryImages(['/a.jpg'], '/d.jpg')).toEqual(['/a.jpg']);
    expect(galleryImages([], '/d.jpg')).toEqual(['/d.jpg']);
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
