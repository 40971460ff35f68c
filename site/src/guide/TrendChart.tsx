// An area guide's chart (issue 35): one kind's monthly median AED per sqft as a line over the
// summary's months, and its sales per month as bars beneath, drawn as an inline SVG (the
// prerender writes it; no chart library). The numbers are in the table beside it; the SVG is
// one image to assistive technology, with its label. A month with too few sales has no point,
// so the line breaks there. Time runs left to right in every language, as the DLD and the
// portals draw it.
import { useLang } from '../shell';
import { formatNumber } from '../format';
import type { MarketTrend } from '../types';

const WIDTH = 720;
const HEIGHT = 300;
const LEFT = 60;
const RIGHT = 14;
const TOP = 14;
/** The median's band ends here; the sales bars fill the band below it. */
const LINE_BOTTOM = 200;
const BARS_TOP = 216;
const BARS_BOTTOM = 272;

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
  const lang = useLang();
  const months = trend.months;
  const medians = months.flatMap((m) => (m.median != null ? [m.median] : []));
  const [low, high, step] = scale(medians);
  const most = Math.max(...months.map((m) => m.sales), 1);
  const slot = (WIDTH - LEFT - RIGHT) / months.length;
  const x = (i: number) => LEFT + slot * (i + 0.5);
  const y = (value: number) => LINE_BOTTOM - ((value - low) / (high - low)) * (LINE_BOTTOM - TOP);
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
    <svg className="trend-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} direction="ltr">
      {ticks.map((v) => (
        <g key={v}>
          <line className="trend-chart__grid" x1={LEFT} x2={WIDTH - RIGHT} y1={y(v)} y2={y(v)} />
          <text className="trend-chart__tick" x={LEFT - 8} y={y(v) + 4} textAnchor="end">
            {formatNumber(lang, v)}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const h = (m.sales / most) * (BARS_BOTTOM - BARS_TOP);
        return (
          <rect
            key={m.month}
            className={m.median == null ? 'trend-chart__bar trend-chart__bar--few' : 'trend-chart__bar'}
            x={(x(i) - slot * 0.35).toFixed(1)}
            y={(BARS_BOTTOM - h).toFixed(1)}
            width={(slot * 0.7).toFixed(1)}
            height={h.toFixed(1)}
          />
        );
      })}
      <line className="trend-chart__axis" x1={LEFT} x2={WIDTH - RIGHT} y1={BARS_BOTTOM} y2={BARS_BOTTOM} />
      {months.map((m, i) =>
        // Each January's year; the first month's too when no January follows within four months.
        m.month.endsWith('-01') || (i === 0 && !months.slice(1, 5).some((n) => n.month.endsWith('-01'))) ? (
          <text key={m.month} className="trend-chart__tick" x={x(i)} y={HEIGHT - 8} textAnchor={i === 0 ? 'start' : 'middle'}>
            {m.month.slice(0, 4)}
          </text>
        ) : null,
      )}
      <path className="trend-chart__line" d={path} />
      {months.map((m, i) =>
        m.median != null ? <circle key={m.month} className="trend-chart__point" cx={x(i).toFixed(1)} cy={y(m.median).toFixed(1)} r="3" /> : null,
      )}
    </svg>
  );
}
