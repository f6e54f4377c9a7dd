// Loads the ground-truth metric catalogs (spec/metrics/*.json, copied from the product spec) so that
// names, types, help texts and buckets come from the engines' source, not from memory.
import { readFileSync } from 'node:fs';

/** Every simulated engine, in the order fleets list them. */
export const ENGINES = ['vllm', 'sglang', 'lmdeploy', 'trtllm'] as const;
export type EngineKind = (typeof ENGINES)[number];

export function isEngineKind(s: string): s is EngineKind {
  return (ENGINES as readonly string[]).includes(s);
}

/** The HTTP path each engine serves Prometheus metrics on (trtllm-serve's /metrics is JSON iteration stats). */
export const METRICS_PATH: Readonly<Record<EngineKind, string>> = {
  vllm: '/metrics',
  sglang: '/metrics',
  lmdeploy: '/metrics',
  trtllm: '/prometheus/metrics',
};
export type SpecType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'gaugehistogram';

export interface FamilySpec {
  family: string;
  type: SpecType;
  exposed_series: string[];
  labels: string[];
  labels_conditional: string[] | null;
  buckets: number[] | null;
  enabled_by: string | null;
  legacy_names: string[];
  help: string;
  label_values?: Record<string, unknown> | null;
  present?: Record<string, unknown> | null;
}

export type SpecCatalog = ReadonlyMap<string, FamilySpec>;

const cache = new Map<EngineKind, SpecCatalog>();

function isFamilySpec(v: unknown): v is FamilySpec {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.family === 'string' && typeof o.type === 'string' && Array.isArray(o.exposed_series);
}

/** The catalog is immutable data, so caching it per process is safe for parallel stacks. */
export function loadSpec(engine: EngineKind): SpecCatalog {
  const hit = cache.get(engine);
  if (hit) return hit;
  const raw: unknown = JSON.parse(readFileSync(new URL(`../spec/metrics/${engine}.json`, import.meta.url), 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`spec/metrics/${engine}.json: expected an array`);
  const map = new Map<string, FamilySpec>();
  for (const entry of raw) {
    if (!isFamilySpec(entry)) throw new Error(`spec/metrics/${engine}.json: malformed entry`);
    map.set(entry.family, { ...entry, legacy_names: entry.legacy_names ?? [] });
  }
  cache.set(engine, map);
  return map;
}

export function familySpec(engine: EngineKind, family: string): FamilySpec {
  const spec = loadSpec(engine).get(family);
  if (!spec) throw new Error(`unknown ${engine} family ${family}`);
  return spec;
}

/** vLLM's build_1_2_5_buckets(max_model_len): 1, 2, 5, 10, 20, 50 ... up to max_model_len. */
export function build125Buckets(max: number): number[] {
  const out: number[] = [];
  for (let exp = 0; ; exp++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** exp;
      if (v > max) return out;
      out.push(v);
    }
  }
}
