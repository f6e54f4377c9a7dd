// vLLM's API-server HTTP metrics (one set per instance, in every profile) and label escaping of
// hostile model names in the text format (backslash, double quote, newline).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { escapeLabelValue, formatLabels } from './format.ts';
import { parseExposition, sumOf } from './parse-exposition.ts';

const T0 = Date.UTC(2025, 0, 1, 12);
const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

describe.each(['default', 'legacy', 'underscore'] as const)('http_requests_total, profile=%s', (profile) => {
  const fleet = createFleet({ startMs: T0, seed: 3, profile, load: 3 });
  for (const inst of fleet.instances) inst.advanceTo(T0 + 30 * 60_000);
  const out = fleet.instances.map((i) => ({ inst: i, exp: parseExposition(i.renderText()) }));

  it('is exposed by every vLLM instance, never by SGLang', () => {
    for (const { inst, exp } of out) {
      const http = exp.samples.filter((s) => s.name === 'http_requests_total');
      if (inst.spec.engine === 'sglang') {
        expect(http).toEqual([]);
        continue;
      }
      expect(exp.types.get('http_requests_total')).toBe('counter');
      expect(http.length).toBeGreaterThan(0);
      for (const s of http) {
        expect(Object.keys(s.labels).sort()).toEqual(['handler', 'method', 'status']);
        expect(s.labels.method).toBe('POST');
        expect(s.labels.status).toMatch(/^[245]xx$/);
        expect(['/v1/chat/completions', '/v1/completions']).toContain(s.labels.handler);
      }
      expect(exp.samples.some((s) => s.name === 'http_requests_created')).toBe(true);
    }
  });

  it('counts one response per request that reached an engine, plus a few client errors', () => {
    for (const { inst, exp } of out) {
      if (inst.spec.engine !== 'vllm') continue;
      // The instance's engines (one per DP rank) share the API server; request_success counts
      // every finish, aborts before scheduling included (legacy: no error/repetition reasons).
      const success = sumOf(exp, `vllm${profile === 'underscore' ? '_' : ':'}request_success_total`);
      const ok = sumOf(exp, 'http_requests_total', { status: '2xx' });
      const server = sumOf(exp, 'http_requests_total', { status: '5xx' });
      const client = sumOf(exp, 'http_requests_total', { status: '4xx' });
      if (profile === 'legacy') expect(ok + server).toBeGreaterThanOrEqual(success);
      else expect(ok + server).toBe(success);
      expect(ok).toBeGreaterThan(100);
      expect(client).toBeGreaterThan(0);
      expect(client).toBeLessThan(0.05 * ok);
      if (profile !== 'legacy') {
        // Engine errors are the 5xx (the legacy profile's request_success has no `error` reason).
        expect(server).toBe(sumOf(exp, `vllm${profile === 'underscore' ? '_' : ':'}request_success_total`, { finished_reason: 'error' }));
      }
    }
  });
});

const HOSTILE = '/mnt/models/"evil"\\<script>alert(1)</script>\nline2';

describe('hostile model names', () => {
  it('escapes backslash, double quote and newline as the text format requires', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(formatLabels({ model_name: 'x\\n' })).toBe('{model_name="x\\\\n"}');
  });

  it('round-trips through the exposition for both engines', () => {
    const fleet = createFleet({ startMs: T0, seed: 4, models: [HOSTILE], vllmInstances: 1, sglangInstances: 1 });
    for (const inst of fleet.instances) {
      inst.advanceTo(T0 + 5 * 60_000);
      const text = inst.renderText();
      expect(text).not.toContain(`"${HOSTILE}"`);
      const names = new Set(parseExposition(text).samples.map((s) => s.labels.model_name).filter((m) => m !== undefined));
      expect([...names]).toEqual([HOSTILE]);
    }
  });

  it.skipIf(!existsSync(PROMTOOL))('is accepted by promtool check metrics', () => {
    const fleet = createFleet({ startMs: T0, seed: 4, models: [HOSTILE], vllmInstances: 1, sglangInstances: 1 });
    for (const inst of fleet.instances) {
      inst.advanceTo(T0 + 60_000);
      const r = spawnSync(PROMTOOL, ['check', 'metrics'], { input: inst.renderText(), encoding: 'utf8' });
      const errors = `${r.stdout}${r.stderr}`.split('\n').filter((l) => /error|parse/i.test(l));
      expect(errors, inst.spec.engine).toEqual([]);
    }
  });
});
