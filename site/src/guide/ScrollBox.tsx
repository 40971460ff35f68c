// A table's box that scrolls sideways when the table is wider than its room (an area guide's
// figures on a phone). Watched in the browser (`watchScrollBoxes`, run on the guide's market
// section: a ResizeObserver, as the width changes and a closed <details> opens from nothing), it
// says, only while it overflows,
// - that it takes the focus (tabIndex 0), so a keyboard can scroll it (axe: scrollable-region-focusable);
//   a box that fits is no tab stop of its own;
// - on which sides more of the table lies (`data-more`: 'start', 'end' or both), which the
//   stylesheet draws as a shade at that edge (styles/areas.css), on the right in English and on
//   the left in Arabic, where the table starts from the right;
// - and it hides a column whose text the box's edge would cut (`clipCut`), up to that column's far
//   side: a number cut at an edge reads as another number ('1,991' showed '991' at the left edge
//   of an Arabic table, whose numbers read left to right), so a number is shown whole or not at
//   all and the shade says more lies that way. A clip-path, so the cells stay in the table a
//   screen reader reads.
// The markup has none of it (the prerender cannot know the width), and the watching writes it on
// the elements itself: the market section is prerendered markup that hydration leaves alone
// (components/Static.tsx), with no component of its own in the browser.
import type { ReactNode } from 'react';

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

/** Watches one box (`.guide-table-wrap`) as said above; returns what stops it. */
function watchScroll(box: HTMLElement): () => void {
  let frame = 0;
  let now = FITS;
  const update = () => {
    const next = measure(box);
    if (now.scrolls !== next.scrolls || now.start !== next.start || now.end !== next.end) {
      now = next;
      if (next.scrolls) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
      const more = [next.start ? 'start' : '', next.end ? 'end' : ''].filter(Boolean).join(' ');
      if (more) box.parentElement?.setAttribute('data-more', more);
      else box.parentElement?.removeAttribute('data-more');
    }
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
}

/** Watches every scrolling table's box under `root`; returns what stops them. */
export function watchScrollBoxes(root: HTMLElement): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>('.guide-table-wrap')].map(watchScroll);
  return () => stops.forEach((stop) => stop());
}

/** The markup of a scrolling table's box (watched by `watchScrollBoxes`). */
export function ScrollBox({ labelledBy, className, children }: { labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `guide-table-scroll ${className}` : 'guide-table-scroll'}>
      <div className="guide-table-wrap" role="region" aria-labelledby={labelledBy}>
        {children}
      </div>
    </div>
  );
}
