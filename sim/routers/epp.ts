// The llm-d / Gateway API Inference Extension endpoint picker (EPP), under each of its five name
// generations (router-metrics.md §2.1): GIE ≤ v1.0 `inference_model_*`; GIE v1.1–v1.5
// `inference_objective_*` (+ `inference_pool_*`, `inference_extension_*`, attempts per pod since
// v1.5); llm-d-router main May–June 2026 `llm_d_router_epp_*` (never tagged); llm-d-router v0.9
// `llm_d_epp_*` with every legacy twin emitted too ("dual emission"); v0.10 adds in-flight and
// std-dev gauges. Endpoint labels: `pod_name`/`endpoint_name` + `namespace` + `port` on scheduler
// attempts (plain pod name), `model_server_pod`/`model_server_endpoint` on the per-endpoint queue
// (`<pod>-rank-0` since v1.1), `endpoint_name` with `-rank-0` on in-flight. HELP text carries the
// stability prefix `[ALPHA] `. Go client: no `_created`.
import type { RouterCore } from './core.ts';
import { Writer, type RouterFamily } from './family.ts';
import type { Draw, TenantMix } from './tenants.ts';

export const EPP_GENERATIONS = ['gie-1.0', 'gie-1.5', 'llm-d-router-main', 'llm-d-0.9', 'llm-d-0.10'] as const;
export type EppGeneration = (typeof EPP_GENERATIONS)[number];

const POOL = 'vllm-pool';
const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60, 120, 180, 240, 300, 360, 480, 600, 900, 1200, 1800, 2700, 3600];
const SCHED_BUCKETS = [0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1];
// The EPP's token-count and NTPOT buckets (pkg/epp/metrics: TokenBuckets, NTPOT buckets).
const TOKEN_BUCKETS = [1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32778, 65536, 131072, 262144, 524288, 1048576];
const NTPOT_BUCKETS = [0.0005, 0.00075, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const QUEUE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Window the flow-control queue size is computed over (Little's law: queued seconds ÷ window). */
const QUEUE_WINDOW_MS = 60_000;

interface Names {
  request: string;
  error: string;
  duration: string;
  running: string;
  avgKv: string;
  avgQueue: string;
  ready: string;
  queue: string;
  queueLabel: string;
  rank: boolean;
  attempts: string | null;
  attemptLabel: string;
  sched: string | null;
  saturation: string | null;
  ttft: string | null;
  inputTokens: string;
  outputTokens: string;
  ntpot: string | null;
  /** Flow control per fairness id (canonical names only; served with a tenant mix). */
  flow: string | null;
}

const GIE_1_0: Names = {
  request: 'inference_model_request',
  error: 'inference_model_request_error',
  duration: 'inference_model_request_duration_seconds',
  running: 'inference_model_running_requests',
  avgKv: 'inference_pool_average_kv_cache_utilization',
  avgQueue: 'inference_pool_average_queue_size',
  ready: 'inference_pool_ready_pods',
  queue: 'inference_pool_per_pod_queue_size',
  queueLabel: 'model_server_pod',
  rank: false,
  attempts: null,
  attemptLabel: 'pod_name',
  sched: 'inference_extension_scheduler_e2e_duration_seconds',
  saturation: null,
  ttft: null,
  inputTokens: 'inference_model_input_tokens',
  outputTokens: 'inference_model_output_tokens',
  ntpot: null,
  flow: null,
};

const GIE_1_5: Names = {
  ...GIE_1_0,
  request: 'inference_objective_request',
  error: 'inference_objective_request_error',
  duration: 'inference_objective_request_duration_seconds',
  running: 'inference_objective_running_requests',
  rank: true,
  attempts: 'inference_extension_scheduler_attempts',
  saturation: 'inference_extension_flow_control_pool_saturation',
  inputTokens: 'inference_objective_input_tokens',
  outputTokens: 'inference_objective_output_tokens',
  ntpot: 'inference_objective_normalized_time_per_output_token_seconds',
};

const canonical = (p: string): Names => ({
  request: `${p}request`,
  error: `${p}request_error`,
  duration: `${p}request_duration_seconds`,
  running: `${p}request_running`,
  avgKv: `${p}average_kv_cache_utilization`,
  avgQueue: `${p}average_queue_size`,
  ready: `${p}ready_endpoints`,
  queue: `${p}per_endpoint_queue_size`,
  queueLabel: 'model_server_endpoint',
  rank: true,
  attempts: `${p}scheduler_attempts`,
  attemptLabel: 'endpoint_name',
  sched: `${p}scheduler_e2e_duration_seconds`,
  saturation: `${p}flow_control_pool_saturation`,
  ttft: `${p}request_ttft_seconds`,
  inputTokens: `${p}request_input_tokens`,
  outputTokens: `${p}request_output_tokens`,
  ntpot: `${p}request_ntpot_seconds`,
  flow: `${p}flow_control_`,
});

function namesOf(gen: EppGeneration): Names[] {
  switch (gen) {
    case 'gie-1.0':
      return [GIE_1_0];
    case 'gie-1.5':
      return [GIE_1_5];
    case 'llm-d-router-main':
      return [canonical('llm_d_router_epp_')];
    case 'llm-d-0.9':
    case 'llm-d-0.10':
      return [canonical('llm_d_epp_'), GIE_1_5];
  }
}

export class EppRouter implements RouterFamily {
  readonly id = 'epp';
  readonly w: Writer;
  private readonly sets: Names[];
  /** Served requests' flow-control waits in the last QUEUE_WINDOW_MS, per label set (queue size). */
  private readonly queued: Array<{ atMs: number; key: string; sec: number }> = [];
  private readonly queueKeys = new Map<string, Record<string, string>>();

  constructor(
    private readonly core: RouterCore,
    readonly generation: EppGeneration,
    startSec: number,
    /** Who sends each request (sim/routers/tenants.ts); without one every request is `fairness_id="default"`. */
    private readonly tenants: TenantMix | null = null,
  ) {
    this.w = new Writer(startSec);
    this.sets = namesOf(generation);
    const w = this.w;
    const help = (h: string) => `[ALPHA] ${h}`;
    for (const n of this.sets) {
      w.fam(n.request, 'counter', help('Counter of inference objective requests broken out for each model and target model.'));
      w.fam(n.error, 'counter', help('Counter of inference objective requests errors broken out for each model and target model.'));
      w.fam(n.duration, 'histogram', help('Inference objective response latency distribution in seconds for each model and target model.'), { buckets: DURATION_BUCKETS });
      w.fam(n.running, 'gauge', help('Inference objective number of running requests in each model.'));
      w.fam(n.avgKv, 'gauge', help('The average kv cache utilization for an inference server pool.'));
      w.fam(n.avgQueue, 'gauge', help('The average number of requests pending in the model server queue.'));
      w.fam(n.ready, 'gauge', help('The number of ready pods in the inference server pool.'));
      w.fam(n.queue, 'gauge', help('The total number of requests pending in the model server queue for each underlying pod.'));
      if (n.attempts) w.fam(n.attempts, 'counter', help('Total number of scheduling attempts.'));
      if (n.sched) w.fam(n.sched, 'histogram', help('Scheduler end-to-end latency distribution in seconds.'), { buckets: SCHED_BUCKETS });
      if (n.saturation) w.fam(n.saturation, 'gauge', help('Flow control pool saturation (0 = idle, 1 = at capacity).'));
      if (n.ttft) w.fam(n.ttft, 'histogram', help('Time to first token measured at the EPP, in seconds.'), { buckets: DURATION_BUCKETS });
      w.fam(n.inputTokens, 'histogram', help('Inference objective input sequence length distribution for each model and target model.'), { buckets: TOKEN_BUCKETS });
      w.fam(n.outputTokens, 'histogram', help('Inference objective output sequence length distribution for each model and target model.'), { buckets: TOKEN_BUCKETS });
      if (n.ntpot) w.fam(n.ntpot, 'histogram', help('Inference objective latency per output token (NTPOT) distribution in seconds for each model and target model.'), { buckets: NTPOT_BUCKETS });
      if (n.flow && tenants) {
        w.fam(`${n.flow}request_queue_duration_seconds`, 'histogram', help('Distribution of the total time requests spend in the flow control layer.'), { buckets: QUEUE_BUCKETS });
        w.fam(`${n.flow}queue_size`, 'gauge', help('Current number of requests being actively managed by the flow control layer.'));
        w.fam(`${n.flow}requests`, 'counter', help('Total number of requests processed by the flow control layer, by outcome.'));
      }
    }
    if (generation === 'llm-d-0.10') {
      w.fam('llm_d_epp_inflight_requests', 'gauge', help('In-flight requests per endpoint as tracked by the EPP.'));
      w.fam('llm_d_epp_std_dev_queue_size', 'gauge', help('Standard deviation of the queue size across ready endpoints.'));
    }
    core.onDone((i, r, overheadSec) => {
      const ep = core.endpoints[i];
      if (!ep) return;
      const d: Draw = tenants?.draw(ep.model) ?? { tenant: -1, fairnessId: 'default', priority: '0', requested: ep.model, queueSec: 0, rejected: 0 };
      const model = { model_name: d.requested, target_model_name: ep.model };
      // The gateway's clock includes the wait in flow control before dispatch.
      const e2e = Math.max(0, (r.lastTokenMs - r.arrivalMs) / 1000) + overheadSec + d.queueSec;
      for (const n of this.sets) {
        const legacy = n === GIE_1_0 || n === GIE_1_5;
        const labels = legacy ? model : { ...model, fairness_id: d.fairnessId, priority: d.priority };
        this.f(n.request).child(labels, startSec).inc(1 + d.rejected);
        this.f(n.duration).child(labels, startSec).observe(e2e);
        if (r.finishReason === 'error') this.f(n.error).child({ ...labels, error_code: 'Internal' }, startSec).inc();
        if (d.rejected > 0) this.f(n.error).child({ ...labels, error_code: 'ResourceExhausted' }, startSec).inc(d.rejected);
        if (n.sched) this.f(n.sched).child({}, startSec).observe(overheadSec * 0.2);
        if (n.ttft && r.firstTokenMs > 0) this.f(n.ttft).child({ ...labels, streaming: String(r.streaming) }, startSec).observe((r.firstTokenMs - r.arrivalMs) / 1000 + overheadSec + d.queueSec);
        // Usage as the response reports it: a request the engine never scheduled (aborted in its queue) has none.
        this.f(n.inputTokens).child(labels, startSec).observe(r.started ? r.promptTokens : 0);
        this.f(n.outputTokens).child(labels, startSec).observe(r.generated);
        if (n.ntpot && r.generated > 0) this.f(n.ntpot).child(labels, startSec).observe(e2e / r.generated);
        if (n.flow && tenants) {
          const flowLabels = { ...labels, inference_pool: POOL };
          this.f(`${n.flow}request_queue_duration_seconds`).child(flowLabels, startSec).observe(d.queueSec);
          const outcome = (o: string) => this.f(`${n.flow}requests`).child({ outcome: o, priority: d.priority, inference_pool: POOL }, startSec);
          outcome('Dispatched').inc();
          if (d.rejected > 0) outcome('RejectedCapacity').inc(d.rejected);
          const key = JSON.stringify(flowLabels);
          this.queueKeys.set(key, flowLabels);
          if (n === this.sets[0]) this.queued.push({ atMs: r.lastTokenMs, key, sec: d.queueSec });
        }
      }
    });
  }

  private f(name: string) {
    const fam = this.w.reg.get(name);
    if (!fam) throw new Error(name);
    return fam;
  }

  render(path: string, nowSec: number): string | null {
    if (path !== '/metrics') return null;
    const { core } = this;
    const n = core.endpoints.length;
    const queues = core.endpoints.map((e) => e.inst.models.reduce((a, m) => a + m.waiting.length, 0));
    const running = core.endpoints.map((e) => e.inst.models.reduce((a, m) => a + m.running.length, 0));
    const kv = core.endpoints.map((e) => e.inst.models.reduce((a, m) => a + m.kvUsage, 0) / e.inst.models.length);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    for (const names of this.sets) {
      const legacy = names === GIE_1_0 || names === GIE_1_5;
      const pool = { name: POOL };
      this.f(names.avgKv).child(pool, nowSec).set(mean(kv));
      this.f(names.avgQueue).child(pool, nowSec).set(mean(queues));
      this.f(names.ready).child(pool, nowSec).set(n);
      for (const model of new Set(core.endpoints.map((e) => e.model))) {
        const inModel = running.filter((_, i) => core.endpoints[i]?.model === model);
        this.f(names.running).child(legacy ? { model_name: model } : { model_name: model, target_model_name: model, fairness_id: 'default', priority: '0' }, nowSec).set(inModel.reduce((a, b) => a + b, 0));
      }
      core.endpoints.forEach((ep, i) => {
        const endpoint = names.rank ? `${ep.pod}-rank-0` : ep.pod;
        this.f(names.queue).child({ name: POOL, [names.queueLabel]: endpoint }, nowSec).set(queues[i] ?? 0);
        if (names.attempts) {
          const c = this.f(names.attempts).child({ status: 'success', target_model_name: ep.model, [names.attemptLabel]: ep.pod, namespace: ep.namespace, port: String(ep.port) }, this.w.startSec);
          const routed = core.stats[i]?.routed ?? 0;
          if (routed > c.value) c.inc(routed - c.value);
        }
      });
      if (names.saturation) {
        const sat = Math.min(1, mean(kv) * 0.6 + Math.min(1, mean(queues) / 20) * 0.4);
        if (legacy) this.f(names.saturation).child({ inference_pool: POOL }, nowSec).set(sat);
        else for (const stage of ['prefill', 'decode', 'effective']) this.f(names.saturation).child({ inference_pool: POOL, stage }, nowSec).set(sat);
      }
    }
    if (this.tenants) {
      const nowMs = nowSec * 1000;
      while ((this.queued[0]?.atMs ?? Infinity) < nowMs - QUEUE_WINDOW_MS) this.queued.shift();
      const held = new Map<string, number>();
      for (const q of this.queued) held.set(q.key, (held.get(q.key) ?? 0) + q.sec);
      for (const names of this.sets) {
        if (!names.flow) continue;
        for (const [key, labels] of this.queueKeys) this.f(`${names.flow}queue_size`).child(labels, nowSec).set(Math.round((held.get(key) ?? 0) / (QUEUE_WINDOW_MS / 1000)));
      }
    }
    if (this.generation === 'llm-d-0.10') {
      core.endpoints.forEach((ep, i) => {
        const labels = { endpoint_name: `${ep.pod}-rank-0`, namespace: ep.namespace, producer_name: 'inflight-load', fairness_id: 'default', priority: '0' };
        this.f('llm_d_epp_inflight_requests').child(labels, nowSec).set((queues[i] ?? 0) + (running[i] ?? 0));
      });
      const m = mean(queues);
      this.f('llm_d_epp_std_dev_queue_size').child({ name: POOL }, nowSec).set(Math.sqrt(mean(queues.map((q) => (q - m) ** 2))));
    }
    return this.w.reg.renderText();
  }
}
