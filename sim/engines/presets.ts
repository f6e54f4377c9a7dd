// Hardware/model presets and the optional-feature switches shared by both simulated engines.
import { build125Buckets } from '../spec.ts';

export const FEATURES = [
  'spec', // speculative decoding
  'kv-cache-metrics', // vLLM --kv-cache-metrics (block residency histograms)
  'mfu', // vLLM --enable-mfu-metrics; SGLang estimated_* counters
  'pd', // KV transfer / PD disaggregation (vLLM NIXL+HF3FS+Mooncake via MultiConnector; SGLang prefill/decode roles)
  'lora',
  'structured-output',
  'hicache',
  'multimodal', // vLLM mm cache
  'sleep', // vLLM sleep mode (engine 0 of instance 0 sleeps now and then)
  'websocket', // vLLM realtime websocket endpoint
  'diffusion', // vLLM diffusion LM counters (instead of spec_decode on that instance)
  'corrupted', // vLLM VLLM_COMPUTE_NANS_IN_LOGITS=1
  'slo-cap', // SGLang scheduler with a max-running-requests-under-SLO cap (stock SGLang sets none)
  'tool-calls', // vLLM --tool-call-parser: vllm:tool_call_parser_invocations_total (2026 builds)
  'vllm-2026', // vLLM after 0.29: admission limits, priority scheduling, EPLB, worker timings, … (vllm-2026.ts)
] as const;
/**
 * Opt-in only (not part of 'all'): families no real engine has, so that the board's "Other
 * metrics" section has something the catalog does not know (e2e/other-metrics.spec.ts).
 */
export const EXTRA_FEATURES = ['extra-family'] as const;
export type Feature = (typeof FEATURES)[number] | (typeof EXTRA_FEATURES)[number];
/**
 * Naming profiles: today's names; `legacy` vLLM ≤ 0.8.4 / SGLang 2025; `underscore` (`:` → `_`);
 * `nim` vLLM's legacy set without `vllm:`, as NVIDIA NIM for LLMs serves it (SGLang as today);
 * `early` SGLang before `sglang:num_requests_total` (≈0.4: requests only counted in the e2e
 * histogram, ITL as time_per_output_token_seconds; vLLM as legacy).
 */
export const PROFILES = ['default', 'legacy', 'underscore', 'nim', 'early'] as const;
export type Profile = (typeof PROFILES)[number];

/** vLLM speaks its v0.8.4 set (no `engine` label, gpu_cache_usage_perc, …). */
export const vllmLegacy = (p: Profile): boolean => p === 'legacy' || p === 'nim' || p === 'early';
/** SGLang speaks its 2025 collector ("A" in the spec). */
export const sglangLegacy = (p: Profile): boolean => p === 'legacy' || p === 'early';

export function parseFeatures(spec: string | undefined): Set<Feature> {
  const out = new Set<Feature>();
  for (const raw of (spec ?? '').split(',')) {
    const f = raw.trim();
    if (!f) continue;
    if (f === 'all') {
      for (const x of FEATURES) out.add(x);
      continue;
    }
    const known: readonly string[] = [...FEATURES, ...EXTRA_FEATURES];
    if (!known.includes(f)) throw new Error(`unknown feature "${f}" (known: all, ${known.join(', ')})`);
    out.add(f as Feature);
  }
  return out;
}

export interface ModelPreset {
  name: string;
  maxModelLen: number;
  /** Parameters in billions (FLOP and weight-byte estimates). */
  paramsB: number;
  kvCapacityTokens: number;
  kvBytesPerToken: number;
  stepBaseMs: number;
  stepPerSeqMs: number;
  stepPerPrefillTokenMs: number;
  /** Requests/s at the daily mean for one engine, before --load. */
  baseRps: number;
  tpSize: number;
}

/** Numbers for a mid-size GPU, chosen so that bursts can fill the KV cache. */
const PRESETS: Record<string, Omit<ModelPreset, 'name'>> = {
  'meta-llama/Llama-3.1-8B-Instruct': {
    maxModelLen: 131072,
    paramsB: 8,
    kvCapacityTokens: 60_000,
    kvBytesPerToken: 131_072,
    stepBaseMs: 14,
    stepPerSeqMs: 0.09,
    stepPerPrefillTokenMs: 0.04,
    baseRps: 3,
    tpSize: 1,
  },
  'Qwen/Qwen2.5-32B-Instruct': {
    maxModelLen: 32768,
    paramsB: 32,
    kvCapacityTokens: 48_000,
    kvBytesPerToken: 262_144,
    stepBaseMs: 26,
    stepPerSeqMs: 0.14,
    stepPerPrefillTokenMs: 0.07,
    baseRps: 1.4,
    tpSize: 2,
  },
};

export const DEFAULT_MODELS = Object.keys(PRESETS);

/** Unknown model names get the 8B numbers (any name is allowed on the command line). */
export function modelPreset(name: string): ModelPreset {
  const p = PRESETS[name] ?? PRESETS['meta-llama/Llama-3.1-8B-Instruct'];
  if (!p) throw new Error('no presets');
  return { name, ...p };
}

export function tokenBuckets(preset: ModelPreset): number[] {
  return build125Buckets(preset.maxModelLen);
}
