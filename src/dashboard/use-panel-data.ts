// Runs one catalog panel's queries and tells its state apart: loading, data, no samples,
// not exposed by this backend, query error. Keeps the last data on screen while a refresh is in
// flight, and while the backend is down (marked stale) instead of flipping to an error.
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { GPU_PEAK_MISSING, expandQuery, type ExpandedQuery } from '../catalog';
import type { PanelSpec, QuerySpec } from '../catalog/types';
import { matrixToSeries, type ChartSeries } from '../charts';
import { rangeQueryOptions, type RangeQueryAnswer } from '../prometheus';
import { isBackendWide } from './backend-errors';
import { useBackendHealth } from './backend-health';
import { useDashboard } from './dashboard-context';
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
}

const MAX_SERIES = 50;

export function usePanelData(panel: PanelSpec, enabled: boolean): PanelData {
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
  const results = useQueries({
    queries: runnable.map((q) => ({
      ...rangeQueryOptions(client, { baseUrl, expr: q.expanded.expr, start: w.startSec, end: w.endSec, step: w.stepSec }),
      enabled,
      placeholderData: keepPreviousData,
    })),
    combine,
  });

  const [lastGood, setLastGood] = useState<PanelData | null>(null);
  // While the banner says the backend is down, a refresh tick's new query has nothing to show
  // (neither its own data nor, after a failed tick, placeholder data): that is stale, not loading.
  const healthDown = useBackendHealth().down;
  const data = useMemo((): PanelData => {
    const base = { queries, series: [], missingNames: [], stale: false, fetching: false, warnings: [], truncated: 0 };
    if (panel.notAvailable) return { ...base, state: 'unavailable', reason: panel.notAvailable };
    if (!resolved) return { ...base, state: 'loading', reason: null };
    if (runnable.length === 0) {
      const missing = [...new Set(queries.flatMap((q) => q.missing))];
      const needsGpu = missing.includes(GPU_PEAK_MISSING);
      const names = missing.filter((m) => m !== GPU_PEAK_MISSING).flatMap((id) => catalog.metrics[id]?.variants.slice(0, 1) ?? [id]);
      return { ...base, state: 'unavailable', reason: needsGpu && names.length === 0 ? 'needs-gpu' : null, missingNames: names };
    }

    const series: ChartSeries[] = [];
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
        const shaped = matrixToSeries(res.data.result, {
          start: w.startSec,
          end: w.endSec,
          step: w.stepSec,
          legend: q.query.legend,
          idPrefix: q.query.id,
          maxSeries: MAX_SERIES,
        });
        series.push(...shaped.series);
        truncated += shaped.truncated;
      } else if (!res.error) pending = true;
    });

    if (firstError && !anyData)
      return { ...base, state: 'error', reason: errorText(firstError, lang), fetching };
    if (!anyData) return { ...base, state: 'loading', reason: null, stale: backendDown || (healthDown && pending), fetching };
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
  }, [panel, resolved, runnable, queries, results, w, catalog, lang, healthDown]);

  // While the backend is down a refresh tick asks for a new range that cannot arrive: keep the
  // last good data on screen, marked stale, rather than dropping to "loading".
  if (data.state === 'ok' && !data.stale && lastGood !== data) setLastGood(data);
  if (data.stale && data.state !== 'ok' && lastGood) return { ...lastGood, stale: true };
  return data;
}
