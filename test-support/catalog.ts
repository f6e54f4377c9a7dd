// Test support: ground-truth series names from spec/metrics/*.json (copies of the product spec) and a
// PromQL syntax check with the Prometheus project's own Lezer grammar.
import { parser } from '@prometheus-io/lezer-promql';
import lmdeploySpec from '../spec/metrics/lmdeploy.json';
import sglangSpec from '../spec/metrics/sglang.json';
import trtllmSpec from '../spec/metrics/trtllm.json';
import vllmSpec from '../spec/metrics/vllm.json';
import type { EngineId } from '../src/catalog/types';

interface Family {
  family: string;
  exposed_series: string[];
  legacy_names: string[];
}

function families(raw: unknown): Family[] {
  if (!Array.isArray(raw)) throw new Error('spec: expected an array');
  return raw.map((e: unknown) => {
    const o = e as Partial<Family>;
    if (typeof o.family !== 'string' || !Array.isArray(o.exposed_series)) throw new Error('spec: malformed entry');
    return { family: o.family, exposed_series: o.exposed_series, legacy_names: o.legacy_names ?? [] };
  });
}

export const SPEC: Record<EngineId, Family[]> = { vllm: families(vllmSpec), sglang: families(sglangSpec), lmdeploy: families(lmdeploySpec), trtllm: families(trtllmSpec) };

/** Series names as exposed today (the `_created` companions are never queried). */
export function currentSeries(engine: EngineId): string[] {
  return SPEC[engine].flatMap((f) => f.exposed_series).filter((s) => /^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(s));
}

/**
 * Legacy names, pulled out of prose such as "vllm:gpu_prefix_cache_queries (V1, v0.7.3-v0.11.2;
 * exposed as vllm:gpu_prefix_cache_queries_total; …)". Legacy entries are family names, so the
 * series a query may use (`_total`, `_bucket`, `_sum`, `_count`) are derived too.
 */
export function legacySeries(engine: EngineId): string[] {
  const out = new Set<string>();
  for (const f of SPEC[engine]) {
    for (const text of f.legacy_names) {
      for (const m of text.matchAll(/\b[a-z]+:[A-Za-z0-9_]+/g)) {
        const name = m[0];
        out.add(name);
        for (const suffix of ['_total', '_bucket', '_sum', '_count']) out.add(name + suffix);
      }
    }
  }
  return [...out];
}

/** Node names of syntax errors in the parse tree (`⚠`), empty when the expression parses. */
export function promqlErrors(expr: string): string[] {
  const errors: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors.push(`error at ${node.from}: ${expr.slice(Math.max(0, node.from - 20), node.to + 20)}`);
    },
  });
  return errors;
}
