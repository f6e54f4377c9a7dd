// SGLang's scheduler-side metrics (SchedulerMetricsCollector) for one logging rank: gauges
// sampled per log interval, retraction counters, queue/stage histograms, plus the optional
// PD, grammar, speculative, LoRA, HiCache and MFU families (see sglang-features.ts).
import type { Child, Labels } from '../exposition.ts';
import type { EngineModel, ModelSink, TickStats } from '../model/engine-model.ts';
import type { SimRequest } from '../model/requests.ts';
import type { Prng } from '../prng.ts';
import { type Feature, type ModelPreset, type Profile, sglangLegacy } from './presets.ts';
import { SglangFeatureMetrics } from './sglang-features.ts';
import type { SglangTokenizerMetrics } from './sglang-tokenizer.ts';
import { childrenBy, type SpecRegistry, WholeCounter } from './spec-families.ts';

const SLO_CAP = 'sglang:max_running_requests_under_SLO';

/** Running requests a server keeps under its latency SLO: about one per 600 KV tokens of capacity. */
export function sloRunningCap(preset: ModelPreset): number {
  return Math.max(8, Math.round(preset.kvCapacityTokens / 600));
}

const AB_QUEUE_BUCKETS = [0.0, 0.1, 0.2, 0.5, 1, 2, 3, 4, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2500, 3000];

export interface SglangRankContext {
  sr: SpecRegistry;
  preset: ModelPreset;
  profile: Profile;
  features: ReadonlySet<Feature>;
  role: 'unified' | 'prefill' | 'decode';
  tpRank: number;
  dpRank: number | null;
  pid: number;
  startSec: number;
  rng: Prng;
  has: (family: string) => boolean;
  tokenizer: SglangTokenizerMetrics;
  specAcceptLength: number;
}

export class SglangRankMetrics implements ModelSink {
  model: EngineModel | null = null;
  readonly labels: Labels;
  private readonly g: Record<string, Child> = {};
  private readonly w: Record<string, WholeCounter> = {};
  private readonly h: Record<string, Child> = {};
  private readonly modes: Record<string, Map<string, Child>> = {};
  readonly features: SglangFeatureMetrics;
  /** Recent-window accumulators for the interval gauges (gen_throughput, cache_hit_rate). */
  private window = { ms: 0, decode: 0, prompt: 0, cached: 0, retracted: 0, cudaGraph: 1 };
  private last = { genThroughput: 0, cacheHitRate: 0, retracted: 0 };
  private sloCap: number | null = null;

  constructor(readonly ctx: SglangRankContext) {
    const { sr, preset, startSec, profile } = ctx;
    const modern = !sglangLegacy(profile);
    const engineType = ctx.role;
    const labels: Record<string, string> = { model_name: preset.name, engine_type: engineType, tp_rank: String(ctx.tpRank), pp_rank: '0' };
    if (modern) labels.moe_ep_rank = '0';
    if (ctx.dpRank !== null) labels.dp_rank = String(ctx.dpRank);
    this.labels = labels;
    const gauges = [
      'sglang:num_running_reqs',
      'sglang:num_queue_reqs',
      'sglang:num_grammar_queue_reqs',
      'sglang:gen_throughput',
      'sglang:cache_hit_rate',
      'sglang:token_usage',
      'sglang:swa_token_usage',
      'sglang:num_used_tokens',
      'sglang:spec_accept_length',
      'sglang:spec_accept_rate',
      'sglang:num_prefill_inflight_queue_reqs',
      'sglang:num_decode_prealloc_queue_reqs',
      'sglang:num_decode_transfer_queue_reqs',
      'sglang:pending_prealloc_token_usage',
      'sglang:utilization',
      'sglang:new_token_ratio',
      'sglang:is_cuda_graph',
      'sglang:decode_sum_seq_lens',
      'sglang:full_token_usage',
      'sglang:kv_available_tokens',
      'sglang:kv_evictable_tokens',
      'sglang:kv_used_tokens',
      'sglang:num_prefill_bootstrap_queue_reqs',
      'sglang:num_running_reqs_offline_batch',
      'sglang:max_total_num_tokens',
      'sglang:weight_memory_usage_gb',
      'sglang:kv_cache_memory_usage_gb',
      'sglang:page_size',
      'sglang:num_pages',
      'sglang:context_len',
      'sglang:startup_available_gpu_memory_gb',
      'sglang:engine_startup_time',
      'sglang:engine_load_weights_time',
    ];
    for (const f of gauges) if (ctx.has(f)) this.g[f] = sr.declare(f).child(labels, startSec);
    if (!modern) this.g['sglang:num_prefill_bootstrap_queue_reqs'] = sr.declare('sglang:num_prefill_bootstrap_queue_reqs', { name: 'sglang:num_prefill_prealloc_queue_reqs' }).child(labels, startSec);
    // Gauges without a multiprocess mode carry the writing process's pid.
    for (const f of ['sglang:num_retracted_reqs', 'sglang:num_paused_reqs']) this.g[f] = sr.declare(f).child({ ...labels, pid: String(ctx.pid) }, startSec);
    for (const f of ['sglang:num_retracted_requests', 'sglang:num_retracted_input_tokens', 'sglang:num_retracted_output_tokens']) {
      if (ctx.has(f)) this.w[f] = new WholeCounter(sr.declare(f).child(labels, startSec));
    }
    const modeFamilies: [string, string, string[]][] = [
      ['sglang:cuda_graph_passes', 'mode', ['decode_cuda_graph', 'decode_none', 'prefill_cuda_graph', 'prefill_none']],
      ['sglang:realtime_tokens', 'mode', ['prefill_compute', 'prefill_cache', 'decode']],
      ['sglang:prefill_effective_tokens', 'mode', ['device_hit', 'host_hit', 'storage_hit', 'input']],
    ];
    for (const [f, label, values] of modeFamilies) if (ctx.has(f)) this.modes[f] = childrenBy(sr.declare(f), labels, label, values, startSec);
    this.h.queue = sr.declare('sglang:queue_time_seconds', modern ? {} : { buckets: AB_QUEUE_BUCKETS }).child(labels, startSec);
    if (ctx.has('sglang:per_stage_req_latency_seconds')) {
      const stage = sr.declare('sglang:per_stage_req_latency_seconds');
      this.h.stageWait = stage.child({ ...labels, stage: 'prefill_waiting' }, startSec);
      this.h.stageForward = stage.child({ ...labels, stage: 'prefill_forward' }, startSec);
    }
    const constants: Record<string, number> = {
      'sglang:max_total_num_tokens': preset.kvCapacityTokens,
      'sglang:weight_memory_usage_gb': (preset.paramsB * 2) / preset.tpSize,
      'sglang:kv_cache_memory_usage_gb': (preset.kvCapacityTokens * preset.kvBytesPerToken) / preset.tpSize / 2 ** 30,
      'sglang:page_size': 1,
      'sglang:num_pages': preset.kvCapacityTokens,
      'sglang:context_len': preset.maxModelLen,
      'sglang:startup_available_gpu_memory_gb': 79.1,
      'sglang:engine_startup_time': 52.7,
      'sglang:engine_load_weights_time': 21.4,
    };
    for (const [f, v] of Object.entries(constants)) this.g[f]?.set(v);
    // Stock SGLang never sets this cap (the catalog expects no series on a default server); a
    // scheduler that has one writes it once at startup, like the constants above.
    if (ctx.features.has('slo-cap') && ctx.has(SLO_CAP)) {
      this.sloCap = sloRunningCap(preset);
      this.g[SLO_CAP] = sr.declare(SLO_CAP).child(labels, startSec);
      this.g[SLO_CAP].set(this.sloCap);
    }
    this.features = new SglangFeatureMetrics(this);
  }

  scheduled(r: SimRequest, tMs: number): void {
    const wait = (tMs - r.arrivalMs) / 1000;
    this.h.queue?.observe(wait);
    this.h.stageWait?.observe(wait);
    this.window.prompt += r.promptTokens;
    this.window.cached += r.cachedTokens + r.externalTokens;
    const m = this.modes['sglang:prefill_effective_tokens'];
    m?.get('input')?.inc(r.promptTokens);
    m?.get('device_hit')?.inc(r.cachedTokens);
    this.features.scheduled(r);
  }

  firstToken(r: SimRequest): void {
    this.h.stageForward?.observe((r.firstTokenMs - r.scheduledMs) / 1000);
    this.ctx.tokenizer.firstToken(r);
  }

  tokens(_r: SimRequest, n: number, itlSec: number): void {
    this.window.decode += n;
    this.ctx.tokenizer.tokens(n, itlSec);
  }

  finished(r: SimRequest): void {
    this.ctx.tokenizer.finished(r, this.ctx.specAcceptLength);
    this.features.finished(r);
  }

  abortedWaiting(r: SimRequest): void {
    r.lastTokenMs = r.abortAtMs;
    this.ctx.tokenizer.finished(r, this.ctx.specAcceptLength);
  }

  preempted(r: SimRequest): void {
    this.window.retracted++;
    this.w['sglang:num_retracted_requests']?.add(1);
    this.w['sglang:num_retracted_input_tokens']?.add(r.promptTokens);
    this.w['sglang:num_retracted_output_tokens']?.add(r.generated);
  }

  tick(s: TickStats): void {
    const w = this.window;
    w.ms += s.dtMs;
    const graph = s.prefillTokensPerStep === 0 && s.decodeSeqs <= 160;
    w.cudaGraph = graph ? 1 : 0;
    const cg = this.modes['sglang:cuda_graph_passes'];
    const prefillShare = s.prefillTokensPerStep > 0 ? 1 : 0;
    cg?.get(graph ? 'decode_cuda_graph' : 'decode_none')?.inc(Math.round(s.steps * (1 - prefillShare)));
    cg?.get('prefill_none')?.inc(Math.round(s.steps * prefillShare));
    const rt = this.modes['sglang:realtime_tokens'];
    rt?.get('prefill_compute')?.inc(Math.round(s.prefillTokens));
    rt?.get('decode')?.inc(s.decodeTokens);
    // SGLang logs scheduler stats every ~40 decode steps; roll the window about once a second.
    if (w.ms >= 1000) {
      this.last.genThroughput = (w.decode * 1000) / w.ms;
      this.last.cacheHitRate = w.prompt > 0 ? w.cached / w.prompt : this.last.cacheHitRate;
      this.last.retracted = w.retracted;
      rt?.get('prefill_cache')?.inc(w.cached);
      this.window = { ms: 0, decode: 0, prompt: 0, cached: 0, retracted: 0, cudaGraph: w.cudaGraph };
    }
    this.features.tick(s);
  }

  refreshGauges(): void {
    const m = this.model;
    if (!m) return;
    const cap = m.cfg.kvCapacityTokens;
    const used = Math.min(cap, m.kvUsedTokens);
    const evictable = Math.round((cap - used) * 0.6);
    const set = (f: string, v: number): void => this.g[f]?.set(v);
    set('sglang:num_running_reqs', m.running.length);
    set('sglang:num_queue_reqs', m.waiting.length);
    set('sglang:gen_throughput', this.last.genThroughput);
    set('sglang:cache_hit_rate', this.last.cacheHitRate);
    set('sglang:token_usage', used / cap);
    set('sglang:full_token_usage', used / cap);
    set('sglang:num_used_tokens', used);
    set('sglang:kv_used_tokens', used);
    set('sglang:kv_evictable_tokens', evictable);
    set('sglang:kv_available_tokens', cap - used - evictable);
    // With an SLO cap, utilization is the larger of the request share of the cap and the KV share.
    const util = this.sloCap !== null ? Math.max(m.running.length / this.sloCap, used / cap) : m.running.length > 0 ? 0.35 + used / cap : 0;
    set('sglang:utilization', Math.min(1, util));
    set('sglang:new_token_ratio', m.newTokenRatio);
    set('sglang:is_cuda_graph', this.window.cudaGraph);
    set('sglang:decode_sum_seq_lens', m.running.reduce((a, r) => a + r.promptTokens + r.generated, 0));
    set('sglang:num_retracted_reqs', this.last.retracted);
    this.features.refreshGauges(m);
  }

  gauge(f: string): Child | undefined {
    return this.g[f];
  }
}
