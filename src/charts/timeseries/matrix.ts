// Pure data shaping: a Prometheus matrix onto the step grid, legend names, stats and CSV export.
import { fillLabels } from '../../lib/template';
import type { ChartSeries, SeriesStats } from '../core/types';

/**
 * One series of a range answer, structurally the client's columnar series (charts never import
 * prometheus): sample times in unix seconds and values, `NaN`/`±Inf` as floats.
 */
export interface MatrixSample {
  metric: Record<string, string>;
  t: ArrayLike<number>;
  v: ArrayLike<number>;
}

export interface MatrixToSeriesOptions {
  /** Query range in Unix seconds, as sent to `query_range`. */
  start: number;
  end: number;
  /** Resolution in seconds. */
  step: number;
  /** Legend template, e.g. `{{model_name}} p95`. */
  legend: string;
  /** Prefix of series ids, and the name of a series with no labels at all (the query id). */
  idPrefix: string;
  /** At most this many series are kept (default 50); the rest are counted in `truncated`. */
  maxSeries?: number;
}

export const DEFAULT_MAX_SERIES = 50;
/**
 * At most this many series are named and sorted to pick the kept ones; past it the rest of the
 * answer is only counted. Formatting every label set of a million-series answer froze the tab for
 * seconds, and no chart choice among them is worth that.
 */
export const MAX_SHAPED_SERIES = 10_000;
/** A guard against a caller's bad step; Prometheus itself refuses more than 11,000 points. */
export const MAX_GRID_POINTS = 100_000;

/** Prometheus' own spelling of a label value inside `{…}`. */
function quoteLabelValue(v: string): string {
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * The series selector as Prometheus prints it, e.g. `up{instance="a:8000", job="vllm"}`.
 * Labels are sorted so that the same set always prints the same way.
 */
export function formatLabelSet(labels: Record<string, string>): string {
  const name = labels.__name__ ?? '';
  const pairs = Object.keys(labels)
    .filter((k) => k !== '__name__')
    .sort()
    .map((k) => `${k}=${quoteLabelValue(labels[k] ?? '')}`);
  return pairs.length === 0 ? name : `${name}{${pairs.join(', ')}}`;
}

/**
 * Fills a legend template from a series' labels. A missing label becomes empty; a legend that
 * ends up blank falls back to the label set, then to `fallback`.
 *
 * @example
 * legendName('{{model_name}} p95', { model_name: 'llama' }, 'q1') // 'llama p95'
 * legendName('{{pod}}', { job: 'vllm' }, 'q1')                     // '{job="vllm"}'
 * legendName('', {}, 'q1')                                         // 'q1'
 */
export function legendName(template: string, labels: Record<string, string>, fallback: string): string {
  const filled = fillLabels(template, labels).trim();
  if (filled !== '') return filled;
  const set = formatLabelSet(labels);
  return set !== '' ? set : fallback;
}


/**
 * Puts every series of a range-query matrix on the grid `start, start+step, … ≤ end` (seconds in,
 * milliseconds out). A missing sample, `NaN` or `±Inf` is `null`, so the chart shows a gap. A
 * sample off the grid snaps to the nearest grid point within half a step; samples outside the
 * range are dropped. Series are sorted by name (then label set) so colours stay put between
 * refreshes, and capped at `maxSeries`.
 *
 * @example
 * matrixToSeries(
 *   [{ metric: { model_name: 'm' }, t: [100, 130], v: [1, NaN] }],
 *   { start: 100, end: 130, step: 15, legend: '{{model_name}}', idPrefix: 'a' },
 * )
 * // → { truncated: 0, series: [{ id: 'a{model_name="m"}', name: 'm', labels: { model_name: 'm' },
 * //       points: [[100000, 1], [115000, null], [130000, null]] }] }
 */
export function matrixToSeries(
  matrix: readonly MatrixSample[],
  opts: MatrixToSeriesOptions,
): { series: ChartSeries[]; truncated: number } {
  const { start, end, step, legend, idPrefix } = opts;
  if (!(step > 0) || !Number.isFinite(start) || !Number.isFinite(end)) {
    throw new RangeError(`matrixToSeries: bad grid start=${start} end=${end} step=${step}`);
  }
  // The epsilon absorbs float error in (end - start) / step, e.g. 0.1-second steps.
  const count = end < start ? 0 : Math.floor((end - start) / step + 1e-9) + 1;
  if (count > MAX_GRID_POINTS) {
    throw new RangeError(`matrixToSeries: ${count} points exceed ${MAX_GRID_POINTS}`);
  }
  const grid = Array.from({ length: count }, (_v, i) => Math.round((start + i * step) * 1000));

  // Names first, points only for the series kept: a runaway query can return 10,000 series. Past
  // MAX_SHAPED_SERIES the first ones in the backend's order (Prometheus sorts by label set) are used,
  // unless the caller wants more than that (a summed tile): a sum must not drop series silently.
  const max = Math.max(0, opts.maxSeries ?? DEFAULT_MAX_SERIES);
  const considered = max <= MAX_SHAPED_SERIES && matrix.length > MAX_SHAPED_SERIES ? matrix.slice(0, MAX_SHAPED_SERIES) : matrix;
  const shaped = considered.map((sample) => ({
    sample,
    key: formatLabelSet(sample.metric),
    name: legendName(legend, sample.metric, idPrefix),
  }));
  // Code-unit order, not localeCompare: colours must not depend on the viewer's locale.
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  shaped.sort((a, b) => cmp(a.name, b.name) || cmp(a.key, b.key));

  const kept = shaped.slice(0, max);
  const seen = new Set<string>();
  const series = kept.map(({ sample, key, name }): ChartSeries => {
    // Index loops, no destructuring: this runs for every point of every answer on every window
    // change (24 k points on the fleet), mostly in V8's baseline tiers (15 calls per change).
    const points = new Array<[number, number | null]>(count);
    for (let i = 0; i < count; i += 1) points[i] = [grid[i] as number, null];
    const { t, v } = sample;
    for (let j = 0; j < t.length; j += 1) {
      const i = Math.round(((t[j] as number) - start) / step);
      // NaN and ±Inf are gaps, never a line to the top of the chart.
      const x = v[j] as number;
      if (i >= 0 && i < count) (points[i] as [number, number | null])[1] = Number.isFinite(x) ? x : null;
    }
    let id = `${idPrefix}${key}`;
    // A matrix has unique label sets, but a broken backend may not: ids must stay unique.
    for (let n = 2; seen.has(id); n += 1) id = `${idPrefix}${key}#${n}`;
    seen.add(id);
    return { id, name, labels: { ...sample.metric }, points };
  });
  return { series, truncated: matrix.length - kept.length };
}

/**
 * Last non-null value, mean and max of the non-null values (all `null` when there are none).
 *
 * @example
 * seriesStats([[0, 1], [1, null], [2, 5]]) // { last: 5, mean: 3, max: 5 }
 */
export function seriesStats(points: ReadonlyArray<readonly [number, number | null]>): SeriesStats {
  let last: number | null = null;
  let sum = 0;
  let n = 0;
  let max = -Infinity;
  for (let i = 0; i < points.length; i += 1) {
    const v = (points[i] as readonly [number, number | null])[1];
    if (v === null || !Number.isFinite(v)) continue;
    last = v;
    sum += v;
    n += 1;
    if (v > max) max = v;
  }
  return n === 0 ? { last: null, mean: null, max: null } : { last, mean: sum / n, max };
}

/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"), plus tab and CR. Spreadsheets
 * skip leading spaces and zero-width characters before a formula sign, and some read the full-width
 * signs (＝ ＋ － ＠, U+FF1D U+FF0B U+FF0D U+FF20) as the ASCII ones.
 */
const FORMULA_START = /^[\s\u200b-\u200d\u2060\ufeff]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * CSV for export, RFC 4180 (CRLF, quoted when needed): a `time` column in ISO 8601 (UTC) and one
 * column per series headed by its name. Rows are the union of all timestamps; a gap is an empty
 * cell. Numbers are written in full precision with `.` decimals. Text cells that a spreadsheet
 * would evaluate (`=`, `+`, `-`, `@`) get a leading `'`; numbers (e.g. `-1.5`) are left alone.
 *
 * @example
 * toCsv([{ id: 'a', name: '=cmd', labels: {}, points: [[0, 1.5], [15000, null]] }])
 * // "time,'=cmd\r\n1970-01-01T00:00:00.000Z,1.5\r\n1970-01-01T00:00:15.000Z,\r\n"
 */
export function toCsv(series: readonly ChartSeries[]): string {
  const times = new Set<number>();
  const columns = series.map((s) => {
    const byTime = new Map<number, number | null>();
    for (const [t, v] of s.points) {
      times.add(t);
      byTime.set(t, v);
    }
    return byTime;
  });
  const lines = [['time', ...series.map((s) => s.name)].map(csvText).join(',')];
  for (const t of [...times].sort((a, b) => a - b)) {
    const cells = columns.map((c) => {
      const v = c.get(t);
      return v === undefined || v === null || !Number.isFinite(v) ? '' : String(v);
    });
    lines.push([new Date(t).toISOString(), ...cells].join(','));
  }
  return lines.map((l) => `${l}\r\n`).join('');
}

/**
 * Adds series point by point on their shared step grid; a step where every series is null stays
 * null (a gap, not a zero).
 *
 * @example
 * sumSeries([[[0, 1], [1, null]], [[0, 2], [1, null]]]) // [[0, 3], [1, null]]
 */
export function sumSeries(series: ReadonlyArray<ReadonlyArray<readonly [number, number | null]>>): Array<[number, number | null]> {
  const first = series[0];
  if (!first) return [];
  const out = new Array<[number, number | null]>(first.length);
  for (let i = 0; i < first.length; i += 1) {
    let total: number | null = null;
    for (let k = 0; k < series.length; k += 1) {
      const v = (series[k] as ReadonlyArray<readonly [number, number | null]>)[i]?.[1];
      if (v !== null && v !== undefined && Number.isFinite(v)) total = (total ?? 0) + v;
    }
    out[i] = [(first[i] as readonly [number, number | null])[0], total];
  }
  return out;
}
