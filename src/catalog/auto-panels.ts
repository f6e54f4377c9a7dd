// "Other metrics": the engine families the backend holds that no catalog entry uses (metrics newer
// than this release, or niche ones), each with an automatic panel chosen by type. Pure: the
// dashboard feeds in the stored names, the resolved catalog names and the backend's metadata.
import { autoPanelId } from './auto-panel-id';
import { isRouterOwnName } from './routers/exclusion';
import { TARGET_LABELS } from './define';
import type { ResolvedMetric } from './resolve';
import type { EngineCatalog, LogicalMetric, PanelSpec, QuerySpec, Unit } from './types';

export type AutoKind = 'counter' | 'gauge' | 'histogram' | 'summary' | 'info';

/** `/api/v1/metadata`'s shape, reduced to what is read here (name → entries with a type). */
export type MetadataTypes = Record<string, ReadonlyArray<{ type: string }>>;

export interface OtherFamily {
  /** The name as stored: the series read (counter, gauge, info), or the base of a histogram's or summary's series. */
  family: string;
  kind: AutoKind;
  /** Where the kind came from. */
  typeFrom: 'metadata' | 'suffix';
  /** Stored series names the panel reads: one, or `_sum` and `_count` for a summary. */
  series: string[];
}

/** At most this many families get a panel; the section says how many more there are. */
export const MAX_OTHER_FAMILIES = 40;
/** Label sets listed for an info-style family (one more is asked, to know there are more). */
export const INFO_ROWS = 20;

const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'] as const;

function metaKind(types: readonly string[]): AutoKind | null {
  if (types.includes('histogram')) return 'histogram';
  if (types.includes('summary')) return 'summary';
  if (types.includes('counter')) return 'counter';
  if (types.includes('info') || types.includes('stateset')) return 'info';
  if (types.includes('gauge')) return 'gauge';
  return null; // unknown, gaugehistogram, or nothing: fall back to the suffix rule
}

/** Families of the stored names: base name → the suffixes seen (`''` for the bare name). */
function groupFamilies(names: readonly string[]): Map<string, Set<string>> {
  const all = new Set(names);
  const out = new Map<string, Set<string>>();
  const add = (base: string, suffix: string) => {
    const s = out.get(base) ?? new Set<string>();
    s.add(suffix);
    out.set(base, s);
  };
  for (const name of names) {
    const suffix = SUFFIXES.find((s) => name.endsWith(s) && name.length > s.length);
    const base = suffix ? name.slice(0, -suffix.length) : name;
    // `…_count` or `…_sum` alone is a gauge or counter of that name, not half of a histogram.
    const paired =
      suffix === '_sum' || suffix === '_count'
        ? all.has(`${base}_bucket`) || all.has(`${base}${suffix === '_sum' ? '_count' : '_sum'}`)
        : true;
    if (suffix && paired) add(base, suffix);
    else add(name, '');
  }
  return out;
}

/**
 * The engine families the catalog does not use. `engineWord` is `vllm` or `sglang`: the names the
 * board loads all contain one of them (prefixed, rewritten or not). A family is the catalog's when
 * any of its series is a name the catalog resolved.
 */
export function otherFamilies(
  names: Iterable<string>,
  engineWord: string,
  resolved: ReadonlyMap<string, ResolvedMetric>,
  metadata: MetadataTypes | null,
): OtherFamily[] {
  // Router series under an engine word are the Routing section's (routers/exclusion.ts).
  const engineNames = [...names].filter((n) => n.includes(engineWord) && !isRouterOwnName(n)).sort();
  const used = new Set([...resolved.values()].map((r) => r.name));
  const out: OtherFamily[] = [];
  for (const [base, suffixes] of groupFamilies(engineNames)) {
    const series = [...suffixes].map((s) => base + s);
    if (series.some((s) => used.has(s)) || used.has(base)) continue;
    if (suffixes.size === 1 && suffixes.has('_created')) continue; // a lone creation timestamp
    const fromMeta = metadata ? metaKind([base, `${base}_total`, ...series].flatMap((k) => metadata[k]?.map((m) => m.type) ?? [])) : null;
    let kind: AutoKind =
      fromMeta ??
      (suffixes.has('_bucket')
        ? 'histogram'
        : suffixes.has('_sum') && suffixes.has('_count')
          ? 'summary'
          : suffixes.has('_total')
            ? 'counter'
            : base.endsWith('_info')
              ? 'info'
              : 'gauge');
    // An `_info` gauge carries its information in labels (value 1, or the time of an update).
    if (kind === 'gauge' && base.endsWith('_info')) kind = 'info';
    const pick = (s: string) => (suffixes.has(s) ? base + s : null);
    const read =
      kind === 'histogram'
        ? [pick('_bucket')]
        : kind === 'summary'
          ? [pick('_sum'), pick('_count')]
          : kind === 'counter'
            ? [pick('_total') ?? pick('')]
            : [pick('') ?? pick('_total')];
    if (read.some((r) => r === null)) continue; // e.g. a histogram without its buckets in this range
    const kept = read.filter((r): r is string => r !== null);
    // Named as users query it: the series itself, or the base of a histogram's or summary's series
    // (a gauge that happens to end in `_total` keeps its full name).
    const family = kind === 'histogram' || kind === 'summary' ? base : (kept[0] ?? base);
    out.push({ family, kind, typeFrom: fromMeta ? 'metadata' : 'suffix', series: kept });
  }
  return out;
}

function unitFor(family: string, kind: AutoKind): Unit {
  const f = family.toLowerCase();
  if (kind === 'counter') return /bytes/.test(f) ? 'bytesps' : /tokens/.test(f) ? 'tokps' : 'ops';
  if (/_seconds$/.test(f)) return 'seconds';
  if (/_ms$/.test(f)) return 'ms';
  if (/bytes/.test(f)) return 'bytes';
  if (/tokens/.test(f)) return 'tokens';
  return 'count';
}

export interface AutoPanels {
  /** The catalog extended with one logical metric per series read (ids `other_<n>[_sum|_count]`). */
  catalog: EngineCatalog;
  resolved: Map<string, ResolvedMetric>;
  charts: Array<{ family: OtherFamily; panel: PanelSpec }>;
  /** Info-style families: a list of label sets (`query` asks for INFO_ROWS + 1 of them). */
  infos: Array<{ family: OtherFamily; id: string; title: string; query: QuerySpec }>;
}

const q = (id: string, legend: string, expr: string): QuerySpec => ({ id, legend, alternatives: [{ expr }] });

/** Two expressions as one query: `stat` tells them apart (one request per family). */
const both = (label: string, a: [string, string], b: [string, string]): string =>
  `label_replace(${a[1]}, "${label}", "${a[0]}", "", "") or label_replace(${b[1]}, "${label}", "${b[0]}", "", "")`;

/**
 * Panels as data for the families, rendered by the one generic Panel. Every query groups by the
 * view's `$__by` (the model), so a family with hundreds of label combinations still yields one
 * series per model; the filters apply through the model and instance labels.
 */
export function buildAutoPanels(
  families: readonly OtherFamily[],
  base: EngineCatalog,
  baseResolved: ReadonlyMap<string, ResolvedMetric>,
  describe: (kind: AutoKind) => string,
): AutoPanels {
  const metrics: Record<string, LogicalMetric> = { ...base.metrics };
  const resolved = new Map(baseResolved);
  const labels = [base.filterLabels.model, ...TARGET_LABELS];
  const define = (id: string, name: string, kind: AutoKind): string => {
    metrics[id] = { id, variants: [name], kind, labels: kind === 'histogram' ? [...labels, 'le'] : labels, enabledBy: 'newer or niche engine metric' };
    resolved.set(id, { id, name, variantIndex: 0, rewrite: 'none' });
    return `{{${id}}}`;
  };
  const charts: AutoPanels['charts'] = [];
  const infos: AutoPanels['infos'] = [];
  const ids = new Set<string>();
  families.slice(0, MAX_OTHER_FAMILIES).forEach((f, i) => {
    let pid = autoPanelId(f.family);
    while (ids.has(pid)) pid += '-x';
    ids.add(pid);
    const M = `{{${base.filterLabels.model}}}`;
    const [s0 = '', s1 = ''] = f.series;
    let query: QuerySpec;
    if (f.kind === 'info') {
      infos.push({ family: f, id: pid, title: f.family, query: q('labels', '', `topk(${INFO_ROWS + 1}, ${define(`other_${i}`, s0, 'info')})`) });
      return;
    } else if (f.kind === 'counter') {
      query = q('rate', M, `sum by ($__by) (rate(${define(`other_${i}`, s0, 'counter')}[$__rate_interval]))`);
    } else if (f.kind === 'gauge') {
      const ref = define(`other_${i}`, s0, 'gauge');
      query = q('value', `${M} {{stat}}`, both('stat', ['mean', `avg by ($__by) (${ref})`], ['max', `max by ($__by) (${ref})`]));
    } else if (f.kind === 'histogram') {
      const ref = define(`other_${i}`, s0, 'histogram');
      const hq = (p: number) => `histogram_quantile(${p}, sum by (le, $__by) (rate(${ref}[$__rate_interval])))`;
      query = q('quantiles', `${M} {{quantile}}`, both('quantile', ['p50', hq(0.5)], ['p95', hq(0.95)]));
    } else {
      const sum = define(`other_${i}_sum`, s0, 'summary');
      const count = define(`other_${i}_count`, s1, 'summary');
      query = q('mean', M, `sum by ($__by) (rate(${sum}[$__rate_interval])) / (sum by ($__by) (rate(${count}[$__rate_interval])) > 0)`);
    }
    const panel: PanelSpec = {
      id: pid,
      section: 'advanced',
      title: f.family,
      description: describe(f.kind),
      unit: unitFor(f.family, f.kind),
      chart: 'timeseries',
      queries: [query],
    };
    charts.push({ family: f, panel });
  });
  return { catalog: { ...base, metrics }, resolved, charts, infos };
}
