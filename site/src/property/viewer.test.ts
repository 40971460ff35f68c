import { describe, expect, it } from 'vitest';
import { NO_ZOOM, clampZoom, swipeStep, viewerSizes, viewerSlides, zoomAbout } from './viewer';

describe('the full-screen viewer', () => {
  it('shows every photo, then the floor plans', () => {
    const images = Array.from({ length: 11 }, (_, i) => `/media/p-${i}.jpg`);
    const known = [{ src: '/media/p-2.jpg', width: 1600, height: 1000 }];
    const plan = { src: '/media/plan.png', width: 1600, height: 1100 };
    const slides = viewerSlides(images, known, [plan], { src: '/d.jpg' });
    expect(slides).toHaveLength(12);
    expect(slides[2]).toEqual({ picture: known[0], plan: false });
    expect(slides[11]).toEqual({ picture: plan, plan: true });
    expect(viewerSlides([], [], [], { src: '/d.jpg' })).toEqual([{ picture: { src: '/d.jpg' }, plan: false }]);
  });

  it('turns the picture on a swipe past 50 px, mirrored right to left', () => {
    expect(swipeStep(-120)).toBe(1);
    expect(swipeStep(120)).toBe(-1);
    expect(swipeStep(-30)).toBe(0);
    expect(swipeStep(-120, true)).toBe(-1);
    expect(swipeStep(120, true)).toBe(1);
  });

  it('keeps the zoom within the picture', () => {
    expect(clampZoom({ scale: 0.5, x: 40, y: 0 }, 400, 300)).toEqual(NO_ZOOM);
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, 400, 300).scale).toBe(4);
    // At 2x a 400 px wide picture may move 200 px each way, no further.
    expect(clampZoom({ scale: 2, x: 500, y: -500 }, 400, 300)).toEqual({ scale: 2, x: 200, y: -150 });
    // Enlarging about a point keeps it where it was: 100 px right of the centre stays there.
    const zoom = zoomAbout(2, 100, 0, 400, 300);
    expect(100 * zoom.scale + zoom.x).toBe(100);
  });

  it('asks for an image as large as the screen shows it', () => {
    expect(viewerSizes({ src: '/a.jpg', width: 1600, height: 1000 })).toBe('min(100vw, calc(160.0vh - 11.2rem))');
    expect(viewerSizes({ src: '/a.jpg', width: 1600, height: 1000 }, 2.5)).toBe('min(300vw, calc(480.0vh - 33.6rem))');
  });
});
