// LMDeploy's `lmdeploy serve api_server` metrics (lmdeploy/metrics/loggers.py PrometheusStatLogger,
// spec/metrics/lmdeploy.json): vLLM's v1 set under `lmdeploy:`, one logger per DP rank
// (`engine` label), no `_created` series. Schedule gauges are refreshed every 10 s, as the api
// server's _force_log loop does; succeeded/failed are lifetime totals exported as gauges.
// The legacy profile speaks v0.10 (no succeeded/failed/api gauges, no prefix-cache families).
import type { Child, Family, Labels } from '../exposition.ts';
import type { EngineModel, ModelSink, TickStats } from '../model/engine-model.ts';
import type { FinishReason, SimRequest } from '../model/requests.ts';
import { type ModelPreset, type Profile, tokenBuckets } from './presets.ts';
import { childrenBy, type SpecRegistry } from './spec-families.ts';

/** LMDeploy before v0.12.1: the families added later are absent. */
export const lmdeployLegacy = (p: Profile): boolean => p === 'legacy' || p === 'early';

/** lmdeploy.messages.ResponseType, as str(member) labels the request_success children. */
export const RESPONSE_TYPES = [
  'SUCCESS',
  'FINISH',
  'ENGINE_STOP_ERROR',
  'SESSION_REPEAT',
  'SESSION_NOT_EXIST',
  'HANDLER_NOT_EXIST',
  'INPUT_LENGTH_ERROR',
  'INTERNAL_ENGINE_ERROR',
  'CANCEL',
  'PREFIX_CACHE_CONFLICT',
  'NO_QUEUE',
  'NOT_SUPPORTED',
  'OUT_OF_MEMORY',
].map((t) => `ResponseType.${t}`);

/** A normal end, stop or length alike, is FINISH; a client abort is CANCEL. */
function responseType(r: FinishReason): string {
  if (r === 'abort') return 'ResponseType.CANCEL';
  if (r === 'error') return 'ResponseType.INTERNAL_ENGINE_ERROR';
  return 'ResponseType.FINISH';
}

const SCHEDULE_INTERVAL_SEC = 10;

export interface LmdeployContext {
  sr: SpecRegistry;
  preset: ModelPreset;
  dpRank: number;
  profile: Profile;
  startSec: number;
}

export class LmdeployEngineMetrics implements ModelSink {
  model: EngineModel | null = null;
  private readonly legacy: boolean;
  private readonly g: Record<string, Child> = {};
  private readonly c: Record<string, Child> = {};
  private readonly h: Record<string, Child> = {};
  private readonly success: Map<string, Child>;
  private succeeded = 0;
  private failed = 0;
  private promptTotal = 0;
  private cachedTotal = 0;
  private lastScheduleSec = -Infinity;

  constructor(ctx: LmdeployContext) {
    const { sr, preset, startSec } = ctx;
    this.legacy = lmdeployLegacy(ctx.profile);
    const base: Labels = { model_name: preset.name, engine: String(ctx.dpRank) };
    const child = (f: Family): Child => f.child(base, startSec);
    const gauges = ['lmdeploy:num_requests_running', 'lmdeploy:num_requests_waiting', 'lmdeploy:gpu_cache_usage_perc'];
    if (!this.legacy) {
      gauges.push(
        'lmdeploy:num_requests_succeeded',
        'lmdeploy:num_requests_failed',
        'lmdeploy:num_api_requests_routed',
        'lmdeploy:num_api_requests_waiting',
        'lmdeploy:prefix_cache_hit_rate',
      );
    }
    for (const fam of gauges) this.g[fam] = child(sr.declare(fam));
    const counters = ['lmdeploy:prompt_tokens', 'lmdeploy:generation_tokens'];
    if (!this.legacy) counters.push('lmdeploy:cached_tokens');
    for (const fam of counters) this.c[fam] = child(sr.declare(fam));
    this.success = childrenBy(sr.declare('lmdeploy:request_success'), base, 'finished_reason', RESPONSE_TYPES, startSec);
    const tok = tokenBuckets(preset);
    const hist: [string, readonly number[] | undefined][] = [
      ['lmdeploy:request_prompt_tokens', tok],
      ['lmdeploy:request_generation_tokens', tok],
      ['lmdeploy:iteration_tokens_total', undefined],
      ['lmdeploy:time_to_first_token_seconds', undefined],
      ['lmdeploy:time_per_output_token_seconds', undefined],
      ['lmdeploy:iter_token_latency', undefined],
      ['lmdeploy:e2e_request_latency_seconds', undefined],
      ['lmdeploy:request_queue_time_seconds', undefined],
      ['lmdeploy:request_inference_time_seconds', undefined],
      ['lmdeploy:request_prefill_time_seconds', undefined],
      ['lmdeploy:request_decode_time_seconds', undefined],
    ];
    if (!this.legacy) hist.push(['lmdeploy:request_cached_tokens', tok], ['lmdeploy:request_cache_hit_ratio', undefined]);
    for (const [fam, buckets] of hist) this.h[fam] = child(sr.declare(fam, buckets ? { buckets } : {}));
  }

  private obs(fam: string, v: number, n = 1): void {
    this.h[fam]?.observe(v, n);
  }

  scheduled(): void {}

  firstToken(r: SimRequest): void {
    // IterationStats of the first output: prompt_tokens is the whole prompt, once.
    this.c['lmdeploy:prompt_tokens']?.inc(r.promptTokens);
    this.c['lmdeploy:generation_tokens']?.inc(1);
    this.obs('lmdeploy:iteration_tokens_total', r.promptTokens + 1);
    this.obs('lmdeploy:time_to_first_token_seconds', (r.firstTokenMs - r.arrivalMs) / 1000);
  }

  tokens(_r: SimRequest, n: number, itlSec: number): void {
    // One engine output per step with one token each: TPOT = ITL = the step interval.
    this.c['lmdeploy:generation_tokens']?.inc(n);
    this.obs('lmdeploy:iteration_tokens_total', 1, n);
    this.obs('lmdeploy:time_per_output_token_seconds', itlSec, n);
    this.obs('lmdeploy:iter_token_latency', itlSec, n);
  }

  finished(r: SimRequest): void {
    const type = responseType(r.finishReason);
    this.success.get(type)?.inc();
    if (type === 'ResponseType.FINISH') this.succeeded++;
    else this.failed++;
    const first = r.generated > 0 ? r.firstTokenMs : r.lastTokenMs;
    this.obs('lmdeploy:e2e_request_latency_seconds', (r.lastTokenMs - r.arrivalMs) / 1000);
    this.obs('lmdeploy:request_queue_time_seconds', (r.scheduledMs - r.arrivalMs) / 1000);
    this.obs('lmdeploy:request_prefill_time_seconds', (first - r.scheduledMs) / 1000);
    this.obs('lmdeploy:request_inference_time_seconds', (r.lastTokenMs - r.scheduledMs) / 1000);
    this.obs('lmdeploy:request_decode_time_seconds', (r.lastTokenMs - first) / 1000);
    this.obs('lmdeploy:request_prompt_tokens', r.promptTokens);
    this.obs('lmdeploy:request_generation_tokens', r.generated);
    this.obs('lmdeploy:request_cached_tokens', r.cachedTokens);
    if (r.promptTokens > 0) this.obs('lmdeploy:request_cache_hit_ratio', r.cachedTokens / r.promptTokens);
    this.c['lmdeploy:cached_tokens']?.inc(r.cachedTokens);
    this.promptTotal += r.promptTokens;
    this.cachedTotal += r.cachedTokens;
  }

  abortedWaiting(): void {
    // Cancelled before it was ever scheduled: no RequestStats reach record_finish, but the API
    // server counts it among the failed requests.
    this.failed++;
  }

  preempted(): void {}

  tick(_s: TickStats): void {}

  /** Schedule stats as the engine last reported them (pulled every 10 s). */
  refreshGauges(nowSec: number): void {
    const m = this.model;
    if (!m || nowSec - this.lastScheduleSec < SCHEDULE_INTERVAL_SEC) return;
    this.lastScheduleSec = nowSec;
    const set = (fam: string, v: number): void => this.g[fam]?.set(v);
    set('lmdeploy:num_requests_running', m.running.length);
    set('lmdeploy:num_requests_waiting', m.waiting.length);
    set('lmdeploy:gpu_cache_usage_perc', m.kvUsage);
    set('lmdeploy:num_requests_succeeded', this.succeeded);
    set('lmdeploy:num_requests_failed', this.failed);
    set('lmdeploy:num_api_requests_routed', m.running.length + m.waiting.length);
    set('lmdeploy:num_api_requests_waiting', 0);
    set('lmdeploy:prefix_cache_hit_rate', this.promptTotal > 0 ? this.cachedTotal / this.promptTotal : 0);
  }
}
