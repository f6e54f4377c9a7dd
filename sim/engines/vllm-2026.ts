// vLLM families of releases after 0.29 (`--features vllm-2026`): frontend admission rejections,
// preemptions per request, priority scheduling, queue pressure, the structured-output cache,
// block-level prefix cache, available KV memory, sleep state per resource, EPLB and worker step
// times. Names, types and labels from spec/metrics/vllm.json (shared/reference/metrics-2026-changes.md).
import type { Child, Labels } from '../exposition.ts';
import type { EngineModel, TickStats } from '../model/engine-model.ts';
import type { SimRequest } from '../model/requests.ts';
import type { Prng } from '../prng.ts';
import { childrenBy, type SpecRegistry, WholeCounter } from './spec-families.ts';

// Bucket lists the reference does not give (confidence B families): plausible bounds of our own.
const PRIORITY_BUCKETS = [-1, 0, 1, 2, 5, 10];
const STEP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
/** The frontend's queue limit (max_num_queued_reqs) the simulated admission check uses. */
const MAX_QUEUED = 48;
const BLOCK = 16;

export interface Vllm2026Context {
  sr: SpecRegistry;
  base: Labels;
  modelName: string;
  startSec: number;
  rng: Prng;
  kvBytes: number;
  kvBlocks: number;
  /** Instance-wide families (EPLB: no `engine` label) live on engine 0 only. */
  engineIndex: number;
  sleep: boolean;
  structured: boolean;
  spec: boolean;
}

export class Vllm2026Metrics {
  private readonly c: Record<string, WholeCounter> = {};
  private readonly h: Record<string, Child> = {};
  private readonly g: Record<string, Child> = {};
  private readonly rejections: Map<string, WholeCounter>;
  private readonly pressure: Map<string, Child>;
  private readonly resources: Map<string, Child> | null;
  private stepCarry = 0;

  constructor(private readonly ctx: Vllm2026Context) {
    const { sr, base, startSec } = ctx;
    const counter = (fam: string, labels: Labels = base) => {
      this.c[fam] = new WholeCounter(sr.declare(fam).child(labels, startSec));
    };
    const hist = (fam: string, buckets?: readonly number[], labels: Labels = base) => {
      this.h[fam] = sr.declare(fam, buckets ? { buckets } : {}).child(labels, startSec);
    };
    const rejections = sr.declare('vllm:admission_rejections');
    this.rejections = new Map(['max_num_queued_reqs', 'max_num_queued_tokens'].map((r) => [r, new WholeCounter(rejections.child({ ...base, reason: r }, startSec))]));
    hist('vllm:request_num_preemptions');
    hist('vllm:request_priority', PRIORITY_BUCKETS);
    sr.declare('vllm:scheduler_policy_info').child({ ...base, policy: 'priority' }, startSec).set(1);
    this.pressure = childrenBy(sr.declare('vllm:scheduler_queue_pressure'), base, 'reason', ['capacity', 'deferred'], startSec);
    if (ctx.structured) for (const f of ['vllm:structured_output_cache_queries', 'vllm:structured_output_cache_hits']) counter(f);
    this.g.kvMemory = sr.declare('vllm:available_kv_cache_memory_bytes').child(base, startSec);
    this.g.kvMemory.set(ctx.kvBytes);
    for (const f of ['vllm:prefix_cache_block_queries', 'vllm:prefix_cache_block_hits']) counter(f);
    this.g.blocksCached = sr.declare('vllm:prefix_cache_blocks_cached').child(base, startSec);
    if (ctx.sleep) {
      const fam = sr.declare('vllm:engine_sleep_resource_state');
      const states: Array<[string, string]> = [
        ['scheduler', 'running'], ['scheduler', 'paused'],
        ['weights', 'resident'], ['weights', 'offloaded'],
        ['kv_cache', 'resident'], ['kv_cache', 'released'],
      ];
      this.resources = new Map(states.map(([resource, state]) => [`${resource}/${state}`, fam.child({ ...base, resource, state }, startSec)]));
      this.g.awake = sr.declare('vllm:engine_fully_awake').child(base, startSec);
    } else {
      this.resources = null;
    }
    if (ctx.engineIndex === 0) {
      const model = { model_name: ctx.modelName };
      this.g.eplb = sr.declare('vllm:eplb_rebalancing').child(model, startSec);
      counter('vllm:eplb_rebalance_events', model);
    }
    for (const phase of ['prefill', 'decode']) {
      const labels = { ...base, phase, num_model_tokens: phase === 'prefill' ? '2048' : '64' };
      this.h[`step/${phase}`] = sr.declare('vllm:worker_step_time_seconds', { buckets: STEP_BUCKETS }).child(labels, startSec);
      this.h[`exec/${phase}`] = sr.declare('vllm:worker_model_execute_time_seconds', { buckets: STEP_BUCKETS }).child(labels, startSec);
      if (ctx.spec) {
        this.h[`prop/${phase}`] = sr.declare('vllm:worker_spec_decode_proposer_time_seconds', { buckets: STEP_BUCKETS }).child({ ...base, phase, num_requests: '8' }, startSec);
      }
    }
  }

  scheduled(r: SimRequest): void {
    const blocks = Math.ceil(r.promptTokens / BLOCK);
    this.c['vllm:prefix_cache_block_queries']?.add(blocks);
    this.c['vllm:prefix_cache_block_hits']?.add(Math.floor(r.cachedTokens / BLOCK));
    if (r.structured) {
      this.c['vllm:structured_output_cache_queries']?.add(1);
      if (this.ctx.rng.chance(0.7)) this.c['vllm:structured_output_cache_hits']?.add(1);
    }
  }

  finished(r: SimRequest): void {
    this.h['vllm:request_num_preemptions']?.observe(r.preemptions);
    // Most requests keep the default priority 0; a few are raised or lowered.
    const u = this.ctx.rng.next();
    this.h['vllm:request_priority']?.observe(u < 0.1 ? -1 : u < 0.85 ? 0 : u < 0.95 ? 1 : 3);
  }

  tick(s: TickStats, m: EngineModel): void {
    // Arrivals while the queue is past the frontend's limit count as rejected (half of them: the
    // model itself has no such limit and still queues every request).
    const over = m.waiting.length - MAX_QUEUED;
    if (over > 0 && s.arrivals > 0) this.rejections.get('max_num_queued_reqs')?.add(Math.min(s.arrivals, over) * 0.5);
    this.stepCarry += s.steps;
    const whole = Math.floor(this.stepCarry);
    this.stepCarry -= whole;
    if (whole === 0) return;
    const phase = s.prefillTokens > 0 ? 'prefill' : 'decode';
    const sec = s.stepMs / 1000;
    this.h[`step/${phase}`]?.observe(sec, whole);
    this.h[`exec/${phase}`]?.observe(sec * 0.85, whole);
    this.h[`prop/${phase}`]?.observe(sec * 0.1, whole);
    // EPLB: a rebalance about every 10 minutes of forward steps.
    if (this.ctx.rng.chance(s.dtMs / 600_000)) this.c['vllm:eplb_rebalance_events']?.add(1);
  }

  refreshGauges(m: EngineModel): void {
    this.pressure.get('capacity')?.set(m.waiting.length / m.cfg.maxNumSeqs);
    this.pressure.get('deferred')?.set(0);
    // Freed blocks stay in the prefix cache until evicted: most of the pool in use or cached.
    this.g.blocksCached?.set(Math.floor(this.ctx.kvBlocks * Math.min(1, m.kvUsage + 0.3)));
    this.g.eplb?.set(0);
    const asleep = m.asleep;
    const r = this.resources;
    if (r) {
      r.get('scheduler/running')?.set(asleep ? 0 : 1);
      r.get('scheduler/paused')?.set(asleep ? 1 : 0);
      r.get('weights/resident')?.set(asleep ? 0 : 1);
      r.get('weights/offloaded')?.set(asleep ? 1 : 0);
      r.get('kv_cache/resident')?.set(asleep ? 0 : 1);
      r.get('kv_cache/released')?.set(asleep ? 1 : 0);
      this.g.awake?.set(asleep ? 0 : 1);
    }
  }
}
