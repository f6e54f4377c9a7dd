// The naming profiles of real servers in 2026: NVIDIA NIM (vLLM's legacy set without `vllm:`) and SGLang before
// sglang:num_requests_total, as the board's e2e (real-servers.spec.ts) reads them.
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { parseExposition } from './parse-exposition.ts';
import type { EngineKind } from './spec.ts';

const T0 = Date.UTC(2025, 0, 1, 12);

function samples(profile: 'nim' | 'early' | 'legacy' | 'default', engine: EngineKind) {
  const fleet = createFleet({ startMs: T0, seed: 5, profile, engines: [engine] });
  for (const inst of fleet.instances) inst.advanceTo(T0 + 5 * 60_000);
  return fleet.instances.filter((i) => i.spec.engine === engine).flatMap((i) => parseExposition(i.renderText()).samples);
}

describe('--profile nim', () => {
  const nim = samples('nim', 'vllm');
  const legacy = samples('legacy', 'vllm');

  it("serves vLLM's legacy families without the vllm: prefix, with model_name", () => {
    expect(nim.filter((s) => s.name.includes('vllm'))).toEqual([]);
    const bare = new Set(legacy.map((s) => s.name.replace(/^vllm:/, '')));
    expect(new Set(nim.map((s) => s.name))).toEqual(bare);
    for (const s of nim.filter((x) => x.name === 'num_requests_running' || x.name === 'time_to_first_token_seconds_bucket')) expect(s.labels.model_name).toBeTruthy();
  });

  it('leaves SGLang as today', () => {
    expect(samples('nim', 'sglang').some((s) => s.name === 'sglang:num_requests_total')).toBe(true);
  });
});

describe('--profile early', () => {
  const early = new Set(samples('early', 'sglang').map((s) => s.name));

  it('has no sglang:num_requests_total, but the e2e histogram that counts the same requests', () => {
    expect(early.has('sglang:num_requests_total')).toBe(false);
    expect(early.has('sglang:e2e_request_latency_seconds_count')).toBe(true);
  });

  it('names the inter-token latency time_per_output_token_seconds', () => {
    expect(early.has('sglang:time_per_output_token_seconds_bucket')).toBe(true);
    expect(early.has('sglang:inter_token_latency_seconds_bucket')).toBe(false);
  });
});

describe('--profile legacy for trtllm-serve (its first collector)', () => {
  const legacy = samples('legacy', 'trtllm');
  const today = samples('default', 'trtllm');

  it('serves five request-level families without the trtllm_ prefix, labelled "undefined"', () => {
    const families = new Set(legacy.map((s) => s.name.replace(/_(bucket|sum|count)$/, '')));
    expect([...families].sort()).toEqual([
      'e2e_request_latency_seconds',
      'request_queue_time_seconds',
      'request_success_total',
      'time_per_output_token_seconds',
      'time_to_first_token_seconds',
    ]);
    for (const s of legacy) expect([s.labels.model_name, s.labels.engine_type]).toEqual(['undefined', 'undefined']);
  });

  it('counts the same requests as today under the prefixed names', () => {
    const total = (xs: typeof legacy, name: string): number => xs.filter((s) => s.name === name).reduce((n, s) => n + s.value, 0);
    expect(total(legacy, 'request_success_total')).toBe(total(today, 'trtllm_request_success_total'));
    expect(total(today, 'trtllm_request_success_total')).toBeGreaterThan(0);
    expect(today.every((s) => s.name.startsWith('trtllm_'))).toBe(true);
  });
});
