// Data for the SLO tiles and the burn-rate panel: the bucket bounds each SLO's histogram has on
// this backend (read, never assumed), where the threshold falls among them, the PromQL, and the
// attainment over the selected range and the 1 h / 6 h burn windows (instant queries at the end),
// through the one state machine (useQueryAnswers + reduceView) like every panel.
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { expandQuery } from '../../catalog';
import type { QuerySpec } from '../../catalog/types';
import { locateThreshold, parseBounds, type ThresholdPosition } from '../../lib/buckets';
import { SLO_KINDS, attainmentFrom, type Attainment, type SloKind } from '../../lib/slo';
import { backendOfKey, bucketBoundsOptions } from '../../prometheus';
import { useLang } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { useDashboard } from '../data/context';
import { sloQuery, vectorSamples, type EffectiveSlo } from './queries';
import { coarseWindow } from '../backend/use-backend';
import { useBackendView } from '../data/use-backend-view';
import { useQueryAnswers } from '../data/use-query-answers';
import type { QueryStatus, View } from '../data/view-state';

export const SLO_WINDOWS = ['range', '1h', '6h'] as const;
export type SloWindow = (typeof SLO_WINDOWS)[number];

export interface SloSetup {
  kind: SloKind;
  threshold: number;
  /** 'unavailable': the histogram is not on this backend; 'loading': bounds not known yet. */
  /** 'no-series': the histogram has no series in the window (nothing observed); 'no-bounds': no finite bound. */
  status: 'ready' | 'loading' | 'unavailable' | 'error' | 'no-bounds' | 'no-series';
  reason: string | null;
  /** Finite bucket bounds, seconds. */
  bounds: number[];
  position: ThresholdPosition | null;
  query: QuerySpec | null;
  /** The resolved histogram name (for the "not exposed" message). */
  metricName: string | null;
  /** `le` label values exactly as the backend stores them. */
  leValues: string[];
  /** `_count` is on this backend (otherwise the `+Inf` bucket is the total). */
  hasCount: boolean;
  /** The bounds query's status, in the shape reduceView takes; null when none runs (no histogram). */
  boundsStatus: QueryStatus | null;
}

/** Bounds and PromQL of every SLO with a threshold. */
export function useSloSetup(slo: EffectiveSlo): SloSetup[] {
  const { resolved, client, baseUrl, window: w } = useDashboard();
  const lang = useLang();
  const { start, end } = coarseWindow(w.startSec, w.endSec);
  const kinds = SLO_KINDS.filter((k) => slo.thresholds[k] !== null);
  const names = kinds.map((k) => resolved?.get(`${k}_bucket`)?.name ?? null);
  const combine = useCallback(
    (rs: Array<{ data?: string[]; error: unknown; isFetching: boolean }>) => rs.map((r) => ({ data: r.data, error: r.error, fetching: r.isFetching })),
    [],
  );
  const bounds = useQueries({
    queries: names.map((name) => ({
      ...bucketBoundsOptions(client, { baseUrl, series: name ?? '', start, end }),
      enabled: name !== null,
      // The key moves with the coarse window: the same series' bounds meanwhile (they change only
      // with an engine release), so the SLO bodies keep their queries instead of dropping to loading.
      placeholderData: (prev: string[] | undefined, q?: { queryKey: readonly unknown[] }) =>
        q && backendOfKey(q.queryKey) === baseUrl && q.queryKey[3] === name ? prev : undefined,
    })),
    combine,
  });
  const key = JSON.stringify([kinds.map((k) => slo.thresholds[k]), names, bounds.map((b) => b.data ?? null), bounds.map((b) => Boolean(b.error)), bounds.map((b) => b.fetching), resolved !== null]);
  return useMemo(
    () =>
      kinds.map((kind, i): SloSetup => {
        const threshold = slo.thresholds[kind] ?? 0;
        const hasCount = resolved?.has(`${kind}_count`) ?? false;
        const b = bounds[i];
        const boundsStatus = names[i] === null || !b ? null : { hasData: b.data !== undefined, error: b.error ?? null, fetching: b.fetching };
        const base = { kind, threshold, bounds: [], position: null, query: null, metricName: names[i] ?? null, reason: null, leValues: [], hasCount, boundsStatus };
        if (!resolved) return { ...base, status: 'loading' };
        if (names[i] === null) return { ...base, status: 'unavailable' };
        if (b?.error && !b.data) return { ...base, status: 'error', reason: errorText(b.error, lang) };
        if (!b?.data) return { ...base, status: 'loading' };
        const parsed = parseBounds(b.data);
        const position = locateThreshold(threshold, parsed);
        const query = sloQuery(kind, position, b.data, hasCount);
        const finite = parsed.filter((x) => Number.isFinite(x.value)).map((x) => x.value);
        // No bounds at all in the window: the histogram has no series yet, i.e. nothing observed.
        if (b.data.length === 0) return { ...base, status: 'no-series' };
        return { ...base, status: query ? 'ready' : 'no-bounds', bounds: finite, position, query, leValues: b.data };
      }),
    // `key` covers every input (arrays are rebuilt each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, lang],
  );
}

export interface SloWindowResult {
  attainment: Attainment | null;
  expr: string | null;
  error: string | null;
}

/** One window's results, by SLO: only SLOs whose bounds are in (or failed) have one. */
export type SloWindowResults = Partial<Record<SloKind, SloWindowResult>>;

/** The PromQL window of each SLO window: the selected range in seconds, or the burn windows. */
export function windowDuration(win: SloWindow, startSec: number, endSec: number): string {
  return win === 'range' ? `${Math.max(60, Math.round(endSec - startSec))}s` : win;
}

/** What a held answer must match besides the backend: the thresholds it was computed for. */
export const thresholdsScope = (setups: readonly SloSetup[]): string => setups.map((s) => `${s.kind}≤${s.threshold}`).join(' ');

/** The statuses of the bounds queries of `setups` (those that run). */
export const boundsStatuses = (setups: readonly SloSetup[]): QueryStatus[] => setups.flatMap((s) => (s.boundsStatus ? [s.boundsStatus] : []));

/**
 * Attainment of each ready SLO of `setups` over `win`, evaluated at the end of the (aligned) range,
 * through the one state machine: the last results stay while a refresh loads, and marked stale
 * while the backend does not answer; the bounds queries count among the statuses, so a moved
 * coarse window waits the same way.
 */
export function useSloWindow(setups: readonly SloSetup[], win: SloWindow): View<SloWindowResults> {
  const { client, baseUrl, window: w, catalog, resolved, filters } = useDashboard();
  const lang = useLang();
  const slots = useMemo(() => {
    const out: Array<{ setup: SloSetup; expr: string }> = [];
    if (!resolved) return out;
    for (const setup of setups) {
      if (setup.status !== 'ready' || !setup.query) continue;
      const r = expandQuery(setup.query, catalog, { resolved, filters, rateInterval: windowDuration(win, w.startSec, w.endSec), by: [] });
      if ('expr' in r) out.push({ setup, expr: r.expr });
    }
    return out;
  }, [setups, resolved, catalog, filters, win, w.startSec, w.endSec]);
  const exprs = useMemo(() => slots.map((s) => s.expr), [slots]);
  const answers = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs, window: w, enabled: true });
  const statuses = useMemo(() => [...boundsStatuses(setups), ...answers.statuses], [setups, answers.statuses]);

  const value = useMemo((): SloWindowResults | null => {
    const out: SloWindowResults = {};
    for (const s of setups) if (s.status === 'error') out[s.kind] = { attainment: null, expr: null, error: s.reason };
    for (const [i, { setup, expr }] of slots.entries()) {
      const a = answers.answers[i];
      const error = answers.statuses[i]?.error;
      if (a) {
        const samples = a.result.resultType === 'vector' ? vectorSamples(a.result.result) : [];
        out[setup.kind] = { attainment: attainmentFrom(samples, setup.threshold, setup.position ?? { kind: 'none' }), expr, error: null };
      } else if (error) out[setup.kind] = { attainment: null, expr, error: errorText(error, lang) };
      else return null;
    }
    return out;
  }, [setups, slots, answers, lang]);

  return useBackendView(baseUrl, { scope: thresholdsScope(setups), statuses, value, isEmpty: () => false });
}
