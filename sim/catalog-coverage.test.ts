// The simulator emits every family the board has a place for, so that every panel shows
// data in the demo and e2e (`--features all`; conformance.test.ts checks the names against the spec).
import { describe, expect, it } from 'vitest';
import { catalogs } from '../src/catalog/index.ts';
import { referencedMetrics } from '../src/catalog/promql.ts';
import { createFleet } from './fleet.ts';
import { parseExposition } from './parse-exposition.ts';
import type { EngineKind } from './spec.ts';

const T0 = Date.UTC(2025, 0, 1, 12);

/** Placed current names the simulator does not model, with the reason. */
const NOT_SIMULATED: Record<string, string> = {
  'vllm:kv_offload_load_bytes_total': 'the offload tier (OffloadingConnector) is not simulated',
  'vllm:kv_offload_store_bytes_total': 'the offload tier (OffloadingConnector) is not simulated',
  'sglang:encoder_cache_hit_tokens_total': 'EPD encoder servers (--encoder-only) are not simulated',
  'sglang:encoder_cache_total_tokens_total': 'EPD encoder servers (--encoder-only) are not simulated',
  ...Object.fromEntries(
    [
      'lmdeploy:spec_decode_num_accepted_tokens_total',
      'lmdeploy:spec_decode_num_draft_tokens_total',
      'lmdeploy:spec_decode_num_drafts_total',
      'lmdeploy:spec_decode_num_accepted_tokens_per_pos_total',
      'trtllm_spec_decode_num_accepted_tokens_total',
      'trtllm_spec_decode_num_draft_tokens_total',
    ].map((n) => [n, 'speculative decoding is simulated on vLLM and SGLang only (the same panels)']),
  ),
};

describe('--features all', () => {
  // Every engine of the registry, so that each catalog is checked against its own simulator profile.
  const fleet = createFleet({ startMs: T0, seed: 5, features: 'all', engines: Object.keys(catalogs) as EngineKind[] });
  for (const inst of fleet.instances) inst.advanceTo(T0 + 20 * 60_000);
  const emitted = new Set(fleet.instances.flatMap((i) => parseExposition(i.renderText()).samples.map((s) => s.name)));

  it.each(Object.values(catalogs).map((c) => [c.engine, c] as const))('emits the current name of every metric a %s panel queries', (_e, c) => {
    const ids = new Set(c.panels.flatMap((p) => p.queries.flatMap((q) => referencedMetrics(q.alternatives[0] ?? { expr: '' }))));
    const missing = [...ids].map((id) => c.metrics[id]?.variants[0] ?? id).filter((n) => !emitted.has(n) && !NOT_SIMULATED[n]);
    expect(missing).toEqual([]);
  });

  it('emits vllm:tool_call_parser_invocations_total by mode, outcome and request type', () => {
    const samples = fleet.instances.flatMap((i) => parseExposition(i.renderText()).samples).filter((s) => s.name === 'vllm:tool_call_parser_invocations_total');
    expect(new Set(samples.map((s) => `${s.labels.mode}/${s.labels.outcome}/${s.labels.request_type}`)).size).toBe(12);
    expect(samples.some((s) => s.value > 0)).toBe(true);
  });
});
