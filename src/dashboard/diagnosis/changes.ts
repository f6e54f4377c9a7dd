// Change markers beside the engine starts, detected from range answers (pure):
// - restarts where the engine has no process start time (SGLang, LMDeploy, trtllm-serve): a
//   counter reset, `resets(<finished requests>[w])` per instance, one marker per run of steps
//   that see it (each reset is seen by every window that holds the samples around it);
// - configuration changes: an `*_info` gauge (value 1, the configuration in its labels) whose label
//   set changed: a new series of the same instance (and DP engine) appears after an earlier one;
//   the tooltip lists the labels that changed;
// - sleep and wake: the `sleep_state="awake"` series of the sleep gauge going 1 → 0 and back.
import type { ColumnarSeries } from '../../prometheus';

type RangeSeriesLike = ColumnarSeries;

export type ChangeKind = 'restart' | 'config' | 'sleep' | 'wake';

export interface ChangeEvent {
  kind: ChangeKind;
  instance: string;
  /** Unix ms. */
  t: number;
  /** Config: `label: old → new`, plain text. */
  what?: string;
}

/** Restarts from a `resets(...)` range answer by instance: the first step of each run of positive values. */
export function resetRestarts(series: readonly RangeSeriesLike[], instanceLabel: string, stepSec: number): ChangeEvent[] {
  const out: ChangeEvent[] = [];
  for (const s of series) {
    const instance = s.metric[instanceLabel];
    if (instance === undefined) continue;
    let prevT = -Infinity;
    let inRun = false;
    for (let i = 0; i < s.t.length; i += 1) {
      const t = s.t[i] as number;
      const hit = (s.v[i] as number) > 0;
      // A missing step breaks a run (a gap in the answer).
      const contiguous = t - prevT <= stepSec * 1.5;
      if (hit && (!inRun || !contiguous)) out.push({ kind: 'restart', instance, t: t * 1000 });
      inRun = hit;
      prevT = t;
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

/** Labels that identify where an info series is, not what it says. */
const PLACE = new Set(['__name__', 'job', 'instance', 'engine', 'namespace', 'pod', 'container', 'endpoint', 'service']);

function diff(a: Record<string, string>, b: Record<string, string>): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !PLACE.has(k)).sort();
  return keys
    .filter((k) => a[k] !== b[k])
    .map((k) => `${k}: ${a[k] ?? '∅'} → ${b[k] ?? '∅'}`)
    .join(', ');
}

/**
 * Config changes from a range answer of the raw info gauge: per instance and DP engine, the series
 * ordered by their first sample; each one after the first that begins inside the range is a change.
 */
export function infoChanges(series: readonly RangeSeriesLike[], instanceLabel: string, startSec: number): ChangeEvent[] {
  const groups = new Map<string, Array<{ first: number; metric: Record<string, string> }>>();
  for (const s of series) {
    const instance = s.metric[instanceLabel];
    const first = s.t[0];
    if (instance === undefined || first === undefined) continue;
    const key = `${instance}\u0000${s.metric.engine ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), { first, metric: s.metric }]);
  }
  const out: ChangeEvent[] = [];
  const seen = new Set<string>();
  for (const list of groups.values()) {
    list.sort((a, b) => a.first - b.first);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (cur.first <= startSec) continue;
      const what = diff(prev.metric, cur.metric);
      const instance = cur.metric[instanceLabel]!;
      // DP engines of one server change together: one marker per instance and time.
      const key = `${instance}\u0000${cur.first}\u0000${what}`;
      if (!what || seen.has(key)) continue;
      seen.add(key);
      out.push({ kind: 'config', instance, t: cur.first * 1000, what });
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

/** Sleep and wake from a range answer of the `awake` series of the sleep gauge (1 awake, 0 asleep). */
export function sleepChanges(series: readonly RangeSeriesLike[], instanceLabel: string): ChangeEvent[] {
  const out: ChangeEvent[] = [];
  const seen = new Set<string>();
  for (const s of series) {
    const instance = s.metric[instanceLabel];
    if (instance === undefined) continue;
    let prev: number | null = null;
    for (let i = 0; i < s.t.length; i += 1) {
      const t = s.t[i] as number;
      const awake = (s.v[i] as number) > 0 ? 1 : 0;
      if (prev !== null && awake !== prev) {
        const kind: ChangeKind = awake ? 'wake' : 'sleep';
        const key = `${instance}\u0000${t}\u0000${kind}`;
        if (!seen.has(key)) out.push({ kind, instance, t: t * 1000 });
        seen.add(key);
      }
      prev = awake;
    }
  }
  return out.sort((a, b) => a.t - b.t);
}
