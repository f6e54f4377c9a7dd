// Trace links from a latency panel (pure): one trace by id (an exemplar), or a search for the
// requests of a heatmap cell (time slice × bucket range) in Tempo, Jaeger or a URL template.
// Anchors: docs/traces.md; the attribute names are vLLM's `llm_request` span (vllm/tracing/utils.py).
import type { TracesConfig } from '../../config/traces-config';

/** The latency a panel measures, and so what a search bounds. */
export type LatencyKind = 'ttft' | 'itl' | 'e2e' | 'queue';

/** vLLM's span attribute (seconds) per latency; ITL has none (it is per token, not per request). */
export const SPAN_ATTRIBUTE: Readonly<Record<LatencyKind, string | null>> = {
  ttft: 'span.gen_ai.latency.time_to_first_token',
  e2e: 'span.gen_ai.latency.e2e',
  queue: 'span.gen_ai.latency.time_in_queue',
  itl: null,
};

/** Jaeger's operation of vLLM's one request span. */
export const JAEGER_OPERATION = 'llm_request';
/** Traces a search asks for at most. */
export const SEARCH_LIMIT = 20;

export interface TraceSearch {
  kind: LatencyKind;
  /** Unix seconds. */
  start: number;
  end: number;
  /** Bucket bounds in seconds: `min < latency <= max`; min 0 = no lower bound, max Infinity = none. */
  min: number;
  max: number;
  /** service.name values (none: any service). */
  services: string[];
}

/** How a search bounds the requests, so the UI can say what the link can and cannot find. */
export type SearchBound = 'attribute' | 'duration' | 'duration-lower' | 'time-only';

export interface TraceLink {
  href: string;
  bound: SearchBound;
}

/** Seconds as Go/Jaeger/TraceQL durations: "250ms", "1.5s". */
export function durationText(sec: number): string {
  if (sec < 1) return `${+(sec * 1000).toPrecision(6)}ms`;
  return `${+sec.toPrecision(6)}s`;
}

/** A number for TraceQL/templates without float noise (0.30000000000000004 → 0.3). */
const num = (x: number): string => String(+x.toPrecision(12));

/** A TraceQL string literal. */
const traceQlString = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** RE2 metacharacters escaped, for `=~` on several services. */
const regexEscape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function traceQl(s: TraceSearch): { q: string; bound: SearchBound } {
  const parts: string[] = [];
  if (s.services.length === 1) parts.push(`resource.service.name = ${traceQlString(s.services[0] ?? '')}`);
  else if (s.services.length > 1) parts.push(`resource.service.name =~ ${traceQlString(s.services.map(regexEscape).join('|'))}`);
  const attr = SPAN_ATTRIBUTE[s.kind];
  let bound: SearchBound = 'time-only';
  if (s.kind === 'e2e') {
    // The request span's own duration is E2E: Tempo indexes it (`duration`), attributes or not.
    parts.push(`name = "${JAEGER_OPERATION}"`);
    if (s.min > 0) parts.push(`duration > ${durationText(s.min)}`);
    if (Number.isFinite(s.max)) parts.push(`duration <= ${durationText(s.max)}`);
    bound = 'duration';
  } else if (attr) {
    if (s.min > 0) parts.push(`${attr} > ${num(s.min)}`);
    if (Number.isFinite(s.max)) parts.push(`${attr} <= ${num(s.max)}`);
    bound = 'attribute';
  } else {
    parts.push(`name = "${JAEGER_OPERATION}"`);
  }
  return { q: `{ ${parts.join(' && ')} }`, bound };
}

const trimSlash = (u: string): string => u.replace(/\/+$/, '');

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, k: string) => (k in values ? encodeURIComponent(values[k] ?? '') : whole));
}

/** "Open traces for these requests": the search link, or null when no backend is configured. */
export function searchLink(cfg: TracesConfig | null | undefined, s: TraceSearch): TraceLink | null {
  if (!cfg) return null;
  const start = Math.floor(s.start);
  const end = Math.ceil(s.end);
  if (cfg.kind === 'tempo') {
    const { q, bound } = traceQl(s);
    const params = new URLSearchParams({ q, start: String(start), end: String(end), limit: String(SEARCH_LIMIT) });
    return { href: `${trimSlash(cfg.url)}/api/search?${params.toString()}`, bound };
  }
  if (cfg.kind === 'jaeger') {
    // Jaeger searches one service, one operation, and the span's duration (= E2E; tags match by
    // equality only). For TTFT and queue time a duration above the lower bound is all it can say.
    const params = new URLSearchParams();
    const service = s.services[0];
    if (service !== undefined) params.set('service', service);
    params.set('operation', JAEGER_OPERATION);
    params.set('start', String(start * 1_000_000));
    params.set('end', String(end * 1_000_000));
    params.set('lookback', 'custom');
    params.set('limit', String(SEARCH_LIMIT));
    let bound: SearchBound = 'time-only';
    if (s.kind !== 'itl' && s.min > 0) {
      params.set('minDuration', durationText(s.min));
      bound = 'duration-lower';
    }
    if (s.kind === 'e2e') {
      if (Number.isFinite(s.max)) params.set('maxDuration', durationText(s.max));
      bound = 'duration';
    }
    return { href: `${trimSlash(cfg.url)}/search?${params.toString()}`, bound };
  }
  const href = fill(cfg.url, {
    trace_id: '',
    start: String(start),
    end: String(end),
    service: s.services.join('|'),
    min: num(s.min),
    max: Number.isFinite(s.max) ? num(s.max) : '',
  });
  return { href, bound: SPAN_ATTRIBUTE[s.kind] || s.kind === 'e2e' ? 'attribute' : 'time-only' };
}

/** One trace by id (an exemplar's `trace_id`), or null when nothing is configured or the id is not hex. */
export function traceLink(cfg: TracesConfig | null | undefined, traceId: string, s?: Pick<TraceSearch, 'start' | 'end' | 'services'>): string | null {
  if (!cfg || !/^[0-9a-fA-F]{1,64}$/.test(traceId)) return null;
  const values = {
    trace_id: traceId,
    start: s ? String(Math.floor(s.start)) : '',
    end: s ? String(Math.ceil(s.end)) : '',
    service: s?.services.join('|') ?? '',
    min: '',
    max: '',
  };
  if (cfg.traceUrl) return fill(cfg.traceUrl, values);
  if (cfg.kind === 'tempo') return `${trimSlash(cfg.url)}/api/traces/${traceId}`;
  if (cfg.kind === 'jaeger') return `${trimSlash(cfg.url)}/trace/${traceId}`;
  return cfg.url.includes('{trace_id}') ? fill(cfg.url, values) : null;
}

/** The service.name of a series: its `serviceTemplate` filled from labels, else its `serviceLabel` value. */
export function serviceOf(cfg: TracesConfig | null | undefined, labels: Readonly<Record<string, string>>): string | null {
  if (!cfg) return null;
  if (cfg.serviceTemplate) {
    let missing = false;
    const s = cfg.serviceTemplate.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_, k: string) => {
      const v = labels[k];
      if (v === undefined) missing = true;
      return v ?? '';
    });
    return missing ? null : s;
  }
  if (cfg.serviceLabel) return labels[cfg.serviceLabel] ?? null;
  return null;
}
