// The property gallery: the large image and the thumbnail strip. The index
// starts at 0; the left and right arrow keys move it, clamped to the first and last image;
// clicking a thumbnail selects it. The first image loads at once, everything else lazily.
// A tap or click on the large image (or 'Floor plan') opens every photo and floor plan full
// screen (Lightbox.tsx: its code, styles and messages load on that first tap, or as the pointer
// or focus reaches the image); closing it puts focus back on what opened it.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { loadMessages, useT } from '../i18n';
import { useLang } from '../shell';
import { Icon } from '../components/Icon';
import { clampIndex, stepForKey } from './gallery';
import { Picture } from '../components/Picture';
import type { Picture as PictureData } from '../types';
import type { ViewerMore } from './Lightbox';

/** The full-screen viewer's pictures beyond the gallery's, and the listing's video tour. */
export type GalleryMore = ViewerMore & { videoTour?: string };

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function Gallery({ images, title, more }: { images: PictureData[]; title: string; more?: GalleryMore }) {
  const t = useT();
  const lang = useLang();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const load = () => Promise.all([import('./Lightbox'), loadMessages(lang, 'Viewer')]);
  const plans = more?.plans?.length;
  // The viewer while it is open (Lightbox.tsx makes it).
  const [view, setView] = useState<ReactNode>(null);
  const open = (start: number, from: HTMLElement) =>
    void load().then(([module]) =>
      setView(
        module.viewer({
          gallery: images,
          more,
          title,
          start,
          t,
          from,
          onClose: (at) => {
            setView(null);
            if (at < count) setIndex(at);
          },
        }),
      ),
    );
  const alt = count > 1 ? t('property.photo', { title, n: index + 1, total: count }) : title;
  const move = useCallback((step: number) => setIndex((current) => clampIndex(current, step, count)), [count]);

  // The arrow keys work anywhere on the page, except while typing or in an open dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const step = stepForKey(event.key, document.documentElement.dir === 'rtl');
      if (step !== 0) {
        event.preventDefault();
        move(step);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const current = images[index] ?? images[0] ?? { src: '' };
  return (
    <div className="gallery" role="region" aria-roledescription={t('property.gallery.role')} aria-label={t('property.gallery')}>
      <div className="gallery__stage">
        <button
          type="button"
          className="gallery__open"
          aria-haspopup="dialog"
          aria-label={alt}
          onClick={(event) => open(index, event.currentTarget)}
          onPointerEnter={load}
        />
        <Picture
          key={current.src}
          className="gallery__image"
          picture={current}
          sizes="gallery"
          alt={alt}
          fallbackWidth={1200}
          fallbackHeight={800}
          priority={index === 0}
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label={t('property.previous')}
              disabled={index === 0}
              onClick={() => move(-1)}
            >
              <Icon name="arrowLeft" size={22} className="flip-rtl" />
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label={t('property.next')}
              disabled={index === count - 1}
              onClick={() => move(1)}
            >
              <Icon name="arrowRight" size={22} className="flip-rtl" />
            </button>
          </>
        ) : null}
        <p className="gallery__counter" aria-live="polite">
          <Icon name="camera" size={16} />
          <span>{t('property.counter', { n: index + 1, total: count })}</span>
        </p>
      </div>
      {count > 1 ? (
        <ul className="gallery__thumbs" aria-label={t('property.thumbnails')}>
          {images.map((image, i) => (
              <li key={`${image.src}-${i}`}>
                {/* A link to the photo: before the page's script has come (or without it) a tap
                    opens the photo itself; then it shows it here. */}
                <a
                  href={image.src}
                  className="gallery__thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={t('property.thumbnail', { n: i + 1, total: count })}
                  onClick={(event) => {
                    // A new tab or window asked for (a modifier key, the middle button) is the browser's.
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                    event.preventDefault();
                    setIndex(i);
                  }}
                >
                  <Picture picture={image} sizes="thumb" alt="" fallbackWidth={150} fallbackHeight={100} />
                </a>
              </li>
          ))}
        </ul>
      ) : null}
      {plans || more?.videoTour ? (
        <p className="gallery__more">
          {plans ? (
            <button type="button" className="gallery__extra" onClick={(event) => open(more!.images.length || count, event.currentTarget)}>
              <Icon name="document" size={18} />
              {t('property.floorPlan')}
            </button>
          ) : null}
          {more?.videoTour ? (
            <a className="gallery__extra" href={more.videoTour} target="_blank" rel="noopener noreferrer">
              <Icon name="youtube" size={18} />
              {t('property.videoTour')}
            </a>
          ) : null}
        </p>
      ) : null}
      {view}
    </div>
  );
}
