// Public entry of the rules generator: pure functions from the engine catalog to a rules file.
import { catalogs, resolveMetrics, type EngineId } from '../catalog';
import type { SloMetric, SloSettings } from './types';

export { generateRules, RATE_WINDOW } from './generate';
export { DEFAULTS, alertPrefix } from './alerting';
export { DEFAULT_BUCKETS, defaultBuckets, DEFAULT_OBJECTIVE, RulesInputError, BURN_WINDOWS } from './slo';
export { RECORD_SPECS, recordSpecs, recordedName } from './recording';
export { expandRecorded, preferRecorded, recordedIndex } from './recorded';
export { toYaml, type YamlValue } from './yaml';
export * from './types';

/** The SLO metrics the settings ask for. */
export function sloMetrics(slo: SloSettings | undefined): SloMetric[] {
  return (['ttft', 'itl', 'e2e'] as const).filter((m) => slo?.[m] !== undefined);
}

/**
 * The bucket series to ask for `le` values (`label/le/values?match[]=…`), per SLO metric, as the
 * backend names it; absent when the backend has no such histogram.
 */
export function leSeriesNames(engine: EngineId, metricNames: readonly string[], metrics: readonly SloMetric[]): Partial<Record<SloMetric, string>> {
  const catalog = catalogs[engine];
  const resolved = resolveMetrics(catalog.metrics, new Set(metricNames));
  const out: Partial<Record<SloMetric, string>> = {};
  for (const m of metrics) {
    const h = catalog.roles?.[m];
    const r = h && resolved.get(`${h.id}_bucket`);
    if (r) out[m] = r.name;
  }
  return out;
}

/** A file name for the download: `inferwatch-vllm-rules.yml`. */
export const rulesFileName = (engine: EngineId): string => `inferwatch-${engine}-rules.yml`;
