// Data for the SLO tiles and the burn-rate panel: the bucket bounds each SLO's histogram has on
// this backend (read, never assumed), where the threshold falls among them, the PromQL, and the
// attainment over the selected range and the 1 h / 6 h burn windows (instant queries at the end).
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { expandQuery } from '../../catalog';
import type { QuerySpec } from '../../catalog/types';
import { locateThreshold, parseBounds, type ThresholdPosition } from '../../lib/buckets';
import { SLO_KINDS, attainmentFrom, type Attainment, type SloKind } from '../../lib/slo';
import { bucketBoundsOptions, instantQueryOptions, type QueryAnswer } from '../../prometheus';
import { useLang } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { isBackendWide } from '../backend/errors';
import { useDashboard } from '../board/context';
import { sloQuery, vectorSamples, type EffectiveSlo } from './queries';
import { coarseWindow } from '../backend/use-backend';

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
}

/** Bounds and PromQL of every SLO with a threshold. */
export function useSloSetup(slo: EffectiveSlo): SloSetup[] {
  const { resolved, client, baseUrl, window: w } = useDashboard();
  const lang = useLang();
  const { start, end } = coarseWindow(w.startSec, w.endSec);
  const kinds = SLO_KINDS.filter((k) => slo.thresholds[k] !== null);
  const names = kinds.map((k) => resolved?.get(`${k}_bucket`)?.name ?? null);
  const combine = useCallback((rs: Array<{ data?: string[]; error: unknown }>) => rs.map((r) => ({ data: r.data, error: r.error })), []);
  const bounds = useQueries({
    queries: names.map((name) => ({
      ...bucketBoundsOptions(client, { baseUrl, series: name ?? '', start, end }),
      enabled: name !== null,
    })),
    combine,
  });
  const key = JSON.stringify([kinds.map((k) => slo.thresholds[k]), names, bounds.map((b) => b.data ?? null), bounds.map((b) => Boolean(b.error)), resolved !== null]);
  return useMemo(
    () =>
      kinds.map((kind, i): SloSetup => {
        const threshold = slo.thresholds[kind] ?? 0;
        const hasCount = resolved?.has(`${kind}_count`) ?? false;
        const base = { kind, threshold, bounds: [], position: null, query: null, metricName: names[i] ?? null, reason: null, leValues: [], hasCount };
        if (!resolved) return { ...base, status: 'loading' };
        if (names[i] === null) return { ...base, status: 'unavailable' };
        const b = bounds[i];
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

export type SloResults = Record<SloKind, Partial<Record<SloWindow, SloWindowResult>>>;

/** The PromQL window of each SLO window: the selected range in seconds, or the burn windows. */
export function windowDuration(win: SloWindow, startSec: number, endSec: number): string {
  return win === 'range' ? `${Math.max(60, Math.round(endSec - startSec))}s` : win;
}

/** Attainment of each ready SLO over each window, evaluated at the end of the (aligned) range. */
export function useSloResults(setups: SloSetup[]): SloResults {
  const { client, baseUrl, window: w, catalog, resolved, filters } = useDashboard();
  const lang = useLang();
  const slots = useMemo(() => {
    const out: Array<{ kind: SloKind; win: SloWindow; expr: string; setup: SloSetup }> = [];
    if (!resolved) return out;
    for (const s of setups) {
      if (s.status !== 'ready' || !s.query) continue;
      for (const win of SLO_WINDOWS) {
        const r = expandQuery(s.query, catalog, { resolved, filters, rateInterval: windowDuration(win, w.startSec, w.endSec), by: [] });
        if ('expr' in r) out.push({ kind: s.kind, win, expr: r.expr, setup: s });
      }
    }
    return out;
  }, [setups, resolved, catalog, filters, w.startSec, w.endSec]);

  const combine = useCallback(
    (rs: Array<{ data?: QueryAnswer; error: unknown }>) => rs.map((r) => ({ data: r.data, error: r.error })),
    [],
  );
  const answers = useQueries({
    queries: slots.map((s) => instantQueryOptions(client, { baseUrl, expr: s.expr, time: w.endSec })),
    combine,
  });

  // A new window (refresh tick) has no answer yet: keep showing the last one for the same SLO,
  // threshold and window instead of flashing "loading" (as panels keep their previous data).
  const [last, setLast] = useState<Record<string, SloWindowResult>>({});
  const results = {} as SloResults;
  for (const k of SLO_KINDS) results[k] = {};
  const fresh: Record<string, SloWindowResult> = {};
  const kept: Record<string, SloWindowResult> = {};
  slots.forEach((s, i) => {
    const a = answers[i];
    const id = `${s.kind}|${s.setup.threshold}|${s.win}|${JSON.stringify(filters)}`;
    const prev = last[id];
    if (prev) kept[id] = prev;
    let r: SloWindowResult;
    if (a?.data) {
      const res = a.data.result;
      const samples = res.resultType === 'vector' ? vectorSamples(res.result) : [];
      r = { attainment: attainmentFrom(samples, s.setup.threshold, s.setup.position ?? { kind: 'none' }), expr: s.expr, error: null };
      fresh[id] = r;
    } else if (a?.error && !isBackendWide(a.error)) r = { attainment: null, expr: s.expr, error: errorText(a.error, lang) };
    else r = prev ?? { attainment: null, expr: s.expr, error: null };
    results[s.kind][s.win] = r;
  });
  const changed = Object.entries(fresh).some(([id, r]) => last[id]?.attainment === undefined || JSON.stringify(last[id]?.attainment) !== JSON.stringify(r.attainment));
  // Only the slots on screen are remembered, so the memory does not grow with every filter tried.
  if (changed) setLast({ ...kept, ...fresh });
  return results;
}
