// SGLang families that need a flag or setup: PD disaggregation (queues, KV transfer, failures),
// structured output (grammar), speculative decoding, LoRA pool, HiCache (+ L3 storage), MFU.
// Families whose labels the catalog could not read (HiCache storage) get { model_name } here.
import type { Child, Labels } from '../exposition.ts';
import type { EngineModel, TickStats } from '../model/engine-model.ts';
import type { SimRequest } from '../model/requests.ts';
import type { SglangRankMetrics } from './sglang.ts';
import { WholeCounter } from './spec-families.ts';
import { sglangLegacy } from './presets.ts';

const PREFETCH_OUTCOMES = ['attempts', 'issued', 'declined_too_short', 'declined_rate_limited', 'revoked_insufficient', 'revoked_full_miss'];

export class SglangFeatureMetrics {
  private readonly w: Record<string, WholeCounter> = {};
  private readonly h: Record<string, Child> = {};
  private readonly g: Record<string, Child> = {};
  private readonly outcomes = new Map<string, WholeCounter>();
  private grammarQueue = 0;

  constructor(private readonly rank: SglangRankMetrics) {
    const { sr, features, startSec, profile } = rank.ctx;
    const modern = !sglangLegacy(profile);
    const labels = rank.labels;
    const storageLabels: Labels = { model_name: rank.ctx.preset.name };
    const has = rank.ctx.has;
    const counter = (f: string, l: Labels = labels): void => {
      if (has(f)) this.w[f] = new WholeCounter(sr.declare(f).child(l, startSec));
    };
    const hist = (f: string, l: Labels = labels): void => {
      if (has(f)) this.h[f] = sr.declare(f).child(l, startSec);
    };
    const gauge = (f: string, l: Labels = labels): void => {
      if (has(f)) this.g[f] = sr.declare(f).child(l, startSec);
    };
    if (features.has('pd') && rank.ctx.role !== 'unified') {
      if (modern) {
        for (const f of ['sglang:kv_transfer_speed_gb_s', 'sglang:kv_transfer_latency_ms', 'sglang:kv_transfer_bootstrap_ms', 'sglang:kv_transfer_alloc_ms', 'sglang:kv_transfer_total_mb']) hist(f);
      } else {
        // A/B/v0.5.2: speed and latency were gauges of the last transfer.
        for (const f of ['sglang:kv_transfer_speed_gb_s', 'sglang:kv_transfer_latency_ms']) this.g[f] = sr.declare(f, { type: 'gauge' }).child(labels, startSec);
      }
      for (const f of ['sglang:num_bootstrap_failed_reqs', 'sglang:num_transfer_failed_reqs', 'sglang:num_prefill_retries']) counter(f);
    }
    if (features.has('structured-output')) {
      for (const f of ['sglang:num_grammar', 'sglang:num_grammar_cache_hit', 'sglang:num_grammar_aborted', 'sglang:num_grammar_timeout']) counter(f);
      for (const f of ['sglang:grammar_compilation_time_seconds', 'sglang:grammar_schema_count', 'sglang:grammar_ebnf_size', 'sglang:grammar_tree_traversal_time_avg', 'sglang:grammar_tree_traversal_time_max']) hist(f);
    }
    if (features.has('spec')) for (const f of ['sglang:spec_num_draft_tokens', 'sglang:spec_num_steps']) gauge(f);
    if (features.has('lora')) for (const f of ['sglang:lora_pool_slots_used', 'sglang:lora_pool_slots_total', 'sglang:lora_pool_utilization']) gauge(f);
    if (features.has('mfu')) for (const f of ['sglang:estimated_flops_per_gpu', 'sglang:estimated_read_bytes_per_gpu', 'sglang:estimated_write_bytes_per_gpu']) counter(f);
    if (features.has('hicache')) {
      for (const f of ['sglang:hicache_host_used_tokens', 'sglang:hicache_host_total_tokens']) gauge(f);
      for (const f of ['sglang:prefetched_tokens', 'sglang:backuped_tokens', 'sglang:evicted_tokens']) counter(f, storageLabels);
      for (const f of ['sglang:prefetch_pgs', 'sglang:backup_pgs', 'sglang:prefetch_bandwidth', 'sglang:backup_bandwidth', 'sglang:eviction_duration_seconds']) hist(f, storageLabels);
      if (has('sglang:hicache_prefetch_outcomes')) {
        const fam = sr.declare('sglang:hicache_prefetch_outcomes');
        for (const o of PREFETCH_OUTCOMES) this.outcomes.set(o, new WholeCounter(fam.child({ ...storageLabels, outcome: o }, startSec)));
      }
    }
    this.g['sglang:hicache_host_total_tokens']?.set(rank.ctx.preset.kvCapacityTokens * 4);
    this.g['sglang:lora_pool_slots_total']?.set(4);
  }

  scheduled(r: SimRequest): void {
    const { rng } = this.rank.ctx;
    if (r.structured && this.w['sglang:num_grammar']) {
      this.w['sglang:num_grammar'].add(1);
      const hit = rng.chance(0.7);
      if (hit) this.w['sglang:num_grammar_cache_hit']?.add(1);
      else this.h['sglang:grammar_compilation_time_seconds']?.observe(rng.lognormal(0.08, 0.9));
      if (rng.chance(0.005)) this.w['sglang:num_grammar_aborted']?.add(1);
      if (rng.chance(0.001)) this.w['sglang:num_grammar_timeout']?.add(1);
      this.h['sglang:grammar_schema_count']?.observe(Math.round(rng.lognormal(6, 0.8)));
      this.h['sglang:grammar_ebnf_size']?.observe(Math.round(rng.lognormal(900, 0.9)));
      this.h['sglang:grammar_tree_traversal_time_avg']?.observe(rng.lognormal(0.004, 0.6));
      this.h['sglang:grammar_tree_traversal_time_max']?.observe(rng.lognormal(0.02, 0.7));
      if (!hit) this.grammarQueue++;
    }
    if (this.h['sglang:kv_transfer_latency_ms'] || this.g['sglang:kv_transfer_latency_ms']) {
      const mb = ((r.promptTokens * this.rank.ctx.preset.kvBytesPerToken) / 2 ** 20) * 0.25;
      const speed = rng.lognormal(18, 0.5);
      const latencyMs = (mb / 1024 / speed) * 1000 + rng.lognormal(3, 0.5);
      this.h['sglang:kv_transfer_speed_gb_s']?.observe(speed);
      this.h['sglang:kv_transfer_latency_ms']?.observe(latencyMs);
      this.h['sglang:kv_transfer_bootstrap_ms']?.observe(rng.lognormal(6, 0.7));
      this.h['sglang:kv_transfer_alloc_ms']?.observe(rng.lognormal(2, 0.6));
      this.h['sglang:kv_transfer_total_mb']?.observe(mb);
      this.g['sglang:kv_transfer_speed_gb_s']?.set(speed);
      this.g['sglang:kv_transfer_latency_ms']?.set(latencyMs);
      if (rng.chance(0.002)) this.w['sglang:num_bootstrap_failed_reqs']?.add(1);
      if (rng.chance(0.003)) this.w['sglang:num_transfer_failed_reqs']?.add(1);
      if (rng.chance(0.004)) this.w['sglang:num_prefill_retries']?.add(1);
    }
    if (this.w['sglang:prefetched_tokens'] && r.cachedTokens > 0) {
      const tokens = Math.round(r.cachedTokens * 0.35);
      this.w['sglang:prefetched_tokens'].add(tokens);
      this.h['sglang:prefetch_pgs']?.observe(Math.max(1, Math.round(tokens / 64)));
      this.h['sglang:prefetch_bandwidth']?.observe(rng.lognormal(6, 0.6));
      this.outcomes.get('attempts')?.add(1);
      this.outcomes.get(rng.chance(0.8) ? 'issued' : 'declined_too_short')?.add(1);
    }
  }

  finished(r: SimRequest): void {
    const { rng } = this.rank.ctx;
    if (this.w['sglang:backuped_tokens'] && r.started) {
      const tokens = r.promptTokens + r.generated;
      this.w['sglang:backuped_tokens'].add(tokens);
      this.h['sglang:backup_pgs']?.observe(Math.max(1, Math.round(tokens / 64)));
      this.h['sglang:backup_bandwidth']?.observe(rng.lognormal(4, 0.6));
    }
  }

  tick(s: TickStats): void {
    const { rng, preset } = this.rank.ctx;
    this.grammarQueue = Math.max(0, this.grammarQueue - rng.poisson(s.dtMs / 100));
    if (this.w['sglang:estimated_flops_per_gpu']) {
      const tokens = s.prefillTokens + s.decodeTokens;
      this.w['sglang:estimated_flops_per_gpu'].add((2 * preset.paramsB * 1e9 * tokens) / preset.tpSize);
      this.w['sglang:estimated_read_bytes_per_gpu']?.add((s.steps * preset.paramsB * 2e9) / preset.tpSize);
      this.w['sglang:estimated_write_bytes_per_gpu']?.add((tokens * preset.kvBytesPerToken) / preset.tpSize);
    }
    if (this.w['sglang:evicted_tokens'] && s.preemptions + s.arrivals > 0) {
      this.w['sglang:evicted_tokens'].add(s.arrivals * rng.uniform(50, 400));
      this.h['sglang:eviction_duration_seconds']?.observe(rng.lognormal(0.004, 0.7));
    }
  }

  refreshGauges(m: EngineModel): void {
    const { ctx } = this.rank;
    const set = (f: string, v: number): void => {
      (this.g[f] ?? this.rank.gauge(f))?.set(v);
    };
    set('sglang:num_grammar_queue_reqs', this.grammarQueue);
    if (ctx.features.has('spec')) {
      set('sglang:spec_accept_length', ctx.specAcceptLength * (0.95 + 0.1 * ctx.rng.next()));
      set('sglang:spec_accept_rate', (ctx.specAcceptLength - 1) / 3);
      set('sglang:spec_num_draft_tokens', 4);
      set('sglang:spec_num_steps', 3);
    }
    if (ctx.features.has('pd') && ctx.role !== 'unified') {
      const rate = m.running.length / 10;
      if (ctx.role === 'prefill') {
        set('sglang:num_prefill_bootstrap_queue_reqs', ctx.rng.poisson(rate * 0.2));
        set('sglang:num_prefill_inflight_queue_reqs', ctx.rng.poisson(rate * 0.5 + 0.5));
      } else {
        set('sglang:num_decode_prealloc_queue_reqs', ctx.rng.poisson(m.waiting.length * 0.3));
        set('sglang:num_decode_transfer_queue_reqs', ctx.rng.poisson(rate * 0.4 + 0.3));
        set('sglang:pending_prealloc_token_usage', Math.min(1, m.kvUsage * 0.1));
      }
    }
    const loras = new Set(m.running.map((r) => r.lora).filter((x) => x !== null)).size;
    set('sglang:lora_pool_slots_used', loras);
    set('sglang:lora_pool_utilization', loras / 4);
    set('sglang:hicache_host_used_tokens', Math.round(ctx.preset.kvCapacityTokens * 4 * Math.min(0.95, 0.4 + m.kvUsage * 0.5)));
  }
}
