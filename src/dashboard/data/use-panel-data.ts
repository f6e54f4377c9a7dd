// Runs one catalog panel's queries and tells its state apart: loading, data, no samples,
// not exposed by this backend, query error. Keeps the last data on screen while a refresh is in
// flight, and while the backend is down (marked stale) instead of flipping to an error.
import { useMemo } from 'react';
import { GPU_PEAK_MISSING, type ExpandedQuery } from '../../catalog';
import type { QuietReason } from '../../catalog/quiet';
import type { PanelSpec, QuerySpec } from '../../catalog/types';
import { matrixToSeries, type ChartSeries } from '../../charts';
import type { RangeQueryAnswer } from '../../prometheus';
import { isBackendWide } from '../backend/errors';
import { useBackendHealth } from '../backend/health';
import { rangeSeconds, useDashboard, type QueryWindow } from './context';
import { messagesFor, useLang } from '../../i18n';
import { shiftWindow } from '../compare/compare';
import { compareAttr, compareModeOf, mergeLegs, secondLeg, taggedQueries, type CompareNoteId, type LegParts } from '../compare/legs';
import { asRangeAnswer } from './instant-series';
import { useQueryAnswers } from './use-query-answers';
import { requestedOther } from '../compare/engines';
import { useQuiet } from './use-quiet';
import { viewReasonText } from './view-text';
import { useView, type PanelState } from './view-state';
import { sameChartValue } from './same-chart-value';
import { useStable } from './use-stable';
import { panelQueries, type PanelQueryInfo } from './query-plan';

export type { PanelState };

export type { PanelQueryInfo };

export interface PanelData {
  state: PanelState;
  series: ChartSeries[];
  queries: PanelQueryInfo[];
  /** Why the panel is unavailable or in error, in words. */
  reason: string | null;
  /** Metric names looked for (unavailable) */
  missingNames: string[];
  stale: boolean;
  /** In error only because the backend does not answer (said once, in the banner): shown quietly. */
  backendDown: boolean;
  fetching: boolean;
  warnings: string[];
  truncated: number;
  /** The step grid `series` are on (the chart's x range): while a refresh loads, the previous one. */
  window: QueryWindow;
  /** `data-compare`: the shift (`1h`) when earlier-window series are overlaid, `ab`, `engines`; else null. */
  compare: string | null;
  /** What the panel says about the comparison (an engine metric not comparable, …), else null. */
  compareNote: CompareNoteId | null;
  /** Nothing to draw although nothing is wrong (none yet / feature off): said in words. */
  quiet: QuietReason | null;
  /** Words for an `empty` state more precise than "no traffic" (none yet; no observations). */
  emptyReason: string | null;
}

const MAX_SERIES = 50;
const NO_EXPRS: readonly string[] = [];

interface Shaped {
  series: ChartSeries[];
  truncated: number;
}

// matrixToSeries per answer object (answers in the query cache are never mutated): a re-render
// that only flips `isFetching`, or an answer shown again, reuses the same series objects.
const shapedCache = new WeakMap<RangeQueryAnswer, { w: QueryWindow; legend: string; idPrefix: string; shaped: Shaped }>();

function shape(answer: RangeQueryAnswer, w: QueryWindow, query: QuerySpec): Shaped {
  const hit = shapedCache.get(answer);
  if (hit && hit.w.startSec === w.startSec && hit.w.endSec === w.endSec && hit.w.stepSec === w.stepSec && hit.legend === query.legend && hit.idPrefix === query.id)
    return hit.shaped;
  const shaped = matrixToSeries(answer.result, {
    start: w.startSec,
    end: w.endSec,
    step: w.stepSec,
    legend: query.legend,
    idPrefix: query.id,
    maxSeries: MAX_SERIES,
  });
  shapedCache.set(answer, { w, legend: query.legend, idPrefix: query.id, shaped });
  return shaped;
}

/** What a chart draws: the series on their step grid, and notes about them. */
interface ChartValue {
  series: ChartSeries[];
  truncated: number;
  warnings: string[];
  window: QueryWindow;
}

export const isEmptyChart = (v: Pick<ChartValue, 'series'>) => !v.series.some((s) => s.points.some(([, y]) => y !== null));
// Bucket panels (heatmaps, distributions): buckets that all stayed at 0 mean no request was observed.
export const isEmptyBuckets = (v: Pick<ChartValue, 'series'>) => !v.series.some((s) => s.points.some(([, y]) => y !== null && y > 0));

/**
 * `behind`: the panel is off screen and was left on an older window than the page's (it neither
 * queries nor re-renders on refresh ticks); while the backend is down its data is then marked stale
 * like every other panel's.
 */
export function usePanelData(panel: PanelSpec, enabled: boolean, behind = false): PanelData {
  const ctx = useDashboard();
  const lang = useLang();
  const { resolved, window: w, filters, rateInterval, by, gpuPeakFlops, catalog, client, baseUrl } = ctx;
  // Distribution and latest panels: one instant query at the range's end over `[$__range]`; their
  // length matters only to them (0 for the others keeps their expressions from changing with it).
  const instant = panel.chart === 'distribution' || panel.chart === 'latest';
  const range = instant ? rangeSeconds(w) : 0;

  // Compare: a second set of queries beside the panel's own (compare/legs.ts).
  const { compare, ab } = ctx.state;
  const mode = useMemo(() => compareModeOf({ compare, ab }, catalog.engine, panel), [compare, ab, catalog, panel]);
  const base = useMemo(
    () => (resolved ? { resolved, filters, rateInterval, by, gpuPeakFlops: gpuPeakFlops ?? undefined, range: range || undefined } : null),
    [resolved, filters, rateInterval, by, gpuPeakFlops, range],
  );
  const queries: PanelQueryInfo[] = useMemo(() => panelQueries(panel, catalog, base, mode, ctx.metricNames), [base, panel, catalog, mode, ctx.metricNames]);
  const { model, cluster } = ctx.state;
  const second = useMemo(
    () => (base && !panel.notAvailable ? secondLeg(mode, panel, catalog, base, { model, cluster }, ctx.resolvedBy) : null),
    [base, panel, catalog, mode, model, cluster, ctx.resolvedBy],
  );

  const runnable = useMemo(
    () => queries.filter((q): q is PanelQueryInfo & { expanded: ExpandedQuery } => q.expanded !== null),
    [queries],
  );
  const exprs = useMemo(() => runnable.map((q) => q.expanded.expr), [runnable]);
  const current = useQueryAnswers({ kind: instant ? 'instant' : 'range', client, baseUrl, exprs, window: w, enabled });
  // Time shift: the same expressions over the earlier window (see compare.ts for why not `offset`);
  // A/B and engines: side B's or the other engine's expressions over the same window.
  const shiftSec = mode?.kind === 'shift' ? mode.shiftSec : null;
  const secondWindow = useMemo(() => (shiftSec === null ? w : shiftWindow(w, shiftSec)), [w, shiftSec]);
  const secondRunnable = useMemo(
    () => (shiftSec !== null ? runnable : (second?.queries ?? [])),
    [shiftSec, runnable, second],
  );
  const secondExprs = useMemo(() => (secondRunnable.length === 0 ? NO_EXPRS : secondRunnable.map((q) => q.expanded.expr)), [secondRunnable]);
  const earlier = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: secondExprs, window: secondWindow, enabled });
  // A family not created yet, or feature counters that never moved (one instant probe).
  const quietProbe = useQuiet(panel.notAvailable ? null : panel, runnable.length > 0, enabled);
  const statuses = useMemo(
    () => [...current.statuses, ...earlier.statuses, ...quietProbe.statuses],
    [current.statuses, earlier.statuses, quietProbe.statuses],
  );
  const answers = current.answers;

  const computed = useMemo((): ChartValue | null => {
    if (answers.some((a, i) => a === undefined && !statuses[i]?.error)) return null;
    const first: Array<LegParts[number]> = [];
    const warnings: string[] = [];
    let truncated = 0;
    answers.forEach((a, i) => {
      const q = runnable[i];
      if (!a || !q) return;
      warnings.push(...a.warnings);
      const range = asRangeAnswer(a);
      const shaped = shape(range, w, q.query);
      first.push({ query: q.query, series: shaped.series });
      // Series past the page's budget per answer never reached it: counted as not shown.
      truncated += shaped.truncated + (range.seriesTotal ?? range.result.length) - range.result.length;
    });
    if (!mode) return { series: first.flatMap((p) => p.series), truncated, warnings: [...new Set(warnings)], window: w };
    if (earlier.answers.some((a, i) => a === undefined && !earlier.statuses[i]?.error)) return null;
    const then: Array<LegParts[number]> = [];
    earlier.answers.forEach((a, i) => {
      const q = secondRunnable[i];
      if (!a || !q) return;
      const shaped = shape(a, secondWindow, q.query);
      then.push({ query: q.query, series: shaped.series });
      truncated += shaped.truncated;
    });
    const ago = mode.kind === 'shift' ? messagesFor(lang).compare.ago(mode.compare) : '';
    return { series: mergeLegs(mode, first, then, ago), truncated, warnings: [...new Set(warnings)], window: w };
  }, [answers, statuses, runnable, w, mode, earlier, secondRunnable, secondWindow, lang]);
  // Recomputed with the same series (a status moved): the same value, so the chart is not updated.
  const value = useStable(computed, sameChartValue);

  const healthDown = useBackendHealth(baseUrl).unreachable;
  const quiet = quietProbe.quiet;
  const buckets = (panel.chart === 'distribution' || panel.chart === 'heatmap') && !panel.seriesRows;
  const view = useView<ChartValue>({ scope: baseUrl, statuses, value, isEmpty: buckets ? isEmptyBuckets : isEmptyChart, backendDown: healthDown, isBackendWide, quiet });

  const shown = {
    quiet: null,
    emptyReason: null,
    queries: second && second.queries.length > 0 ? [...queries, ...taggedQueries(second)] : queries,
    series: [],
    missingNames: [],
    stale: false,
    backendDown: false,
    fetching: false,
    warnings: [],
    truncated: 0,
    window: w,
    compare: compareAttr(mode),
    compareNote: second?.note ?? (!mode && (ab || requestedOther(compare) !== undefined) ? 'noOverlay' : null),
  };
  if (panel.notAvailable) return { ...shown, state: 'unavailable', reason: panel.notAvailable };
  if (!resolved && ctx.namesFailed) return { ...shown, state: 'error', reason: viewReasonText({ kind: 'backend-down' }, lang), backendDown: true };
  if (!resolved) return { ...shown, state: 'loading', reason: null };
  if (runnable.length === 0) {
    // None yet, or an MFU panel waiting for a GPU peak on a server whose MFU counters are off.
    if (quiet?.kind === 'none-yet') return { ...shown, state: 'empty', reason: null, emptyReason: viewReasonText(quiet, lang), quiet };
    if (quiet) return { ...shown, state: 'unavailable', reason: viewReasonText(quiet, lang), quiet };
    const missing = [...new Set(queries.flatMap((q) => q.missing))];
    const needsGpu = missing.includes(GPU_PEAK_MISSING);
    const names = missing.filter((m) => m !== GPU_PEAK_MISSING).flatMap((id) => catalog.metrics[id]?.variants.slice(0, 1) ?? [id]);
    return { ...shown, state: 'unavailable', reason: needsGpu && names.length === 0 ? 'needs-gpu' : null, missingNames: names };
  }
  const v = view.value;
  return {
    ...shown,
    state: view.state,
    reason: viewReasonText(view.reason, lang),
    series: v?.series ?? [],
    warnings: v?.warnings ?? [],
    truncated: v?.truncated ?? 0,
    window: v?.window ?? w,
    stale: view.stale || (behind && healthDown && view.state === 'ok'),
    backendDown: view.reason?.kind === 'backend-down',
    fetching: view.fetching,
    quiet: view.reason?.kind === 'none-yet' || view.reason?.kind === 'never-moved' ? view.reason : null,
    emptyReason:
      view.state !== 'empty' ? null : view.reason?.kind === 'none-yet' ? viewReasonText(view.reason, lang) : buckets ? messagesFor(lang).state.noObservations : null,
  };
}
