// SLO burn-rate alerts (Google SRE workbook, "Alerting on SLOs", multiwindow multi-burn-rate):
// page when the error budget burns 14.4× too fast over 1 h and 5 m (2 % of a 30-day budget in an
// hour), and page at 6× over 6 h and 30 m (5 % in six hours). The workbook's ticket (1× over 3 days)
// is not generated: a 3-day rate per model is costly to record and needs days of history. "Good" is a request (a token,
// for ITL) in the bucket whose bound is the SLO threshold, so the threshold must be a bucket bound.
import { ENGINES, type EngineCatalog, type EngineId } from '../catalog';
import { leMatcher, locateThreshold, parseBounds } from '../lib/buckets';
import { makeAlert, type AlertContext } from './alerting';
import { sloRecordingRules } from './recording';
import type { AlertingRule, RecordingRule, SloMetric, SloSettings } from './types';

/** An engine's default bucket bounds of one SLO histogram (its roles), used when no backend is asked. */
export function defaultBuckets(catalog: EngineCatalog, metric: SloMetric): readonly number[] {
  return catalog.roles?.[metric]?.buckets ?? [];
}

/** Every registered engine's default bounds, by SLO metric. */
export const DEFAULT_BUCKETS = Object.fromEntries(
  ENGINES.map((e) => [e.id, Object.fromEntries((['ttft', 'itl', 'e2e'] as const).map((m) => [m, [...defaultBuckets(e.catalog, m)]]))]),
) as Record<EngineId, Record<SloMetric, number[]>>;

/** Both spellings a backend may store for a default bound: Python writes "1.0", Prometheus 3 "1". */
export function defaultLeValues(bounds: readonly number[]): string[] {
  return bounds.flatMap((b) => (Number.isInteger(b) ? [String(b), b.toFixed(1)] : [String(b)]));
}

export const BURN_WINDOWS = [
  { kind: 'Fast', long: '1h', short: '5m', factor: 14.4, severity: 'critical', for: '2m' },
  { kind: 'Slow', long: '6h', short: '30m', factor: 6, severity: 'critical', for: '15m' },
] as const;

export const DEFAULT_OBJECTIVE = 0.99;
const NAMES: Record<SloMetric, string> = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E latency' };
const KIND: Record<SloMetric, string> = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E' };

/** A setting the generator cannot honour (bad objective, threshold not a bucket bound). */
export class RulesInputError extends Error {
  override name = 'RulesInputError';
  /** For a threshold between bounds: the neighbouring bounds that would do. */
  readonly nearest?: { metric: SloMetric; bounds: number[] };
  constructor(message: string, nearest?: { metric: SloMetric; bounds: number[] }) {
    super(message);
    this.nearest = nearest;
  }
}

const fmt = (v: number): string => String(Number(v.toPrecision(6)));

/** Validates an SLO threshold against the bounds; returns the `le` regex matching its spellings. */
export function thresholdMatcher(metric: SloMetric, threshold: number, leValues: readonly string[]): string {
  if (!Number.isFinite(threshold) || threshold <= 0) throw new RulesInputError(`${NAMES[metric]} SLO threshold must be a positive number of seconds, not ${threshold}`);
  const pos = locateThreshold(threshold, parseBounds(leValues));
  if (pos.kind === 'exact') return leMatcher(pos.bound.value, leValues);
  const around =
    pos.kind === 'between' ? `between ${pos.lower?.value ?? 0} and ${pos.upper.value}` : pos.kind === 'above' ? `above the highest bound ${pos.highest.value}` : 'with no finite bounds';
  const nearest = pos.kind === 'between' ? [pos.lower?.value, pos.upper.value] : pos.kind === 'above' ? [pos.highest.value] : [];
  const bounds = nearest.filter((b): b is number => b !== undefined && Number.isFinite(b));
  throw new RulesInputError(
    `${NAMES[metric]} SLO threshold ${threshold} s is not a bucket bound (it falls ${around}); burn rates need a bound, e.g. one of the neighbours.`,
    bounds.length ? { metric, bounds } : undefined,
  );
}

export function sloRules(
  ctx: AlertContext,
  slo: SloSettings,
  leValues: Partial<Record<SloMetric, readonly string[]>>,
): { recording: RecordingRule[]; alerting: AlertingRule[]; missing: string[] } {
  const objective = slo.objective ?? DEFAULT_OBJECTIVE;
  if (!(objective > 0 && objective < 1)) throw new RulesInputError(`SLO objective must lie strictly between 0 and 1, not ${objective}`);
  const budget = 1 - objective;
  const recording: RecordingRule[] = [];
  const alerting: AlertingRule[] = [];
  const missing: string[] = [];
  for (const metric of ['ttft', 'itl', 'e2e'] as const) {
    const threshold = slo[metric];
    if (threshold === undefined) continue;
    if (!ctx.catalog.roles?.[metric]) {
      missing.push(`${KIND[metric]} burn-rate alerts (${ctx.catalog.label} exposes no ${metric} histogram)`);
      continue;
    }
    const values = leValues[metric] ?? defaultLeValues(defaultBuckets(ctx.catalog, metric));
    const le = thresholdMatcher(metric, threshold, values);
    const byWindow = new Map<string, { good: string; total: string }>();
    for (const w of ['5m', '30m', '1h', '6h']) {
      const r = sloRecordingRules(ctx, metric, le, w);
      if (!r) break;
      recording.push(r.good, r.total);
      byWindow.set(w, { good: r.good.record, total: r.total.record });
    }
    if (byWindow.size < 4) {
      missing.push(`${KIND[metric]} burn-rate alerts (no ${metric} histogram)`);
      continue;
    }
    const badRatio = (w: string): string => {
      const r = byWindow.get(w)!;
      return `(1 - sum by (model_name) (${r.good}) / (${r.total} > 0))`;
    };
    const unit = metric === 'itl' ? 'tokens' : 'requests';
    for (const b of BURN_WINDOWS) {
      const limit = fmt(b.factor * budget);
      const kind = `${KIND[metric]}BudgetBurn${b.kind}`;
      const expr = `${badRatio(b.long)} > ${limit}\nand\n${badRatio(b.short)} > ${limit}`;
      alerting.push(
        makeAlert(ctx, kind, expr, {
          for: b.for,
          severity: b.severity,
          labels: { slo: metric },
          anchor: 'SloBudgetBurn',
          summary: `${ctx.catalog.label} {{ $labels.model_name }}: ${NAMES[metric]} error budget burning ${b.factor}× too fast`,
          description: `{{ $value | humanizePercentage }} of ${unit} of {{ $labels.model_name }} took longer than ${threshold} s over the last ${b.long} (and over ${b.short}); the objective ${objective} allows ${fmt(budget * 100)}%.`,
        }),
      );
    }
  }
  return { recording, alerting, missing };
}
