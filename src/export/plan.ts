// The board as an export plan (pure): the stat row and each section's panels in board order, every
// query expanded exactly as the board expands it for this backend (names resolved, recorded series
// where the board reads them, the board's grouping), written over variables (variables.ts).
import { escapeLabelValue, expandQuery, lifetimeStepFor, lifetimeWindowFor, referencedMetrics, type ExpandContext, type ExpandedQuery } from '../catalog/promql';
import { METRIC_NAME_RE, type ResolvedMetric } from '../catalog/resolve';
import { SECTION_IDS, type EngineCatalog, type PanelSpec, type QuerySpec, type StatSpec } from '../catalog/types';
import { preferRecorded } from '../rules/recorded';
import type { DroppedItem, ExportItem, ExportPlan, ExportQuery, ExportSection, ExportVariable, ItemKind } from './model';
import { SENTINEL_RANGE, SENTINEL_RATE, sentinelValue, toVariables } from './variables';

export type SloKind = 'ttft' | 'itl' | 'e2e';

export interface PlanInput {
  catalog: EngineCatalog;
  resolved: ReadonlyMap<string, ResolvedMetric>;
  /** Recorded series present from the range's start (src/rules/recorded.ts); the board reads them instead of raw ones. */
  recordedNames?: ReadonlySet<string> | null;
  /** The board's rate window (recorded series are chosen for it). */
  rateInterval: string;
  /** The board's range in seconds (the lifetime window of the "since start" rates is computed from it). */
  rangeSec: number;
  /** The board's filters under their label names (model, instance, rank, cluster). */
  filters?: Readonly<Record<string, readonly string[]>>;
  gpuPeakFlops?: number | null;
  slo?: { thresholds: Readonly<Record<SloKind, number | null>>; objective: number } | null;
  /** The `le` bounds the backend stores for each SLO's histogram (seconds). */
  leBounds?: Partial<Record<SloKind, readonly number[]>>;
  backendKind: string | null;
  generatedAt: Date;
}

const SECTION_TITLES: Record<ExportSection['id'], string> = {
  overview: 'Overview',
  requests: 'Requests',
  throughput: 'Throughput',
  latency: 'Latency',
  saturation: 'Saturation',
  cache: 'Cache',
  advanced: 'Advanced',
};

/** The latency line panels that draw an SLO threshold (src/dashboard/slo/slo-line.ts). */
const SLO_LINE_PANELS: Readonly<Record<string, SloKind>> = { ttft: 'ttft', itl: 'itl', 'e2e-latency': 'e2e' };
const SLO_NAME: Record<SloKind, string> = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E' };

function selectorOf(name: string): string {
  return METRIC_NAME_RE.test(name) ? name : `{__name__="${escapeLabelValue(name)}"}`;
}

/** The board's filters as variables: model, instance, the engine's first rank label (as the board offers them). */
export function planVariables(catalog: EngineCatalog, resolved: ReadonlyMap<string, ResolvedMetric>, filters: Readonly<Record<string, readonly string[]>> = {}): ExportVariable[] {
  const presence = resolved.get(catalog.presenceMetric) ?? (catalog.servedMetric ? resolved.get(catalog.servedMetric) : undefined);
  if (!presence) return [];
  const source = selectorOf(presence.name);
  const { model, instance, rank } = catalog.filterLabels;
  const out: ExportVariable[] = [
    { name: 'model', display: 'Model', label: model, source, current: [...(filters[model] ?? [])] },
    { name: 'instance', display: 'Instance', label: instance, source, current: [...(filters[instance] ?? [])] },
  ];
  const r = rank[0];
  if (r && r !== 'model' && r !== 'instance') out.push({ name: r, display: r, label: r, source, current: [...(filters[r] ?? [])] });
  return out;
}

interface Expander {
  (query: QuerySpec, by: readonly string[], instant: boolean, raw?: boolean): { query: ExportQuery } | { missing: string[] };
}

function expander(input: PlanInput, variables: ExportVariable[]): Expander {
  const { catalog } = input;
  const resolved = new Map(input.resolved);
  // Sentinel filters for the variables; the topology label (cluster) as the board has it, fixed.
  const filters: Record<string, string[]> = {};
  for (const v of variables) filters[v.label] = [sentinelValue(v.name)];
  const cluster = input.filters?.cluster;
  if (cluster && cluster.length > 0) filters.cluster = [...cluster];
  const lifetime: [string, string] = [lifetimeWindowFor(SENTINEL_RANGE), lifetimeWindowFor(input.rangeSec)];
  const step: [string, string] = [`${lifetimeStepFor(SENTINEL_RANGE)}s`, `${lifetimeStepFor(input.rangeSec)}s`];
  const peak = input.gpuPeakFlops ?? undefined;
  const finish = (expr: string) => toVariables(expr, variables, { lifetime }).split(step[0]).join(step[1]);
  // The filters the board has set now, as sentinels (the recorded series it reads keep those labels).
  const setFilters: Record<string, string[]> = { ...(filters.cluster ? { cluster: filters.cluster } : {}) };
  for (const v of variables) if (v.current.length > 0) setFilters[v.label] = [sentinelValue(v.name)];
  return (query, by, instant, raw = false) => {
    const base: ExpandContext = { resolved, filters, rateInterval: input.rateInterval, by: [...by], range: SENTINEL_RANGE, ...(peak ? { gpuPeakFlops: peak } : {}) };
    const q = (chosen: ExpandedQuery, unfiltered: string[] = []): { query: ExportQuery } => {
      const out: ExportQuery = { id: query.id, expr: finish(chosen.expr), legend: query.legend, instant };
      if (chosen.recorded?.length) out.recorded = chosen.recorded;
      if (unfiltered.length > 0) out.unfiltered = unfiltered;
      return { query: out };
    };
    const rawExpansion = expandQuery(query, catalog, { ...base, rateInterval: SENTINEL_RATE });
    if ('missing' in rawExpansion) return rawExpansion;
    const names = input.recordedNames ?? null;
    if (raw || !names || names.size === 0) return q(rawExpansion);
    // Recorded series only where the board reads them: for its rate window (which they fix) and the
    // filters it has set; a variable whose label those series do not keep does not apply to the query.
    const recordedWith = (f: Record<string, string[]>) => {
      const r = preferRecorded(query, catalog, { ...base, filters: f }, names);
      return !('missing' in r) && r.recorded?.length ? r : null;
    };
    let board = recordedWith(setFilters);
    if (!board) return q(rawExpansion);
    // Each other variable whose label the board's recorded series keep still filters it (the same
    // series: a finer recorded level would be another query than the board's).
    const kept = { ...setFilters };
    const same = (r: ExpandedQuery) => r.recorded?.join('\u0000') === board?.recorded?.join('\u0000');
    for (const v of variables) {
      if (kept[v.label]) continue;
      const r = recordedWith({ ...kept, [v.label]: [sentinelValue(v.name)] });
      if (r && same(r)) {
        kept[v.label] = [sentinelValue(v.name)];
        board = r;
      }
    }
    const chosen = board;
    const applies = (label: string) => referencedMetrics(query.alternatives[chosen.alternativeIndex]?.expr ?? '').some((id) => catalog.metrics[id]?.labels.includes(label));
    return q(chosen, variables.filter((v) => !kept[v.label] && applies(v.label)).map((v) => v.name));
  };
}

const INSTANT_KINDS: ReadonlySet<ItemKind> = new Set(['distribution', 'latest', 'table']);

function missingReason(catalog: EngineCatalog, missing: readonly string[]): string {
  if (missing.includes('gpu_peak')) return 'needs the GPU peak FLOP/s (pick a GPU on the board, or --gpu-peak)';
  const metrics = missing.flatMap((id) => catalog.metrics[id] ?? []);
  const names = metrics.map((m) => m.variants[0] ?? m.id).join(', ');
  const flag = metrics.find((m) => m.enabledBy)?.enabledBy;
  return `not exposed by this backend: ${names || missing.join(', ')}${flag ? ` (enabled by ${flag})` : ''}`;
}

function hasMetrics(panel: PanelSpec, resolved: ReadonlyMap<string, unknown>): boolean {
  return panel.queries.some((q) => q.alternatives.some((a) => referencedMetrics(a.expr).every((id) => resolved.has(id))));
}

function panelItem(panel: PanelSpec, input: PlanInput, expand: Expander, dropped: DroppedItem[], section: string): ExportItem | null {
  const drop = (reason: string) => {
    dropped.push({ id: panel.id, title: panel.title, section, reason });
    return null;
  };
  if (panel.notAvailable !== undefined) return drop(panel.notAvailable);
  if (panel.feature && !hasMetrics(panel, input.resolved)) return drop(`feature not on this backend${panel.enabledBy ? `: ${panel.enabledBy}` : ''}`);
  const kind: ItemKind = panel.chart;
  const instant = INSTANT_KINDS.has(kind);
  const queries: ExportQuery[] = [];
  const missing = new Set<string>();
  if (panel.chart === 'table' && panel.table) {
    const by = panel.table.rows === 'instance' ? [input.catalog.filterLabels.instance, ...input.catalog.filterLabels.rank] : [input.catalog.filterLabels.model];
    const seen = new Set<string>();
    for (const c of panel.table.columns) {
      if (c.notAvailable) continue;
      // The table view expands columns raw (no recorded series): as the board.
      const r = expand({ ...c.query, id: c.id }, by, true, true);
      if ('missing' in r) r.missing.forEach((m) => missing.add(m));
      else if (!seen.has(`${r.query.expr}\u0000${c.label ?? ''}`)) {
        seen.add(`${r.query.expr}\u0000${c.label ?? ''}`);
        queries.push({ ...r.query, column: { title: c.title, unit: c.unit } });
      }
    }
  } else {
    for (const q of panel.queries) {
      const r = expand(q, [input.catalog.filterLabels.model], instant);
      if ('missing' in r) r.missing.forEach((m) => missing.add(m));
      else queries.push(r.query);
    }
  }
  if (queries.length === 0) return drop(missingReason(input.catalog, [...missing]));
  const item: ExportItem = { id: panel.id, kind, title: panel.title, description: panel.description, unit: panel.unit, full: panel.width === 'full' || kind === 'table', queries };
  if (panel.min !== undefined) item.min = panel.min;
  if (panel.max !== undefined) item.max = panel.max;
  const sloKind = panel.chart === 'timeseries' ? SLO_LINE_PANELS[panel.id] : undefined;
  const sloValue = sloKind ? input.slo?.thresholds[sloKind] : null;
  if (sloKind && sloValue !== null && sloValue !== undefined) {
    const bounds = input.leBounds?.[sloKind] ?? [];
    if (bounds.some((b) => Math.abs(b - sloValue) <= 1e-9 * Math.max(1, b))) item.sloLine = sloValue;
    else {
      const lower = [...bounds].filter((b) => b < sloValue).sort((a, b) => b - a)[0];
      const upper = [...bounds].filter((b) => b > sloValue).sort((a, b) => a - b)[0];
      const where = lower !== undefined && upper !== undefined ? `between the bucket bounds ${lower} and ${upper}` : bounds.length ? 'outside the bucket bounds' : 'on no bucket bound the backend reports';
      dropped.push({ id: `${panel.id}-slo`, title: `${SLO_NAME[sloKind]} SLO line (${sloValue} s)`, section, reason: `the threshold sits ${where}: a quantile line there is interpolated, not measured` });
    }
  }
  return item;
}

function statItem(stat: StatSpec, input: PlanInput, expand: Expander, dropped: DroppedItem[]): ExportItem | null {
  // A tile that sums a panel's groups asks, on its own, the equivalent single-series `query`.
  const r = expand(stat.query, [], false);
  if ('missing' in r) {
    dropped.push({ id: stat.id, title: stat.title, section: 'Stat row', reason: missingReason(input.catalog, r.missing) });
    return null;
  }
  const item: ExportItem = { id: stat.id, kind: 'stat', title: stat.title, description: '', unit: stat.unit, full: false, queries: [r.query] };
  if (stat.thresholds) item.thresholds = stat.thresholds.map((t) => ({ value: t.value, color: t.color }));
  return item;
}

function nameVariant(input: PlanInput): string {
  const p = input.resolved.get(input.catalog.presenceMetric);
  if (!p) return 'none';
  const legacy = [...input.resolved.values()].filter((r) => r.variantIndex > 0).length;
  const how = p.rewrite === 'none' ? 'as the engine writes it' : p.rewrite === 'prefix' ? `with the prefix ${p.prefix ?? ''}` : `rewritten (${p.rewrite})`;
  return `${p.name} (${how})${legacy > 0 ? `, ${legacy} legacy name${legacy === 1 ? '' : 's'}` : ''}`;
}

/** The plan of the board for this backend. Throws nothing: what cannot be exported is in `dropped`. */
export function planExport(input: PlanInput): ExportPlan {
  const { catalog } = input;
  const variables = planVariables(catalog, input.resolved, input.filters);
  const expand = expander(input, variables);
  const dropped: DroppedItem[] = [];
  const overview: ExportSection = { id: 'overview', title: SECTION_TITLES.overview, items: [] };
  for (const s of catalog.stats) {
    const item = statItem(s, input, expand, dropped);
    if (item) overview.items.push(item);
  }
  for (const a of catalog.absentStats ?? []) dropped.push({ id: a.id, title: a.title, section: 'Stat row', reason: `${catalog.label} has no metric for it` });
  for (const p of catalog.panels.filter((x) => x.section === 'overview')) {
    const item = panelItem(p, input, expand, dropped, SECTION_TITLES.overview);
    if (item) overview.items.push(item);
  }
  const sections: ExportSection[] = [overview];
  for (const sid of SECTION_IDS) {
    const section: ExportSection = { id: sid, title: SECTION_TITLES[sid], items: [] };
    for (const p of catalog.panels.filter((x) => x.section === sid)) {
      const item = panelItem(p, input, expand, dropped, section.title);
      if (item) section.items.push(item);
    }
    if (section.items.length > 0) sections.push(section);
  }
  const notes = [
    'Diagnosis (the verdicts under the stat row): no counterpart in a dashboard file.',
    'Explained empty states ("no traffic", "not exposed: enable with …", "none yet"): a dashboard shows "No data" instead.',
    'Stat tiles show the current value with a sparkline; the board\'s tile details (aborts vs errors) are not exported.',
  ];
  if (input.slo && Object.values(input.slo.thresholds).some((v) => v !== null)) notes.push('SLO attainment tiles, goodput bands and error-budget burn: no counterpart (use the rules pack: npm run rules).');
  const unfiltered = sections.flatMap((s) => s.items.flatMap((i) => i.queries.filter((q) => q.unfiltered).map((q) => `${i.title} (${q.unfiltered?.map((v) => `$${v}`).join(', ')})`)));
  if (unfiltered.length > 0) notes.push(`Recorded series, as the board reads them, keep no label for some filters: those variables do not filter ${unfiltered.join('; ')}.`);
  const mfu = catalog.panels.some((p) => p.needsGpuPeak && sections.some((s) => s.items.some((i) => i.id === p.id)));
  if (mfu && input.gpuPeakFlops) notes.push(`MFU uses the GPU peak the board had: ${input.gpuPeakFlops} FLOP/s, fixed in the query.`);
  notes.push('Routing, GPUs, Usage and "Other metrics" sections are not exported yet.');
  if ((input.filters?.cluster?.length ?? 0) > 0) notes.push('The cluster filter is fixed in every query as the board had it.');
  return {
    meta: {
      engine: catalog.engine,
      engineLabel: catalog.label,
      backendKind: input.backendKind,
      nameVariant: nameVariant(input),
      rateInterval: input.rateInterval,
      generatedAt: input.generatedAt.toISOString(),
    },
    variables,
    sections,
    dropped,
    notes,
  };
}
