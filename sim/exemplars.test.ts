// Exemplars on the simulated latency histograms: OpenMetrics only when asked, trace ids recorded,
// the 0.0.4 text unchanged.
import { describe, expect, it } from 'vitest';
import { ExemplarRecorder, renderOpenMetricsScrape, wantsOpenMetrics } from './exemplars.ts';
import { createFleet } from './fleet.ts';

const T0 = Date.UTC(2026, 0, 1, 12);
const PROM_ACCEPT = 'application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1';

function instance(engine: 'vllm' | 'sglang', withExemplars: boolean) {
  const fleet = createFleet({ startMs: T0, seed: 7, engines: [{ id: engine, instances: 1 }] });
  const inst = fleet.instances[0]!;
  const rec = new ExemplarRecorder(`7:${engine}:0`, () => inst.nowMs);
  if (withExemplars) rec.enable(inst.sr.reg);
  inst.advanceTo(T0 + 5 * 60_000);
  return { inst, rec };
}

describe('sim exemplars', () => {
  it('puts a trace_id exemplar on TTFT bucket lines and ends with # EOF', () => {
    const { inst, rec } = instance('vllm', true);
    inst.refresh();
    const om = renderOpenMetricsScrape(inst.sr.reg, rec, inst.rename);
    expect(om.endsWith('# EOF\n')).toBe(true);
    const lines = om.split('\n').filter((l) => l.startsWith('vllm:time_to_first_token_seconds_bucket') && l.includes(' # '));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const m = /le="([^"]+)"[^}]*\} [\d.e+]+ # \{trace_id="([0-9a-f]{32})"\} ([\d.e+-]+) (\d+\.\d{3})$/.exec(l);
      expect(m, l).not.toBeNull();
      const [, le, id, value, ts] = m!;
      expect(Number(value)).toBeLessThanOrEqual(le === '+Inf' ? Infinity : Number(le));
      expect(Number(ts) * 1000).toBeGreaterThanOrEqual(T0);
      expect(Number(ts) * 1000).toBeLessThanOrEqual(T0 + 5 * 60_000);
      expect(rec.served.get(id!)?.metric).toBe('vllm:time_to_first_token_seconds_bucket');
    }
    // counters in the OpenMetrics shape: TYPE on the family name, samples with _total
    expect(om).toMatch(/^# TYPE vllm:num_preemptions counter$/m);
    expect(om).toMatch(/^vllm:num_preemptions_total\{/m);
    // no exemplars on non-latency histograms
    expect(om.split('\n').filter((l) => l.startsWith('vllm:prompt_tokens') && l.includes('trace_id'))).toEqual([]);
  });

  it('covers the SGLang latency histograms (TTFT, ITL, E2E, queue time)', () => {
    const { inst, rec } = instance('sglang', true);
    const om = renderOpenMetricsScrape(inst.sr.reg, rec, inst.rename);
    for (const f of ['time_to_first_token', 'inter_token_latency', 'e2e_request_latency', 'queue_time']) {
      expect(om, f).toMatch(new RegExp(`^sglang:${f}_seconds_bucket\\{.*# \\{trace_id="[0-9a-f]{32}"\\}`, 'm'));
    }
  });

  it('leaves the 0.0.4 text byte-identical', () => {
    expect(instance('vllm', true).inst.renderText()).toBe(instance('vllm', false).inst.renderText());
  });

  it('answers OpenMetrics only when the Accept header asks for it', () => {
    expect(wantsOpenMetrics(PROM_ACCEPT)).toBe(true);
    expect(wantsOpenMetrics('text/plain;version=0.0.4')).toBe(false);
    expect(wantsOpenMetrics('application/openmetrics-text;q=0,text/plain')).toBe(false);
    expect(wantsOpenMetrics(undefined)).toBe(false);
  });
});
