// NVIDIA Dynamo's frontend with the KV router (router-metrics.md §4): `dynamo_frontend_*` keyed by
// `model`, per-worker *predicted* load keyed by `worker_id` (an etcd lease id, no metric maps it to
// a pod: the board cannot join it), and the router's own overhead in milliseconds.
import type { RouterCore } from './core.ts';
import { Writer, type RouterFamily } from './family.ts';

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const MS_BUCKETS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

export class DynamoFrontend implements RouterFamily {
  readonly id = 'dynamo';
  readonly w: Writer;

  constructor(
    private readonly core: RouterCore,
    startSec: number,
  ) {
    this.w = new Writer(startSec);
    const w = this.w;
    w.fam('dynamo_frontend_requests', 'counter', 'Total number of LLM requests processed');
    w.fam('dynamo_frontend_inflight_requests', 'gauge', 'Number of inflight requests');
    w.fam('dynamo_frontend_queued_requests', 'gauge', 'Number of requests waiting for their first token');
    w.fam('dynamo_frontend_time_to_first_token_seconds', 'histogram', 'Time to first token', { buckets: BUCKETS });
    w.fam('dynamo_frontend_request_duration_seconds', 'histogram', 'Duration of LLM requests', { buckets: BUCKETS });
    w.fam('dynamo_frontend_worker_active_decode_blocks', 'gauge', 'Predicted active decode blocks per worker');
    w.fam('dynamo_router_overhead_total_ms', 'histogram', 'Total routing overhead per request (ms)', { buckets: MS_BUCKETS });
    core.onDone((i, r, overheadSec) => {
      const ep = core.endpoints[i];
      if (!ep) return;
      const model = { model: ep.model };
      const status = r.finishReason === 'error' ? 'error' : 'success';
      this.f('dynamo_frontend_requests').child({ ...model, endpoint: 'chat_completions', request_type: r.streaming ? 'stream' : 'unary', status }, startSec).inc();
      this.f('dynamo_frontend_request_duration_seconds').child(model, startSec).observe(Math.max(0, (r.lastTokenMs - r.arrivalMs) / 1000) + overheadSec);
      if (r.firstTokenMs > 0) this.f('dynamo_frontend_time_to_first_token_seconds').child(model, startSec).observe((r.firstTokenMs - r.arrivalMs) / 1000 + overheadSec);
      this.f('dynamo_router_overhead_total_ms').child({ router_id: '7587888062343214347' }, startSec).observe(overheadSec * 1000);
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
    for (const model of new Set(core.endpoints.map((e) => e.model))) {
      const idx = core.endpoints.map((e, i) => (e.model === model ? i : -1)).filter((i) => i >= 0);
      const waiting = idx.reduce((a, i) => a + (core.endpoints[i]?.inst.models.reduce((s, m) => s + m.waiting.length, 0) ?? 0), 0);
      this.f('dynamo_frontend_inflight_requests').child({ model }, nowSec).set(idx.reduce((a, i) => a + core.engineLoad(i), 0));
      this.f('dynamo_frontend_queued_requests').child({ model }, nowSec).set(waiting);
    }
    core.endpoints.forEach((ep, i) => {
      const blocks = ep.inst.models.reduce((a, m) => a + m.kvUsedTokens, 0) / 16;
      // Lease ids: large integers, stable per worker.
      this.f('dynamo_frontend_worker_active_decode_blocks').child({ worker_id: String(7587888062343214000 + i * 977), dp_rank: '0', worker_type: 'decode' }, nowSec).set(Math.round(blocks * 0.9));
    });
    return this.w.reg.renderText();
  }
}
