// Router imbalance, from the Routing section's per-endpoint table (routing/endpoint-rows.ts: the
// share of requests each endpoint got over the range ÷ its fair share, joined to the engine's own
// waiting gauge and TTFT p95): an endpoint that gets far more than its share while its queue or
// TTFT is worse than its peers'. And the router's own time as a TTFT term: mean TTFT measured at
// the router − mean TTFT measured at the engines = router + network (per model). Pure.
// Thresholds and sources: docs/verdicts.md.
import type { EndpointRow, EndpointTable } from '../routing/endpoint-rows';
import type { Finding } from './diagnose';
import type { EvidenceItem } from './verdicts';

export const ROUTER_T = {
  /** Share ÷ fair share at or above which an endpoint "gets far more than its share". */
  fair: 1.5,
  /** Its waiting gauge at least this many times the peers' median (and at least `minWaiting`). */
  waitingFactor: 2,
  minWaiting: 1,
  /** Its TTFT p95 at least this many times the peers' median. */
  ttftFactor: 1.5,
  /**
   * Critical by impact, not by the share multiple alone (two endpoints reach 2× only at 100 % of the
   * traffic): a worse queue that is large (the Waiting tile's red, STAT_THRESHOLDS.waiting) and a
   * TTFT p95 over the range past the TTFT tile's red (the queue lasted, it is no instant's spike).
   */
  criticalWaiting: 50,
  criticalTtft: 3,
} as const;

export const ROUTER_INPUTS = ['routed', 'engine:waiting', 'engine:ttft'] as const;

const median = (xs: readonly number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const ev = (value: number, unit: EvidenceItem['unit']): EvidenceItem => ({ value, unit });

/** Rows that take part: joined to an engine (else nothing says its queue), with a share. */
const joined = (t: EndpointTable): EndpointRow[] => t.rows.filter((r) => r.engine !== null && r.fair !== null);

/** The router can be judged: a per-endpoint share and at least two endpoints joined to their engines. */
export function routerCheckable(t: EndpointTable | null): boolean {
  return t !== null && t.cv !== null && joined(t).length >= 2;
}

/** One finding per endpoint that gets ≥ 1.5× its fair share while its queue or TTFT p95 is worse than its peers'. */
export function routerImbalance(t: EndpointTable | null, router: string): Finding[] {
  if (!t || !routerCheckable(t)) return [];
  const rows = joined(t);
  const out: Finding[] = [];
  for (const r of rows) {
    const fair = r.fair ?? 0;
    if (fair < ROUTER_T.fair) continue;
    const peers = rows.filter((o) => o !== r && o.engine !== r.engine);
    const waitPeers = median(peers.flatMap((o) => (o.figures.waiting === undefined ? [] : [o.figures.waiting])));
    const ttftPeers = median(peers.flatMap((o) => (o.figures.ttft === undefined ? [] : [o.figures.ttft])));
    const waiting = r.figures.waiting;
    const ttft = r.figures.ttft;
    const queueWorse = waiting !== undefined && waitPeers !== null && waiting >= ROUTER_T.minWaiting && waiting >= ROUTER_T.waitingFactor * waitPeers;
    const ttftWorse = ttft !== undefined && ttftPeers !== null && ttftPeers > 0 && ttft >= ROUTER_T.ttftFactor * ttftPeers;
    if (!queueWorse && !ttftWorse) continue;
    const evidence: Record<string, EvidenceItem> = { share: ev(r.share ?? 0, 'ratio'), fair: ev(fair, 'count'), endpoints: ev(rows.length, 'count') };
    if (waiting !== undefined && waitPeers !== null) {
      evidence.waiting = ev(waiting, 'requests');
      evidence.waitingPeers = ev(waitPeers, 'requests');
    }
    if (ttft !== undefined && ttftPeers !== null) {
      evidence.ttft = ev(ttft, 'seconds');
      evidence.ttftPeers = ev(ttftPeers, 'seconds');
    }
    out.push({
      id: 'router-imbalance',
      model: '',
      instance: r.endpoint,
      router,
      severity: queueWorse && waiting >= ROUTER_T.criticalWaiting && (ttft === undefined || ttft >= ROUTER_T.criticalTtft) ? 'critical' : 'warning',
      score: fair / ROUTER_T.fair,
      confidence: queueWorse && ttftWorse ? 'high' : 'medium',
      evidence,
      bucketBounds: ttft !== undefined,
      inferred: false,
      panel: 'routing-endpoints',
      inputs: ROUTER_INPUTS,
    });
  }
  return out;
}

/** The router's share of TTFT for one model: router mean TTFT − engine mean TTFT (router + network). */
export type RouterTerm =
  | { router: number; engine: number; term: number }
  /** The router and the engines did not count the same requests over the range (the router is younger than the range, or traffic bypasses it): no term. */
  | { mismatch: { router: number; engine: number } };

/**
 * A router term below this share of the engine's mean TTFT is within what a difference of two means
 * can tell (the router observes a request when it ends, the engine at its first token: over a range
 * they hold slightly different requests), said beside it.
 */
export const ROUTER_NOISE = 0.01;

/** Request rates further apart than this share are not the same requests: the difference of means would say nothing. */
export const SAME_REQUESTS = 0.1;

export function routerTerm(r: { mean: number; count: number } | undefined, engine: { mean: number | null; count: number | null }): RouterTerm | null {
  if (!r || !Number.isFinite(r.mean) || engine.mean === null) return null;
  if (engine.count !== null && Number.isFinite(r.count) && Math.abs(r.count - engine.count) > SAME_REQUESTS * Math.max(r.count, engine.count)) {
    return { mismatch: { router: r.count, engine: engine.count } };
  }
  return { router: r.mean, engine: engine.mean, term: Math.max(0, r.mean - engine.mean) };
}
