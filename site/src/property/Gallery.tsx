// The property gallery: the large image and the thumbnail strip. The index
// starts at 0; the left and right arrow keys move it, clamped to the first and last image;
// clicking a thumbnail selects it. The first image loads at once, everything else lazily.
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../components/Icon';
import { clampIndex, stepForKey } from './gallery';
import { Picture } from '../components/Picture';
import type { Picture as PictureData } from '../types';

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function Gallery({ images, title }: { images: PictureData[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const count = images.length;
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
        <Picture
          key={current.src}
          className="gallery__image"
          picture={current}
          sizes="gallery"
          alt={count > 1 ? t('property.photo', { title, n: index + 1, total: count }) : title}
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
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-pressed={i === index}
                  aria-label={t('property.thumbnail', { n: i + 1, total: count })}
                  onClick={() => setIndex(i)}
                >
                  <Picture picture={image} sizes="thumb" alt="" fallbackWidth={150} fallbackHeight={100} />
                </button>
              </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
