// Exemplars and trace links on a latency heatmap: the dots (an addition to the heatmap's option),
// the one-line explanation when there are none, "Open traces for these requests" for a clicked
// cell or dot, and the exemplar list (keyboard and screen-reader access to what the dots show).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { bucketRangeLabel, heatmapCellOf, heatmapHit, withHeatmapExemplars, type DistributionChartOption, type EChartsInstance, type ExemplarPoint, type HeatmapData } from '../../charts';
import type { Exemplar } from '../../prometheus';
import { errorText } from '../../i18n/error-text';
import { useLang, useT } from '../../i18n';
import { formatDateTime } from '../../lib/time';
import { formatValue } from '../../lib/units';
import type { TracesConfig } from '../../config/traces-config';
import { useDashboard } from '../data/context';
import { useInView } from '../data/use-in-view';
import { searchLink, serviceOf, traceLink, type LatencyKind, type SearchBound, type TraceSearch } from './trace-links';
import { useExemplars, type ExemplarState } from './use-exemplars';
import './traces.css';

/** Most exemplars listed (newest first); the dots show them all. */
const LIST_MAX = 50;

/** A clicked cell or dot, in absolute terms (a new grid after a refresh does not move it). */
export type Pick_ = { start: number; end: number; min: number; max: number; traceId?: string; series?: Record<string, string> };

export interface HeatmapTraces {
  option: DistributionChartOption;
  attach: (inst: EChartsInstance) => void;
  footer: ReactNode;
}

export const traceIdOf = (e: Exemplar): string => e.labels.trace_id ?? e.labels.traceID ?? e.labels.traceId ?? '';

export function useHeatmapTraces(panel: PanelSpec, heat: HeatmapData | null, option: DistributionChartOption): HeatmapTraces {
  const t = useT();
  const lang = useLang();
  const { theme, locale, traces, filters } = useDashboard();
  const root = useRef<HTMLDivElement>(null);
  const active = useInView(root);
  const ex = useExemplars(panel, active && heat !== null);
  const points = useMemo(() => ex.exemplars.map((e): ExemplarPoint & { series: Record<string, string> } => ({ time: e.time * 1000, value: e.value, traceId: traceIdOf(e), series: e.series })), [ex.exemplars]);
  const labels = t.traces;
  const decorated = useMemo(
    () => (heat ? withHeatmapExemplars(option, heat, points, { unit: panel.unit, theme, locale, labels }) : { option, shown: [] }),
    [heat, option, points, panel.unit, theme, locale, labels],
  );
  const [pick, setPick] = useState<Pick_ | null>(null);
  // The click handler reads the latest dots and grid through a ref (it is bound once per chart).
  const latest = useRef<{ shown: (ExemplarPoint & { series?: Record<string, string> })[]; heat: HeatmapData | null }>({ shown: [], heat: null });
  useEffect(() => {
    latest.current = { shown: decorated.shown, heat };
  });
  const attach = useCallback((inst: EChartsInstance) => {
    inst.off('click');
    inst.on('click', (params: unknown) => {
      const hit = heatmapHit(params);
      const { shown, heat: h } = latest.current;
      if (!hit || !h) return;
      const p = 'exemplar' in hit ? shown[hit.exemplar] : undefined;
      const cell = 'cell' in hit ? hit.cell : p ? heatmapCellOf(h, p.time, p.value) : null;
      const b = cell ? cellBounds(h, cell) : null;
      if (b) setPick(p ? { ...b, traceId: p.traceId, series: p.series } : b);
    });
  }, []);

  const kind = ex.kind;
  const footer =
    kind === null ? null : (
      <div ref={root} className="iw-traces" data-exemplars={ex.status} data-exemplar-count={decorated.shown.length}>
        <p>
          {statusLine(ex, decorated.shown.length, t, locale, lang)} {ex.status === 'ok' || pick ? labels.sampled : ''} {traces ? '' : labels.notConfigured}
        </p>
        {pick && <PickedLinks pick={pick} kind={kind} points={points} filters={filters} onClear={() => setPick(null)} />}
        {decorated.shown.length > 0 && heat && <HeatmapExemplarList points={decorated.shown as ListedExemplar[]} heat={heat} kind={kind} />}
      </div>
    );
  return { option: decorated.option, attach, footer };
}

export function statusLine(ex: ExemplarState, shown: number, t: ReturnType<typeof useT>, locale: string, lang: ReturnType<typeof useLang>): string {
  const l = t.traces;
  switch (ex.status) {
    case 'ok':
      return l.shown(shown);
    case 'no-storage':
      return l.noStorage;
    case 'no-openmetrics':
      return l.noOpenMetrics;
    case 'none-in-range':
      return l.noneInRange(ex.newest === null ? '?' : formatDateTime(ex.newest * 1000, locale));
    case 'unsupported':
      return l.unsupported;
    case 'not-asked':
      return l.notAsked;
    case 'error':
      return l.failed(errorText(ex.error, lang));
    case 'loading':
      return l.loading;
    case 'off':
      return '';
  }
}

/** A heatmap cell's time slice (the step ending at its point; unix seconds) and bucket bounds (seconds). */
export function cellBounds(heat: Pick<HeatmapData, 'times' | 'buckets'>, cell: [number, number]): { start: number; end: number; min: number; max: number } | null {
  const [x, y] = cell;
  const end = heat.times[x];
  const bucket = heat.buckets[y];
  if (end === undefined || !bucket) return null;
  const step = heat.times.length > 1 ? (heat.times[1] ?? 0) - (heat.times[0] ?? 0) : 60_000;
  return { start: (end - step) / 1000, end: end / 1000, min: Math.max(0, bucket.low), max: bucket.high };
}

/** The services of a pick: its exemplar's, else those of the exemplars in its cell, else the filters' or config's. */
function servicesFor(pick: Pick_, points: readonly (ExemplarPoint & { series: Record<string, string> })[], traces: TracesConfig | null | undefined, filters: Record<string, string[]>): string[] {
  const out = new Set<string>();
  const inCell = pick.series ? [{ series: pick.series }] : points.filter((p) => p.time / 1000 > pick.start && p.time / 1000 <= pick.end && p.value > pick.min && p.value <= pick.max);
  for (const p of inCell) {
    const s = serviceOf(traces, p.series);
    if (s) out.add(s);
  }
  if (out.size === 0 && traces?.serviceLabel) for (const v of filters[traces.serviceLabel] ?? []) out.add(v);
  if (out.size === 0 && traces?.service) out.add(traces.service);
  return [...out].sort();
}

function boundText(bound: SearchBound, l: ReturnType<typeof useT>['traces']): string {
  return { attribute: l.boundAttribute, duration: l.boundDuration, 'duration-lower': l.boundDurationLower, 'time-only': l.boundTimeOnly }[bound];
}

/** The links of a pick; `what` (a line's point and what its search asks for) replaces "Selected: …". */
export function PickedLinks({ pick, kind, points, filters, onClear, what }: { pick: Pick_; kind: LatencyKind; points: readonly (ExemplarPoint & { series: Record<string, string> })[]; filters: Record<string, string[]>; onClear: () => void; what?: ReactNode }) {
  const t = useT();
  const { traces, locale } = useDashboard();
  const search: TraceSearch = { kind, start: pick.start, end: pick.end, min: pick.min, max: pick.max, services: servicesFor(pick, points, traces, filters) };
  const link = searchLink(traces, search);
  const one = pick.traceId ? traceLink(traces, pick.traceId, search) : null;
  const range = bucketRangeLabel({ low: pick.min, high: pick.max }, 'seconds', locale);
  return (
    <div className="iw-traces-pick" data-trace-pick="" data-start={search.start} data-end={search.end} data-min={search.min} data-max={search.max}>
      {what ?? <span>{t.traces.selected(`${formatDateTime(search.start * 1000, locale)} – ${formatDateTime(search.end * 1000, locale)}`, range)}</span>}
      {pick.traceId && (
        <span>
          {t.traces.traceId}: <span className="iw-traces-id">{pick.traceId}</span>
        </span>
      )}
      {one && (
        <a href={one} target="_blank" rel="noopener noreferrer" data-trace-link="trace">
          {t.traces.openTrace}
        </a>
      )}
      {link && (
        <a href={link.href} target="_blank" rel="noopener noreferrer" data-trace-link="search">
          {t.traces.openSearch}
        </a>
      )}
      {link && <span>{boundText(link.bound, t.traces)}</span>}
      <button type="button" className="iw-link-button" onClick={onClear}>
        {t.traces.clearSelection}
      </button>
    </div>
  );
}

type ListedExemplar = ExemplarPoint & { series: Record<string, string> };

/**
 * The newest exemplars as a list (keyboard and screen readers), each with its trace and a search
 * for its neighbours; `searchOf` says which search a point asks (a heatmap cell, a line's step).
 */
export function ExemplarList<P extends ListedExemplar>({ points, searchOf }: { points: readonly P[]; searchOf: (p: P) => TraceSearch | null }) {
  const t = useT();
  const { traces, locale } = useDashboard();
  const newest = useMemo(() => [...points].sort((a, b) => b.time - a.time).slice(0, LIST_MAX), [points]);
  return (
    <details className="iw-traces-list" data-exemplar-list="">
      <summary>{t.traces.listSummary(points.length)}</summary>
      <ul>
        {newest.map((p) => {
          const search = searchOf(p);
          const one = traceLink(traces, p.traceId, search ?? undefined);
          const link = search ? searchLink(traces, search) : null;
          return (
            <li key={`${p.traceId}:${p.time}`} data-trace-id={p.traceId} data-value={p.value} data-time={p.time}>
              <span>{formatDateTime(p.time, locale)}</span>
              <span>{formatValue(p.value, 'seconds', { locale })}</span>
              <span className="iw-traces-id">{p.traceId}</span>
              {one && (
                <a href={one} target="_blank" rel="noopener noreferrer" data-trace-link="trace">
                  {t.traces.openTrace}
                </a>
              )}
              {link && search && (
                <a href={link.href} target="_blank" rel="noopener noreferrer" data-trace-link="search" data-start={search.start} data-end={search.end} data-min={search.min} data-max={search.max}>
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

/** A heatmap's exemplar: the search of the cell it falls in. */
function HeatmapExemplarList({ points, heat, kind }: { points: readonly ListedExemplar[]; heat: HeatmapData; kind: LatencyKind }) {
  const { traces } = useDashboard();
  const searchOf = (p: ListedExemplar): TraceSearch | null => {
    const cell = heatmapCellOf(heat, p.time, p.value);
    const b = cell ? cellBounds(heat, cell) : null;
    const service = serviceOf(traces, p.series) ?? traces?.service ?? null;
    return b ? { kind, ...b, services: service ? [service] : [] } : null;
  };
  return <ExemplarList points={points} searchOf={searchOf} />;
}
