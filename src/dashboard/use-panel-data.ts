// Runs one catalog panel's queries and tells its state apart: loading, data, no samples,
// not exposed by this backend, query error. Keeps the last data on screen while a refresh is in
// flight, and while the backend is down (marked stale) instead of flipping to an error.
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { GPU_PEAK_MISSING, expandQuery, type ExpandedQuery } from '../catalog';
import type { PanelSpec, QuerySpec } from '../catalog/types';
import { matrixToSeries, type ChartSeries } from '../charts';
import { rangeQueryOptions, type RangeQueryAnswer } from '../prometheus';
import { isBackendWide } from './backend-errors';
import { useBackendHealth } from './backend-health';
import { useDashboard, type QueryWindow } from './dashboard-context';
import { useLang } from '../i18n';
import { errorText } from '../i18n/error-text';

export type PanelState = 'loading' | 'ok' | 'empty' | 'unavailable' | 'error';

export interface PanelQueryInfo {
  query: QuerySpec;
  expanded: ExpandedQuery | null;
  missing: string[];
}

export interface PanelData {
  state: PanelState;
  series: ChartSeries[];
  queries: PanelQueryInfo[];
  /** Why the panel is unavailable or in error, in words. */
  reason: string | null;
  /** Metric names looked for (unavailable) */
  missingNames: string[];
  stale: boolean;
  fetching: boolean;
  warnings: string[];
  truncated: number;
  /** The step grid `series` are on (the chart's x range): while a refresh loads, the previous one. */
  window: QueryWindow;
}

const MAX_SERIES = 50;

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

/** Same answer on screen (so holding `a` instead of `b` during a refresh shows the same thing). */
function sameView(a: PanelData, b: PanelData): boolean {
  return (
    a.state === b.state &&
    a.series === b.series &&
    a.window === b.window &&
    a.reason === b.reason &&
    a.truncated === b.truncated &&
    sameItems(a.warnings, b.warnings)
  );
}

const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * `behind`: the panel is off screen and was left on an older window than the page's (it neither
 * queries nor re-renders on refresh ticks); while the backend is down its data is then marked stale
 * like every other panel's.
 */
export function usePanelData(panel: PanelSpec, enabled: boolean, behind = false): PanelData {
  const ctx = useDashboard();
  const lang = useLang();
  const { resolved, window: w, filters, rateInterval, by, gpuPeakFlops, catalog, client, baseUrl } = ctx;

  const queries: PanelQueryInfo[] = useMemo(() => {
    if (!resolved || panel.notAvailable) return [];
    return panel.queries.map((query) => {
      const r = expandQuery(query, catalog, { resolved, filters, rateInterval, by, gpuPeakFlops: gpuPeakFlops ?? undefined });
      return 'missing' in r ? { query, expanded: null, missing: r.missing } : { query, expanded: r, missing: [] };
    });
  }, [resolved, panel, catalog, filters, rateInterval, by, gpuPeakFlops]);

  const runnable = useMemo(
    () => queries.filter((q): q is PanelQueryInfo & { expanded: ExpandedQuery } => q.expanded !== null),
    [queries],
  );

  // `combine` keeps the result referentially stable while no query changes.
  const combine = useCallback(
    (rs: Array<{ data?: RangeQueryAnswer; error: unknown; isFetching: boolean }>) =>
      rs.map((r) => ({ data: r.data, error: r.error, isFetching: r.isFetching })),
    [],
  );
  // No `placeholderData: keepPreviousData` here: useQueries gives a query whose key changed a new
  // observer, which has no previous data to keep, so every window change dropped the panel to
  // "loading" and re-created its chart. The previous answer is held below instead (`lastSettled`).
  const results = useQueries({
    queries: runnable.map((q) => ({
      ...rangeQueryOptions(client, { baseUrl, expr: q.expanded.expr, start: w.startSec, end: w.endSec, step: w.stepSec }),
      enabled,
    })),
    combine,
  });

  const [lastGood, setLastGood] = useState<PanelData | null>(null);
  // The last answer with every query in (ok or empty): shown, unchanged, while a refresh loads.
  const [lastSettled, setLastSettled] = useState<PanelData | null>(null);
  // While the banner says the backend is down, a refresh tick's new query has nothing to show
  // (neither its own data nor, after a failed tick, placeholder data): that is stale, not loading.
  const healthDown = useBackendHealth().down;
  const data = useMemo((): PanelData => {
    const base = { queries, series: [], missingNames: [], stale: false, fetching: false, warnings: [], truncated: 0, window: w };
    if (panel.notAvailable) return { ...base, state: 'unavailable', reason: panel.notAvailable };
    if (!resolved) return { ...base, state: 'loading', reason: null };
    if (runnable.length === 0) {
      const missing = [...new Set(queries.flatMap((q) => q.missing))];
      const needsGpu = missing.includes(GPU_PEAK_MISSING);
      const names = missing.filter((m) => m !== GPU_PEAK_MISSING).flatMap((id) => catalog.metrics[id]?.variants.slice(0, 1) ?? [id]);
      return { ...base, state: 'unavailable', reason: needsGpu && names.length === 0 ? 'needs-gpu' : null, missingNames: names };
    }

    // A refresh (new window, new filters) in flight: keep showing the previous complete answer, on
    // its own grid, as keepPreviousData would. The same object, so the chart's option is not
    // rebuilt and ECharts is not touched until the new answers are all in.
    const waiting = results.some((r) => !r.data && !r.error);
    const failing = results.some((r) => r.error && isBackendWide(r.error));
    if (waiting && !failing && !healthDown && lastSettled) return { ...lastSettled, queries, fetching: results.some((r) => r.isFetching) };

    let series: ChartSeries[] = [];
    const warnings: string[] = [];
    let truncated = 0;
    let anyData = false;
    let firstError: unknown = null;
    let pending = false;
    let backendDown = false;
    let fetching = false;
    results.forEach((res, i) => {
      const q = runnable[i];
      if (!q) return;
      fetching ||= res.isFetching;
      if (res.error) {
        if (isBackendWide(res.error)) backendDown = true;
        else firstError ??= res.error;
      }
      if (res.data) {
        anyData = true;
        warnings.push(...res.data.warnings);
        const shaped = shape(res.data, w, q.query);
        series.push(...shaped.series);
        truncated += shaped.truncated;
      } else if (!res.error) pending = true;
    });

    if (firstError && !anyData)
      return { ...base, state: 'error', reason: errorText(firstError, lang), fetching };
    if (!anyData) return { ...base, state: 'loading', reason: null, stale: backendDown || (healthDown && pending), fetching };
    if (lastSettled && sameItems(series, lastSettled.series)) series = lastSettled.series;
    const hasPoints = series.some((s) => s.points.some(([, v]) => v !== null));
    return {
      ...base,
      state: hasPoints ? 'ok' : pending ? 'loading' : 'empty',
      reason: firstError ? errorText(firstError, lang) : null,
      series,
      stale: backendDown,
      fetching,
      warnings: [...new Set(warnings)],
      truncated,
    };
  }, [panel, resolved, runnable, queries, results, w, catalog, lang, healthDown, lastSettled]);

  // While the backend is down a refresh tick asks for a new range that cannot arrive: keep the
  // last good data on screen, marked stale, rather than dropping to "loading".
  if (data.state === 'ok' && !data.stale && lastGood !== data) setLastGood(data);
  const settled = (data.state === 'ok' || data.state === 'empty') && !data.stale && !results.some((r) => !r.data && !r.error);
  if (settled && (!lastSettled || !sameView(lastSettled, data))) setLastSettled(data);
  if (data.stale && data.state !== 'ok' && lastGood) return { ...lastGood, stale: true };
  if (behind && healthDown && data.state === 'ok' && !data.stale) return { ...data, stale: true };
  return data;
}
