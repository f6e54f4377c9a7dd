// Two more model rules (one object each, like verdicts.ts): Little's law against the engine's own
// gauges, and speculative decoding that costs more than it saves. Also the speculative-decoding
// payoff figures the breakdown prints beside them. Thresholds and sources: docs/verdicts.md. Pure.
import type { EvidenceItem, ModelRule } from './verdicts';
import type { ModelFigures } from './inputs';
import { mean } from './decompose';

export const MORE_T = {
  /** |Little's law − gauges| at or above this share of the larger of the two… */
  littlesShare: 0.5,
  /** …and at least this many requests: a small absolute gap on an idle model says nothing. */
  littlesMinGap: 2,
  /** Tokens per decode step per request below which speculation is taken to cost more than it saves. */
  specMinLength: 1.3,
  /** Failed or aborted share of finished requests: the failed-share tile's red (STAT_THRESHOLDS.errors, where HighErrorRatio fires). */
  failedShare: 0.05,
  /** …critical from here: a quarter of the requests failing is an outage for those users. */
  failedCritical: 0.25,
} as const;

const ev = (value: number, unit: EvidenceItem['unit']): EvidenceItem => ({ value, unit });

/** Speculative decoding over the range: acceptance, tokens per step per request, ITL, output tok/s per running request. */
export interface SpecPayoff {
  /** Accepted ÷ drafted tokens (vLLM counters), or the engine's acceptance-rate gauge averaged. */
  acceptance: number | null;
  /** Mean tokens emitted per decode step per request (1 + accepted ÷ drafts), or the engine's gauge. */
  length: number;
  itlMean: number | null;
  /** Output tokens per second per running request: rate(generation tokens) ÷ mean running. */
  perRequest: number | null;
}

export function specPayoff(f: ModelFigures): SpecPayoff | null {
  let acceptance: number | null = null;
  let length: number | null = null;
  if (f.spec_drafts !== undefined && f.spec_accepted !== undefined && f.spec_draft_tokens !== undefined) {
    if (f.spec_drafts <= 0) return null;
    length = 1 + f.spec_accepted / f.spec_drafts;
    acceptance = f.spec_draft_tokens > 0 ? f.spec_accepted / f.spec_draft_tokens : null;
  } else if (f.spec_accept_length !== undefined && f.spec_accept_length > 0) {
    length = f.spec_accept_length;
    acceptance = f.spec_accept_rate ?? null;
  }
  if (length === null) return null;
  const running = f.running_mean;
  const perRequest = f.gen_tokens !== undefined && running !== undefined && running > 0 ? f.gen_tokens / running : null;
  return { acceptance, length, itlMean: mean(f, 'itl'), perRequest };
}

export const MORE_RULES: readonly ModelRule[] = [
  {
    id: 'request-failures',
    panel: 'abort-error-rate',
    inputs: ['failures'],
    needs: [['failures', 'requests']],
    evaluate(f) {
      const failed = f.failures;
      const req = f.requests;
      if (failed === undefined || req === undefined || req <= 0) return null;
      const share = failed / req;
      if (share < MORE_T.failedShare) return null;
      const evidence: Record<string, EvidenceItem> = { failedShare: ev(share, 'ratio'), failed: ev(failed, 'reqps'), requests: ev(req, 'reqps') };
      const queue = mean(f, 'queue');
      if (queue !== null) evidence.waitMean = ev(queue, 'seconds');
      return {
        // A share of the whole range's finished requests: a burst of failures is diluted by the rest.
        severity: share >= MORE_T.failedCritical ? 'critical' : 'warning',
        score: share / MORE_T.failedShare,
        confidence: 'high',
        evidence,
        bucketBounds: false,
        inferred: false,
      };
    },
  },
  {
    id: 'littles-law-mismatch',
    panel: 'running-requests',
    inputs: ['e2e_sum', 'running_mean', 'waiting_mean'],
    needs: [['e2e_sum', 'running_mean']],
    evaluate(f) {
      const littles = f.e2e_sum;
      const running = f.running_mean;
      if (littles === undefined || running === undefined) return null;
      const gauges = running + (f.waiting_mean ?? 0);
      const gap = Math.abs(littles - gauges);
      const larger = Math.max(littles, gauges);
      if (larger <= 0 || gap < MORE_T.littlesMinGap || gap / larger < MORE_T.littlesShare) return null;
      return {
        severity: 'info',
        // Below every cause of the same severity: a mismatch is a lead, rarely the bottleneck.
        score: 0.5,
        confidence: 'medium',
        evidence: { littles: ev(littles, 'requests'), gauges: ev(gauges, 'requests'), gap: ev(gap, 'requests') },
        bucketBounds: false,
        inferred: false,
      };
    },
  },
  {
    id: 'spec-decode-costly',
    panel: 'spec-acceptance-rate',
    // Only the speculation figures gate it: a model without speculation is not "checked".
    inputs: ['spec_drafts', 'spec_draft_tokens', 'spec_accepted', 'spec_accept_length', 'spec_accept_rate'],
    evaluate(f) {
      const p = specPayoff(f);
      if (!p || p.length >= MORE_T.specMinLength) return null;
      const evidence: Record<string, EvidenceItem> = { acceptance: ev(p.acceptance ?? 0, 'ratio'), length: ev(p.length, 'count') };
      evidence.itlMean = ev(p.itlMean ?? 0, 'seconds');
      evidence.perRequest = ev(p.perRequest ?? 0, 'tokps');
      return {
        severity: 'warning',
        score: MORE_T.specMinLength / Math.max(p.length, 0.01),
        // A threshold on acceptance, not a measurement with speculation off.
        confidence: 'low',
        evidence,
        bucketBounds: false,
        inferred: false,
      };
    },
  },
];
