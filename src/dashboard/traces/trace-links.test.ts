// The trace links a heatmap cell or an exemplar opens: Tempo TraceQL, Jaeger search, URL templates.
import { describe, expect, it } from 'vitest';
import type { TracesConfig } from '../../config/traces-config';
import { durationText, searchLink, serviceOf, traceLink, traceQl, type TraceSearch } from './trace-links';

const cfg = (c: Partial<TracesConfig> & Pick<TracesConfig, 'kind' | 'url'>): TracesConfig => ({ traceUrl: null, serviceLabel: null, serviceTemplate: null, service: null, ...c });
const TTFT: TraceSearch = { kind: 'ttft', start: 1796181000.4, end: 1796181020, min: 0.25, max: 0.5, services: ['vllm'] };

describe('Tempo', () => {
  it('bounds TTFT by the span attribute, the range in seconds', () => {
    const link = searchLink(cfg({ kind: 'tempo', url: 'https://tempo.example/' }), TTFT)!;
    const u = new URL(link.href);
    expect(u.origin + u.pathname).toBe('https://tempo.example/api/search');
    expect(u.searchParams.get('q')).toBe('{ resource.service.name = "vllm" && span.gen_ai.latency.time_to_first_token > 0.25 && span.gen_ai.latency.time_to_first_token <= 0.5 }');
    expect(u.searchParams.get('start')).toBe('1796181000');
    expect(u.searchParams.get('end')).toBe('1796181020');
    expect(u.searchParams.get('limit')).toBe('20');
    expect(link.bound).toBe('attribute');
  });

  it('bounds E2E by the span duration; the first bucket has no lower bound, +Inf no upper one', () => {
    expect(traceQl({ ...TTFT, kind: 'e2e', min: 0, max: 2.5 }).q).toBe('{ resource.service.name = "vllm" && name = "llm_request" && duration <= 2.5s }');
    expect(traceQl({ ...TTFT, kind: 'e2e', min: 0.1, max: Infinity }).q).toBe('{ resource.service.name = "vllm" && name = "llm_request" && duration > 100ms }');
  });

  it('ITL has no span attribute: the time slice only, said so', () => {
    const r = traceQl({ ...TTFT, kind: 'itl' });
    expect(r.q).toBe('{ resource.service.name = "vllm" && name = "llm_request" }');
    expect(r.bound).toBe('time-only');
  });

  it('several services become an escaped regex; a hostile name stays a string literal', () => {
    expect(traceQl({ ...TTFT, services: ['a.b', 'c|d'] }).q).toContain('resource.service.name =~ "a\\\\.b|c\\\\|d"');
    expect(traceQl({ ...TTFT, services: ['x" || true || "'] }).q).toContain('resource.service.name = "x\\" || true || \\""');
    expect(traceQl({ ...TTFT, services: [] }).q).not.toContain('service.name');
  });

  it('opens one trace by id, only a hex id', () => {
    const c = cfg({ kind: 'tempo', url: 'https://tempo.example' });
    expect(traceLink(c, 'abc123')).toBe('https://tempo.example/api/traces/abc123');
    expect(traceLink(c, 'javascript:alert(1)')).toBeNull();
  });
});

describe('Jaeger', () => {
  const j = cfg({ kind: 'jaeger', url: 'https://jaeger.example/' });

  it('E2E: service, operation, microseconds and both duration bounds', () => {
    const link = searchLink(j, { ...TTFT, kind: 'e2e', min: 5, max: 10 })!;
    const u = new URL(link.href);
    expect(u.pathname).toBe('/search');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      service: 'vllm', operation: 'llm_request', start: '1796181000000000', end: '1796181020000000', lookback: 'custom', limit: '20', minDuration: '5s', maxDuration: '10s',
    });
    expect(link.bound).toBe('duration');
  });

  it('TTFT: only a lower bound on duration (span duration is E2E), and it says so', () => {
    const link = searchLink(j, TTFT)!;
    const u = new URL(link.href);
    expect(u.searchParams.get('minDuration')).toBe('250ms');
    expect(u.searchParams.has('maxDuration')).toBe(false);
    expect(link.bound).toBe('duration-lower');
  });

  it('one trace by id', () => {
    expect(traceLink(j, 'ff00')).toBe('https://jaeger.example/trace/ff00');
  });
});

describe('templates', () => {
  const t = cfg({ kind: 'template', url: 'https://grafana.example/explore?svc={service}&from={start}&to={end}&lo={min}&hi={max}&id={trace_id}' });

  it('fills every placeholder, URL-encoded', () => {
    expect(searchLink(t, { ...TTFT, services: ['a b'], max: Infinity })!.href).toBe('https://grafana.example/explore?svc=a%20b&from=1796181000&to=1796181020&lo=0.25&hi=&id=');
    expect(traceLink(t, 'abc', TTFT)).toBe('https://grafana.example/explore?svc=vllm&from=1796181000&to=1796181020&lo=&hi=&id=abc');
  });

  it('no config: no link', () => {
    expect(searchLink(null, TTFT)).toBeNull();
    expect(traceLink(undefined, 'abc')).toBeNull();
  });
});

describe('service names', () => {
  it('from a label or a template of labels; missing labels give none', () => {
    expect(serviceOf(cfg({ kind: 'tempo', url: 'https://t', serviceLabel: 'job' }), { job: 'vllm' })).toBe('vllm');
    expect(serviceOf(cfg({ kind: 'tempo', url: 'https://t', serviceTemplate: 'vllm-{instance}' }), { instance: 'h:8000' })).toBe('vllm-h:8000');
    expect(serviceOf(cfg({ kind: 'tempo', url: 'https://t', serviceTemplate: 'vllm-{pod}' }), { instance: 'h:8000' })).toBeNull();
  });

  it('durations as Jaeger and TraceQL write them', () => {
    expect(durationText(0.005)).toBe('5ms');
    expect(durationText(0.25)).toBe('250ms');
    expect(durationText(7.68)).toBe('7.68s');
  });
});
