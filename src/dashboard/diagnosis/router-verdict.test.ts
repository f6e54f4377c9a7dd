// Router imbalance on hand-made endpoint tables: the skewed endpoint that queues is named, a skew
// without a worse queue or TTFT is not, nor a router without per-endpoint shares; the router term.
import { describe, expect, it } from 'vitest';
import type { EndpointRow, EndpointTable } from '../routing/endpoint-rows';
import { routerImbalance, routerTerm } from './router-verdict';

const row = (endpoint: string, fair: number, waiting: number, ttft: number): EndpointRow => ({
  endpoint,
  engine: endpoint,
  reason: null,
  routed: fair * 100,
  share: fair / 2,
  fair,
  inflight: null,
  health: 1,
  figures: { waiting, ttft },
  outliers: {},
});
const table = (rows: EndpointRow[], cv: number | null = 0.7): EndpointTable => ({ rows, joined: rows.length, by: 'pod', cv, dropped: 0 });

describe('router imbalance', () => {
  it('names the endpoint that gets 1.7× its share while it queues', () => {
    const f = routerImbalance(table([row('vllm-0', 1.7, 12, 2.5), row('vllm-1', 0.3, 0, 0.2)]), 'EPP');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ id: 'router-imbalance', instance: 'vllm-0', router: 'EPP', confidence: 'high', severity: 'warning', panel: 'routing-endpoints' });
    expect(f[0]!.evidence.fair!.value).toBe(1.7);
    expect(f[0]!.evidence.waitingPeers!.value).toBe(0);
  });

  it('critical by impact: a large worse queue and a red TTFT p95, even on two endpoints; not from the share multiple alone', () => {
    // Two endpoints, 1.3k waiting on the busy one, TTFT p95 past the tile's red (the router-skew demo).
    expect(routerImbalance(table([row('a', 1.7, 1300, 40), row('b', 0.3, 0, 0.2)]), 'r')[0]).toMatchObject({ severity: 'critical', confidence: 'high' });
    // Twice its share with a worse but small queue: a warning.
    expect(routerImbalance(table([row('a', 2.2, 5, 0.1), row('b', 0.4, 0, 0.1), row('c', 0.4, 0, 0.1)]), 'r')[0]).toMatchObject({ severity: 'warning', confidence: 'medium' });
    // A large queue now but a green TTFT over the range: it just started, a warning.
    expect(routerImbalance(table([row('a', 1.7, 80, 0.5), row('b', 0.3, 0, 0.2)]), 'r')[0]).toMatchObject({ severity: 'warning' });
    expect(routerImbalance(table([row('a', 1.6, 0, 1), row('b', 0.4, 0, 0.2)]), 'r')[0]).toMatchObject({ severity: 'warning', confidence: 'medium' });
  });

  it('quiet when the busy endpoint copes, below 1.5× its share, without shares or with one endpoint', () => {
    expect(routerImbalance(table([row('a', 1.7, 0, 0.2), row('b', 0.3, 0, 0.2)]), 'r')).toEqual([]);
    expect(routerImbalance(table([row('a', 1.4, 9, 3), row('b', 0.6, 0, 0.2)]), 'r')).toEqual([]);
    expect(routerImbalance(table([row('a', 1.7, 9, 3), row('b', 0.3, 0, 0.2)], null), 'r')).toEqual([]);
    expect(routerImbalance(table([row('a', 1, 9, 3)]), 'r')).toEqual([]);
    // An unjoined endpoint says nothing about its queue: not a peer, not judged.
    expect(routerImbalance(table([row('a', 1.7, 9, 3), { ...row('b', 0.3, 0, 0.2), engine: null }]), 'r')).toEqual([]);
    expect(routerImbalance(null, 'r')).toEqual([]);
  });

  it('router term: router mean TTFT − engine mean TTFT over the same requests, never negative; none when the counts differ', () => {
    const t = routerTerm({ mean: 0.105, count: 10 }, { mean: 0.1, count: 10.2 });
    expect(t && 'term' in t ? t.term : null).toBeCloseTo(0.005, 9);
    expect(routerTerm({ mean: 0.09, count: 10 }, { mean: 0.1, count: 10 })).toMatchObject({ term: 0 });
    // A router younger than the range saw a fraction of the engines' requests.
    expect(routerTerm({ mean: 29, count: 5 }, { mean: 9, count: 14 })).toEqual({ mismatch: { router: 5, engine: 14 } });
    expect(routerTerm(undefined, { mean: 0.1, count: 1 })).toBeNull();
    expect(routerTerm({ mean: 0.1, count: 1 }, { mean: null, count: null })).toBeNull();
  });
});

describe('order', () => {
  it("a model's outlier instance comes before that model's critical KV finding; the router's finding stays first", async () => {
    const { order } = await import('./diagnose');
    const base = { score: 1, confidence: 'medium' as const, evidence: {}, bucketBounds: false, inferred: false, panel: '', inputs: [] };
    const kv = { ...base, id: 'kv-capacity' as const, model: 'm', severity: 'critical' as const };
    const other = { ...base, id: 'kv-capacity' as const, model: 'n', severity: 'critical' as const };
    const outlier = { ...base, id: 'instance-outlier' as const, model: 'm', instance: 'i', severity: 'warning' as const };
    const router = { ...base, id: 'router-imbalance' as const, model: '', instance: 'e', severity: 'warning' as const };
    expect(order([kv, other, outlier, router]).map((f) => `${f.id}@${f.model}`)).toEqual(['router-imbalance@', 'instance-outlier@m', 'kv-capacity@m', 'kv-capacity@n']);
  });
});
