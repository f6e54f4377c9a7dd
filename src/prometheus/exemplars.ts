// Exemplars (`/api/v1/query_exemplars`) and the backend's command-line flags
// (`/api/v1/status/flags`, to tell "exemplar storage is off" from "no exemplars"): the TanStack
// Query options. The HTTP calls themselves are client methods; the wire types and decoders are in
// decoders.ts with every other endpoint's (the data worker runs them).
import { queryOptions } from '@tanstack/react-query';
import type { PrometheusClient } from './client';
import { backendOfKey, prometheusKeys } from './query-options';
export { decodeExemplars, decodeFlags, type Exemplar, type ExemplarSeriesWire, type ExemplarWire } from './decoders';

/** Whether a Prometheus started with these flags stores exemplars (`--enable-feature=…,exemplar-storage,…`). */
export function hasExemplarStorage(flags: Readonly<Record<string, string>>): boolean {
  return (flags['enable-feature'] ?? '').split(',').some((f) => f.trim() === 'exemplar-storage');
}

export interface ExemplarsParams {
  baseUrl: string;
  /** The panel's `_bucket` selector. */
  expr: string;
  start: number;
  end: number;
}

export function exemplarsOptions(client: PrometheusClient, { baseUrl, expr, start, end }: ExemplarsParams) {
  return queryOptions({
    queryKey: prometheusKeys.exemplars(baseUrl, expr, start, end),
    queryFn: ({ signal }) => client.queryExemplars(expr, start, end, signal),
    // Exemplars are an overlay: a failure says nothing about the backend's health.
    meta: { healthSignal: false },
  });
}

/** An exemplars query's key read back (what `exemplarsOptions` put in it), else null. */
export function readExemplarsKey(key: readonly unknown[]): { baseUrl: string; expr: string; start: number; end: number } | null {
  const [, , endpoint, expr, start, end] = key;
  const baseUrl = backendOfKey(key);
  if (baseUrl === null || endpoint !== 'query_exemplars' || typeof expr !== 'string' || typeof start !== 'number' || typeof end !== 'number') return null;
  return { baseUrl, expr, start, end };
}

/**
 * Whether the backend stores exemplars: true/false from its flags, null when it cannot say
 * (no flags endpoint: Thanos, VictoriaMetrics, a read-only proxy).
 */
export function exemplarStorageOptions(client: PrometheusClient, { baseUrl }: { baseUrl: string }) {
  return queryOptions({
    queryKey: prometheusKeys.flags(baseUrl),
    queryFn: async ({ signal }): Promise<boolean | null> => {
      try {
        return hasExemplarStorage(await client.flags(signal));
      } catch (e) {
        if (signal.aborted) throw e;
        return null;
      }
    },
    staleTime: Infinity,
    meta: { healthSignal: false },
  });
}
