// A stat tile's sparkline as a small SVG path, not an ECharts instance: ten tiles were ten
// ECharts/zrender instances, each with its own canvas and a requestAnimationFrame loop that runs
// every frame for as long as the page is open, and each rebuilt on every refresh. A path costs one
// string per refresh and nothing while idle. Gaps (null) break the line, like the panels.
import { memo, useMemo, useState } from 'react';
import { formatDateTime } from '../../lib/time';
import { formatValue, type Unit } from '../../lib/units';
import { minMaxPerBucket } from './downsample';
import type { ChartSeries } from '../core/types';

type Points = ChartSeries['points'];

const W = 100; // viewBox units; the SVG stretches to the tile (preserveAspectRatio="none")
// A tile is ~120 px wide; its series has one point per 2.5 px of a panel (241 for an hour): a
// low and a high per 2 px keep the shape at half the path length (the browser parses the path
// string again on every refresh).
const BUCKETS = 60;
/** Two decimals of a 100-unit box: finer than a pixel at any tile width, cheaper than toFixed. */
const r2 = (v: number): number => Math.round(v * 100) / 100;

/** The line and area paths of `points` in a W × h box (y grows downwards), gaps left open. */
export function sparklinePaths(all: Points, h: number): { line: string; area: string } {
  const points = minMaxPerBucket(all, BUCKETS);
  let lo = Infinity;
  let hi = -Infinity;
  for (const [, v] of points) {
    if (v === null) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const first = points[0]?.[0];
  const last = points[points.length - 1]?.[0];
  if (first === undefined || last === undefined || lo === Infinity) return { line: '', area: '' };
  const spanX = last - first || 1;
  const spanY = hi - lo || 1;
  const pad = 2; // keep the stroke inside the box
  const x = (t: number): number => r2(((t - first) / spanX) * W);
  const y = (v: number): number => r2(hi === lo ? h / 2 : pad + (1 - (v - lo) / spanY) * (h - 2 * pad));
  let line = '';
  let area = '';
  let segStart: number | null = null;
  let prevX = 0;
  for (const [t, v] of points) {
    if (v === null) {
      if (segStart !== null) area += `L${prevX},${h}L${segStart},${h}Z`;
      segStart = null;
      continue;
    }
    const px = x(t);
    const py = y(v);
    if (segStart === null) {
      line += `M${px},${py}`;
      area += `M${px},${py}`;
      segStart = px;
    } else {
      line += `L${px},${py}`;
      area += `L${px},${py}`;
    }
    prevX = px;
  }
  if (segStart !== null) area += `L${prevX},${h}L${segStart},${h}Z`;
  return { line, area };
}

export interface SparklineProps {
  points: Points;
  /** Any CSS colour, CSS variables included (the SVG follows the theme without a re-render). */
  color: string;
  unit: Unit;
  height: number;
  locale?: string;
}

/**
 * The SVG sparkline; hovering shows the nearest point's time and value as the native tooltip.
 * memo: its tile re-renders more often than its points change (another query of the tile settling).
 */
export const Sparkline = memo(function Sparkline({ points, color, unit, height, locale }: SparklineProps) {
  const { line, area } = useMemo(() => sparklinePaths(points, height), [points, height]);
  const [hover, setHover] = useState<string>('');
  const onMove = (e: React.PointerEvent<SVGSVGElement>): void => {
    const r = e.currentTarget.getBoundingClientRect();
    const i = Math.round(((e.clientX - r.left) / (r.width || 1)) * (points.length - 1));
    const p = points[Math.max(0, Math.min(points.length - 1, i))];
    setHover(p ? `${formatDateTime(p[0], locale)}  ${formatValue(p[1], unit, { locale })}` : '');
  };
  return (
    <svg width="100%" height={height} viewBox={`0 0 ${W} ${height}`} preserveAspectRatio="none" onPointerMove={onMove} style={{ display: 'block' }}>
      {hover && <title>{hover}</title>}
      <path d={area} style={{ fill: color }} fillOpacity={0.18} stroke="none" />
      <path d={line} fill="none" style={{ stroke: color }} strokeWidth={1.5} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
    </svg>
  );
});
