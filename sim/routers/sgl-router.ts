// SGLang's router family (router-metrics.md §3): the 2025 sgl-router (`sgl_router_*`, label
// `worker` = worker URL, own Prometheus port) and SGLang Model Gateway / smg (`smg_*`, same
// `worker` label; removed workers parked at −1), whose main port also serves `/engine_metrics`:
// every worker's own `/metrics` with `:` turned into `_` and `worker_addr=<worker URL>` added, i.e.
// engine series under engine names (underscore form).
import type { RouterCore } from './core.ts';
import { Writer, type RouterFamily } from './family.ts';

export const SGL_FORMS = ['2025', 'smg'] as const;
export type SglForm = (typeof SGL_FORMS)[number];

const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 45, 60, 90, 120, 180, 240];

export class SglRouter implements RouterFamily {
  readonly id = 'sgl-router';
  readonly w: Writer;
  private readonly p: string;

  constructor(
    private readonly core: RouterCore,
    readonly form: SglForm,
    startSec: number,
  ) {
    this.w = new Writer(startSec);
    const w = this.w;
    const p = form === 'smg' ? 'smg_' : 'sgl_router_';
    this.p = p;
    if (form === 'smg') {
      w.fam('smg_http_requests', 'counter', 'Total HTTP requests');
      w.fam('smg_http_request_duration_seconds', 'histogram', 'HTTP request duration', { buckets: DURATION_BUCKETS });
      w.fam('smg_worker_requests_active', 'gauge', 'Active requests per worker');
      w.fam('smg_worker_health', 'gauge', 'Worker health (1 healthy, 0 unhealthy, -1 removed)');
      w.fam('smg_worker_cb_outcomes', 'counter', 'Circuit breaker outcomes per worker');
      w.fam('smg_worker_pool_size', 'gauge', 'Workers in the pool');
    } else {
      w.fam('sgl_router_requests', 'counter', 'Total number of requests by route');
      w.fam('sgl_router_request_duration_seconds', 'histogram', 'Request duration by route', { buckets: DURATION_BUCKETS });
      w.fam('sgl_router_request_errors', 'counter', 'Request errors by route and type');
      w.fam('sgl_router_processed_requests', 'counter', 'Requests processed per worker');
      w.fam('sgl_router_running_requests', 'gauge', 'Running requests per worker');
      w.fam('sgl_router_worker_health', 'gauge', 'Worker health (1 healthy, 0 unhealthy)');
      w.fam('sgl_router_policy_decisions', 'counter', 'Policy decisions per worker');
      w.fam('sgl_router_active_workers', 'gauge', 'Active workers');
    }
    core.onDone((i, r, overheadSec) => {
      const ep = core.endpoints[i];
      if (!ep) return;
      const e2e = Math.max(0, (r.lastTokenMs - r.arrivalMs) / 1000) + overheadSec;
      if (form === 'smg') {
        const status = r.finishReason === 'error' ? '500' : '200';
        this.f('smg_http_requests').child({ method: 'POST', path: '/v1/chat/completions', status_code: status }, startSec).inc();
        this.f('smg_http_request_duration_seconds').child({ method: 'POST', path: '/v1/chat/completions' }, startSec).observe(e2e);
        this.f('smg_worker_cb_outcomes').child({ worker: ep.url, outcome: status === '200' ? 'success' : 'failure' }, startSec).inc();
      } else {
        this.f('sgl_router_requests').child({ route: '/generate' }, startSec).inc();
        this.f('sgl_router_request_duration_seconds').child({ route: '/generate' }, startSec).observe(e2e);
        if (r.finishReason === 'error') this.f('sgl_router_request_errors').child({ route: '/generate', error_type: 'backend_error' }, startSec).inc();
      }
    });
  }

  private f(name: string) {
    const fam = this.w.reg.get(name);
    if (!fam) throw new Error(name);
    return fam;
  }

  render(path: string, nowSec: number): string | null {
    if (path === '/engine_metrics' && this.form === 'smg') return this.engineMetrics();
    if (path !== '/metrics') return null;
    const { core } = this;
    const p = this.p;
    core.endpoints.forEach((ep, i) => {
      const worker = { worker: ep.url };
      const inflight = core.engineLoad(i);
      if (this.form === 'smg') {
        this.f('smg_worker_requests_active').child(worker, nowSec).set(inflight);
        this.f('smg_worker_health').child(worker, nowSec).set(1);
      } else {
        this.f('sgl_router_running_requests').child(worker, nowSec).set(inflight);
        this.f('sgl_router_worker_health').child(worker, nowSec).set(1);
        const routed = core.stats[i]?.routed ?? 0;
        for (const name of ['sgl_router_processed_requests', 'sgl_router_policy_decisions']) {
          const c = this.f(name).child(name.endsWith('decisions') ? { policy: core.policy, ...worker } : worker, this.w.startSec);
          if (routed > c.value) c.inc(routed - c.value);
        }
      }
    });
    if (this.form === 'smg') this.f(`${p}worker_pool_size`).child({ worker_type: 'regular', connection_mode: 'http', model: core.endpoints[0]?.model ?? '' }, nowSec).set(core.endpoints.length);
    else this.f('sgl_router_active_workers').child({}, nowSec).set(core.endpoints.length);
    return this.w.reg.renderText();
  }

  /** smg's `/engine_metrics`: each worker's body, colons turned into underscores, `worker_addr` added. */
  private engineMetrics(): string {
    const out: string[] = [];
    const seen = new Set<string>();
    for (const ep of this.core.endpoints) {
      const addr = `worker_addr="${ep.url}"`;
      for (const line of ep.inst.renderText().split('\n')) {
        if (line === '') continue;
        if (line.startsWith('#')) {
          const meta = line.replace(/:/g, '_');
          if (!seen.has(meta)) out.push(meta);
          seen.add(meta);
          continue;
        }
        const m = /^([^{\s]+)(\{([^}]*)\})?\s(.*)$/.exec(line);
        if (!m) continue;
        const [, name = '', , labels, value = ''] = m;
        out.push(`${name.replace(/:/g, '_')}{${labels ? `${labels},${addr}` : addr}} ${value}`);
      }
    }
    return `${out.join('\n')}\n`;
  }
}
