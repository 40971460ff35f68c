// A table's box that scrolls sideways when the table is wider than its room (an area guide's
// figures on a phone). Once hydrated it measures itself (a ResizeObserver: the width changes,
// and a closed <details> opens from nothing) and, only while it overflows,
// - takes the focus (tabIndex 0), so a keyboard can scroll it (axe: scrollable-region-focusable);
//   a box that fits is no tab stop of its own;
// - says on which sides more of the table lies (`data-more`: 'start', 'end' or both), which the
//   stylesheet draws as a shade at that edge (styles/areas.css), on the right in English and on
//   the left in Arabic, where the table starts from the right;
// - hides a column whose text the box's edge would cut (`clipCut`), up to that column's far side:
//   a number cut at an edge reads as another number ('1,991' showed '991' at the left edge of an
//   Arabic table, whose numbers read left to right), so a number is shown whole or not at all and
//   the shade says more lies that way. A clip-path, so the cells stay in the table a screen reader
//   reads.
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

/** The horizontal extent of `node`'s text, or null when it has none drawn. */
function textSpan(node: Element): { left: number; right: number } | null {
  const range = document.createRange();
  range.selectNodeContents(node);
  const rect = range.getBoundingClientRect();
  return rect.width > 0 ? { left: rect.left, right: rect.right } : null;
}

/**
 * Clips `table` (scrolled in `box`) so that no column's text is cut by the box's edges: a column
 * whose text crosses an edge is hidden from that edge to its cells' far side.
 */
function clipCut(box: HTMLElement, table: HTMLElement) {
  const view = box.getBoundingClientRect();
  const from = view.left + box.clientLeft;
  const to = from + box.clientWidth;
  const whole = table.getBoundingClientRect();
  let left = 0;
  let right = 0;
  const columns = new Map<number, { cell: { left: number; right: number }; text: { left: number; right: number } | null }>();
  for (const row of table.querySelectorAll('tr')) {
    for (const cell of (row as HTMLTableRowElement).cells) {
      const rect = cell.getBoundingClientRect();
      const text = textSpan(cell);
      const known = columns.get(cell.cellIndex);
      const textSoFar = known?.text ?? null;
      columns.set(cell.cellIndex, {
        cell: { left: Math.min(known?.cell.left ?? rect.left, rect.left), right: Math.max(known?.cell.right ?? rect.right, rect.right) },
        text: text && textSoFar ? { left: Math.min(textSoFar.left, text.left), right: Math.max(textSoFar.right, text.right) } : (text ?? textSoFar),
      });
    }
  }
  for (const { cell, text } of columns.values()) {
    if (!text) continue;
    if (text.left < from - 0.5 && text.right > from + 0.5) left = Math.max(left, cell.right - whole.left);
    if (text.left < to - 0.5 && text.right > to + 0.5) right = Math.max(right, whole.right - cell.left);
  }
  const clip = left > 0 || right > 0 ? `inset(0 ${Math.ceil(right)}px 0 ${Math.ceil(left)}px)` : '';
  if (table.style.clipPath !== clip) table.style.clipPath = clip;
}

export function ScrollBox({ labelledBy, className, children }: { labelledBy: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(FITS);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    let frame = 0;
    const update = () => {
      const next = measure(box);
      setOverflow((now) => (now.scrolls === next.scrolls && now.start === next.start && now.end === next.end ? now : next));
      const table = box.firstElementChild;
      if (table instanceof HTMLElement) {
        if (next.scrolls) {
          cancelAnimationFrame(frame);
          frame = requestAnimationFrame(() => clipCut(box, table));
        } else table.style.clipPath = '';
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    // The table's own size too: it is what grows when a font arrives.
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
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
