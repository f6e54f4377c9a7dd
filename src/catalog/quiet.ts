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

function alternatives(panel: PanelSpec): string[][] {
  return panel.queries.flatMap((q) => q.alternatives.map((a) => referencedMetrics(a.expr)));
}

/**
 * For a panel none of whose query alternatives can run on this backend: `none-yet` when the engine
 * is present (its presence metric resolves) and some alternative lacks only metrics that appear
 * with their first event; null when the panel is truly not exposed (or the engine is absent).
 */
export function noneYetReason(panel: PanelSpec, catalog: EngineCatalog, resolved: ReadonlyMap<string, unknown>): QuietReason | null {
  if (panel.notAvailable !== undefined || !resolved.has(catalog.presenceMetric)) return null;
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
export function neverMovedCandidates(panel: PanelSpec, catalog: EngineCatalog, resolved: ReadonlyMap<string, unknown>): string[] {
  const runnable = alternatives(panel).find((ids) => ids.every((id) => resolved.has(id)));
  return (runnable ?? []).filter((id) => catalog.metrics[id]?.movesOnlyWith !== undefined);
}

/**
 * The two instant queries that decide `never-moved` for a metric (templates for `expandQuery`):
 * its largest value per instance over the range, and the requests each instance served. `served`
 * is the catalog's finished-requests counter (vLLM `request_success`, SGLang `requests`).
 */
export function neverMovedProbe(metricId: string, served: string): { value: string; served: string } {
  return {
    value: `max by (instance) (max_over_time({{${metricId}}}[$__range]))`,
    served: `sum by (instance) ({{${served}}})`,
  };
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
