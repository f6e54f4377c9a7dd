// A minimal metrics registry and writer (no prom-client): renders the Prometheus text format the
// way the Python client does (HELP/TYPE, sorted labels, _created as trailing gauges, Go floats),
// and OpenMetrics sample lines with timestamps for promtool backfills.
import { escapeHelp, floatToGoString, formatLabels, formatLe, type LeFormat } from './format.ts';

export type Labels = Readonly<Record<string, string>>;

/** Where a histogram child records each observation's bucket and value (for exemplars). */
export interface ExemplarSlots {
  record(bucket: number, value: number): void;
}
export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface FamilyOptions {
  /** Wire name without suffixes: counters add `_total`, histograms `_bucket/_sum/_count`. */
  name: string;
  type: MetricType;
  help: string;
  buckets?: readonly number[];
  /** Emit `<name>_created` (single-process Python client; SGLang's multiprocess mode does not). */
  created?: boolean;
  /** Multiprocess mode only knows families that have samples: no HELP/TYPE for empty ones. */
  hideWhenEmpty?: boolean;
}

export class Child {
  value = 0;
  sum = 0;
  count = 0;
  /** Per-bucket (non-cumulative) counts, last slot is +Inf. */
  readonly buckets: Float64Array;
  /** Formatted label strings, keyed by the extra labels added (see Family.labelStrings). */
  readonly cache = new Map<string, LabelStrings>();
  /** The latest observation per bucket, when the family records exemplars (sim/exemplars.ts). */
  ex: ExemplarSlots | null = null;

  constructor(
    readonly labels: Labels,
    readonly labelStr: string,
    readonly createdSec: number,
    private readonly bounds: readonly number[],
  ) {
    this.buckets = new Float64Array(bounds.length + 1);
  }

  inc(v = 1): void {
    if (v < 0) throw new Error('counters only go up');
    this.value += v;
  }

  set(v: number): void {
    this.value = v;
  }

  /** Observe `value` `n` times (n > 1 is how per-token latencies are recorded in one go). */
  observe(value: number, n = 1): void {
    if (n <= 0) return;
    let i = 0;
    const b = this.bounds;
    while (i < b.length && value > (b[i] ?? Infinity)) i++;
    this.buckets[i] = (this.buckets[i] ?? 0) + n;
    this.ex?.record(i, value);
    this.count += n;
    this.sum += value * n;
  }

  /** SGLang's ITL histogram: the bucket of value/n gets n, but _sum grows by `sumIncrement`. */
  observeRaw(bucketValue: number, n: number, sumIncrement: number): void {
    this.observe(bucketValue, n);
    this.sum += sumIncrement - bucketValue * n;
  }
}

export class Family {
  readonly children = new Map<string, Child>();
  readonly bounds: readonly number[];
  readonly leStrings: string[];
  /** Set by enableExemplars (sim/exemplars.ts): new children get exemplar slots too. */
  exemplarSlots: ((c: Child) => ExemplarSlots) | null = null;

  readonly opts: FamilyOptions;

  constructor(opts: FamilyOptions, leFormat: LeFormat = 'python') {
    this.opts = opts;
    this.bounds = opts.buckets ?? [];
    this.leStrings = [...this.bounds.map((b) => formatLe(b, leFormat)), '+Inf'];
  }

  child(labels: Labels, nowSec: number): Child {
    const key = formatLabels(labels);
    let c = this.children.get(key);
    if (!c) {
      c = new Child(labels, key, nowSec, this.bounds);
      if (this.exemplarSlots) c.ex = this.exemplarSlots(c);
      this.children.set(key, c);
    }
    return c;
  }

  /** Text-format lines (Prometheus 0.0.4), as prometheus_client.generate_latest orders them. */
  renderText(out: string[], rename: (n: string) => string): void {
    const { type, help } = this.opts;
    if (this.opts.hideWhenEmpty && this.children.size === 0) return;
    const name = rename(this.opts.name);
    const h = escapeHelp(help);
    const main = type === 'counter' ? `${name}_total` : name;
    out.push(`# HELP ${main} ${h}`, `# TYPE ${main} ${type}`);
    for (const c of this.children.values()) {
      const ls = this.labelStrings(c, '', {});
      this.samples(c, name, ls, (line, v) => out.push(`${line} ${floatToGoString(v)}`));
    }
    if (this.opts.created && type !== 'gauge' && this.children.size > 0) {
      out.push(`# HELP ${name}_created ${h}`, `# TYPE ${name}_created gauge`);
      for (const c of this.children.values()) out.push(`${name}_created${c.labelStr} ${floatToGoString(c.createdSec)}`);
    }
  }

  /** OpenMetrics sample lines with a timestamp (seconds) and extra labels, no metadata. */
  renderOpenMetrics(out: string[], rename: (n: string) => string, extra: Labels, extraKey: string, tsSec: string): void {
    const name = rename(this.opts.name);
    for (const c of this.children.values()) {
      const ls = this.labelStrings(c, extraKey, extra);
      this.samples(c, name, ls, (line, v) => out.push(`${line} ${floatToGoString(v)} ${tsSec}`));
      if (this.opts.created && this.opts.type !== 'gauge') out.push(`${name}_created${ls.plain} ${floatToGoString(c.createdSec)} ${tsSec}`);
    }
  }

  /** Label strings are cached per child (and per set of extra labels): backfills render millions of lines. */
  private labelStrings(c: Child, extraKey: string, extra: Labels): LabelStrings {
    const hit = c.cache.get(extraKey);
    if (hit) return hit;
    const all = { ...c.labels, ...extra };
    const ls: LabelStrings = {
      plain: formatLabels(all),
      le: this.opts.type === 'histogram' ? this.leStrings.map((le) => formatLabels({ ...all, le })) : [],
    };
    c.cache.set(extraKey, ls);
    return ls;
  }

  private samples(c: Child, name: string, ls: LabelStrings, emit: (line: string, v: number) => void): void {
    switch (this.opts.type) {
      case 'gauge':
        emit(`${name}${ls.plain}`, c.value);
        return;
      case 'counter':
        emit(`${name}_total${ls.plain}`, c.value);
        return;
      case 'histogram': {
        let acc = 0;
        for (let i = 0; i < ls.le.length; i++) {
          acc += c.buckets[i] ?? 0;
          emit(`${name}_bucket${ls.le[i] ?? ''}`, acc);
        }
        emit(`${name}_count${ls.plain}`, c.count);
        emit(`${name}_sum${ls.plain}`, c.sum);
      }
    }
  }
}

interface LabelStrings {
  plain: string;
  le: string[];
}

/** One scrape target's metrics. Each instance owns its registry: no shared global state. */
export class Registry {
  readonly families: Family[] = [];
  private readonly byName = new Map<string, Family>();
  private readonly leFormat: LeFormat;

  constructor(leFormat: LeFormat = 'python') {
    this.leFormat = leFormat;
  }

  family(opts: FamilyOptions): Family {
    const existing = this.byName.get(opts.name);
    if (existing) return existing;
    const f = new Family(opts, this.leFormat);
    this.families.push(f);
    this.byName.set(opts.name, f);
    return f;
  }

  get(name: string): Family | undefined {
    return this.byName.get(name);
  }

  renderText(rename: (n: string) => string = (n) => n): string {
    const out: string[] = [];
    for (const f of this.families) f.renderText(out, rename);
    return `${out.join('\n')}\n`;
  }

  renderOpenMetrics(out: string[], extra: Labels, tsSec: string, rename: (n: string) => string = (n) => n): void {
    const key = formatLabels(extra);
    for (const f of this.families) f.renderOpenMetrics(out, rename, extra, key, tsSec);
  }
}
