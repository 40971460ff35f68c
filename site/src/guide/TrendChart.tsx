// An area guide's chart: one kind's monthly median AED per sqft as a line over the
// summary's months, and its sales per month as bars beneath, drawn as an inline SVG (the
// prerender writes it; no chart library). The numbers are in the table beside it; the SVG is
// one image to assistive technology, with its label. A month with too few sales has no point,
// so the line breaks there. Time runs left to right in every language, as the DLD and the
// portals draw it.
import { useLang } from '../shell';
import { formatNumber } from '../format';
import type { MarketTrend } from '../types';

/**
 * One drawing of the chart. The SVG scales to its box, and its text with it: drawn 720 wide, a
 * phone's 320 px box made the labels 6 px, and a laptop's 1,150 px box made them 24 px. So it is
 * drawn twice, and CSS shows the one that fits (the prerender cannot know the width): a narrow
 * one for phones, its labels about 13 px at 390 px (its box at most 23.5rem wide, so 15.7 px
 * at most), and the wide one from 48em, its box 43 to 50rem wide, so its labels 11.5 to 13.7 px
 * (styles/areas.css). `text` is the labels' size in the drawing's units.
 */
type Layout = {
  name: 'narrow' | 'wide';
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  /** The median's band ends here; the sales bars fill the band below it. */
  lineBottom: number;
  barsTop: number;
  barsBottom: number;
  text: number;
  point: number;
};

const NARROW: Layout = { name: 'narrow', width: 360, height: 250, left: 50, right: 8, top: 12, lineBottom: 160, barsTop: 174, barsBottom: 222, text: 15, point: 2.5 };
const WIDE: Layout = { name: 'wide', width: 760, height: 300, left: 56, right: 14, top: 14, lineBottom: 200, barsTop: 216, barsBottom: 274, text: 13, point: 3 };

/** Round figures around the medians, for the grid: [low, high, step]. */
export function scale(values: number[]): [number, number, number] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const rough = Math.max((max - min) / 3, 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  const low = Math.floor(min / step) * step;
  const high = Math.max(Math.ceil(max / step) * step, low + step);
  return [low, high, step];
}

export function TrendChart({ trend, label }: { trend: MarketTrend; label: string }) {
  return (
    <>
      <Drawing trend={trend} label={label} layout={NARROW} />
      <Drawing trend={trend} label={label} layout={WIDE} />
    </>
  );
}

function Drawing({ trend, label, layout }: { trend: MarketTrend; label: string; layout: Layout }) {
  const lang = useLang();
  const { width, height, left, right, top, lineBottom, barsTop, barsBottom, text, point } = layout;
  const months = trend.months;
  const medians = months.flatMap((m) => (m.median != null ? [m.median] : []));
  const [low, high, step] = scale(medians);
  const most = Math.max(...months.map((m) => m.sales), 1);
  const slot = (width - left - right) / months.length;
  const x = (i: number) => left + slot * (i + 0.5);
  const y = (value: number) => lineBottom - ((value - low) / (high - low)) * (lineBottom - top);
  // The line, broken where a month has no median.
  let path = '';
  let drawing = false;
  months.forEach((m, i) => {
    if (m.median == null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)} ${y(m.median).toFixed(1)}`;
    drawing = true;
  });
  const ticks: number[] = [];
  for (let v = low; v <= high + step / 2; v += step) ticks.push(v);
  return (
    <svg
      className={`trend-chart trend-chart--${layout.name}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      direction="ltr"
      fontSize={text}
    >
      {ticks.map((v) => (
        <g key={v}>
          <line className="trend-chart__grid" x1={left} x2={width - right} y1={y(v)} y2={y(v)} />
          <text className="trend-chart__tick" x={left - 5} y={y(v) + text / 3} textAnchor="end">
            {formatNumber(lang, v)}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const h = (m.sales / most) * (barsBottom - barsTop);
        return (
          <rect
            key={m.month}
            className={m.median == null ? 'trend-chart__bar trend-chart__bar--few' : 'trend-chart__bar'}
            x={(x(i) - slot * 0.35).toFixed(1)}
            y={(barsBottom - h).toFixed(1)}
            width={(slot * 0.7).toFixed(1)}
            height={h.toFixed(1)}
          />
        );
      })}
      <line className="trend-chart__axis" x1={left} x2={width - right} y1={barsBottom} y2={barsBottom} />
      {months.map((m, i) =>
        // Each January's year; the first month's too when no January follows within four months.
        m.month.endsWith('-01') || (i === 0 && !months.slice(1, 5).some((n) => n.month.endsWith('-01'))) ? (
          <text key={m.month} className="trend-chart__tick" x={x(i)} y={height - 8} textAnchor={i === 0 ? 'start' : 'middle'}>
            {m.month.slice(0, 4)}
          </text>
        ) : null,
      )}
      <path className="trend-chart__line" d={path} />
      {months.map((m, i) =>
        m.median != null ? <circle key={m.month} className="trend-chart__point" cx={x(i).toFixed(1)} cy={y(m.median).toFixed(1)} r={point} /> : null,
      )}
    </svg>
  );
}
