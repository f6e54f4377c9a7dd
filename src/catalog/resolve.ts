// Name resolution: for each logical metric, the series name this backend really stores.
//
// The rule, per logical metric: walk its `variants` in order (current name first, then legacy
// names) and, for each variant, try these spellings in order; the first one present wins:
//   1. the variant as written                      vllm:kv_cache_usage_perc
//   2. every `:` rewritten to `_`                  vllm_kv_cache_usage_perc
//      (Ray's stat logger, OpenMetrics `escaping=underscores`, some SGLang builds: `sglang_`)
//   3. vendor prefixes on both spellings           ray_vllm:…, ray_vllm_…, kserve_vllm:…, kserve_vllm_…
//   4. an unknown prefix: any stored name `<p>_<variant>` or `<p>_<variant with _>`, where `<p>`
//      is a plain identifier without `:`. Only for engine-namespaced variants (containing `:`), so
//      that `http_requests_total` never matches Prometheus' own `prometheus_http_requests_total`.
//      Among several matches the shortest name wins, then the alphabetically first.
//   5. for an engine with `bare` names (vLLM: NVIDIA NIM serves its set without `vllm:`), the
//      variant without its namespace, only where the family's shape is the engine's (see BareNames).
// Because a variant's spellings are all tried before the next variant, a current name under any
// spelling beats a legacy name spelled as written.
import type { LogicalMetric } from './types';

export type NameRewrite = 'none' | 'underscore' | 'prefix' | 'bare';

export interface ResolvedMetric {
  /** The logical metric id. */
  id: string;
  /** The series name as stored by the backend, ready to go into PromQL. */
  name: string;
  /** Index into `variants`: 0 is the current name, higher is legacy. */
  variantIndex: number;
  rewrite: NameRewrite;
  /** The vendor or unknown prefix, with its trailing `_` (when `rewrite` is 'prefix'). */
  prefix?: string;
}

export const VENDOR_PREFIXES: readonly string[] = ['ray_', 'kserve_'];

/** A name PromQL accepts bare (outside `{__name__="…"}`). */
export const METRIC_NAME_RE = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const PREFIX_RE = /^[a-zA-Z_][a-zA-Z0-9_]*_$/;

interface Spelling {
  name: string;
  rewrite: NameRewrite;
  prefix?: string;
}

function spellings(variant: string): Spelling[] {
  const underscored = variant.replace(/:/g, '_');
  const out: Spelling[] = [{ name: variant, rewrite: 'none' }];
  if (underscored !== variant) out.push({ name: underscored, rewrite: 'underscore' });
  for (const prefix of VENDOR_PREFIXES) {
    out.push({ name: prefix + variant, rewrite: 'prefix', prefix });
    if (underscored !== variant) out.push({ name: prefix + underscored, rewrite: 'prefix', prefix });
  }
  return out;
}

/** Every exact spelling tried, in order (rule 4, the unknown prefix, cannot be enumerated). */
export function candidateNames(metric: Pick<LogicalMetric, 'variants'>): string[] {
  const seen = new Set<string>();
  for (const variant of metric.variants) {
    for (const s of spellings(variant)) seen.add(s.name);
  }
  return [...seen];
}

/**
 * Longest name indexed by suffix. Every underscore of a name adds one suffix copy, so the work is
 * quadratic in its length: a backend listing ten names of 200,000 underscores froze the page. No
 * engine metric with a vendor prefix comes near this.
 */
export const MAX_SUFFIX_NAME = 256;

/** suffix after `<prefix>_` → stored names carrying it; built once per resolution. */
function buildSuffixIndex(available: ReadonlySet<string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const name of available) {
    if (name.length > MAX_SUFFIX_NAME || !METRIC_NAME_RE.test(name)) continue;
    for (let i = 1; i < name.length - 1; i++) {
      if (name[i] !== '_') continue;
      const prefix = name.slice(0, i + 1);
      if (!PREFIX_RE.test(prefix)) break; // a `:` before this point: no plain prefix any more
      const suffix = name.slice(i + 1);
      const list = index.get(suffix);
      if (list) list.push(name);
      else index.set(suffix, [name]);
    }
  }
  return index;
}

function pickUnknownPrefix(variant: string, index: Map<string, string[]>): Spelling | undefined {
  if (!variant.includes(':')) return undefined;
  const underscored = variant.replace(/:/g, '_');
  const matches = [...(index.get(variant) ?? []), ...(index.get(underscored) ?? [])];
  if (matches.length === 0) return undefined;
  matches.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  const name = matches[0];
  if (name === undefined) return undefined;
  const suffix = name.endsWith(variant) ? variant : underscored;
  return { name, rewrite: 'prefix', prefix: name.slice(0, name.length - suffix.length) };
}

/**
 * An engine whose names some servers expose without their namespace (`num_requests_running` for
 * `vllm:num_requests_running`). Such a name could belong to any exporter, so it is taken for the
 * engine only with the engine's shape: the backend is asked for these names only on series that
 * carry `label` (bareNameMatch), the metric must carry that label too, a histogram needs its
 * `_bucket`, `_sum` and `_count`, and every `core` name must be there bare as well.
 */
export interface BareNames {
  /** The namespace the variants start with, e.g. `vllm:`. */
  namespace: string;
  /** The label every bare series carries (vLLM: `model_name`). */
  label: string;
  /** Stored names without which no bare name counts (one stray family is not an engine). */
  core: readonly string[];
}

export interface ResolveOptions {
  bare?: BareNames;
}

const HISTOGRAM_PART = /_(bucket|sum|count)$/;

/** Every bare name of the catalog the shape rules allow, for the backend's name query. */
export function bareCandidates(metrics: Record<string, LogicalMetric>, bare: BareNames): string[] {
  const out = new Set<string>();
  for (const m of Object.values(metrics)) {
    if (!m.labels.includes(bare.label)) continue;
    for (const v of m.variants) if (v.startsWith(bare.namespace)) out.add(v.slice(bare.namespace.length));
  }
  return [...out].sort();
}

function pickBare(variant: string, metric: LogicalMetric, bare: BareNames, available: ReadonlySet<string>): Spelling | undefined {
  if (!variant.startsWith(bare.namespace) || !metric.labels.includes(bare.label)) return undefined;
  const name = variant.slice(bare.namespace.length);
  if (!available.has(name)) return undefined;
  if (metric.kind === 'histogram') {
    const base = name.replace(HISTOGRAM_PART, '');
    if (!['bucket', 'sum', 'count'].every((part) => available.has(`${base}_${part}`))) return undefined;
  }
  if (metric.kind === 'counter' && !name.endsWith('_total')) return undefined;
  return { name, rewrite: 'bare' };
}

/** Resolve every logical metric against the names the backend holds; absent ones are left out. */
export function resolveMetrics(
  metrics: Record<string, LogicalMetric>,
  available: ReadonlySet<string>,
  opts: ResolveOptions = {},
): Map<string, ResolvedMetric> {
  const resolved = new Map<string, ResolvedMetric>();
  let index: Map<string, string[]> | undefined;
  const bare = opts.bare && opts.bare.core.every((n) => available.has(n)) ? opts.bare : undefined;
  for (const [id, metric] of Object.entries(metrics)) {
    for (const [variantIndex, variant] of metric.variants.entries()) {
      let hit = spellings(variant).find((s) => available.has(s.name));
      if (!hit) {
        index ??= buildSuffixIndex(available);
        hit = pickUnknownPrefix(variant, index);
      }
      if (!hit && bare) hit = pickBare(variant, metric, bare, available);
      if (hit) {
        const r: ResolvedMetric = { id, name: hit.name, variantIndex, rewrite: hit.rewrite };
        if (hit.prefix !== undefined) r.prefix = hit.prefix;
        resolved.set(id, r);
        break;
      }
    }
  }
  return resolved;
}
