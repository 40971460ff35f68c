// Page title and description. The prerender collects them into <head>; in the browser they
// update document.title and the description tag after navigation. Renders nothing, so the
// hydrated markup is identical on both sides.
import { createContext, useContext, useEffect } from 'react';

export interface Meta {
  title: string;
  description: string;
  /**
   * Pages that are shared and indexed one by one (a property) also give their canonical URL and
   * an image: the prerender then writes the canonical link, Open Graph and Twitter card tags.
   */
  canonical?: string;
  image?: string;
  siteName?: string;
  /** JSON-LD, already escaped for a script element; written by the prerender only. */
  jsonLd?: string;
  /** `<meta name="robots" content="noindex, nofollow">`: the editors' pages. */
  noindex?: boolean;
  /**
   * The id of an empty element that ends the page's first screen, where that screen's content
   * sits at the foot of a box taller than it (home's hero): the browser draws nothing until the
   * element is in the page (`<link rel="expect" blocking="render">`, written by the prerender;
   * Chromium waits for the element's start tag, so the element is empty and comes last). Drawn
   * while its HTML was still arriving, the part that had come sat at the box's foot and moved up
   * as the rest came (a layout shift of 0.27 on a phone whose network brought the page in two
   * parts). Without it, a page with the site's header waits for the header's end (`HEADER_END`).
   */
  firstScreen?: string;
}

/**
 * The id of the empty element that ends the site's header: every page that has it is drawn once
 * its header is whole (a header drawn in part had its icons move as the rest of its row came).
 */
export const HEADER_END = 'site-header-end';

export const MetaContext = createContext<(meta: Meta) => void>(() => {});

export function PageMeta(meta: Meta): null {
  const { title, description, canonical, noindex = false } = meta;
  const collect = useContext(MetaContext);
  if (typeof window === 'undefined') collect(meta);
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    // The canonical, hreflang and social tags the prerender wrote describe the page first
    // loaded (its path is on the canonical link); once the visitor has moved to another page
    // they go rather than point at the wrong one.
    const written = document.querySelector<HTMLElement>('link[rel="canonical"][data-page-meta]');
    const path = window.location.pathname.replace(/(.)\/+$/, '$1');
    if (written && written.dataset.path !== path) {
      document.querySelectorAll('[data-page-meta]').forEach((element) => element.remove());
    }
  }, [title, description, canonical]);
  // The editors' pages keep search engines out; the pages visited after them in the browser do not.
  useEffect(() => {
    const tag = document.querySelector('meta[name="robots"][data-noindex]');
    if (noindex && !tag) {
      const added = document.createElement('meta');
      added.setAttribute('name', 'robots');
      added.setAttribute('content', 'noindex, nofollow');
      added.setAttribute('data-noindex', '');
      document.head.append(added);
    } else if (!noindex && tag) {
      tag.remove();
    }
  }, [noindex]);
  return null;
}
