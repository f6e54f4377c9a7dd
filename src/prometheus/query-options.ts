// TanStack Query option factories: keys that name the data, queryFns that forward the abort signal.
// The retry policy (shouldRetry) is set once on the QueryClient (src/app/query-client.ts).
import { queryOptions } from '@tanstack/react-query';
import type { LabelQuery, PrometheusClient } from './client';
import { detectBackendKind } from './backend-kind';
import { isPrometheusError } from './errors';
import { detectScrapeInterval, type DetectOptions } from './scrape-interval';

/**
 * Keys start `['prometheus', baseUrl, endpoint, …]`, so invalidating `['prometheus', baseUrl]` drops
 * everything for one backend. `baseUrl` names the backend; a caller that switches tenants
 * (`X-Scope-OrgID`) on the same URL should make a new QueryClient or pass a distinct `baseUrl` key.
 */
export const prometheusKeys = {
  all: (baseUrl: string) => ['prometheus', baseUrl] as const,
};

/** Retry network failures, 5xx and `unavailable` up to twice; never 4xx, bad data, aborts or timeouts. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !isPrometheusError(error)) return false;
  switch (error.kind) {
    case 'network':
      // A query that timed out will time out again and load the backend twice more.
      return !error.timedOut;
    case 'http':
      return error.status !== undefined && error.status >= 500;
    case 'api':
      return error.errorType === 'unavailable';
    default:
      return false;
  }
}

export interface RangeQueryParams {
  baseUrl: string;
  expr: string;
  /** Unix seconds, already aligned to the step (see alignRange). */
  start: number;
  end: number;
  step: number;
}

export function rangeQueryOptions(client: PrometheusClient, { baseUrl, expr, start, end, step }: RangeQueryParams) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'query_range', expr, start, end, step] as const,
    queryFn: ({ signal }) => client.queryRange(expr, start, end, step, signal),
  });
}

/** A range or instant query's key read back (what the two options above put in it), else null. */
export type QueryKeyParts =
  | { endpoint: 'query_range'; baseUrl: string; expr: string; start: number; end: number; step: number }
  | { endpoint: 'query'; baseUrl: string; expr: string; time: number | null };

export function readQueryKey(key: readonly unknown[]): QueryKeyParts | null {
  const [ns, baseUrl, endpoint, expr, a, b, c] = key;
  if (ns !== 'prometheus' || typeof baseUrl !== 'string' || typeof expr !== 'string') return null;
  if (endpoint === 'query_range' && typeof a === 'number' && typeof b === 'number' && typeof c === 'number')
    return { endpoint, baseUrl, expr, start: a, end: b, step: c };
  if (endpoint === 'query' && (typeof a === 'number' || a === null)) return { endpoint, baseUrl, expr, time: a };
  return null;
}

export interface InstantQueryParams {
  baseUrl: string;
  expr: string;
  /** Unix seconds; omit for the backend's now (then the key cannot tell two moments apart). */
  time?: number;
}

export function instantQueryOptions(client: PrometheusClient, { baseUrl, expr, time }: InstantQueryParams) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'query', expr, time ?? null] as const,
    queryFn: ({ signal }) => client.query(expr, time, signal),
  });
}

export interface LabelValuesParams extends LabelQuery {
  baseUrl: string;
  label: string;
  limit?: number;
}

export function labelValuesOptions(client: PrometheusClient, { baseUrl, label, match, start, end, limit }: LabelValuesParams) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'label_values', label, match ?? [], start ?? null, end ?? null, limit ?? null] as const,
    queryFn: ({ signal }) => client.labelValues(label, { match, start, end, limit }, signal),
  });
}

export interface BucketBoundsParams {
  baseUrl: string;
  /** The resolved `…_bucket` series name (no matchers: bounds are the family's, not a filter's). */
  series: string;
  /** A coarse window (see coarseWindow), so refresh ticks reuse the answer. */
  start: number;
  end: number;
}

/** A series name as a selector: bare when PromQL takes it so, else by `__name__`. */
function seriesSelector(name: string): string {
  if (/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name)) return name;
  return `{__name__="${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"}`;
}

/**
 * The `le` label values of one histogram's bucket series ("0.3", "1.0", "+Inf" as stored): the
 * bounds a `histogram_quantile` answer is judged against. They change only with a new engine
 * release, so they are asked once per coarse window like the metric names.
 */
export function bucketBoundsOptions(client: PrometheusClient, { baseUrl, series, start, end }: BucketBoundsParams) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'bucket_bounds', series, start, end] as const,
    queryFn: ({ signal }) => client.labelValues('le', { match: [seriesSelector(series)], start, end }, signal),
    staleTime: 5 * 60_000,
  });
}

export interface MetricNamesParams extends LabelQuery {
  baseUrl: string;
}

export function metricNamesOptions(client: PrometheusClient, { baseUrl, match, start, end }: MetricNamesParams) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'metric_names', match ?? [], start ?? null, end ?? null] as const,
    queryFn: ({ signal }) => client.metricNames({ match, start, end }, signal),
    // The set of names changes rarely; refetching it on every refresh would cost a full index scan.
    staleTime: 5 * 60_000,
  });
}

/**
 * What kind of engine answers (PromQL or MetricsQL), asked once per backend: the scrape-interval
 * detection and the Alerts region both read it, so it is one request.
 */
export function backendKindOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  // The client is named by baseUrl in the key; it cannot be hashed.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'backend_kind'] as const,
    queryFn: ({ signal }) => detectBackendKind(client, signal),
    staleTime: Infinity,
    // It answers null when the backend fails: that "success" says nothing about its health.
    meta: { healthSignal: false },
  });
}

export function targetsOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'targets'] as const,
    queryFn: ({ signal }) => client.targets(signal),
  });
}

export interface ScrapeIntervalParams {
  baseUrl: string;
  /** Identifies `options.filter` in the key (e.g. the engine name), since a function cannot be a key. */
  filterKey?: string;
  options?: DetectOptions;
}

export function scrapeIntervalOptions(client: PrometheusClient, { baseUrl, filterKey, options }: ScrapeIntervalParams) {
  // The client is named by baseUrl and the filter function by filterKey; neither can be hashed.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'scrape_interval', filterKey ?? null] as const,
    queryFn: ({ signal }) => detectScrapeInterval(client, signal, options),
    staleTime: 5 * 60_000,
  });
}

export function alertsOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'alerts'] as const,
    queryFn: ({ signal }) => client.alerts(signal),
  });
}

export function alertRulesOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: ['prometheus', baseUrl, 'rules', 'alert'] as const,
    queryFn: ({ signal }) => client.rules('alert', signal),
    // Rule files change on reload only; the alerts list carries the live state.
    staleTime: 60_000,
  });
}
