// vLLM production-stack's router (Python, `vllm-router`): `vllm:` names keyed by `server` (the
// engine's base URL) on the router's own /metrics, six of them under engine names
// (router-metrics.md §1): `vllm:num_requests_running{server}` is the router's in-flight count,
// `vllm:gpu_prefix_cache_*_total` are gauges copied from engine scrapes, `vllm:num_requests_waiting`
// is declared but never set (HELP/TYPE only). prometheus_client single-process: `_created` series.
import type { RouterCore } from './core.ts';
import { LATENCY_BUCKETS, Writer, type RouterFamily } from './family.ts';

export class ProductionStackRouter implements RouterFamily {
  readonly id = 'production-stack';
  readonly w: Writer;
  private readonly qpsWindow: Array<Array<{ atSec: number; routed: number }>>;

  constructor(
    private readonly core: RouterCore,
    startSec: number,
  ) {
    this.w = new Writer(startSec);
    const w = this.w;
    this.qpsWindow = core.endpoints.map(() => []);
    // Declared in this order by the router's metrics service.
    for (const [name, help] of [
      ['vllm:current_qps', 'Current Queries Per Second'],
      ['vllm:num_prefill_requests', 'Number of Prefill Requests'],
      ['vllm:num_decoding_requests', 'Number of Decoding Requests'],
      ['vllm:num_requests_running', 'Number of running requests'],
      ['vllm:num_requests_waiting', 'Number of waiting requests'],
      ['vllm:num_requests_swapped', 'Number of swapped requests'],
      ['vllm:avg_latency', 'Average end-to-end request latency'],
      ['vllm:avg_itl', 'Average Inter-Token Latency'],
      ['vllm:avg_decoding_length', 'Average Decoding Length'],
      ['vllm:gpu_prefix_cache_hit_rate', 'GPU Prefix Cache Hit Rate'],
      ['vllm:gpu_prefix_cache_hits_total', 'GPU Prefix Cache Hits Total'],
      ['vllm:gpu_prefix_cache_queries_total', 'GPU Prefix Cache Queries Total'],
      ['vllm:healthy_pods_total', 'Number of healthy vLLM pods'],
    ] as const)
      w.fam(name, 'gauge', help);
    w.fam('vllm:num_incoming_requests', 'counter', 'Total valid incoming requests', { created: true });
    w.fam('vllm:request_errors', 'counter', 'Total number of request errors', { created: true });
    w.fam('vllm:request_latency_seconds', 'histogram', 'End-to-end request latency seen by the router', { buckets: LATENCY_BUCKETS, created: true });
    for (const name of ['router_cpu_usage_percent', 'router_memory_usage_percent', 'router_disk_usage_percent']) w.fam(name, 'gauge', name.replace(/_/g, ' '));
    core.onDone((i, r) => {
      const ep = core.endpoints[i];
      if (!ep) return;
      const status = r.finishReason === 'error' ? 'error' : 'success';
      const e2e = Math.max(0, (r.lastTokenMs - r.arrivalMs) / 1000);
      this.g('vllm:request_latency_seconds').child({ server: ep.url, model: ep.model, status }, startSec).observe(e2e);
      if (status === 'error') this.g('vllm:request_errors').child({ server: ep.url, model: ep.model, error_type: 'ClientResponseError' }, startSec).inc();
    });
  }

  private g(name: string) {
    const f = this.w.reg.get(name);
    if (!f) throw new Error(name);
    return f;
  }

  render(path: string, nowSec: number): string | null {
    if (path !== '/metrics') return null;
    const { core } = this;
    const set = (name: string, labels: Record<string, string>, v: number) => {
      this.g(name).child(labels, nowSec).set(v);
    };
    core.endpoints.forEach((ep, i) => {
      const s = core.stats[i];
      if (!s) return;
      const server = { server: ep.url };
      const win = this.qpsWindow[i] ?? [];
      win.push({ atSec: nowSec, routed: s.routed });
      while (win.length > 1 && (win[0]?.atSec ?? nowSec) < nowSec - 60) win.shift();
      const first = win[0];
      set('vllm:current_qps', server, first && nowSec > first.atSec ? (s.routed - first.routed) / (nowSec - first.atSec) : 0);
      const models = ep.inst.models;
      const prefill = models.reduce((a, m) => a + m.waiting.length + m.running.filter((r) => r.phase === 'prefill').length, 0);
      const decoding = models.reduce((a, m) => a + m.running.filter((r) => r.phase === 'decode').length, 0);
      set('vllm:num_prefill_requests', server, prefill);
      set('vllm:num_decoding_requests', server, decoding);
      set('vllm:num_requests_running', server, prefill + decoding);
      set('vllm:num_requests_swapped', server, 0);
      const n = s.window.length;
      set('vllm:avg_latency', server, n ? s.window.reduce((a, x) => a + x.e2e, 0) / n : 0);
      set('vllm:avg_itl', server, n ? s.window.reduce((a, x) => a + x.itl, 0) / n : 0);
      set('vllm:avg_decoding_length', server, 160);
      set('vllm:gpu_prefix_cache_hit_rate', server, s.promptTokens ? s.cachedTokens / s.promptTokens : 0);
      set('vllm:gpu_prefix_cache_hits_total', server, s.cachedTokens);
      set('vllm:gpu_prefix_cache_queries_total', server, s.promptTokens);
      set('vllm:healthy_pods_total', server, 1);
    });
    for (const model of new Set(core.endpoints.map((e) => e.model))) {
      const routedNow = core.endpoints.reduce((a, e, i) => a + (e.model === model ? (core.stats[i]?.routed ?? 0) : 0), 0);
      const c = this.g('vllm:num_incoming_requests').child({ model }, this.w.startSec);
      if (routedNow > c.value) c.inc(routedNow - c.value);
    }
    set('router_cpu_usage_percent', {}, 3.2);
    set('router_memory_usage_percent', {}, 11.5);
    set('router_disk_usage_percent', {}, 41);
    return this.w.reg.renderText();
  }
}
