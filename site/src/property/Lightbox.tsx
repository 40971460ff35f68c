// The property's photos and floor plans full screen: a modal <dialog> (the page behind it is
// inert, Tab and Shift+Tab go round its own buttons, Escape closes it and the gallery puts focus
// back where it was). A finger swipes to the next or previous picture, two fingers pinch to
// zoom, a double tap (or double click) enlarges about the point tapped and again returns to the
// whole picture; the arrow keys turn pictures, + and - zoom. Right to left (Arabic) the pictures
// run the other way, and so do the swipe and the arrows. Each picture is asked for at the width
// the screen shows it (`sizes` from viewer.ts), from the image stage's variants.
// Loaded on the gallery's first tap (Gallery.tsx), with its styles and messages.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Translate } from '../i18n';
import { Icon } from '../components/Icon';
import type { Picture } from '../types';
import { clampIndex, stepForKey } from './gallery';
import { DOUBLE_TAP_SCALE, MAX_SCALE, NO_ZOOM, clampZoom, swipeStep, viewerSizes, viewerSlides, zoomAbout, type Zoom } from './viewer';
import './lightbox.css';

/** The listing's pictures beyond the gallery's (the page's detail file): every photo, the plans. */
export interface ViewerMore {
  /** Every photo address of the listing, in order. */
  images: readonly string[];
  /** What the build recorded of the photos (sizes, variants). */
  known: readonly Picture[];
  /** The floor plans, after the photos. */
  plans?: readonly Picture[];
}

export interface LightboxProps {
  /** The gallery's pictures (at least the default image). */
  gallery: readonly Picture[];
  more?: ViewerMore;
  title: string;
  /** The picture shown first. */
  start: number;
  /** The page's words (with the viewer's messages loaded). */
  t: Translate;
  /** The picture shown when the viewer closes (the gallery follows it). */
  onClose: (index: number) => void;
}

/** What the fingers on the picture are doing. */
type Gesture =
  | { kind: 'swipe'; x: number; y: number; moved: boolean }
  | { kind: 'pan'; x: number; y: number; from: Zoom; moved: boolean }
  | { kind: 'pinch'; distance: number; from: Zoom };

/** Two taps this close in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_PX = 30;

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')];
}

export function Lightbox({ gallery, more, title, start, t, onClose }: LightboxProps) {
  // Right to left (Arabic), as the page is.
  const rtl = document.documentElement.dir === 'rtl';
  const images = more?.images.length ? more.images : gallery.map((picture) => picture.src);
  const slides = viewerSlides(images, more?.known ?? gallery, more?.plans ?? [], gallery[0] ?? { src: '' });
  const count = slides.length;
  const photos = slides.filter((slide) => !slide.plan).length;
  const [index, setIndex] = useState(() => clampIndex(start, 0, count));
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const [drag, setDrag] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null);
  const indexRef = useRef(index);
  indexRef.current = index;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The page under the viewer does not scroll with it.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  const go = useCallback(
    (step: number) => {
      setIndex((current) => clampIndex(current, step, count));
      setZoom(NO_ZOOM);
      setDrag(0);
    },
    [count],
  );

  /** The size of the picture on screen (unscaled), for the zoom's bounds. */
  const box = () => {
    const img = stage.current?.querySelector<HTMLImageElement>('.viewer__slide--current img');
    const rect = img?.getBoundingClientRect();
    const scale = zoom.scale || 1;
    return { width: (rect?.width ?? 0) / scale, height: (rect?.height ?? 0) / scale };
  };

  /** The point (x, y) relative to the unzoomed picture's centre. */
  const fromCentre = (x: number, y: number) => {
    const rect = stage.current?.getBoundingClientRect();
    return { px: x - (rect ? rect.left + rect.width / 2 : 0), py: y - (rect ? rect.top + rect.height / 2 : 0) };
  };

  const toggleZoomAt = (x: number, y: number) => {
    if (zoom.scale > 1) return setZoom(NO_ZOOM);
    const { width, height } = box();
    const { px, py } = fromCentre(x, y);
    setZoom(zoomAbout(DOUBLE_TAP_SCALE, px, py, width, height));
  };

  const zoomBy = (factor: number) => {
    const { width, height } = box();
    setZoom((current) => {
      const scale = Math.min(MAX_SCALE, Math.max(1, current.scale * factor));
      const ratio = scale / current.scale;
      return clampZoom({ scale, x: current.x * ratio, y: current.y * ratio }, width, height);
    });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    if (points.length === 2) {
      const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
      gesture.current = { kind: 'pinch', distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, from: zoom };
      setDrag(0);
    } else if (points.length === 1) {
      gesture.current =
        zoom.scale > 1
          ? { kind: 'pan', x: event.clientX, y: event.clientY, from: zoom, moved: false }
          : { kind: 'swipe', x: event.clientX, y: event.clientY, moved: false };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const now = gesture.current;
    if (!now) return;
    if (now.kind === 'pinch') {
      const points = [...pointers.current.values()];
      if (points.length < 2) return;
      const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
      const { width, height } = box();
      const scale = (now.from.scale * Math.hypot(a.x - b.x, a.y - b.y)) / now.distance;
      const ratio = Math.max(1, Math.min(MAX_SCALE, scale)) / now.from.scale;
      setZoom(clampZoom({ scale, x: now.from.x * ratio, y: now.from.y * ratio }, width, height));
    } else if (now.kind === 'pan') {
      const dx = event.clientX - now.x;
      const dy = event.clientY - now.y;
      if (Math.abs(dx) + Math.abs(dy) > 6) now.moved = true;
      const { width, height } = box();
      setZoom(clampZoom({ ...now.from, x: now.from.x + dx, y: now.from.y + dy }, width, height));
    } else {
      const dx = event.clientX - now.x;
      if (Math.abs(dx) > 6) now.moved = true;
      // At the first and last picture the strip gives a little, and no more.
      const step = swipeStep(dx, rtl) || (dx < 0 ? (rtl ? -1 : 1) : rtl ? 1 : -1);
      const blocked = clampIndex(indexRef.current, step, count) === indexRef.current;
      setDrag(blocked ? dx / 4 : dx);
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const now = gesture.current;
    if (now?.kind === 'pinch') {
      // One finger left after a pinch: it starts nothing until it is lifted too.
      gesture.current = null;
      if (zoom.scale < 1.05) setZoom(NO_ZOOM);
      return;
    }
    gesture.current = null;
    if (now?.kind === 'swipe') {
      const dx = event.clientX - now.x;
      setDrag(0);
      const step = event.type === 'pointercancel' ? 0 : swipeStep(dx, rtl);
      if (step !== 0) {
        go(step);
        lastTap.current = null;
        return;
      }
    }
    if (now && !now.moved && event.type !== 'pointercancel') {
      const tap = { time: event.timeStamp, x: event.clientX, y: event.clientY };
      const last = lastTap.current;
      if (last && tap.time - last.time < DOUBLE_TAP_MS && Math.hypot(tap.x - last.x, tap.y - last.y) < DOUBLE_TAP_PX) {
        lastTap.current = null;
        toggleZoomAt(tap.x, tap.y);
      } else {
        lastTap.current = tap;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') {
      const list = focusables(event.currentTarget);
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      if (!first || !last) return event.preventDefault();
      if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    if (event.shiftKey) return;
    const step = stepForKey(event.key, rtl);
    if (step !== 0) {
      event.preventDefault();
      go(step);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      go(event.key === 'Home' ? -count : count);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(1.5);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomBy(1 / 1.5);
    }
  };

  // Escape (the dialog's own cancel) and the close button both end here.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const closed = () => onClose(indexRef.current);
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, [onClose]);

  const current = slides[index] ?? slides[0]!;
  const label = (i: number) => {
    const slide = slides[i]!;
    return slide.plan
      ? t('viewer.plan', { title, n: i - photos + 1, total: count - photos })
      : t('viewer.photo', { title, n: i + 1, total: photos });
  };
  // The current picture and its neighbours, placed either side (mirrored right to left).
  const shown = [index - 1, index, index + 1].filter((i) => i >= 0 && i < count);
  const side = rtl ? -1 : 1;
  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label={t('viewer.label', { title })}
      aria-roledescription={t('viewer.role')}
      onKeyDown={onKeyDown}
    >
      <div className="viewer__bar">
        <p className="viewer__count" aria-live="polite">
          <span className="visually-hidden">{label(index)} </span>
          <span aria-hidden="true">{t('viewer.counter', { n: index + 1, total: count })}</span>
        </p>
        {current.plan ? <p className="viewer__kind">{t('viewer.planTag')}</p> : null}
        <button type="button" className="viewer__button viewer__close" aria-label={t('viewer.close')} onClick={() => dialog.current?.close()}>
          <Icon name="close" size={24} />
        </button>
      </div>
      <div
        ref={stage}
        className="viewer__stage"
        data-zoomed={zoom.scale > 1 ? 'true' : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div className="viewer__track" style={{ transform: `translateX(${drag}px)` }} data-dragging={drag !== 0 ? 'true' : undefined}>
          {shown.map((i) => {
            const slide = slides[i]!;
            const here = i === index;
            const picture = slide.picture;
            const sizes = viewerSizes(picture, here ? zoom.scale : 1);
            const img = (
              <img
                src={picture.src}
                srcSet={picture.srcset}
                sizes={picture.srcset ? sizes : undefined}
                width={picture.width ?? 1600}
                height={picture.height ?? 1067}
                alt={here ? label(i) : ''}
                draggable={false}
                decoding="async"
                style={{
                  backgroundColor: picture.color,
                  transform: here && zoom.scale > 1 ? `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` : undefined,
                }}
              />
            );
            return (
              <div
                key={`${picture.src}-${i}`}
                className={`viewer__slide${here ? ' viewer__slide--current' : ''}${slide.plan ? ' viewer__slide--plan' : ''}`}
                style={{ transform: `translateX(${(i - index) * side * 100}%)` }}
                aria-hidden={here ? undefined : true}
              >
                {picture.webp ? (
                  <picture>
                    <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
                    {img}
                  </picture>
                ) : (
                  img
                )}
              </div>
            );
          })}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="viewer__button viewer__nav viewer__nav--prev"
              aria-label={t('viewer.previous')}
              disabled={index === 0}
              onClick={() => go(-1)}
            >
              <Icon name="arrowLeft" size={26} className="flip-rtl" />
            </button>
            <button
              type="button"
              className="viewer__button viewer__nav viewer__nav--next"
              aria-label={t('viewer.next')}
              disabled={index === count - 1}
              onClick={() => go(1)}
            >
              <Icon name="arrowRight" size={26} className="flip-rtl" />
            </button>
          </>
        ) : null}
      </div>
      {/* A phone has no arrow keys nor Esc: its hint names what a finger does. */}
      <p className="viewer__hint">{t(touchOnly() ? 'viewer.hintTouch' : 'viewer.hint')}</p>
    </dialog>
  );
}

/**
 * The viewer as the gallery shows it (in the gallery's tree, its code loaded on the first tap):
 * on closing, `onClose` is told the picture it was at (and removes it), and focus goes back to
 * `from`, what opened it.
 */
export function viewer({ from, onClose, ...props }: LightboxProps & { from: HTMLElement }) {
  const close = (index: number) => {
    onClose(index);
    from.focus();
  };
  return <Lightbox {...props} onClose={close} />;
}

/** Whether the visitor's only pointer is a finger (a phone, a tablet without a keyboard or mouse). */
function touchOnly(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches;
}
