// vLLM's per-engine metrics (vllm/v1/metrics/loggers.py): turns model events into the families a
// default `vllm serve` exposes, with the `model_name`/`engine` labels; the legacy profile speaks
// v0.8.4 (no `engine` label, gpu_cache_usage_perc, gpu_prefix_cache_*, time_per_output_token_seconds).
import type { Child, Family, Labels } from '../exposition.ts';
import type { EngineModel, ModelSink, TickStats } from '../model/engine-model.ts';
import type { FinishReason, SimRequest } from '../model/requests.ts';
import type { Prng } from '../prng.ts';
import { type ModelPreset, type Profile, tokenBuckets, vllmLegacy } from './presets.ts';
import { childrenBy, type SpecRegistry } from './spec-families.ts';
import { VllmFeatureMetrics } from './vllm-features.ts';
import { Vllm2026Metrics } from './vllm-2026.ts';
import type { VllmApiServerMetrics } from './vllm-api.ts';
import type { Feature } from './presets.ts';

const V084_TTFT = [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0];
const V084_TPOT = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5];
const V084_LATENCY = [0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0];

export interface VllmEngineContext {
  sr: SpecRegistry;
  preset: ModelPreset;
  engineIndex: number;
  profile: Profile;
  features: ReadonlySet<Feature>;
  /** This instance serves a diffusion LM (diffusion_* instead of spec_decode_*). */
  diffusion: boolean;
  numSpecTokens: number;
  /** Acceptance probability of each draft position (default: EAGLE-like, vllm-features.ts). */
  acceptByPos?: readonly number[];
  startSec: number;
  rng: Prng;
  /** The instance's API server (HTTP metrics), shared by its data-parallel engines. */
  api?: VllmApiServerMetrics;
}

export class VllmEngineMetrics implements ModelSink {
  model: EngineModel | null = null;
  /** Requests aborted before they were ever scheduled (they only count in request_success). */
  abortedBeforeStart = 0;
  private readonly legacy: boolean;
  private readonly running: Child;
  private readonly waiting: Child;
  private readonly waitingByReason: Map<string, Child> | null;
  private readonly sleepState: Map<string, Child> | null;
  private readonly kvUsage: Child;
  private readonly c: Record<string, Child> = {};
  private readonly h: Record<string, Child> = {};
  private readonly success: Map<string, Child>;
  private readonly bySource: Map<string, Child> | null;
  private readonly iterationCarry = { acc: 0 };
  readonly features: VllmFeatureMetrics;
  private readonly newer: Vllm2026Metrics | null;

  constructor(private readonly ctx: VllmEngineContext) {
    const { sr, preset, startSec } = ctx;
    this.legacy = vllmLegacy(ctx.profile);
    const legacy = this.legacy;
    const base: Labels = legacy ? { model_name: preset.name } : { model_name: preset.name, engine: String(ctx.engineIndex) };
    const child = (f: Family): Child => f.child(base, startSec);

    this.running = child(sr.declare('vllm:num_requests_running'));
    this.waiting = child(sr.declare('vllm:num_requests_waiting'));
    this.waitingByReason = legacy ? null : childrenBy(sr.declare('vllm:num_requests_waiting_by_reason'), base, 'reason', ['capacity', 'deferred'], startSec);
    this.sleepState = legacy
      ? null
      : childrenBy(sr.declare('vllm:engine_sleep_state'), base, 'sleep_state', ['awake', 'weights_offloaded', 'discard_all'], startSec);
    this.kvUsage = child(sr.declare('vllm:kv_cache_usage_perc', legacy ? { name: 'vllm:gpu_cache_usage_perc' } : {}));

    const counters: [string, string | undefined][] = [
      ['vllm:prefix_cache_queries', legacy ? 'vllm:gpu_prefix_cache_queries' : undefined],
      ['vllm:prefix_cache_hits', legacy ? 'vllm:gpu_prefix_cache_hits' : undefined],
      ['vllm:num_preemptions', undefined],
      ['vllm:prompt_tokens', undefined],
      ['vllm:generation_tokens', undefined],
    ];
    if (!legacy) {
      counters.push(
        ['vllm:external_prefix_cache_queries', undefined],
        ['vllm:external_prefix_cache_hits', undefined],
        ['vllm:mm_cache_queries', undefined],
        ['vllm:mm_cache_hits', undefined],
        ['vllm:prompt_tokens_cached', undefined],
      );
    }
    for (const [fam, name] of counters) this.c[fam] = child(sr.declare(fam, name ? { name } : {}));
    this.bySource = legacy
      ? null
      : childrenBy(sr.declare('vllm:prompt_tokens_by_source'), base, 'source', ['local_compute', 'local_cache_hit', 'external_kv_transfer'], startSec);
    const reasons: FinishReason[] = legacy ? ['stop', 'length', 'abort'] : ['stop', 'length', 'abort', 'error', 'repetition'];
    this.success = childrenBy(sr.declare('vllm:request_success'), base, 'finished_reason', reasons, startSec);

    const tok = tokenBuckets(preset);
    const hist: [string, { name?: string; buckets?: readonly number[] }][] = [
      ['vllm:request_prompt_tokens', { buckets: tok }],
      ['vllm:request_generation_tokens', { buckets: tok }],
      ['vllm:iteration_tokens_total', {}],
      ['vllm:request_max_num_generation_tokens', { buckets: tok }],
      ['vllm:request_params_n', {}],
      ['vllm:request_params_max_tokens', { buckets: tok }],
      ['vllm:time_to_first_token_seconds', legacy ? { buckets: V084_TTFT } : {}],
      ['vllm:inter_token_latency_seconds', legacy ? { name: 'vllm:time_per_output_token_seconds', buckets: V084_TPOT } : {}],
      ['vllm:e2e_request_latency_seconds', legacy ? { buckets: V084_LATENCY } : {}],
      ['vllm:request_queue_time_seconds', legacy ? { buckets: V084_LATENCY } : {}],
      ['vllm:request_inference_time_seconds', legacy ? { buckets: V084_LATENCY } : {}],
      ['vllm:request_prefill_time_seconds', legacy ? { buckets: V084_LATENCY } : {}],
      ['vllm:request_decode_time_seconds', legacy ? { buckets: V084_LATENCY } : {}],
    ];
    if (!legacy) {
      hist.push(['vllm:request_prefill_kv_computed_tokens', { buckets: tok }], ['vllm:request_time_per_output_token_seconds', {}]);
    }
    for (const [fam, opts] of hist) this.h[fam] = child(sr.declare(fam, opts));
    this.features = new VllmFeatureMetrics(ctx, base);
    const f = ctx.features;
    this.newer =
      f.has('vllm-2026') && !legacy
        ? new Vllm2026Metrics({
            sr,
            base,
            modelName: preset.name,
            startSec,
            rng: ctx.rng,
            kvBytes: preset.kvCapacityTokens * preset.kvBytesPerToken,
            kvBlocks: Math.floor(preset.kvCapacityTokens / 16),
            engineIndex: ctx.engineIndex,
            sleep: f.has('sleep'),
            structured: f.has('structured-output'),
            spec: f.has('spec'),
          })
        : null;
  }

  private inc(fam: string, v: number): void {
    this.c[fam]?.inc(v);
  }

  private obs(fam: string, v: number, n = 1): void {
    this.h[fam]?.observe(v, n);
  }

  scheduled(r: SimRequest): void {
    const local = r.promptTokens - r.cachedTokens - r.externalTokens;
    this.inc('vllm:prompt_tokens', r.promptTokens);
    this.inc('vllm:prompt_tokens_cached', r.cachedTokens + r.externalTokens);
    this.inc('vllm:prefix_cache_queries', r.promptTokens);
    this.inc('vllm:prefix_cache_hits', r.cachedTokens);
    this.bySource?.get('local_compute')?.inc(local);
    this.bySource?.get('local_cache_hit')?.inc(r.cachedTokens);
    this.bySource?.get('external_kv_transfer')?.inc(r.externalTokens);
    this.features.scheduled(r, this.c);
    this.newer?.scheduled(r);
  }

  firstToken(r: SimRequest): void {
    this.inc('vllm:generation_tokens', 1);
    this.obs('vllm:time_to_first_token_seconds', (r.firstTokenMs - r.arrivalMs) / 1000);
  }

  tokens(_r: SimRequest, n: number, itlSec: number): void {
    this.inc('vllm:generation_tokens', n);
    this.obs('vllm:inter_token_latency_seconds', itlSec, n);
  }

  finished(r: SimRequest): void {
    this.success.get(r.finishReason)?.inc();
    this.ctx.api?.responded(r, r.lastTokenMs);
    const first = r.generated > 0 ? r.firstTokenMs : r.lastTokenMs;
    this.obs('vllm:request_prompt_tokens', r.promptTokens);
    this.obs('vllm:request_generation_tokens', r.generated);
    this.obs('vllm:request_max_num_generation_tokens', r.maxTokens ?? this.ctx.preset.maxModelLen - r.promptTokens);
    this.obs('vllm:request_params_n', r.paramsN);
    if (r.maxTokens !== null) this.obs('vllm:request_params_max_tokens', r.maxTokens);
    this.obs('vllm:request_prefill_kv_computed_tokens', r.promptTokens - r.cachedTokens - r.externalTokens);
    this.obs('vllm:e2e_request_latency_seconds', (r.lastTokenMs - r.arrivalMs) / 1000);
    this.obs('vllm:request_queue_time_seconds', (r.scheduledMs - r.arrivalMs) / 1000);
    this.obs('vllm:request_inference_time_seconds', (r.lastTokenMs - r.scheduledMs) / 1000);
    this.obs('vllm:request_prefill_time_seconds', (first - r.scheduledMs) / 1000);
    this.obs('vllm:request_decode_time_seconds', (r.lastTokenMs - first) / 1000);
    if (r.generated > 1) this.obs('vllm:request_time_per_output_token_seconds', (r.lastTokenMs - first) / 1000 / (r.generated - 1));
    this.features.finished(r);
    this.newer?.finished(r);
  }

  abortedWaiting(r: SimRequest): void {
    this.abortedBeforeStart++;
    this.success.get('abort')?.inc();
    this.ctx.api?.responded(r, r.abortAtMs);
  }

  preempted(): void {
    this.inc('vllm:num_preemptions', 1);
  }

  tick(s: TickStats): void {
    // One observation per forward step; fractional steps carry over to the next tick.
    this.iterationCarry.acc += s.steps;
    const whole = Math.floor(this.iterationCarry.acc);
    this.iterationCarry.acc -= whole;
    if (whole > 0) this.obs('vllm:iteration_tokens_total', Math.round(s.prefillTokensPerStep + s.decodeSeqs), whole);
    this.features.tick(s);
    if (this.model) this.newer?.tick(s, this.model);
  }

  /** Gauges are sampled at scrape time, like the engine's logging interval does. */
  refreshGauges(nowSec: number): void {
    const m = this.model;
    if (!m) return;
    const waiting = m.waiting.length;
    this.running.set(m.running.length);
    this.waiting.set(waiting);
    this.waitingByReason?.get('capacity')?.set(waiting);
    this.waitingByReason?.get('deferred')?.set(0);
    this.kvUsage.set(m.kvUsage);
    this.sleepState?.get('awake')?.set(m.asleep ? 0 : 1);
    this.sleepState?.get('weights_offloaded')?.set(m.asleep ? 1 : 0);
    this.sleepState?.get('discard_all')?.set(0);
    this.features.refreshGauges(m, nowSec);
    this.newer?.refreshGauges(m);
  }
}

