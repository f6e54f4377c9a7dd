// Public entry of the catalog layer: both engine catalogs, name resolution and PromQL templating.
import { sglangCatalog } from './sglang';
import type { EngineCatalog, EngineId } from './types';
import { vllmCatalog } from './vllm';

export const catalogs: Record<EngineId, EngineCatalog> = { vllm: vllmCatalog, sglang: sglangCatalog };

export { vllmCatalog, sglangCatalog };
export * from './types';
export { candidateNames, resolveMetrics, METRIC_NAME_RE, VENDOR_PREFIXES } from './resolve';
export type { NameRewrite, ResolvedMetric } from './resolve';
export { escapeLabelValue, escapeRegex, expandQuery, GPU_PEAK_MISSING, matcherFor, referencedMetrics, TOPOLOGY_LABELS } from './promql';
export type { ExpandContext, ExpandedQuery } from './promql';
