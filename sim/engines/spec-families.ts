// Declares registry families straight from the ground-truth catalog, so the wire name, type,
// help text and buckets of every emitted family are the engine's own, not retyped by hand.
import { type Child, type Family, type Labels, Registry } from '../exposition.ts';
import type { LeFormat } from '../format.ts';
import { familySpec, type EngineKind } from '../spec.ts';

export interface DeclareOptions {
  /** Wire name override (legacy names), without `_total`. */
  name?: string;
  buckets?: readonly number[];
  /** Declare with a different type than today's (legacy gauges that became histograms). */
  type?: 'counter' | 'gauge' | 'histogram';
}

/** Wire base name of a family: counters drop the `_total` that the client adds back. */
export function wireBase(engine: EngineKind, family: string): string {
  const spec = familySpec(engine, family);
  if (spec.type !== 'counter') return spec.family;
  const total = spec.exposed_series.find((s) => s.endsWith('_total'));
  return total ? total.slice(0, -'_total'.length) : spec.family;
}

export class SpecRegistry {
  readonly reg: Registry;

  constructor(
    readonly engine: EngineKind,
    /** vLLM (single-process client) emits `_created`; SGLang (multiprocess) does not. */
    private readonly created: boolean,
    /** SGLang's MultiProcessCollector replaces every help text with this. */
    private readonly helpOverride: string | null,
    leFormat: LeFormat = 'python',
  ) {
    this.reg = new Registry(leFormat);
  }

  declare(family: string, opts: DeclareOptions = {}): Family {
    const spec = familySpec(this.engine, family);
    const type = opts.type ?? (spec.type === 'counter' || spec.type === 'gauge' || spec.type === 'histogram' ? spec.type : null);
    if (!type) throw new Error(`${family}: type ${spec.type} is not simulated`);
    const buckets = opts.buckets ?? spec.buckets ?? undefined;
    if (type === 'histogram' && !buckets) throw new Error(`${family}: histogram without buckets`);
    return this.reg.family({
      name: opts.name ?? wireBase(this.engine, family),
      type,
      help: this.helpOverride ?? spec.help,
      buckets,
      created: this.created,
      hideWhenEmpty: this.helpOverride !== null,
    });
  }
}

/** A counter whose increments may be fractional internally but shows whole numbers. */
export class WholeCounter {
  private acc = 0;

  constructor(readonly child: Child) {}

  add(v: number): void {
    if (v <= 0) return;
    this.acc += v;
    this.child.value = Math.floor(this.acc + 1e-9);
  }
}

/** Children of one family keyed by one label, created up front (real engines pre-create them). */
export function childrenBy(f: Family, base: Labels, label: string, values: readonly string[], nowSec: number): Map<string, Child> {
  return new Map(values.map((v) => [v, f.child({ ...base, [label]: v }, nowSec)]));
}
