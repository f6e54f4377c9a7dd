// Shaped, engine-neutral chart data: what the dashboard hands the charts layer (never wire types).

/** One line on a chart. `points` sit on the query's step grid; `null` is a gap (missing, NaN, ±Inf). */
export interface ChartSeries {
  /** Stable and unique within a panel (query id + label set); keys visibility and React rows. */
  id: string;
  /** Legend text. Plain text from label values: never interpret it as HTML. */
  name: string;
  labels: Record<string, string>;
  points: Array<[number /* ms */, number | null]>;
  /**
   * Compare mode: the id of the series this one is the earlier-window copy of (same query, shifted
   * back and re-timed onto the current grid). Drawn dashed and lighter in its original's colour.
   */
  shiftOf?: string;
}

/** A horizontal reference line (an SLO, a capacity limit), in the panel's unit. */
export interface ChartThresholdLine {
  value: number;
  /** A CSS colour chosen by the app, never by data. */
  color: string;
  /** Plain text shown at the line's end; defaults to the formatted value. */
  label?: string;
}

export interface SeriesStats {
  last: number | null;
  mean: number | null;
  max: number | null;
}

export type ChartTheme = 'light' | 'dark';

/** `line` (lines, area under a lone series), `stacked` (stacked areas), `bars`. */
export type SeriesStyle = 'line' | 'stacked' | 'bars';
