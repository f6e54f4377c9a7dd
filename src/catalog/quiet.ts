// Why a panel has nothing to draw although nothing is wrong. Two patterns of real servers, marked
// on the logical metrics (`appearsWith`, `movesOnlyWith`) and decided here, purely:
//
//  - none yet: a labelled family is created by its first event (prometheus_client has no series
//    for a labelled metric until `.labels(…)` is first called). SGLang has no
//    `sglang:num_aborted_requests_total` until the first abort. While the engine is present,
//    its absence means "none yet in this range", an `empty` state, not "not exposed".
//  - never moved: a feature's counters are registered at 0 whatever the setup and only move when
//    the feature is on (vLLM's MFU estimates without `--enable-mfu-metrics`). A counter still at
//    exactly 0 on every instance that has served requests is the feature being off, not idle GPUs.
import { referencedMetrics } from './promql';
import type { EngineCatalog, PanelSpec } from './types';

export type QuietReason =
  /** Lazily created families not created yet; `events` name what creates them. */
  | { kind: 'none-yet'; metrics: string[]; events: string[] }
  /** Feature counters at exactly 0 on every instance that served requests; `flags` turn them on. */
  | { kind: 'never-moved'; metrics: string[]; flags: string[] };

/** What the decisions read of a panel (a stat tile passes its one query). */
export type QuietSubject = Pick<PanelSpec, 'queries'> & Partial<Pick<PanelSpec, 'notAvailable'>>;

function alternatives(panel: QuietSubject): string[][] {
  return panel.queries.flatMap((q) => q.alternatives.map((a) => referencedMetrics(a.expr)));
}

/**
 * For a panel none of whose query alternatives can run on this backend: `none-yet` when the engine
 * is present (its presence metric or, where the presence gauge itself waits for the first request,
 * its finished-requests counter resolves) and some alternative lacks only metrics that appear with
 * their first event; null when the panel is truly not exposed (or the engine is absent).
 */
export function noneYetReason(panel: QuietSubject, catalog: EngineCatalog, resolved: ReadonlyMap<string, unknown>): QuietReason | null {
  const present = resolved.has(catalog.presenceMetric) || (catalog.servedMetric !== undefined && resolved.has(catalog.servedMetric));
  if (panel.notAvailable !== undefined || !present) return null;
  for (const ids of alternatives(panel)) {
    const missing = ids.filter((id) => !resolved.has(id));
    if (missing.length === 0) continue;
    const events = missing.map((id) => catalog.metrics[id]?.appearsWith);
    if (events.every((e): e is string => e !== undefined)) {
      const names = missing.map((id) => catalog.metrics[id]?.variants[0] ?? id);
      return { kind: 'none-yet', metrics: [...new Set(names)], events: [...new Set(events)] };
    }
  }
  return null;
}

/** The metrics of a panel that move only with a flag, in the first alternative that can run. */
export function neverMovedCandidates(panel: QuietSubject, catalog: EngineCatalog, resolved: ReadonlyMap<string, unknown>): string[] {
  const runnable = alternatives(panel).find((ids) => ids.every((id) => resolved.has(id)));
  return (runnable ?? []).filter((id) => catalog.metrics[id]?.movesOnlyWith !== undefined);
}

/** The label the probe puts on each of its parts (a metric id, or SERVED for the requests part). */
export const PROBE_LABEL = 'iw_probe';
const SERVED = '__served';

/**
 * One instant query (a template for `expandQuery`) that decides `never-moved` for a panel: per
 * instance, each candidate's largest value over the range and the requests it served (the
 * catalog's finished-requests counter, `servedMetric`), told apart by PROBE_LABEL. One request per
 * candidate panel, three small vectors per instance.
 */
export function neverMovedProbe(candidates: readonly string[], served: string): string {
  const part = (inner: string, tag: string) => `label_replace(${inner}, "${PROBE_LABEL}", "${tag}", "", "")`;
  return [
    ...candidates.map((id) => part(`max by (instance) (max_over_time({{${id}}}[$__range]))`, id)),
    part(`sum by (instance) ({{${served}}})`, SERVED),
  ].join(' or ');
}

/** The probe's answer (instant vector samples) as `neverMovedReason` takes it. */
export function readNeverMovedProbe(samples: ReadonlyArray<{ metric: Readonly<Record<string, string>>; value: number }>): {
  values: Map<string, Map<string, number>>;
  served: Map<string, number>;
} {
  const values = new Map<string, Map<string, number>>();
  const served = new Map<string, number>();
  for (const { metric, value } of samples) {
    const tag = metric[PROBE_LABEL];
    const instance = metric.instance ?? '';
    if (tag === undefined || !Number.isFinite(value)) continue;
    if (tag === SERVED) served.set(instance, value);
    else {
      const m = values.get(tag) ?? new Map<string, number>();
      m.set(instance, value);
      values.set(tag, m);
    }
  }
  return { values, served };
}

/**
 * `never-moved` when at least one instance served requests and, on every instance that did, each
 * candidate metric stayed at exactly 0 over the range. Inputs are per-instance values of the probe;
 * an instance missing from a metric's answer has no such series, so it does not count as 0.
 */
export function neverMovedReason(
  catalog: EngineCatalog,
  candidates: readonly string[],
  values: ReadonlyMap<string, ReadonlyMap<string, number>>,
  served: ReadonlyMap<string, number>,
): QuietReason | null {
  if (candidates.length === 0) return null;
  const serving = [...served].filter(([, n]) => n > 0).map(([instance]) => instance);
  if (serving.length === 0) return null;
  for (const id of candidates) {
    const perInstance = values.get(id);
    if (!perInstance || !serving.every((i) => perInstance.get(i) === 0)) return null;
  }
  const flags = candidates.map((id) => catalog.metrics[id]?.movesOnlyWith ?? '');
  const names = candidates.map((id) => catalog.metrics[id]?.variants[0] ?? id);
  return { kind: 'never-moved', metrics: [...new Set(names)], flags: [...new Set(flags)] };
}
