// The PromQL and the shaping behind the SLO tiles and the burn-rate panel, pure. One query per
// SLO and window returns the buckets it needs by `le` and the total as `le="count"`, so a tile
// costs one request per window; the arithmetic is src/lib/slo.ts.
import { escapeLabelValue, METRIC_NAME_RE } from '../../catalog';
import type { ColumnSpec, QuerySpec } from '../../catalog/types';
import type { SloConfig } from '../../config/runtime-config';
import { leMatcher, type ThresholdPosition } from '../../lib/buckets';
import { COUNT_LE, DEFAULT_OBJECTIVE, SLO_KINDS, attainmentFrom, type Attainment, type LeSample, type SloKind } from '../../lib/slo';
import { parseSampleValue, type ColumnarSeries, type VectorSample } from '../../prometheus';
import type { DashboardState } from '../url/url-state';

export interface EffectiveSlo {
  thresholds: Record<SloKind, number | null>;
  objective: number;
}

/**
 * The URL wins, then config.json's thresholds for the one model the board is filtered to, then
 * config.json's defaults. `off` in the URL hides an SLO whatever the config says.
 */
export function effectiveSlo(state: Pick<DashboardState, 'slo' | 'sloObjective'>, config: SloConfig, models: readonly string[]): EffectiveSlo {
  const perModel = models.length === 1 ? config.models[models[0] ?? ''] : undefined;
  const thresholds = {} as Record<SloKind, number | null>;
  for (const k of SLO_KINDS) {
    const u = state.slo[k];
    thresholds[k] = u === 'off' ? null : (u ?? perModel?.[k] ?? config[k] ?? null);
  }
  return { thresholds, objective: state.sloObjective ?? perModel?.objective ?? config.objective ?? DEFAULT_OBJECTIVE };
}

/** The selector for `match[]` of the label-values call: a bare name, or `{__name__="…"}`. */
export function seriesSelector(name: string): string {
  return METRIC_NAME_RE.test(name) ? name : `{__name__="${escapeLabelValue(name)}"}`;
}

/** The bound values the attainment at `position` needs (the total comes from `_count` or +Inf). */
function neededBounds(position: ThresholdPosition, hasCount: boolean): number[] {
  const out: number[] = [];
  if (position.kind === 'exact') out.push(position.bound.value);
  else if (position.kind === 'between') {
    if (position.lower) out.push(position.lower.value);
    out.push(position.upper.value);
  } else if (position.kind === 'above') out.push(position.highest.value);
  if (!hasCount) out.push(Infinity);
  return out;
}

/**
 * The catalog template for one SLO, e.g. for TTFT at 0.5 s on a backend storing "0.5":
 *   sum by (le) (rate({{ttft_bucket|le=~"0\\.5"}}[$__rate_interval]))
 *     or label_replace(sum(rate({{ttft_count}}[$__rate_interval])), "le", "count", "", "")
 * `le` is matched by every spelling the backend reported ("1" and "1.0"); without `_count` the
 * `+Inf` bucket is asked for instead. `$__rate_interval` is set to the window (1h, 6h, the range).
 */
export function sloQuery(kind: SloKind, position: ThresholdPosition, leValues: readonly string[], hasCount: boolean): QuerySpec | null {
  if (position.kind === 'none') return null;
  const regex = neededBounds(position, hasCount)
    .map((v) => leMatcher(v, leValues))
    .filter((m) => m !== '')
    .join('|');
  if (regex === '') return null;
  const buckets = `sum by (le) (rate({{${kind}_bucket|le=~"${escapeLabelValue(regex)}"}}[$__rate_interval]))`;
  const expr = hasCount ? `${buckets} or label_replace(sum(rate({{${kind}_count}}[$__rate_interval])), "le", "${COUNT_LE}", "", "")` : buckets;
  return { id: `${kind}-slo`, legend: '{{le}}', alternatives: [{ expr }] };
}

const leOf = (metric: Record<string, string>): string => metric.le ?? '';

export function vectorSamples(result: readonly VectorSample[]): LeSample[] {
  return result.map((s) => ({ le: leOf(s.metric), value: parseSampleValue(s.value[1]) }));
}

/** Attainment at each timestamp of a range answer (timestamps where any series has a sample). */
export function attainmentSeries(result: readonly ColumnarSeries[], threshold: number, position: ThresholdPosition): Array<[number, Attainment]> {
  const byTs = new Map<number, LeSample[]>();
  for (const s of result) {
    const le = leOf(s.metric);
    for (let i = 0; i < s.t.length; i += 1) {
      const ts = s.t[i] as number;
      const list = byTs.get(ts) ?? [];
      list.push({ le, value: s.v[i] as number });
      byTs.set(ts, list);
    }
  }
  return [...byTs.entries()].sort((a, b) => a[0] - b[0]).map(([ts, samples]) => [ts, attainmentFrom(samples, threshold, position)]);
}

const KIND_TITLE: Record<SloKind, string> = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E' };

/**
 * Per-row attainment over the selected range as table columns (model summary): one instant query
 * per SLO for all rows, grouped by the table's row labels. On a bound the exact ratio; between
 * bounds the linear interpolation of the two neighbours, in PromQL; above the last finite bound
 * the lower end. A row with no traffic has no sample (an empty cell), never 0 % or 100 %.
 * Example (TTFT 0.3 s between 0.25 and 0.5):
 *   (a(0.25) + (a(0.5) − a(0.25)) * 0.2) with a(x) = sum by ($__by)(rate(bucket{le=~"x"}[$__range])) / (total > 0)
 */
export function sloColumns(
  setups: ReadonlyArray<{ kind: SloKind; threshold: number; position: ThresholdPosition | null; leValues: readonly string[]; hasCount: boolean }>,
  objective?: number,
): ColumnSpec[] {
  const out: ColumnSpec[] = [];
  for (const s of setups) {
    const pos = s.position;
    if (!pos || pos.kind === 'none') continue;
    const sel = (v: number) => {
      const m = leMatcher(v, s.leValues);
      return m === '' ? null : `sum by ($__by) (rate({{${s.kind}_bucket|le=~"${escapeLabelValue(m)}"}}[$__range]))`;
    };
    const total = s.hasCount ? `sum by ($__by) (rate({{${s.kind}_count}}[$__range]))` : sel(Infinity);
    if (total === null) continue;
    const at = (v: number) => {
      const b = sel(v);
      return b === null ? null : `(${b} / (${total} > 0))`;
    };
    let expr: string | null;
    if (pos.kind === 'exact') expr = at(pos.bound.value);
    else if (pos.kind === 'above') expr = at(pos.highest.value);
    else {
      const hi = at(pos.upper.value);
      const loB = pos.lower?.value ?? 0;
      // 12 significant digits: (0.3 − 0.25) / 0.25 is 0.19999999999999996 in floating point.
      const frac = Number(((s.threshold - loB) / (pos.upper.value - loB)).toPrecision(12));
      const lo = pos.lower ? at(pos.lower.value) : null;
      expr = hi === null || (pos.lower && lo === null) ? null : lo === null ? `${hi} * ${frac}` : `(${lo} + (${hi} - ${lo}) * ${frac})`;
    }
    if (expr === null) continue;
    out.push({
      id: `${s.kind}-slo`,
      title: `${KIND_TITLE[s.kind]} ≤ ${s.threshold} s`,
      unit: 'ratio',
      worse: 'lower',
      query: { id: `${s.kind}-slo`, legend: '', alternatives: [{ expr }] },
      ...(objective !== undefined ? { objective } : {}),
      ...(pos.kind === 'between' ? { between: { lower: pos.lower?.value ?? 0, upper: pos.upper.value } } : {}),
    });
  }
  return out;
}
