import { describe, expect, it } from 'vitest';
import { EMPTY_CONFIG, validateConfig } from './runtime-config';

describe('validateConfig', () => {
  it('accepts an empty object', () => {
    expect(validateConfig({})).toEqual(EMPTY_CONFIG);
  });

  it('accepts a full config', () => {
    const cfg = validateConfig({
      prometheusUrl: '/prometheus',
      headers: { 'X-Scope-OrgID': 'team-a' },
      defaultEngine: 'sglang',
      defaultRange: { from: 'now-6h', to: 'now' },
      defaultRefresh: '10s',
      theme: 'dark',
      lang: 'zh-CN',
      gpuPeaks: [{ name: 'H20', flops: 148e12 }],
      defaultGpu: 'H20',
      embedOrigins: ['https://portal.example.com'],
    });
    expect(cfg.headers['X-Scope-OrgID']).toBe('team-a');
    expect(cfg.defaultEngine).toBe('sglang');
    expect(cfg.embedOrigins).toEqual(['https://portal.example.com']);
  });

  it('reads SLO defaults and per-model thresholds (seconds, unit strings, objective)', () => {
    const cfg = validateConfig({ slo: { ttft: 0.5, itl: '50ms', objective: 0.995, models: { 'llama-70b': { ttft: '2s', e2e: 60 } } } });
    expect(cfg.slo).toEqual({ ttft: 0.5, itl: 0.05, objective: 0.995, models: { 'llama-70b': { ttft: 2, e2e: 60 } } });
  });

  it.each([
    [[], 'JSON object'],
    [{ defaultEngine: 'tgi' }, 'defaultEngine'],
    [{ headers: { 'Bad Header': 'x' } }, 'not valid'],
    [{ headers: { A: 1 } }, 'string value'],
    [{ prometheusUrl: '/p', headers: { 'X-Scope-OrgID': 'a\r\nX-Injected: 1' } }, 'line break'],
    [{ gpuPeaks: [{ name: 'x', flops: -1 }] }, 'gpuPeaks[0]'],
    [{ embedOrigins: ['https://a.example/path'] }, 'not an origin'],
    [{ prometheusURL: 'typo' }, 'unknown key'],
    [{ slo: { ttft: 0 } }, 'slo.ttft'],
    [{ slo: { e2e: '1 week' } }, 'slo.e2e'],
    [{ slo: { objective: 1.5e3 } }, 'slo.objective'],
    [{ slo: { ttfb: 1 } }, 'slo.ttfb'],
    [{ slo: { models: { a: { itl: -1 } } } }, 'slo.models["a"].itl'],
  ])('rejects %j', (raw, why) => {
    expect(() => validateConfig(raw)).toThrow(why);
  });
});
