// A pie chart drawn as SVG, with a legend that carries the numbers (screen readers read the
// legend; the drawing itself is decorative).
import { useId } from 'react';
import './admin.css';

export interface Slice {
  label: string;
  value: number;
  color: string;
}

/** The SVG path of a slice from `start` to `end` (fractions of the circle, clockwise from the top). */
export function slicePath(start: number, end: number, radius = 100, center = 100): string {
  const point = (fraction: number) => {
    const angle = 2 * Math.PI * fraction - Math.PI / 2;
    return [center + radius * Math.cos(angle), center + radius * Math.sin(angle)].map((n) => Math.round(n * 100) / 100);
  };
  const [x1, y1] = point(start);
  const [x2, y2] = point(end);
  const large = end - start > 0.5 ? 1 : 0;
  return `M ${center} ${center} L ${x1} ${y1} A ${radius} ${radius} 0 ${large} 1 ${x2} ${y2} Z`;
}

export function PieChart({ title, slices, emptyText, format }: { title: string; slices: Slice[]; emptyText: string; format: (value: number, percent: number) => string }) {
  const id = useId();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  let at = 0;
  const drawn = slices.map((slice) => {
    const start = at;
    at += total > 0 ? slice.value / total : 0;
    return { ...slice, start, end: at };
  });
  return (
    <figure className="pie" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="admin-card__title">
        {title}
      </figcaption>
      <div className="pie__body">
        <svg className="pie__chart" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true" focusable="false">
          {total === 0 ? <circle cx="100" cy="100" r="100" className="pie__empty" /> : null}
          {drawn.map((slice) =>
            slice.value === 0 ? null : slice.end - slice.start >= 0.9999 ? (
              <circle key={slice.label} cx="100" cy="100" r="100" fill={slice.color} />
            ) : (
              <path key={slice.label} d={slicePath(slice.start, slice.end)} fill={slice.color} className="pie__slice" />
            ),
          )}
        </svg>
        {total === 0 ? (
          <p className="pie__none">{emptyText}</p>
        ) : (
          <ul className="pie__legend" role="list">
            {drawn.map((slice) => (
              <li key={slice.label} className="pie__item">
                <span className="pie__swatch" style={{ background: slice.color }} aria-hidden="true" />
                <span className="pie__label">{slice.label}</span>
                <span className="pie__value">{format(slice.value, total > 0 ? Math.round((slice.value / total) * 100) : 0)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </figure>
  );
}
