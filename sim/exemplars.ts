// Exemplars for the simulated latency histograms (`--exemplars`): each bucket keeps its latest
// observation with a trace id, served only in the OpenMetrics format (`# {trace_id="…"} v ts` on
// bucket lines), as an llm-d EPP or an OTel Collector spanmetrics connector would serve them. The
// real vLLM and SGLang cannot (prometheus_client multiprocess mode); docs/traces.md says so.
// Every trace id a scrape served is kept (bounded) for `/debug/exemplars`, so a test can check
// that the ids the dashboard shows are ones the simulator emitted.
import { createHash } from 'node:crypto';
import type { Child, ExemplarSlots, Family, Registry } from './exposition.ts';
import { escapeLabelValue, floatToGoString, formatLabels } from './format.ts';

/** The latency histograms that carry exemplars: TTFT, ITL/TPOT, E2E and queue time of every engine. */
export const EXEMPLAR_FAMILY = /(time_to_first_token|inter_token_latency|time_per_output_token|e2e_request_latency|queue_time)_seconds$/;

/** How many served exemplars `/debug/exemplars` remembers per instance. */
export const SERVED_LIMIT = 20_000;

export interface ServedExemplar {
  traceId: string;
  /** The bucket series: `<name>_bucket` and its labels (with `le`). */
  metric: string;
  labels: Record<string, string>;
  value: number;
  timestampSec: number;
}

class Slots implements ExemplarSlots {
  /** Per bucket: the sequence number of its latest observation (0 = none yet), value and time. */
  readonly seq: Float64Array;
  readonly value: Float64Array;
  readonly tsMs: Float64Array;
  readonly ids: string[] = [];

  constructor(
    private readonly rec: ExemplarRecorder,
    readonly family: string,
    readonly child: Child,
    buckets: number,
  ) {
    this.seq = new Float64Array(buckets);
    this.value = new Float64Array(buckets);
    this.tsMs = new Float64Array(buckets);
  }

  record(bucket: number, value: number): void {
    this.seq[bucket] = this.rec.next();
    this.value[bucket] = value;
    this.tsMs[bucket] = this.rec.nowMs();
  }

  /** The trace id of bucket `i`'s latest observation, or null before the first one. */
  traceId(i: number): string | null {
    const seq = this.seq[i] ?? 0;
    if (seq === 0) return null;
    const cached = this.ids[i];
    if (cached && cached.endsWith(`:${seq}`)) return cached.slice(0, 32);
    const id = this.rec.traceIdFor(`${this.family}|${this.child.labelStr}|${seq}`);
    this.ids[i] = `${id}:${seq}`;
    return id;
  }
}

export class ExemplarRecorder {
  private seq = 0;
  readonly served = new Map<string, ServedExemplar>();

  /** `key` makes the ids of two instances (and two seeds) differ; `nowMs` is the instance's virtual clock. */
  constructor(
    private readonly key: string,
    readonly nowMs: () => number,
  ) {}

  next(): number {
    return ++this.seq;
  }

  /** 32 hex digits (a W3C trace id), a pure function of the instance key and the observation. */
  traceIdFor(what: string): string {
    return createHash('sha256').update(`${this.key}|${what}`).digest('hex').slice(0, 32);
  }

  /** Gives every latency histogram of `reg` (and its future children) exemplar slots. */
  enable(reg: Registry): void {
    for (const f of reg.families) {
      if (f.opts.type !== 'histogram' || !EXEMPLAR_FAMILY.test(f.opts.name)) continue;
      const make = (c: Child): Slots => new Slots(this, f.opts.name, c, f.bounds.length + 1);
      f.exemplarSlots = make;
      for (const c of f.children.values()) c.ex = make(c);
    }
  }

  remember(e: ServedExemplar): void {
    if (this.served.has(e.traceId)) return;
    this.served.set(e.traceId, e);
    if (this.served.size > SERVED_LIMIT) {
      const oldest = this.served.keys().next().value;
      if (oldest !== undefined) this.served.delete(oldest);
    }
  }
}

/** OpenMetrics escaping of HELP text (backslash, newline and, unlike the 0.0.4 format, double quote). */
const escapeOmHelp = (h: string): string => escapeLabelValue(h);

/**
 * The registry in the OpenMetrics text format (application/openmetrics-text 1.0.0): families with
 * HELP/TYPE, counters as `_total` plus `_created`, exemplars on the latency buckets, `# EOF`.
 */
export function renderOpenMetricsScrape(reg: Registry, rec: ExemplarRecorder, rename: (n: string) => string = (n) => n): string {
  const out: string[] = [];
  for (const f of reg.families) renderFamily(out, f, rec, rename);
  out.push('# EOF');
  return `${out.join('\n')}\n`;
}

function renderFamily(out: string[], f: Family, rec: ExemplarRecorder, rename: (n: string) => string): void {
  const { type, help, created } = f.opts;
  if (f.opts.hideWhenEmpty && f.children.size === 0) return;
  const name = rename(f.opts.name);
  out.push(`# HELP ${name} ${escapeOmHelp(help)}`, `# TYPE ${name} ${type}`);
  for (const c of f.children.values()) {
    const v = floatToGoString;
    if (type === 'gauge') {
      out.push(`${name}${c.labelStr} ${v(c.value)}`);
      continue;
    }
    if (type === 'counter') {
      out.push(`${name}_total${c.labelStr} ${v(c.value)}`);
    } else {
      let acc = 0;
      for (let i = 0; i < f.leStrings.length; i++) {
        acc += c.buckets[i] ?? 0;
        const le = f.leStrings[i] ?? '+Inf';
        const labels = formatLabels({ ...c.labels, le });
        out.push(`${name}_bucket${labels} ${v(acc)}${exemplar(c, i, `${name}_bucket`, { ...c.labels, le }, rec)}`);
      }
      out.push(`${name}_count${c.labelStr} ${v(c.count)}`, `${name}_sum${c.labelStr} ${v(c.sum)}`);
    }
    if (created) out.push(`${name}_created${c.labelStr} ${v(c.createdSec)}`);
  }
}

function exemplar(c: Child, i: number, metric: string, labels: Record<string, string>, rec: ExemplarRecorder): string {
  if (!(c.ex instanceof Slots)) return '';
  const traceId = c.ex.traceId(i);
  if (!traceId) return '';
  const value = c.ex.value[i] ?? 0;
  const timestampSec = (c.ex.tsMs[i] ?? 0) / 1000;
  rec.remember({ traceId, metric, labels, value, timestampSec });
  return ` # {trace_id="${traceId}"} ${floatToGoString(value)} ${timestampSec.toFixed(3)}`;
}

/** True when an Accept header asks for OpenMetrics (as Prometheus' scrape does, first choice). */
export function wantsOpenMetrics(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    if (type.toLowerCase() !== 'application/openmetrics-text') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const OPENMETRICS_CONTENT_TYPE = 'application/openmetrics-text; version=1.0.0; charset=utf-8';
