// The one query-key factory and the TanStack Query option factories built on it: keys that name the
// data, queryFns that forward the abort signal. The retry policy (shouldRetry) is set once on the
// QueryClient (src/app/query-client.ts).
import { queryOptions } from '@tanstack/react-query';
import type { LabelQuery, PrometheusClient } from './client';
import { detectBackendKind } from './backend-kind';
import { isPrometheusError } from './errors';
import { detectScrapeInterval, scrapeIntervalFromSamples } from './scrape-interval';
import type { MetadataData } from './types';

const NS = 'prometheus';
const labelQuery = ({ match, start, end }: LabelQuery) => [match ?? [], start ?? null, end ?? null] as const;

/**
 * Every key the app caches starts `['prometheus', baseUrl, endpoint, …]`: `all` resets every
 * backend's answers, `backend(url)` one backend's. `baseUrl` names the backend; headers are not in
 * keys (credentials must not sit in the cache), so a change of headers resets the cache instead.
 * Two entries with the same key hold the same data: a key that shapes its answer (a Set, a fallback
 * to null) names that shape in its endpoint part.
 */
export const prometheusKeys = {
  all: [NS] as const,
  backend: (baseUrl: string) => [NS, baseUrl] as const,
  /** Prefix of every range query of one backend (the first-screen watch). */
  rangeQueries: (baseUrl: string) => [NS, baseUrl, 'query_range'] as const,
  rangeQuery: (baseUrl: string, expr: string, start: number, end: number, step: number) => [NS, baseUrl, 'query_range', expr, start, end, step] as const,
  /** Prefix of every instant query of one backend (the first-screen watch's "settled"). */
  instantQueries: (baseUrl: string) => [NS, baseUrl, 'query'] as const,
  instantQuery: (baseUrl: string, expr: string, time: number | null) => [NS, baseUrl, 'query', expr, time] as const,
  labelNames: (baseUrl: string, q: LabelQuery) => [NS, baseUrl, 'label_names', ...labelQuery(q)] as const,
  labelValues: (baseUrl: string, label: string, q: LabelQuery & { limit?: number }) => [NS, baseUrl, 'label_values', label, ...labelQuery(q), q.limit ?? null] as const,
  metricNames: (baseUrl: string, q: LabelQuery) => [NS, baseUrl, 'metric_names', ...labelQuery(q)] as const,
  /** The metadata, or null where it cannot be read. */
  metadata: (baseUrl: string) => [NS, baseUrl, 'metadata_or_null'] as const,
  bucketBounds: (baseUrl: string, series: string, start: number, end: number) => [NS, baseUrl, 'bucket_bounds', series, start, end] as const,
  backendKind: (baseUrl: string) => [NS, baseUrl, 'backend_kind'] as const,
  scrapeInterval: (baseUrl: string, askStatus: boolean) => [NS, baseUrl, 'scrape_interval', askStatus] as const,
  scrapeIntervalFromSamples: (baseUrl: string, selectors: readonly string[]) => [NS, baseUrl, 'scrape_interval_samples', selectors] as const,
  alerts: (baseUrl: string) => [NS, baseUrl, 'alerts'] as const,
  alertRules: (baseUrl: string) => [NS, baseUrl, 'rules', 'alert'] as const,
  exemplars: (baseUrl: string, expr: string, start: number, end: number) => [NS, baseUrl, 'query_exemplars', expr, start, end] as const,
  /** Whether the backend stores exemplars, from its flags (null: cannot tell). */
  flags: (baseUrl: string) => [NS, baseUrl, 'flags_exemplar_storage'] as const,
};

/** The backend a key was made for (its second part), else null. */
export function backendOfKey(key: readonly unknown[]): string | null {
  return key[0] === NS && typeof key[1] === 'string' ? key[1] : null;
}

/** The endpoint part of a key (`query_range`, `query`, `alerts`, …): the class of request it is. */
export function endpointOfKey(key: readonly unknown[]): string {
  return typeof key[2] === 'string' ? key[2] : '';
}

// The API path each key endpoint asks (where the key names a shape of the answer, not the path).
const API_PATH: Readonly<Record<string, string>> = {
  label_names: 'labels',
  metric_names: 'label/__name__/values',
  label_values: 'label/<name>/values',
  metadata_or_null: 'metadata',
  bucket_bounds: 'query',
  scrape_interval_samples: 'query',
  backend_kind: 'status/buildinfo',
  scrape_interval: 'status/config',
  flags_exemplar_storage: 'status/flags',
};

/** The API path (`/api/v1/query_range`) a key's endpoint asks: what an operator finds in a gateway's log. */
export function apiPathOfEndpoint(endpoint: string): string {
  return `/api/v1/${API_PATH[endpoint] ?? endpoint}`;
}

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
    queryKey: prometheusKeys.rangeQuery(baseUrl, expr, start, end, step),
    queryFn: ({ signal }) => client.queryRange(expr, start, end, step, signal),
  });
}

/** A range or instant query's key read back (what the two options put in it), else null. */
export type QueryKeyParts =
  | { endpoint: 'query_range'; baseUrl: string; expr: string; start: number; end: number; step: number }
  | { endpoint: 'query'; baseUrl: string; expr: string; time: number | null };

export function readQueryKey(key: readonly unknown[]): QueryKeyParts | null {
  const [, , endpoint, expr, a, b, c] = key;
  const baseUrl = backendOfKey(key);
  if (baseUrl === null || typeof expr !== 'string') return null;
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
    queryKey: prometheusKeys.instantQuery(baseUrl, expr, time ?? null),
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
    queryKey: prometheusKeys.labelValues(baseUrl, label, { match, start, end, limit }),
    queryFn: ({ signal }) => client.labelValues(label, { match, start, end, limit }, signal),
  });
}

export interface LabelNamesParams extends LabelQuery {
  baseUrl: string;
}

export function labelNamesOptions(client: PrometheusClient, { baseUrl, match, start, end }: LabelNamesParams) {
  return queryOptions({
    queryKey: prometheusKeys.labelNames(baseUrl, { match, start, end }),
    queryFn: ({ signal }) => client.labelNames({ match, start, end }, signal),
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
    queryKey: prometheusKeys.bucketBounds(baseUrl, series, start, end),
    queryFn: ({ signal }) => client.labelValues('le', { match: [seriesSelector(series)], start, end }, signal),
    staleTime: 5 * 60_000,
  });
}

export interface MetricNamesParams extends LabelQuery {
  baseUrl: string;
}

export function metricNamesOptions(client: PrometheusClient, { baseUrl, match, start, end }: MetricNamesParams) {
  return queryOptions({
    queryKey: prometheusKeys.metricNames(baseUrl, { match, start, end }),
    queryFn: ({ signal }) => client.metricNames({ match, start, end }, signal),
    // The set of names changes rarely; refetching it on every refresh would cost a full index scan.
    staleTime: 5 * 60_000,
  });
}

/**
 * The metric metadata, or null when the backend has none to give (no endpoint: VictoriaMetrics
 * single-node; an empty answer; any failure): callers fall back to reading name suffixes.
 */
export function metadataOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: prometheusKeys.metadata(baseUrl),
    queryFn: async ({ signal }): Promise<MetadataData | null> => {
      try {
        const data = await client.metadata({}, signal);
        return Object.keys(data).length > 0 ? data : null;
      } catch (e) {
        if (signal.aborted) throw e;
        return null;
      }
    },
    staleTime: 600_000,
    // Failures become null: that "success" says nothing about the backend's health.
    meta: { healthSignal: false },
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
    queryKey: prometheusKeys.backendKind(baseUrl),
    queryFn: ({ signal }) => detectBackendKind(client, signal),
    staleTime: Infinity,
    // It answers null when the backend fails: that "success" says nothing about its health.
    meta: { healthSignal: false },
  });
}

export interface ScrapeIntervalParams {
  baseUrl: string;
  /** False: targets and config are not asked (see canAskStatus), and the answer is null. */
  askStatus: boolean;
}

/** The scrape interval from targets and config. */
export function scrapeIntervalOptions(client: PrometheusClient, { baseUrl, askStatus }: ScrapeIntervalParams) {
  // The client is named by baseUrl in the key; it cannot be hashed.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: prometheusKeys.scrapeInterval(baseUrl, askStatus),
    queryFn: ({ signal }) => detectScrapeInterval(client, signal, { askStatus }),
    staleTime: 5 * 60_000,
    // It answers null when the backend fails: that "success" says nothing about the backend's health.
    meta: { healthSignal: false },
  });
}

/**
 * The scrape interval measured from stored samples, the largest over `selectors` (one per engine),
 * or null when none has two samples yet.
 */
export function scrapeIntervalFromSamplesOptions(client: PrometheusClient, { baseUrl, selectors }: { baseUrl: string; selectors: readonly string[] }) {
  // The client is named by baseUrl in the key; it cannot be hashed.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: prometheusKeys.scrapeIntervalFromSamples(baseUrl, selectors),
    queryFn: async ({ signal }) => {
      const found = await Promise.all(selectors.map((sel) => scrapeIntervalFromSamples(client, sel, signal)));
      const seconds = found.flatMap((f) => (f ? [f.seconds] : []));
      return seconds.length > 0 ? Math.max(...seconds) : null;
    },
    staleTime: 5 * 60_000,
  });
}

export function alertsOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: prometheusKeys.alerts(baseUrl),
    queryFn: ({ signal }) => client.alerts(signal),
  });
}

export function alertRulesOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: prometheusKeys.alertRules(baseUrl),
    queryFn: ({ signal }) => client.rules('alert', signal),
    // Rule files change on reload only; the alerts list carries the live state.
    staleTime: 60_000,
  });
}
