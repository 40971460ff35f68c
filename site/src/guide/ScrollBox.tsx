// A table's box that scrolls sideways when the table is wider than its room (an area guide's
// figures on a phone). Once hydrated it measures itself (a ResizeObserver: the width changes,
// and a closed <details> opens from nothing) and, only while it overflows,
// - takes the focus (tabIndex 0), so a keyboard can scroll it (axe: scrollable-region-focusable);
//   a box that fits is no tab stop of its own;
// - says on which sides more of the table lies (`data-more`: 'start', 'end' or both), which the
//   stylesheet draws as a shade at that edge (styles/areas.css), on the right in English and on
//   the left in Arabic, where the table starts from the right.
// The prerender and the first client render have neither (they cannot know the width), so
// hydration matches.
import { useEffect, useRef, useState, type ReactNode } from 'react';

type Overflow = { scrolls: boolean; start: boolean; end: boolean };

const FITS: Overflow = { scrolls: false, start: false, end: false };

/** Which sides of `box` have more content beyond its edges; the same in either direction. */
function measure(box: HTMLElement): Overflow {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return FITS;
  // scrollLeft runs from 0 at the start to the hidden width, negative in a right-to-left box.
  const scrolled = Math.abs(box.scrollLeft);
  return { scrolls: true, start: scrolled > 1, end: scrolled < hidden - 1 };
}

export function ScrollBox({ labelledBy, className, children }: { labelledBy: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(FITS);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const next = measure(box);
      setOverflow((now) => (now.scrolls === next.scrolls && now.start === next.start && now.end === next.end ? now : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    // The table's own size too: it is what grows when a font arrives.
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, []);
  const more = [overflow.start ? 'start' : '', overflow.end ? 'end' : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `guide-table-scroll ${className}` : 'guide-table-scroll'} data-more={more || undefined}>
      <div ref={ref} className="guide-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={overflow.scrolls ? 0 : undefined}>
        {children}
      </div>
    </div>
  );
}
