// A content image, rendered responsively from what the image stage recorded of it
// (generator/src/publish/images.rs): WebP variants with the JPEG ones as fallback, the intrinsic
// size as width/height (the box is reserved before the file arrives: no layout shift), the
// average colour behind it while it loads, and `loading="lazy"` unless it is the page's largest
// image, which gets `fetchpriority="high"` and a preload in the prerendered head instead, or one
// `fetching` asks for with the page (a listing page's first card).
import { createContext, use, type ImgHTMLAttributes } from 'react';
import type { Picture as PictureData } from '../types';

/**
 * How wide each kind of image is shown, for `sizes` (the browser picks the smallest variant that
 * fills it). They follow the layouts in styles/ (cards.css, property.css): the container is at most 78rem, card grids
 * have 1, 2 or 3 columns from 40em and 64em, the property page's main column is 1.75fr of 2.75fr.
 */
export const SIZES = {
  /** Full-bleed heroes and page headers. */
  hero: '100vw',
  /** Property, post and area cards in a card grid. */
  card: '(min-width: 64em) min(25rem, 31vw), (min-width: 40em) 47vw, calc(100vw - 2.5rem)',
  /** The property page's main photo, as wide as the container (at most 78rem less its padding). */
  gallery: '(min-width: 80em) 76rem, 100vw',
  /** A gallery thumbnail. */
  thumb: '9.5rem',
  /** Similar listings, three in the main column from 40em. */
  similar: '(min-width: 64em) 15rem, (min-width: 40em) 30vw, calc(100vw - 2.5rem)',
  /** The timeline's pictures. */
  feed: '(min-width: 40em) 11rem, 6.5rem',
  /** A post's cover, as wide as the article. */
  cover: '(min-width: 50em) 48rem, 100vw',
  /** Team portraits, two to four a row. */
  portrait: '(min-width: 64em) 18rem, (min-width: 40em) 45vw, calc(100vw - 2.5rem)',
  /** A developer's picture in its dialog. */
  dialog: '(min-width: 40em) 36rem, 100vw',
  /** An agent's face beside their name. */
  avatar: '4rem',
  /**
   * A listing's photo at the head of /compare's table, by how many listings (two to four): the
   * column less its 2rem of padding, 9rem on a phone (11rem columns under 640px; two listings
   * share the phone's width, each photo a square of its column's width, (100vw - 8.5rem) / 2,
   * cut from the 3:2 photo, which must then be 1.5 times as wide, never enlarged); wider, the
   * columns share the container's width less the labels' column, never under 13rem and, their
   * width following the titles, at most the widths here (measured 248, 341 and 429 px with two
   * at 768, 1024 and 1366 px; 208, 237 and 299 with three; 208 and 227 with four).
   */
  compare2: '(width < 40em) calc((100vw - 8.5rem) * 0.75), (width < 64em) 16rem, 27rem',
  compare3: '(width < 40em) 9rem, (width < 64em) 13rem, 19rem',
  compare4: '(width < 40em) 9rem, 15rem',
} as const;

export type PictureSizes = keyof typeof SIZES;

/** A preload of the page's largest image, for the prerendered head. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
  type?: string;
}

/** The prerender's collector of preloads (entry-server.tsx); unset in the browser. */
export const ImagePreloadContext = createContext<((preload: ImagePreload) => void) | null>(null);

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  picture: PictureData;
  alt: string;
  /** How wide it is shown (one of [SIZES]). */
  sizes: PictureSizes;
  /** The page's largest image: fetched first, not lazily, and preloaded. */
  priority?: boolean;
  /**
   * Without `priority`: fetched with the page, not lazily, but not preloaded: `high` first
   * (`fetchpriority="high"`), `eager` at the browser's own priority, `low` after what the page
   * fetches first (`fetchpriority="low"`: Chrome otherwise raises an image in the first screen to
   * high once laid out, beside the largest one). A preload in the head is fetched beside the
   * render-blocking stylesheet; an <img> is found by the browser's preload scanner right after it.
   */
  fetching?: 'high' | 'eager' | 'low';
  /** The box for an image the stage did not measure (an SVG, an outside address). */
  fallbackWidth: number;
  fallbackHeight: number;
};

export function Picture({ picture, sizes, priority = false, fetching, fallbackWidth, fallbackHeight, style, ...rest }: Props) {
  // Only the prerender collects preloads: the browser's bundle leaves this out. Read with `use`,
  // which a condition may skip (a hook may not).
  const collect = import.meta.env.SSR ? use(ImagePreloadContext) : null;
  const media = SIZES[sizes];
  const responsive = picture.srcset != null;
  const eager = priority || fetching != null;
  const high = priority || fetching === 'high';
  if (import.meta.env.SSR && priority && collect) {
    collect({
      href: picture.src,
      srcset: picture.webp ?? picture.srcset,
      sizes: responsive ? media : undefined,
      type: picture.webp ? 'image/webp' : undefined,
    });
  }
  const img = (
    <img
      {...rest}
      src={picture.src}
      srcSet={picture.srcset}
      sizes={responsive ? media : undefined}
      width={picture.width ?? fallbackWidth}
      height={picture.height ?? fallbackHeight}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={high ? 'high' : fetching === 'low' ? 'low' : undefined}
      style={picture.color ? { backgroundColor: picture.color, ...style } : style}
    />
  );
  if (!picture.webp) return img;
  return (
    <picture className="picture">
      <source type="image/webp" srcSet={picture.webp} sizes={media} />
      {img}
    </picture>
  );
}
