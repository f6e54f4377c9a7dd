// Exemplars (`/api/v1/query_exemplars`) and the backend's command-line flags
// (`/api/v1/status/flags`, to tell "exemplar storage is off" from "no exemplars"): wire types,
// decoders and the TanStack Query options. The HTTP calls themselves are client methods.
import { queryOptions } from '@tanstack/react-query';
import type { PrometheusClient } from './client';
import { isRecord } from './http';
import { backendOfKey, prometheusKeys } from './query-options';
import { parseSampleValue } from './sample-value';
import type { Labels } from './types';

/** One exemplar as the API sends it: its own labels (`trace_id`), value as a string, unix seconds. */
export interface ExemplarWire {
  labels: Labels;
  value: string;
  timestamp: number;
}

export interface ExemplarSeriesWire {
  seriesLabels: Labels;
  exemplars: ExemplarWire[];
}

/** One exemplar, decoded. */
export interface Exemplar {
  /** The series it was attached to (`__name__`, `le`, `instance`, …). */
  series: Labels;
  /** The exemplar's own labels (`trace_id`, sometimes `span_id`). */
  labels: Labels;
  /** The observed value (seconds for the latency histograms). */
  value: number;
  /** Unix seconds. */
  time: number;
}

const isLabels = (v: unknown): v is Labels => isRecord(v) && Object.values(v).every((x) => typeof x === 'string');

function isExemplarWire(v: unknown): v is ExemplarWire {
  return isRecord(v) && isLabels(v.labels) && (typeof v.value === 'string' || typeof v.value === 'number') && typeof v.timestamp === 'number';
}

/** `data` of query_exemplars: a list of series, each with its exemplars; `null` means none. */
export function decodeExemplars(data: unknown): Exemplar[] | undefined {
  if (data === null) return [];
  if (!Array.isArray(data)) return undefined;
  const out: Exemplar[] = [];
  for (const s of data) {
    if (!isRecord(s) || !isLabels(s.seriesLabels)) return undefined;
    if (s.exemplars === null || s.exemplars === undefined) continue;
    if (!Array.isArray(s.exemplars) || !s.exemplars.every(isExemplarWire)) return undefined;
    for (const e of s.exemplars as ExemplarWire[]) {
      const value = parseSampleValue(e.value);
      if (Number.isFinite(value) && Number.isFinite(e.timestamp)) out.push({ series: s.seriesLabels, labels: e.labels, value, time: e.timestamp });
    }
  }
  return out;
}

/** `data` of status/flags: flag name → value, all strings. */
export function decodeFlags(data: unknown): Record<string, string> | undefined {
  return isLabels(data) ? data : undefined;
}

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
