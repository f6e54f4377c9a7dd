// vLLM families that depend on flags or setup: speculative decoding / diffusion, KV block
// residency (--kv-cache-metrics), MFU estimates, KV connectors (NIXL, HF3FS, Mooncake store),
// LoRA, multimodal cache, websocket, corrupted requests, and the cache_config_info gauge.
import type { Child, Labels } from '../exposition.ts';
import type { EngineModel, TickStats } from '../model/engine-model.ts';
import type { SimRequest } from '../model/requests.ts';
import type { VllmEngineContext } from './vllm.ts';
import { childrenBy, WholeCounter } from './spec-families.ts';
import { vllmLegacy } from './presets.ts';

/** Per-position acceptance probability of draft tokens (EAGLE-like). */
export const ACCEPT_BY_POS: readonly number[] = [0.78, 0.6, 0.45, 0.33, 0.25];
const MOONCAKE_OPS = ['save_exists', 'save_put', 'load_get', 'lookup_exists'] as const;

export class VllmFeatureMetrics {
  private readonly w: Record<string, WholeCounter> = {};
  private readonly h: Record<string, Child> = {};
  private readonly g: Record<string, Child> = {};
  private perPos: WholeCounter[] = [];
  private mooncake: { ops: Map<string, Child>; time: Map<string, Child>; keys: Map<string, Child>; bytes: Map<string, Child> } | null = null;
  private loraInfo: { family: ReturnType<VllmEngineContext['sr']['declare']>; last: string } | null = null;

  constructor(
    private readonly ctx: VllmEngineContext,
    base: Labels,
  ) {
    const { sr, features, startSec, profile, preset, engineIndex } = ctx;
    const legacy = vllmLegacy(profile);
    const counter = (fam: string, labels: Labels = base): void => {
      this.w[fam] = new WholeCounter(sr.declare(fam).child(labels, startSec));
    };
    const hist = (fam: string): void => {
      this.h[fam] = sr.declare(fam).child(base, startSec);
    };
    // cache_config_info: value 1, labels = CacheConfig fields (+ engine), no model_name.
    const cfg: Record<string, string> = {
      block_size: '16',
      cache_dtype: 'auto',
      enable_prefix_caching: 'True',
      gpu_memory_utilization: '0.9',
      is_attention_free: 'False',
      num_cpu_blocks: 'None',
      num_gpu_blocks: String(Math.floor(preset.kvCapacityTokens / 16)),
      num_gpu_blocks_override: 'None',
      prefix_caching_hash_algo: 'sha256',
      sliding_window: 'None',
    };
    // Newer engines also put the capacity in tokens and the max concurrency at max_model_len here.
    const blocks = Math.floor(preset.kvCapacityTokens / 16);
    const sized = { ...cfg, kv_cache_size_tokens: String(blocks * 16), kv_cache_max_concurrency: (blocks * 16 / preset.maxModelLen).toFixed(2) };
    sr.declare('vllm:cache_config_info').child(legacy ? cfg : { ...sized, engine: String(engineIndex) }, startSec).set(1);

    if (features.has('corrupted') && !legacy) counter('vllm:corrupted_requests');
    if (!legacy) {
      // Registered (at 0) even without --enable-mfu-metrics.
      for (const f of ['vllm:estimated_flops_per_gpu_total', 'vllm:estimated_read_bytes_per_gpu_total', 'vllm:estimated_write_bytes_per_gpu_total']) counter(f);
    }
    if (ctx.diffusion && !legacy) {
      for (const f of ['vllm:diffusion_num_denoising_steps', 'vllm:diffusion_num_canvas_positions', 'vllm:diffusion_num_committed_tokens']) counter(f);
    } else if (features.has('spec')) {
      for (const f of ['vllm:spec_decode_num_drafts', 'vllm:spec_decode_num_draft_tokens', 'vllm:spec_decode_num_accepted_tokens']) counter(f);
      const fam = sr.declare('vllm:spec_decode_num_accepted_tokens_per_pos');
      this.perPos = Array.from({ length: ctx.numSpecTokens }, (_, i) => new WholeCounter(fam.child({ ...base, position: String(i) }, startSec)));
    }
    if (features.has('kv-cache-metrics') && !legacy) {
      for (const f of ['vllm:kv_block_lifetime_seconds', 'vllm:kv_block_idle_before_evict_seconds', 'vllm:kv_block_reuse_gap_seconds']) hist(f);
    }
    if (features.has('pd') && !legacy) {
      for (const f of ['vllm:nixl_xfer_time_seconds', 'vllm:nixl_post_time_seconds', 'vllm:nixl_bytes_transferred', 'vllm:nixl_num_descriptors']) hist(f);
      for (const f of ['vllm:nixl_num_failed_transfers', 'vllm:nixl_num_failed_notifications', 'vllm:nixl_num_kv_expired_reqs']) counter(f);
      for (const f of ['vllm:hf3fs_save_duration_seconds', 'vllm:hf3fs_load_duration_seconds']) hist(f);
      for (const f of ['vllm:hf3fs_num_failed_save', 'vllm:hf3fs_num_failed_load']) counter(f);
      const ok = { ...base, status: 'ok' };
      this.mooncake = {
        ops: childrenBy(sr.declare('vllm:mooncake_store_operation_total'), ok, 'operation', MOONCAKE_OPS, startSec),
        time: childrenBy(sr.declare('vllm:mooncake_store_operation_time_seconds'), ok, 'operation', MOONCAKE_OPS, startSec),
        keys: childrenBy(sr.declare('vllm:mooncake_store_operation_keys_total'), ok, 'operation', MOONCAKE_OPS, startSec),
        bytes: childrenBy(sr.declare('vllm:mooncake_store_operation_bytes_total'), ok, 'operation', MOONCAKE_OPS, startSec),
      };
      sr.declare('vllm:mooncake_store_operation_failed_keys_total').child({ ...base, operation: 'load_get', status: 'error' }, startSec);
    }
    // Instance-wide families (no engine label) live on engine 0 only.
    if (engineIndex === 0 && features.has('lora') && !legacy) this.loraInfo = { family: sr.declare('vllm:lora_requests_info'), last: '' };
    if (engineIndex === 0 && features.has('websocket') && !legacy) {
      this.g.wsActive = sr.declare('vllm:websocket_connections_active').child({}, startSec);
      this.w.wsTotal = new WholeCounter(sr.declare('vllm:websocket_connections_total').child({}, startSec));
      this.h.wsDuration = sr.declare('vllm:websocket_connection_duration_seconds').child({}, startSec);
    }
  }

  scheduled(r: SimRequest, core: Record<string, Child>): void {
    const { rng, features } = this.ctx;
    if (features.has('multimodal') && r.multimodalItems > 0) {
      core['vllm:mm_cache_queries']?.inc(r.multimodalItems);
      core['vllm:mm_cache_hits']?.inc(Math.round(r.multimodalItems * rng.uniform(0.3, 0.8)));
    }
    if (!features.has('pd')) return;
    core['vllm:external_prefix_cache_queries']?.inc(r.promptTokens - r.cachedTokens);
    core['vllm:external_prefix_cache_hits']?.inc(r.externalTokens);
    if (r.externalTokens > 0) {
      const bytes = r.externalTokens * this.ctx.preset.kvBytesPerToken;
      // ~20 GB/s effective RDMA bandwidth plus a few ms setup.
      this.h['vllm:nixl_xfer_time_seconds']?.observe(0.003 + bytes / 20e9 + rng.lognormal(0.002, 0.8));
      this.h['vllm:nixl_post_time_seconds']?.observe(rng.lognormal(0.0015, 0.6));
      this.h['vllm:nixl_bytes_transferred']?.observe(bytes);
      this.h['vllm:nixl_num_descriptors']?.observe(Math.ceil(r.externalTokens / 16) * 2);
      if (rng.chance(0.004)) this.w['vllm:nixl_num_failed_transfers']?.add(1);
      if (rng.chance(0.001)) this.w['vllm:nixl_num_failed_notifications']?.add(1);
      this.h['vllm:hf3fs_load_duration_seconds']?.observe(rng.lognormal(0.02, 0.7));
      this.mooncakeOp('load_get', r.externalTokens);
    }
    this.mooncakeOp('lookup_exists', r.promptTokens);
  }

  private mooncakeOp(op: string, tokens: number): void {
    const m = this.mooncake;
    if (!m) return;
    const keys = Math.max(1, Math.ceil(tokens / 256));
    m.ops.get(op)?.inc();
    m.keys.get(op)?.inc(keys);
    m.bytes.get(op)?.inc(op === 'lookup_exists' || op === 'save_exists' ? 0 : tokens * this.ctx.preset.kvBytesPerToken);
    m.time.get(op)?.observe(this.ctx.rng.lognormal(op.startsWith('lookup') ? 0.002 : 0.02, 0.7));
  }

  finished(r: SimRequest): void {
    const { rng, features } = this.ctx;
    if (this.w['vllm:corrupted_requests'] && rng.chance(0.0005)) this.w['vllm:corrupted_requests'].add(1);
    if (features.has('pd') && r.generated > 0) {
      this.h['vllm:hf3fs_save_duration_seconds']?.observe(rng.lognormal(0.015, 0.7));
      if (rng.chance(0.002)) this.w['vllm:hf3fs_num_failed_save']?.add(1);
      this.mooncakeOp('save_exists', r.promptTokens);
      this.mooncakeOp('save_put', r.promptTokens);
    }
    const life = this.h['vllm:kv_block_lifetime_seconds'];
    if (life) {
      // --kv-cache-metrics samples 1 % of blocks.
      const sampled = rng.poisson((r.promptTokens + r.generated) / 16 * 0.01);
      const lifetime = (r.lastTokenMs - r.scheduledMs) / 1000;
      life.observe(lifetime * rng.uniform(0.5, 1), sampled);
      this.h['vllm:kv_block_idle_before_evict_seconds']?.observe(rng.lognormal(4, 1.2), sampled);
      this.h['vllm:kv_block_reuse_gap_seconds']?.observe(rng.lognormal(25, 1.1), Math.round(sampled * 0.6));
    }
  }

  tick(s: TickStats): void {
    const { preset, rng, numSpecTokens } = this.ctx;
    const accept = this.ctx.acceptByPos ?? ACCEPT_BY_POS;
    if (this.perPos.length > 0 || this.w['vllm:diffusion_num_denoising_steps']) {
      // Each decode step drafts k tokens per request and commits 1 + accepted.
      const expectedAccepted = accept.slice(0, numSpecTokens).reduce((a, b) => a + b, 0);
      const drafts = s.decodeTokens / (1 + expectedAccepted);
      const prefix = this.perPos.length > 0 ? 'vllm:spec_decode_num_' : 'vllm:diffusion_num_';
      const names = prefix === 'vllm:spec_decode_num_' ? ['drafts', 'draft_tokens', 'accepted_tokens'] : ['denoising_steps', 'canvas_positions', 'committed_tokens'];
      this.w[`${prefix}${names[0]}`]?.add(drafts);
      this.w[`${prefix}${names[1]}`]?.add(drafts * numSpecTokens);
      this.w[`${prefix}${names[2]}`]?.add(drafts * expectedAccepted);
      this.perPos.forEach((c, i) => c.add(drafts * (accept[i] ?? 0.2)));
    }
    if (this.ctx.features.has('mfu')) {
      const tokens = s.prefillTokens + s.decodeTokens;
      const perGpu = 1 / preset.tpSize;
      this.w['vllm:estimated_flops_per_gpu_total']?.add(2 * preset.paramsB * 1e9 * tokens * perGpu);
      this.w['vllm:estimated_read_bytes_per_gpu_total']?.add((s.steps * preset.paramsB * 2e9 + s.decodeTokens * 400 * preset.kvBytesPerToken) * perGpu);
      this.w['vllm:estimated_write_bytes_per_gpu_total']?.add(tokens * preset.kvBytesPerToken * perGpu);
    }
    const ws = this.g.wsActive;
    if (ws) {
      const opened = rng.poisson((0.05 * s.dtMs) / 1000);
      this.w.wsTotal?.add(opened);
      const closed = Math.min(ws.value + opened, rng.poisson(((ws.value + opened) * 0.01 * s.dtMs) / 1000));
      ws.set(ws.value + opened - closed);
      if (closed > 0) this.h.wsDuration?.observe(rng.lognormal(90, 1), closed);
    }
  }

  refreshGauges(m: EngineModel, nowSec: number): void {
    const info = this.loraInfo;
    if (!info) return;
    const running = [...new Set(m.running.map((r) => r.lora).filter((x): x is string => x !== null))].sort().join(',');
    const waiting = [...new Set(m.waiting.map((r) => r.lora).filter((x): x is string => x !== null))].sort().join(',');
    const key = `${running}|${waiting}`;
    if (key === info.last) return;
    info.last = key;
    // A new series per distinct adapter combination, value = time of the update.
    info.family
      .child({ max_lora: '4', running_lora_adapters: running, waiting_lora_adapters: waiting }, nowSec)
      .set(nowSec);
  }
}
