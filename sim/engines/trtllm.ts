// TensorRT-LLM's trtllm-serve metrics (tensorrt_llm/metrics/collector.py MetricsCollector and
// batch_metrics.py, spec/metrics/trtllm.json), served on /prometheus/metrics. Per-request families
// move when a request finishes (return_perf_metrics: true), the iteration families follow the
// executor's iteration stats (enable_iter_perf_stats: true). Labels: model_name, engine_type.
// The legacy profile is the first collector: five families without the trtllm_ prefix, with the
// literal labels model_name="undefined", engine_type="undefined" that openai_server.py passed.
import type { Child, Family, Labels } from '../exposition.ts';
import type { EngineModel, ModelSink, TickStats } from '../model/engine-model.ts';
import type { FinishReason, SimRequest } from '../model/requests.ts';
import type { ModelPreset, Profile } from './presets.ts';
import { childrenBy, type SpecRegistry } from './spec-families.ts';

/** The first MetricsCollector: no trtllm_ prefix, request-level families only. */
export const trtllmLegacy = (p: Profile): boolean => p === 'legacy' || p === 'early';

/** TRT-LLM's default KV block size (KvCacheConfig tokens_per_block); a simulation choice. */
const TOKENS_PER_BLOCK = 32;
const MAX_ACTIVE = 256;
const MAX_NUM_TOKENS = 8192;

/** Finish reasons as the LLM API reports them (the simulation's choice of values). */
const REASONS = ['stop', 'length', 'cancelled'];
function reason(r: FinishReason): string {
  if (r === 'abort' || r === 'error') return 'cancelled';
  return r === 'length' ? 'length' : 'stop';
}

export interface TrtllmContext {
  sr: SpecRegistry;
  preset: ModelPreset;
  profile: Profile;
  /** Worker processes' pids, one per TP rank (the multiprocess collector's pid label). */
  pids: number[];
  startSec: number;
}

export class TrtllmMetrics implements ModelSink {
  model: EngineModel | null = null;
  private readonly legacy: boolean;
  private readonly g: Record<string, Child> = {};
  private readonly c: Record<string, Child> = {};
  private readonly h: Record<string, Child> = {};
  private readonly success: Map<string, Child>;
  private readonly batch: Child[] = [];
  private reusedBlocks = 0;
  private missedBlocks = 0;
  private last: TickStats | null = null;
  private lastStepSec = 0;
  private readonly stepCarry = { acc: 0 };

  constructor(private readonly ctx: TrtllmContext) {
    const { sr, preset, startSec } = ctx;
    const legacy = trtllmLegacy(ctx.profile);
    this.legacy = legacy;
    const base: Labels = legacy ? { engine_type: 'undefined', model_name: 'undefined' } : { engine_type: 'trtllm', model_name: preset.name };
    const child = (f: Family): Child => f.child(base, startSec);
    const unprefixed = (fam: string): { name?: string } => (legacy ? { name: fam.replace(/^trtllm_/, '') } : {});
    this.success = childrenBy(sr.declare('trtllm_request_success', unprefixed('trtllm_request_success')), base, 'finished_reason', REASONS, startSec);
    const hist = ['trtllm_e2e_request_latency_seconds', 'trtllm_time_to_first_token_seconds', 'trtllm_time_per_output_token_seconds', 'trtllm_request_queue_time_seconds'];
    if (!legacy) {
      hist.push(
        'trtllm_request_prefill_time_seconds',
        'trtllm_request_decode_time_seconds',
        'trtllm_request_inference_time_seconds',
        'trtllm_prompt_cached_tokens_per_request',
        'trtllm_prefill_batch_tokens',
      );
    }
    for (const fam of hist) this.h[fam] = child(sr.declare(fam, unprefixed(fam)));
    if (legacy) return;
    for (const fam of [
      'trtllm_prompt_tokens',
      'trtllm_generation_tokens',
      'trtllm_prompt_cached_tokens',
      'trtllm_kv_cache_reused_blocks',
      'trtllm_kv_cache_missed_blocks',
      'trtllm_num_requests_completed',
    ]) {
      this.c[fam] = child(sr.declare(fam));
    }
    for (const fam of [
      'trtllm_kv_cache_hit_rate',
      'trtllm_kv_cache_utilization',
      'trtllm_num_requests_running',
      'trtllm_num_requests_waiting',
      'trtllm_max_num_active_requests',
      'trtllm_iteration_latency_seconds',
      'trtllm_gpu_memory_usage_bytes',
      'trtllm_max_batch_size_static',
      'trtllm_max_batch_size_runtime',
      'trtllm_max_num_tokens_runtime',
      'trtllm_kv_cache_max_blocks',
      'trtllm_kv_cache_free_blocks',
      'trtllm_kv_cache_used_blocks',
      'trtllm_kv_cache_tokens_per_block',
      'trtllm_num_context_requests',
      'trtllm_num_generation_requests',
      'trtllm_num_paused_requests',
      'trtllm_num_scheduled_requests',
      'trtllm_total_context_tokens',
      'trtllm_avg_decoded_tokens_per_iter',
      'trtllm_prefill_batch_occupancy',
    ]) {
      this.g[fam] = child(sr.declare(fam));
    }
    const batch = sr.declare('trtllm_scheduled_batch_size');
    ctx.pids.forEach((pid, rank) => this.batch.push(batch.child({ ...base, pid: String(pid), rank: String(rank) }, startSec)));
  }

  private obs(fam: string, v: number, n = 1): void {
    this.h[fam]?.observe(v, n);
  }

  scheduled(r: SimRequest): void {
    // Block-level reuse as the KV cache manager counts it on admission.
    this.reusedBlocks += Math.floor(r.cachedTokens / TOKENS_PER_BLOCK);
    this.missedBlocks += Math.ceil(Math.max(0, r.promptTokens - r.cachedTokens) / TOKENS_PER_BLOCK);
    this.c['trtllm_kv_cache_reused_blocks']?.inc(Math.floor(r.cachedTokens / TOKENS_PER_BLOCK));
    this.c['trtllm_kv_cache_missed_blocks']?.inc(Math.ceil(Math.max(0, r.promptTokens - r.cachedTokens) / TOKENS_PER_BLOCK));
  }

  firstToken(): void {}

  tokens(): void {}

  finished(r: SimRequest): void {
    // log_request_metrics_dict: everything at the end of the request; zero values are skipped.
    this.success.get(reason(r.finishReason))?.inc();
    this.c['trtllm_num_requests_completed']?.inc();
    const positive = (fam: string, v: number): void => {
      if (v > 0) this.obs(fam, v);
    };
    const e2e = (r.lastTokenMs - r.arrivalMs) / 1000;
    const queue = (r.scheduledMs - r.arrivalMs) / 1000;
    positive('trtllm_e2e_request_latency_seconds', e2e);
    if (this.legacy) positive('trtllm_request_queue_time_seconds', queue);
    else this.obs('trtllm_request_queue_time_seconds', queue);
    if (r.generated > 0) {
      positive('trtllm_time_to_first_token_seconds', (r.firstTokenMs - r.arrivalMs) / 1000);
      if (r.generated > 1) positive('trtllm_time_per_output_token_seconds', (r.lastTokenMs - r.firstTokenMs) / 1000 / (r.generated - 1));
      positive('trtllm_request_prefill_time_seconds', (r.firstTokenMs - r.scheduledMs) / 1000);
      positive('trtllm_request_decode_time_seconds', (r.lastTokenMs - r.firstTokenMs) / 1000);
    }
    positive('trtllm_request_inference_time_seconds', (r.lastTokenMs - r.scheduledMs) / 1000);
    this.c['trtllm_prompt_tokens']?.inc(r.promptTokens);
    this.c['trtllm_generation_tokens']?.inc(r.generated);
    this.c['trtllm_prompt_cached_tokens']?.inc(r.cachedTokens);
    this.obs('trtllm_prompt_cached_tokens_per_request', r.cachedTokens);
  }

  abortedWaiting(): void {
    // Cancelled in the queue: it finishes with no timings (all zero, so no histogram moves).
    this.success.get('cancelled')?.inc();
    this.c['trtllm_num_requests_completed']?.inc();
  }

  preempted(): void {}

  tick(s: TickStats): void {
    this.last = s;
    if (s.steps > 0) this.lastStepSec = s.stepMs / 1000;
    // One iteration-stats record per forward step; fractional steps carry over.
    this.stepCarry.acc += s.steps;
    const whole = Math.floor(this.stepCarry.acc);
    this.stepCarry.acc -= whole;
    if (whole > 0 && s.prefillTokensPerStep > 0) this.obs('trtllm_prefill_batch_tokens', Math.round(s.prefillTokensPerStep), whole);
  }

  refreshGauges(): void {
    const m = this.model;
    if (!m || this.legacy) return;
    const p = this.ctx.preset;
    const set = (fam: string, v: number): void => this.g[fam]?.set(v);
    const maxBlocks = Math.floor(p.kvCapacityTokens / TOKENS_PER_BLOCK);
    const used = Math.min(maxBlocks, Math.ceil(m.kvUsedTokens / TOKENS_PER_BLOCK));
    const ctxReqs = m.running.filter((r) => r.phase === 'prefill').length;
    const genReqs = m.running.length - ctxReqs;
    set('trtllm_num_requests_running', m.running.length);
    set('trtllm_num_requests_waiting', m.waiting.length);
    set('trtllm_max_num_active_requests', MAX_ACTIVE);
    set('trtllm_iteration_latency_seconds', this.lastStepSec);
    set('trtllm_gpu_memory_usage_bytes', Math.round((p.paramsB * 2e9) / p.tpSize + p.kvCapacityTokens * p.kvBytesPerToken));
    set('trtllm_max_batch_size_static', MAX_ACTIVE);
    set('trtllm_max_batch_size_runtime', MAX_ACTIVE);
    set('trtllm_max_num_tokens_runtime', MAX_NUM_TOKENS);
    set('trtllm_kv_cache_max_blocks', maxBlocks);
    set('trtllm_kv_cache_used_blocks', used);
    set('trtllm_kv_cache_free_blocks', maxBlocks - used);
    set('trtllm_kv_cache_tokens_per_block', TOKENS_PER_BLOCK);
    set('trtllm_kv_cache_utilization', maxBlocks > 0 ? used / maxBlocks : 0);
    const lookups = this.reusedBlocks + this.missedBlocks;
    set('trtllm_kv_cache_hit_rate', lookups > 0 ? this.reusedBlocks / lookups : 0);
    set('trtllm_num_context_requests', ctxReqs);
    set('trtllm_num_generation_requests', genReqs);
    set('trtllm_num_paused_requests', this.last?.preemptions ?? 0);
    set('trtllm_num_scheduled_requests', m.running.length);
    set('trtllm_total_context_tokens', Math.round(this.last?.prefillTokensPerStep ?? 0));
    set('trtllm_avg_decoded_tokens_per_iter', 1);
    set('trtllm_prefill_batch_occupancy', ctxReqs / MAX_ACTIVE);
    for (const b of this.batch) b.set(m.running.length);
  }
}
