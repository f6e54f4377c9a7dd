import { describe, expect, it } from 'vitest';
import { ConfigError, validateConfig } from './runtime-config';

const problem = (traces: unknown): string => {
  try {
    validateConfig({ traces });
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return '';
};

describe('config.json traces', () => {
  it('accepts Tempo, Jaeger and a template, with a service mapping', () => {
    expect(validateConfig({ traces: { kind: 'tempo', url: 'https://tempo.example', serviceLabel: 'job' } }).traces).toEqual({
      kind: 'tempo', url: 'https://tempo.example', traceUrl: null, serviceLabel: 'job', serviceTemplate: null, service: null,
    });
    expect(validateConfig({ traces: { kind: 'template', url: 'https://g.example/x?q={service}&a={start}&b={end}&lo={min}&hi={max}&t={trace_id}', serviceTemplate: 'vllm-{instance}' } }).traces?.kind).toBe('template');
    expect(validateConfig({}).traces).toBeNull();
  });

  it('rejects non-http(s) URLs, unknown placeholders and kinds with a clear message', () => {
    expect(problem({ kind: 'tempo', url: 'javascript:alert(1)' })).toContain('"traces.url" must be an http(s) URL');
    expect(problem({ kind: 'jaeger', url: 'jaeger.local' })).toContain('absolute http(s) URL');
    expect(problem({ kind: 'template', url: 'https://g.example/{foo}' })).toContain('unknown placeholder(s) {foo}');
    expect(problem({ kind: 'zipkin', url: 'https://z.example' })).toContain('"traces.kind" must be');
    expect(problem({ kind: 'tempo', url: 'https://t.example', traceUrl: 'https://t.example/x' })).toContain('{trace_id}');
    expect(problem({ kind: 'tempo', url: 'https://t.example', serviceLabel: 'a-b' })).toContain('label name');
    expect(problem({ kind: 'tempo', url: 'https://t.example', colour: 1 })).toContain('unknown key "traces.colour"');
    expect(problem('https://t.example')).toContain('"traces" must be an object');
  });
});
