// config.json `traces`: where "Open traces for these requests" and an exemplar's trace id lead
// (docs/traces.md). Only http(s) URLs: a link from the board must never run script
// (docs/security.md, "Nothing a URL carries runs script").

export type TracesKind = 'tempo' | 'jaeger' | 'template';

export interface TracesConfig {
  /** tempo: `url` is Tempo's HTTP API base; jaeger: the Jaeger UI base; template: `url` is the search link itself. */
  kind: TracesKind;
  url: string;
  /** A link to one trace, with `{trace_id}` (default per kind: Tempo `/api/traces/{trace_id}`, Jaeger `/trace/{trace_id}`). */
  traceUrl: string | null;
  /** The engine series' label whose value is the trace's `service.name` (e.g. `job`). */
  serviceLabel: string | null;
  /** Or a template of series labels, e.g. `vllm-{instance}`; wins over serviceLabel. */
  serviceTemplate: string | null;
  /** The service when no series names one (a heatmap cell without exemplars); Jaeger needs one. */
  service: string | null;
}

/** The placeholders a `template` URL may hold. */
export const TRACE_PLACEHOLDERS = ['trace_id', 'start', 'end', 'service', 'min', 'max'] as const;

const KINDS: readonly string[] = ['tempo', 'jaeger', 'template'];
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const KEYS = new Set(['kind', 'url', 'traceUrl', 'serviceLabel', 'serviceTemplate', 'service']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An absolute http(s) URL once its `{placeholders}` are filled, else a reason. */
export function checkTraceUrl(url: string, where: string): string | null {
  const unknown = [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '').filter((p) => !(TRACE_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length > 0) return `${where} has unknown placeholder(s) ${unknown.map((p) => `{${p}}`).join(', ')} (known: ${TRACE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})`;
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{[^{}]*\}/g, 'x'));
  } catch {
    return `${where} must be an absolute http(s) URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${where} must be an http(s) URL, not ${parsed.protocol}`;
  return null;
}

/** Validates `traces`; problems are pushed, null when absent or invalid. */
export function validateTraces(raw: unknown, problems: string[]): TracesConfig | null {
  if (raw === undefined || raw === null) return null;
  const before = problems.length;
  if (!isRecord(raw)) {
    problems.push('"traces" must be an object such as {"kind": "tempo", "url": "https://tempo.example"}');
    return null;
  }
  for (const k of Object.keys(raw)) if (!KEYS.has(k)) problems.push(`unknown key "traces.${k}"`);
  const str = (k: string): string | null => {
    const v = raw[k];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' || v.trim() === '') {
      problems.push(`"traces.${k}" must be a non-empty string`);
      return null;
    }
    return v.trim();
  };
  const kind = str('kind');
  if (kind === null || !KINDS.includes(kind)) problems.push('"traces.kind" must be "tempo", "jaeger" or "template"');
  const url = str('url');
  if (url === null) problems.push('"traces.url" is required');
  else {
    const p = checkTraceUrl(url, '"traces.url"');
    if (p) problems.push(p);
  }
  const traceUrl = str('traceUrl');
  if (traceUrl !== null) {
    const p = checkTraceUrl(traceUrl, '"traces.traceUrl"');
    if (p) problems.push(p);
    else if (!traceUrl.includes('{trace_id}')) problems.push('"traces.traceUrl" must contain {trace_id}');
  }
  const serviceLabel = str('serviceLabel');
  if (serviceLabel !== null && !LABEL_NAME.test(serviceLabel)) problems.push('"traces.serviceLabel" must be a label name such as "job"');
  const serviceTemplate = str('serviceTemplate');
  if (serviceTemplate !== null && [...serviceTemplate.matchAll(/\{([^{}]*)\}/g)].some((m) => !LABEL_NAME.test(m[1] ?? '')))
    problems.push('"traces.serviceTemplate" placeholders must be label names, e.g. "vllm-{instance}"');
  const service = str('service');
  if (problems.length > before || kind === null || url === null) return null;
  return { kind: kind as TracesKind, url, traceUrl, serviceLabel, serviceTemplate, service };
}
