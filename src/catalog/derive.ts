// A catalog derived from another engine's: for an engine that copies a source engine's metric set
// under its own prefix (LMDeploy writes vLLM's names under `lmdeploy:`). Only the names the engine
// really exposes survive: a variant whose re-prefixed name is not in `exposed` is dropped, a metric
// with none left is gone, and so is every query alternative that reads it. Core panels left
// without a query say the engine has no such metric; other panels without one are left out.
import { CORE_PANEL_IDS } from './core-panels';
import { bySection } from './define';
import { referencedMetrics } from './promql';
import { instanceTablePanel, modelSummaryPanel, saturationStart } from './tables';
import type { AbsentStat, EngineCatalog, EngineRoles, LogicalMetric, PanelSpec, QuerySpec, StatSpec } from './types';

export interface Reprefix<Id extends string> {
  engine: Id;
  label: string;
  /** The source's prefix and the engine's, e.g. `vllm:` → `lmdeploy:`. */
  from: string;
  to: string;
  /** Every series name the engine exposes (its spec file's `exposed_series`). */
  exposed: readonly string[];
  /** The flag or setup that turns the engine's metrics on. */
  enabledBy: string;
  roles: EngineRoles;
  /** Metrics of the engine's own beside the copied ones, and the scrape-target series (`TARGET_METRICS`). */
  extraMetrics?: Record<string, LogicalMetric>;
  /** Text rewritten in every expression, e.g. the source's label values for the engine's own. */
  rewrite?: ReadonlyArray<readonly [string, string]>;
  /** Panels and stats of the engine's own, replacing the source's of the same id. */
  panels?: PanelSpec[];
  stats?: StatSpec[];
  alertPrefix?: string;
  /** Source metrics whose copy would mean something else on the engine (same name, other measure). */
  excludeMetrics?: readonly string[];
  /** Panels and stats whose source queries would be wrong on the engine (label values it does not write). */
  drop?: readonly string[];
  /** The engine's filter labels, and its name for the source's rank label on every metric. */
  filterLabels?: EngineCatalog['filterLabels'];
  renameLabel?: readonly [string, string];
}

export function reprefixCatalog<Id extends string>(source: EngineCatalog<string>, o: Reprefix<Id>): EngineCatalog<Id> {
  const exposed = new Set(o.exposed);
  const metrics: Record<string, LogicalMetric> = {};
  for (const [id, m] of Object.entries(source.metrics)) {
    const prefixed = m.variants.some((v) => v.startsWith(o.from));
    // Unprefixed names are the source's own (or every target's: the engine passes those in `extraMetrics`).
    if (!prefixed || o.excludeMetrics?.includes(id)) continue;
    const variants = m.variants.filter((v) => v.startsWith(o.from)).map((v) => o.to + v.slice(o.from.length)).filter((v) => exposed.has(v));
    if (variants.length === 0) continue;
    const { appearsWith: _a, movesOnlyWith: _m, ...rest } = m;
    const rename = o.renameLabel;
    const labels = rename ? m.labels.map((l) => (l === rename[0] ? rename[1] : l)) : m.labels;
    metrics[id] = { ...rest, variants, labels, enabledBy: o.enabledBy };
  }
  Object.assign(metrics, o.extraMetrics);

  const text = (s: string): string => (o.rewrite ?? []).reduce((t, [a, b]) => t.split(a).join(b), s.split(o.from).join(o.to));
  const has = (expr: string): boolean => referencedMetrics(expr).every((id) => id in metrics);
  const keep = (q: QuerySpec): QuerySpec | null => {
    const alternatives = q.alternatives.filter((a) => has(a.expr)).map((a) => ({ expr: text(a.expr), ...(a.note ? { note: text(a.note) } : {}) }));
    return alternatives.length ? { ...q, alternatives } : null;
  };

  const own = new Map((o.panels ?? []).map((p) => [p.id, p]));
  const core: readonly string[] = CORE_PANEL_IDS;
  const panels: PanelSpec[] = [];
  for (const p of source.panels) {
    if (p.id === 'model-summary' || p.id === 'instance-table') continue;
    const mine = own.get(p.id);
    if (mine) {
      panels.push(mine);
      continue;
    }
    if (p.notAvailable) continue;
    const dropped = o.drop?.includes(p.id) ?? false;
    const queries = dropped ? [] : p.queries.map(keep).filter((q): q is QuerySpec => q !== null);
    if (queries.length === p.queries.length) panels.push({ ...p, description: text(p.description), queries, ...(p.enabledBy ? { enabledBy: o.enabledBy } : {}) });
    else if (core.includes(p.id)) {
      const { enabledBy: _e, feature: _f, ...rest } = p;
      panels.push({ ...rest, description: text(p.description), queries: [], notAvailable: `${o.label} exposes no such metric.` });
    }
  }
  for (const p of own.values()) if (!panels.includes(p)) panels.push(p);

  const ownStats = new Map((o.stats ?? []).map((s) => [s.id, s]));
  const absentStats: AbsentStat[] = [];
  const stats = source.stats.flatMap((s): StatSpec[] => {
    const mine = ownStats.get(s.id);
    if (mine) return [mine];
    const query = o.drop?.includes(s.id) ? null : keep(s.query);
    if (!query) {
      absentStats.push({ id: s.id, title: s.title });
      return [];
    }
    const details = s.details?.flatMap((d) => {
      const q = keep(d.query);
      return q ? [{ ...d, query: q }] : [];
    });
    // A tile that shares a panel's request only while that panel kept the very same query.
    const shared = s.sumOf && panels.some((p) => p.id === s.sumOf?.panelId && p.queries.some((q) => q.id === s.sumOf?.queryId));
    const { sumOf: _s, details: _d, ...rest } = s;
    return [{ ...rest, query, ...(shared && s.sumOf ? { sumOf: s.sumOf } : {}), ...(details?.length ? { details } : {}) }];
  });

  const start = saturationStart(bySection(panels));
  const sorted = bySection(panels);
  return {
    engine: o.engine,
    label: o.label,
    filterLabels: o.filterLabels ?? source.filterLabels,
    presenceMetric: o.roles.running,
    servedMetric: o.roles.requests,
    metrics,
    roles: o.roles,
    ...(o.alertPrefix ? { alertPrefix: o.alertPrefix } : {}),
    stats,
    ...(absentStats.length > 0 ? { absentStats } : {}),
    panels: bySection([modelSummaryPanel(o.roles, o.label), ...sorted.slice(0, start), instanceTablePanel(o.roles, o.label), ...sorted.slice(start)]),
  };
}
