// Little's law against the gauges, and speculative decoding's payoff, on hand-made figures.
import { describe, expect, it } from 'vitest';
import { MORE_RULES, specPayoff } from './more-rules';

const rule = (id: string) => MORE_RULES.find((r) => r.id === id)!;

describe("Little's-law mismatch", () => {
  it('fires when the gauges hold far more than arrivals × mean E2E say, not on a small or proportionate gap', () => {
    const r = rule('littles-law-mismatch');
    // 20 in flight by Little's law, gauges 45: requests counted as running that never finish.
    expect(r.evaluate({ e2e_sum: 20, running_mean: 40, waiting_mean: 5 })).toMatchObject({ severity: 'info', evidence: { gap: { value: 25 } } });
    expect(r.evaluate({ e2e_sum: 20, running_mean: 18, waiting_mean: 1 })).toBeNull();
    // 1 vs 2.5: half off, but 1.5 requests is no evidence.
    expect(r.evaluate({ e2e_sum: 1, running_mean: 2.5 })).toBeNull();
    expect(r.evaluate({ running_mean: 3 })).toBeNull();
  });
});

describe('speculative decoding payoff', () => {
  it('from vLLM counters: acceptance, tokens per step, tok/s per running request', () => {
    const p = specPayoff({ spec_drafts: 10, spec_draft_tokens: 30, spec_accepted: 18, gen_tokens: 800, running_mean: 20, itl_sum: 1, itl_count: 50 });
    expect(p).toEqual({ acceptance: 0.6, length: 2.8, itlMean: 0.02, perRequest: 40 });
    expect(rule('spec-decode-costly').evaluate({ spec_drafts: 10, spec_draft_tokens: 30, spec_accepted: 18 })).toBeNull();
  });

  it('a verdict when a step yields under 1.3 tokens per request (SGLang gauge or vLLM counters); none without speculation', () => {
    const r = rule('spec-decode-costly');
    expect(r.evaluate({ spec_drafts: 10, spec_draft_tokens: 30, spec_accepted: 2 })).toMatchObject({ severity: 'warning', confidence: 'low' });
    expect(r.evaluate({ spec_accept_length: 1.1, spec_accept_rate: 0.05 })?.evidence.length?.value).toBe(1.1);
    expect(r.evaluate({ spec_drafts: 0, spec_draft_tokens: 0, spec_accepted: 0 })).toBeNull();
    expect(specPayoff({ running_mean: 3 })).toBeNull();
  });
});
