// Joining a router's endpoint label to the engine's own series (docs/routing.md, "The Routing section").
// URL-keyed routers name the engine's base URL: scheme, path and a DP-aware `@<rank>` stripped, it
// is the engine target's `instance` when Prometheus scrapes the same address. Pod-keyed ones (the
// EPP) name the pod, with `-rank-<i>` on some gauges: the engine's `pod` target label. What cannot
// join is said, with the reason: a Service DNS name, `localhost`, an opaque id.
import type { EndpointShape } from './types';

export type JoinKey = { by: 'instance' | 'pod'; key: string };

export type UnjoinedReason = 'dns-name' | 'localhost' | 'opaque' | 'no-engine-series' | 'no-pod-label';

/** `http://10.0.0.5:8000/` → `10.0.0.5:8000`; `grpc://h:1@2` → `h:1`. */
export function urlToInstance(url: string): string {
  return url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/@\d+$/, '')
    .replace(/\/.*$/, '');
}

export function joinKey(value: string, shape: EndpointShape): JoinKey | null {
  switch (shape) {
    case 'url':
      return { by: 'instance', key: urlToInstance(value) };
    case 'pod':
      return { by: 'pod', key: value };
    case 'pod-rank':
      return { by: 'pod', key: value.replace(/-rank-\d+$/, '') };
    case 'opaque':
      return null;
  }
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Why an endpoint found no engine series, from its shape and value. */
export function unjoinedReason(value: string, shape: EndpointShape, engineHasPods: boolean): UnjoinedReason {
  if (shape === 'opaque') return 'opaque';
  if (shape === 'url') {
    const host = urlToInstance(value).replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host === '::1') return 'localhost';
    if (!IPV4.test(host) && !host.includes(':')) return 'dns-name';
    return 'no-engine-series';
  }
  return engineHasPods ? 'no-engine-series' : 'no-pod-label';
}

/** Share of traffic ÷ fair share (1 = even), and the spread index std/mean over the endpoints. */
export function imbalance(routed: readonly number[]): { shares: number[]; ratio: number[]; cv: number | null } {
  const total = routed.reduce((a, b) => a + b, 0);
  const n = routed.length;
  if (n === 0 || total <= 0) return { shares: routed.map(() => 0), ratio: routed.map(() => 0), cv: null };
  const shares = routed.map((r) => r / total);
  const mean = total / n;
  const sd = Math.sqrt(routed.reduce((a, r) => a + (r - mean) ** 2, 0) / n);
  return { shares, ratio: shares.map((s) => s * n), cv: sd / mean };
}
