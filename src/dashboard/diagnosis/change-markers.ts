// Change markers: engine restarts in the range, from the process start time (the Python client's
// `process_start_time_seconds`, which vLLM's API server exports; SGLang runs the client in
// multiprocess mode and has none). One instant query for the whole board, shared by every chart
// and the Diagnosis region (same key): the earliest and the latest start time each engine
// instance reported in the range; each one inside the range is a start. Only targets that also
// report the engine's running gauge count, so an exporter's or Prometheus's own process is never
// taken for an engine. What happens between the first and the last start of one instance (several
// restarts in one range) shows as those two only.
import { useMemo } from 'react';
import type { ChartMarker } from '../../charts';
import { expandExpr } from '../../catalog';
import type { VectorSample } from '../../prometheus';
import { summaryWindow, rangeSeconds, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { infoChanges, resetRestarts, sleepChanges, type ChangeEvent } from './changes';

export interface EngineStart {
  instance: string;
  /** Unix ms of the process start. */
  t: number;
  /** An earlier start of the same instance was seen in the range (a restart, not a first start). */
  restart: boolean;
}

const NONE: readonly EngineStart[] = [];

/** From the min/max start times per instance to the starts inside [startSec, endSec]. */
export function startsInRange(samples: readonly VectorSample[], instanceLabel: string, startSec: number, endSec: number): EngineStart[] {
  const by = new Map<string, { first?: number; last?: number }>();
  for (const s of samples) {
    const instance = s.metric[instanceLabel];
    const v = Number(s.value[1]);
    if (instance === undefined || !Number.isFinite(v)) continue;
    const e = by.get(instance) ?? {};
    if (s.metric.iw_edge === 'first') e.first = v;
    else e.last = v;
    by.set(instance, e);
  }
  const out: EngineStart[] = [];
  for (const [instance, { first, last }] of by) {
    const inside = (v: number | undefined): v is number => v !== undefined && v >= startSec && v <= endSec;
    if (inside(first) && first !== last) out.push({ instance, t: first * 1000, restart: false });
    if (inside(last)) out.push({ instance, t: last * 1000, restart: first !== undefined && first < last });
  }
  return out.sort((a, b) => a.t - b.t);
}

export function useEngineStarts(enabled: boolean): readonly EngineStart[] {
  const ctx = useDashboard();
  const { resolved, catalog, filters, rateInterval, client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const range = rangeSeconds(w);
  const instanceLabel = catalog.filterLabels.instance;
  const expr = useMemo(() => {
    if (!resolved || !catalog.metrics.process_start) return null;
    const tpl = (fn: string, edge: string) =>
      `label_replace(${fn}({{process_start}}[$__range]) and on (${instanceLabel}) group by (${instanceLabel}) (last_over_time({{${catalog.roles?.running ?? 'running'}}}[$__range])), "iw_edge", "${edge}", "", "")`;
    const r = expandExpr('starts', `${tpl('min_over_time', 'first')} or ${tpl('max_over_time', 'last')}`, catalog, {
      resolved,
      filters,
      rateInterval,
      by: [],
      range,
    });
    return 'missing' in r ? null : r.expr;
  }, [resolved, catalog, filters, rateInterval, range, instanceLabel]);
  const exprs = useMemo(() => (expr ? [expr] : []), [expr]);
  const { answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs, window: w, enabled: enabled && expr !== null });
  const a = answers[0];
  return useMemo(() => {
    if (!a || a.result.resultType !== 'vector') return NONE;
    return startsInRange(a.result.result, instanceLabel, w.startSec, w.endSec);
  }, [a, instanceLabel, w.startSec, w.endSec]);
}

const NO_CHANGES: readonly ChangeEvent[] = [];
const NO_MARKERS: readonly ChartMarker[] = [];
/** Engines whose metrics client runs in multiprocess mode, without the process collector (catalog.test.ts, OFF_SPEC). */
const NO_PROCESS_START: ReadonlySet<string> = new Set(['sglang', 'trtllm']);
const CHANGE_LABEL = 'iw_change';

/**
 * Restarts from counter resets (only where the engine has no process start time), configuration
 * changes of its `*_info` gauge and sleep/wake: one range query over the page's window, each part
 * tagged in `iw_change`, shared by every chart and the Diagnosis region (same key).
 */
export function useChanges(enabled: boolean): readonly ChangeEvent[] {
  const ctx = useDashboard();
  const { resolved, catalog, filters, rateInterval, client, baseUrl, window: w } = ctx;
  const instanceLabel = catalog.filterLabels.instance;
  const expr = useMemo(() => {
    if (!resolved) return null;
    const r = catalog.roles;
    const parts: string[] = [];
    const tag = (e: string, kind: string) => `label_replace(${e}, "${CHANGE_LABEL}", "${kind}", "", "")`;
    // Each reset is seen by every window holding the samples around it: at least two steps and a minute (a few scrapes).
    const win = `${Math.max(2 * w.stepSec, 60)}s`;
    // Where the engine has no start time: the backend lacks the name, or the engine never exports
    // it (a backend holding vLLM and SGLang has the name from vLLM's targets only).
    if (r && (!resolved.has('process_start') || NO_PROCESS_START.has(catalog.engine))) parts.push(tag(`sum by (${instanceLabel}) (resets({{${r.requests}}}[${win}]))`, 'reset'));
    const info = r?.cacheConfig ?? r?.kvPages?.cacheConfig;
    if (info) parts.push(tag(`{{${info}}}`, 'config'));
    if (r?.sleepState) parts.push(tag(`{{${r.sleepState}|sleep_state="awake"}}`, 'sleep'));
    const kept = parts.flatMap((p) => {
      const e = expandExpr('changes', p, catalog, { resolved, filters, rateInterval, by: [], range: rangeSeconds(w) });
      return 'missing' in e ? [] : [e.expr];
    });
    return kept.length > 0 ? kept.join(' or ') : null;
  }, [resolved, catalog, filters, rateInterval, w, instanceLabel]);
  const exprs = useMemo(() => (expr ? [expr] : []), [expr]);
  const { answers } = useQueryAnswers({ kind: 'range', client, baseUrl, exprs, window: w, enabled: enabled && expr !== null });
  const a = answers[0];
  return useMemo(() => {
    if (!a) return NO_CHANGES;
    const of = (kind: string) => a.result.filter((s) => s.metric[CHANGE_LABEL] === kind).map((s) => ({ ...s, metric: Object.fromEntries(Object.entries(s.metric).filter(([k]) => k !== CHANGE_LABEL)) }));
    return [...resetRestarts(of('reset'), instanceLabel, w.stepSec), ...infoChanges(of('config'), instanceLabel, w.startSec), ...sleepChanges(of('sleep'), instanceLabel)].sort((x, y) => x.t - y.t);
  }, [a, instanceLabel, w.stepSec, w.startSec]);
}

export interface ChangeWords {
  restart: string;
  started: string;
  reset: string;
  config: string;
  sleep: string;
  wake: string;
}

/** Starts and changes as chart markers (drawn like alert markers, neutral colour); the tooltip says what changed. */
export function useChangeMarkers(enabled: boolean, words: ChangeWords): readonly ChartMarker[] {
  const starts = useEngineStarts(enabled);
  const changes = useChanges(enabled);
  return useMemo(
    () =>
      // None keeps one identity: a window change with nothing in it re-renders no chart.
      starts.length === 0 && changes.length === 0
        ? NO_MARKERS
        : [
            ...starts.map((s): ChartMarker => ({ t: s.t, label: s.restart ? words.restart : words.started, place: s.instance, severity: 'info' })),
            ...changes.map((c): ChartMarker => ({ t: c.t, label: c.kind === 'restart' ? words.reset : words[c.kind], place: c.instance, detail: c.what, severity: 'info' })),
          ],
    [starts, changes, words],
  );
}
