// Two SGLang families with a life cycle of their own: the SLO cap gauge (only on a scheduler that
// has a cap) and the abort counter (created by the first abort, as prometheus_client does for a
// labelled counter: no series before it).
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { parseExposition } from './parse-exposition.ts';

const T0 = Date.UTC(2025, 0, 1, 12);
const SLO = 'sglang:max_running_requests_under_SLO';
const ABORTS = 'sglang:num_aborted_requests_total';

function sglang(features: string) {
  return createFleet({ startMs: T0, seed: 11, features }).instances.filter((i) => i.spec.engine === 'sglang');
}

describe('sglang:max_running_requests_under_SLO', () => {
  it('is a gauge on every scheduler rank with --features all (slo-cap), set from the start', () => {
    for (const inst of sglang('all')) {
      const exp = parseExposition(inst.renderText());
      expect(exp.types.get(SLO)).toBe('gauge');
      const samples = exp.samples.filter((s) => s.name === SLO);
      expect(samples).toHaveLength(inst.spec.ranks);
      for (const s of samples) expect(s.value).toBeGreaterThan(0);
    }
  });

  it('is absent on a default server, which has no cap (as stock SGLang)', () => {
    for (const inst of sglang('')) expect(parseExposition(inst.renderText()).samples.some((s) => s.name === SLO)).toBe(false);
  });
});

describe('sglang:num_aborted_requests_total', () => {
  it('has no series until the first abort, then counts from 1; it appears within minutes of traffic', () => {
    for (const features of ['', 'all']) {
      const seen: number[] = [];
      for (const inst of sglang(features)) {
        let first: number | null = null;
        for (let t = 5_000; t <= 10 * 60_000 && first === null; t += 5_000) {
          inst.advanceTo(T0 + t);
          const samples = parseExposition(inst.renderText()).samples.filter((s) => s.name === ABORTS);
          if (samples.length === 0) continue;
          first = t;
          expect(samples.reduce((a, s) => a + s.value, 0)).toBeGreaterThanOrEqual(1);
        }
        if (first !== null) seen.push(first);
      }
      expect(seen.length, `features=${features}`).toBeGreaterThan(0);
    }
  });
});
