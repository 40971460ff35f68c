// Markup that the browser never changes once drawn (an area guide's market figures: a chart as an
// SVG and tables, a few hundred elements and no event handler), kept out of hydration. The
// prerender writes the children (a function, called only when they are rendered); hydration adopts the element with what the prerender wrote inside
// it as it is, without rendering or walking the children (an element whose content is given as
// HTML is not diffed by React while hydrating, and an unchanged value is never
// written again). A page the app draws itself (reached by its own navigation, no prerendered
// markup under it) renders the children as any component does. `enhance` then runs on the element
// in either case, for what the markup needs of the browser (a scrolling table's edges). An adopted
// element keeps the prerender's markup while it is mounted: give it a key that changes with what
// it shows.
import { createElement, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../shell';

/**
 * What the adopted element says its content is: one object for every render, so nothing is ever
 * written into the element (React writes only a changed value).
 */
const ADOPTED = { __html: '' };

type Props = {
  as?: 'div' | 'section';
  className?: string;
  'aria-labelledby'?: string;
  /** Run on the element once it is in the page (both when adopted and when rendered); returns its clean-up. */
  enhance?: (element: HTMLElement) => () => void;
  /** The content, called only when rendered: an adopted element computes none of it (no number or month formatted). */
  children: () => ReactNode;
};

export function Static({ as = 'div', enhance, children, ...attributes }: Props) {
  const hydrated = useHydrated();
  // Decided once, at the first render: during hydration (false then) the prerender's markup is
  // there to adopt; rendered later, it is not.
  const [adopted] = useState(() => !import.meta.env.SSR && !hydrated);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current && enhance ? enhance(ref.current) : undefined), [enhance]);
  return adopted
    ? createElement(as, { ...attributes, ref, dangerouslySetInnerHTML: ADOPTED, suppressHydrationWarning: true })
    : createElement(as, { ...attributes, ref }, children());
}
