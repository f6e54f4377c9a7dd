// Exemplars and trace searches on a latency line panel (TTFT, ITL/TPOT, E2E, queue time): the dots
// beside the quantile lines, the one-line explanation when there are none, "Open traces for these
// requests" from a clicked point of a line or a dot, and two lists (the exemplars; the lines'
// highest points) for keyboard and screen-reader users. A lazy chunk (panel/lazy-line-chart.tsx): the
// time-series panels of the first screen do not load it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { EChart, lineExemplarHit, withLineExemplars, type ChartOption, type ChartSeries, type EChartsInstance, type ExemplarPoint } from '../../charts';
import { useLang, useT } from '../../i18n';
import { formatDateTime } from '../../lib/time';
import { formatValue } from '../../lib/units';
import { useDashboard } from '../data/context';
import { useBucketBounds } from '../data/use-quantile-precision';
import { ExemplarList, PickedLinks, statusLine, traceIdOf, type Pick_ } from './heatmap-traces';
import { exemplarSearch, nearestLinePoint, peakPoints, pointSearch, type LinePoint } from './line-search';
import { searchLink, serviceOf, type LatencyKind, type TraceSearch } from './trace-links';
import { useExemplars } from './use-exemplars';
import './traces.css';

const PEAKS_PER_LINE = 3;

type Point = ExemplarPoint & { series: Record<string, string> };
type LinePick = Pick_ & { point?: LinePoint };

export interface LatencyLineChartProps {
  panel: PanelSpec;
  kind: LatencyKind;
  option: ChartOption;
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  window: { startSec: number; endSec: number; stepSec: number };
  title: string;
  height: number | string;
  chartRef: React.RefObject<EChartsInstance | null>;
  active: boolean;
  /** The panel alone (embedded with kiosk, or full screen): no line of text unless there are dots. */
  fill?: boolean;
}

export function LatencyLineChart({ panel, kind, option, series, hidden, window: w, title, height, chartRef, active, fill = false }: LatencyLineChartProps) {
  const t = useT();
  const lang = useLang();
  const { theme, locale, traces, filters, chartGroup, onZoom } = useDashboard();
  const ex = useExemplars(panel, active);
  const { bounds: byQuery } = useBucketBounds(panel, active);
  const bounds = useMemo(() => [...byQuery.values()][0] ?? [], [byQuery]);
  const stepMs = w.stepSec * 1000;
  const points = useMemo(() => ex.exemplars.map((e): Point => ({ time: e.time * 1000, value: e.value, traceId: traceIdOf(e), series: e.series })), [ex.exemplars]);
  const labels = t.traces;
  const decorated = useMemo(
    () => withLineExemplars(option, points, { unit: panel.unit, theme, locale, labels, startMs: w.startSec * 1000, endMs: w.endSec * 1000, stepMs }),
    [option, points, panel.unit, theme, locale, labels, w.startSec, w.endSec, stepMs],
  );
  const times = useMemo(() => series.find((s) => s.shiftOf === undefined)?.points.map(([x]) => x) ?? [], [series]);
  const [pick, setPick] = useState<LinePick | null>(null);
  // The handlers read the latest dots, lines and bounds through a ref (bound once per chart).
  const latest = useRef({ shown: decorated.shown as Point[], series, hidden, bounds, times, stepMs, dotAt: 0 });
  useEffect(() => {
    latest.current = { ...latest.current, shown: decorated.shown as Point[], series, hidden, bounds, times, stepMs };
  });
  const zrClick = useRef<((e: { offsetX: number; offsetY: number }) => void) | null>(null);
  const attach = useCallback((inst: EChartsInstance) => {
    inst.off('click');
    inst.on('click', (params: unknown) => {
      const i = lineExemplarHit(params);
      const l = latest.current;
      const p = i === null ? undefined : l.shown[i];
      if (!p) return;
      l.dotAt = performance.now();
      const s = exemplarSearch(p, l.times, l.stepMs, l.bounds);
      if (s) setPick({ ...s, traceId: p.traceId, series: p.series });
    });
    // A point of a line: anywhere in the grid, the nearest line at the nearest step (a line has no
    // symbols to click). ECharts' own click handlers stay: only ours is swapped.
    const zr = inst.getZr();
    if (zrClick.current) zr.off('click', zrClick.current);
    zrClick.current = (e) => {
      const l = latest.current;
      if (performance.now() - l.dotAt < 100 || !inst.containPixel({ gridIndex: 0 }, [e.offsetX, e.offsetY])) return;
      const at = inst.convertFromPixel({ gridIndex: 0 }, [e.offsetX, e.offsetY]) as unknown;
      if (!Array.isArray(at) || typeof at[0] !== 'number' || typeof at[1] !== 'number') return;
      const point = nearestLinePoint(l.series, at[0], at[1], l.hidden);
      if (point) setPick({ ...pointSearch(point, l.stepMs, l.bounds), point });
    };
    zr.on('click', zrClick.current);
  }, []);

  const count = decorated.shown.length;
  const line = ex.status === 'ok' ? t.lines.shown(count) : statusLine(ex, count, t, locale, lang);
  // One line under the chart: the dots and what a click does, or why there are none. The hints
  // that do not fit on it are its title. Without dots, a panel alone (an embed) shows no line.
  const hints = [count > 0 ? t.lines.clickHint : '', traces ? '' : labels.notConfigured].filter(Boolean).join(' ');
  const quiet = fill && count === 0 && !pick;
  return (
    <>
      <EChart
        option={decorated.option}
        theme={theme}
        height={height}
        group={chartGroup}
        ariaLabel={title}
        onZoom={onZoom}
        onReady={(inst) => {
          chartRef.current = inst;
          attach(inst);
        }}
      />
      <div className="iw-traces" data-exemplars={ex.status} data-exemplar-count={count} hidden={quiet}>
        <p className="iw-traces-line" title={`${line} ${pick || count > 0 ? labels.sampled : ''} ${hints}`.replace(/\s+/g, ' ').trim()}>
          {line} {traces && count > 0 ? t.lines.clickHint : ''}
        </p>
        {/* Hidden in a kiosk frame (traces.css): there it is the line's title. */}
        {(pick || count > 0) && <p className="iw-traces-sampled">{labels.sampled}</p>}
        {pick && (
          <PickedLinks
            key={`${pick.end}:${pick.min}:${pick.traceId ?? pick.point?.seriesId ?? ''}`}
            pick={pick}
            kind={kind}
            points={points}
            filters={filters}
            onClear={() => setPick(null)}
            what={pick.point ? <PointText point={pick.point} min={pick.min} /> : undefined}
          />
        )}
        {count > 0 && <LineExemplarList points={decorated.shown as Point[]} times={times} stepMs={stepMs} bounds={bounds} kind={kind} />}
        <PeakList series={series} hidden={hidden} stepMs={stepMs} bounds={bounds} kind={kind} />
      </div>
    </>
  );
}

function PointText({ point, min }: { point: LinePoint; min: number }) {
  const t = useT();
  const { locale } = useDashboard();
  const f = (v: number) => formatValue(v, 'seconds', { locale });
  const share = point.quantile === null ? null : `${+((1 - point.quantile) * 100).toPrecision(3)} %`;
  const asks = min <= 0 ? t.lines.asksAll : share ? t.lines.asksAbove(f(min), share) : t.lines.asksAboveNoShare(f(min));
  return (
    <span data-point-line={point.name} data-point-value={point.value}>
      {t.lines.point(point.name, formatDateTime(point.time, locale), f(point.value))} {asks}
    </span>
  );
}

/** The services of a search from a line: the line's labels through the mapping, else the filters', else the config's. */
function useServices(): (labels: Readonly<Record<string, string>>) => string[] {
  const { traces, filters } = useDashboard();
  return (labels) => {
    const s = serviceOf(traces, labels);
    if (s) return [s];
    const f = traces?.serviceLabel ? (filters[traces.serviceLabel] ?? []) : [];
    if (f.length > 0) return [...f].sort();
    return traces?.service ? [traces.service] : [];
  };
}

/** A line panel's exemplar: the search of the step it falls in. */
function LineExemplarList({ points, times, stepMs, bounds, kind }: { points: readonly Point[]; times: readonly number[]; stepMs: number; bounds: readonly number[]; kind: LatencyKind }) {
  const services = useServices();
  const searchOf = (p: Point): TraceSearch | null => {
    const b = exemplarSearch(p, times, stepMs, bounds);
    return b ? { kind, ...b, services: services(p.series) } : null;
  };
  return <ExemplarList points={points} searchOf={searchOf} />;
}

function PeakList({ series, hidden, stepMs, bounds, kind }: { series: readonly ChartSeries[]; hidden: ReadonlySet<string>; stepMs: number; bounds: readonly number[]; kind: LatencyKind }) {
  const t = useT();
  const { traces, locale } = useDashboard();
  const services = useServices();
  const peaks = useMemo(() => peakPoints(series.filter((s) => !hidden.has(s.id)), PEAKS_PER_LINE), [series, hidden]);
  const labelsOf = useMemo(() => new Map(series.map((s) => [s.id, s.labels])), [series]);
  if (!traces || peaks.length === 0 || bounds.length === 0) return null;
  return (
    <details className="iw-traces-list" data-point-list="">
      <summary>{t.lines.peaks(peaks.length)}</summary>
      <ul>
        {peaks.map((p) => {
          const s = pointSearch(p, stepMs, bounds);
          const link = searchLink(traces, { kind, ...s, services: services(labelsOf.get(p.seriesId) ?? {}) });
          return (
            <li key={`${p.seriesId}:${p.time}`} data-value={p.value} data-time={p.time} data-start={s.start} data-end={s.end} data-min={s.min}>
              <PointText point={p} min={s.min} />
              {link && (
                <a href={link.href} target="_blank" rel="noopener noreferrer" data-trace-link="search" aria-label={`${t.traces.openSearch}: ${p.name}, ${formatDateTime(p.time, locale)}`}>
                  {t.traces.openSearch}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
