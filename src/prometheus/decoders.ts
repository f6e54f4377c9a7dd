// Shape checks for each endpoint's `data`: a broken or hostile backend gets a message, not a crash later.
import { isRecord } from './http';
import { parseSampleValue } from './sample-value';
import type {
  Alert,
  AlertsData,
  BuildInfo,
  ConfigData,
  Labels,
  MatrixSeries,
  MetadataData,
  QueryResult,
  RulesData,
  TargetsData,
} from './types';

// Checks stop at the series level: walking every sample would cost as much as the parse, and
// parseSampleValue already turns a malformed value into a gap.

function isLabels(v: unknown): v is Labels {
  return isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
}

function isSamplePair(v: unknown): v is [number, string] {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number';
}

function isMatrixSeries(v: unknown): v is MatrixSeries {
  return isRecord(v) && isLabels(v.metric) && Array.isArray(v.values);
}

export function decodeMatrix(data: unknown): MatrixSeries[] | undefined {
  if (!isRecord(data) || data.resultType !== 'matrix') return undefined;
  // Some backends send `result: null` for an empty answer.
  if (data.result === null) return [];
  return Array.isArray(data.result) && data.result.every(isMatrixSeries) ? data.result : undefined;
}

export function decodeQueryResult(data: unknown): QueryResult | undefined {
  if (!isRecord(data)) return undefined;
  switch (data.resultType) {
    case 'matrix': {
      const result = decodeMatrix(data);
      return result === undefined ? undefined : { resultType: 'matrix', result };
    }
    case 'vector': {
      if (data.result === null) return { resultType: 'vector', result: [] };
      const ok =
        Array.isArray(data.result) &&
        data.result.every((s: unknown) => isRecord(s) && isLabels(s.metric) && isSamplePair(s.value));
      return ok ? (data as unknown as QueryResult) : undefined;
    }
    case 'scalar':
    case 'string':
      return isSamplePair(data.result) ? (data as unknown as QueryResult) : undefined;
    default:
      return undefined;
  }
}

/** Label names and label values; `null` (seen from some proxies for "none") is an empty list. */
export function decodeStringList(data: unknown): string[] | undefined {
  if (data === null) return [];
  return Array.isArray(data) && data.every((x) => typeof x === 'string') ? data : undefined;
}

export function decodeSeries(data: unknown): Labels[] | undefined {
  if (data === null) return [];
  return Array.isArray(data) && data.every(isLabels) ? data : undefined;
}

export function decodeMetadata(data: unknown): MetadataData | undefined {
  if (data === null) return {};
  if (!isRecord(data)) return undefined;
  return Object.values(data).every((entries) => Array.isArray(entries) && entries.every(isRecord))
    ? (data as MetadataData)
    : undefined;
}

export function decodeTargets(data: unknown): TargetsData | undefined {
  if (!isRecord(data) || !Array.isArray(data.activeTargets)) return undefined;
  const ok = data.activeTargets.every((t: unknown) => isRecord(t) && isLabels(t.labels));
  return ok ? (data as unknown as TargetsData) : undefined;
}

export function decodeBuildInfo(data: unknown): BuildInfo | undefined {
  return isRecord(data) && typeof data.version === 'string' ? (data as unknown as BuildInfo) : undefined;
}

export function decodeConfig(data: unknown): ConfigData | undefined {
  return isRecord(data) && typeof data.yaml === 'string' ? { yaml: data.yaml } : undefined;
}

function isAlert(v: unknown): v is Alert {
  return isRecord(v) && isLabels(v.labels) && (v.annotations === undefined || isLabels(v.annotations)) && typeof v.state === 'string';
}

/** Alerts; annotations default to none (Thanos and older Prometheus omit empty ones). */
export function decodeAlerts(data: unknown): AlertsData | undefined {
  if (!isRecord(data)) return undefined;
  if (data.alerts === null) return { alerts: [] };
  if (!Array.isArray(data.alerts) || !data.alerts.every(isAlert)) return undefined;
  return { alerts: data.alerts.map((a) => ({ ...a, annotations: a.annotations ?? {} })) };
}

export function decodeRules(data: unknown): RulesData | undefined {
  if (!isRecord(data)) return undefined;
  if (data.groups === null) return { groups: [] };
  if (!Array.isArray(data.groups)) return undefined;
  const ok = data.groups.every(
    (g: unknown) =>
      isRecord(g) &&
      typeof g.name === 'string' &&
      Array.isArray(g.rules) &&
      g.rules.every((r: unknown) => isRecord(r) && typeof r.name === 'string' && (r.type === 'alerting' || r.type === 'recording') && (r.type !== 'alerting' || r.alerts === undefined || r.alerts === null || (Array.isArray(r.alerts) && r.alerts.every(isAlert)))),
  );
  if (!ok) return undefined;
  const groups = (data.groups as RulesData['groups']).map((g) => ({
    ...g,
    rules: g.rules.map((r) => (r.type === 'alerting' ? { ...r, alerts: (r.alerts ?? []).map((a) => ({ ...a, annotations: a.annotations ?? {} })), labels: r.labels ?? {}, annotations: r.annotations ?? {} } : r)),
  }));
  return { groups };
}

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
