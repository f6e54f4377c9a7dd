// What every panel needs to build and run its queries, computed once per render of the page.
import { createContext, useContext } from 'react';
import type { EngineCatalog, EngineId } from '../../catalog/types';
import type { ResolvedMetric } from '../../catalog';
import type { PrometheusClient } from '../../prometheus';
import type { DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';
import type { TracesConfig } from '../../config/traces-config';
import type { SloKind } from '../../lib/slo';

export interface QueryWindow {
  /** Aligned to the step, seconds. */
  startSec: number;
  endSec: number;
  stepSec: number;
}

/** The window's length in seconds (`$__range`). */
export const rangeSeconds = (w: QueryWindow): number => w.endSec - w.startSec;

/** A range on `w`'s step with `w`'s length: a query over the page's window, or over it moved in time. */
export const spansLike = (r: { start: number; end: number; step: number }, w: QueryWindow): boolean =>
  r.step === w.stepSec && r.end - r.start === rangeSeconds(w);

/** Summaries over the whole range are asked again when the window has moved by this share of it. */
const SUMMARY_RESOLUTION = 60;

/**
 * The window of a summary over the whole range (the tables, the quiet probes: instant queries over
 * `[$__range]` at its end): the same length, its end held on a coarser grid — a multiple of the
 * step near 1/60 of the range (60 s for an hour, 15 s for 15 min). A live page then asks these
 * again about once a minute instead of at every step (15 s), and a mean over the last hour that
 * ends up to a minute earlier is the same figure to the reader.
 */
export function summaryWindow(w: QueryWindow): QueryWindow {
  const range = rangeSeconds(w);
  const k = Math.max(1, Math.floor(range / SUMMARY_RESOLUTION / w.stepSec));
  const every = k * w.stepSec;
  const endSec = Math.floor(w.endSec / every) * every;
  return endSec === w.endSec ? w : { startSec: endSec - range, endSec, stepSec: w.stepSec };
}

export interface DashboardContextValue {
  state: DashboardState;
  setState: SetDashboardState;
  client: PrometheusClient;
  baseUrl: string;
  catalog: EngineCatalog;
  /** null while the metric names are loading, or when they could not be read (`namesFailed`). */
  resolved: Map<string, ResolvedMetric> | null;
  /** Every engine's resolved names (compare=engines reads the other engine's); null while loading. */
  resolvedBy: Partial<Record<EngineId, Map<string, ResolvedMetric>>> | null;
  /**
   * The backend did not give its metric names (unreachable, not Prometheus, an error): panels
   * settle at once on "no answer" instead of waiting for names that will not come. The banner
   * says why, once.
   */
  namesFailed: boolean;
  /** Recorded series present over the range: they replace raw queries (src/rules/recorded.ts). */
  metricNames?: ReadonlySet<string> | null;
  window: QueryWindow;
  rateInterval: string;
  filters: Record<string, string[]>;
  by: string[];
  gpuPeakFlops: number | null;
  theme: 'light' | 'dark';
  locale: string;
  chartGroup: string;
  /** Drag-to-zoom on any chart sets an absolute range. */
  onZoom: (startMs: number, endMs: number) => void;
  /** config.json `traces`: where trace links lead (none: the panels say how to set it). */
  traces?: TracesConfig | null;
  /** The SLOs in effect (URL, else config.json): the latency charts draw their thresholds. */
  slo?: { thresholds: Readonly<Record<SloKind, number | null>>; objective: number };
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const ctx = useContext(DashboardContext);
  if (!ctx) throw new Error('useDashboard outside DashboardContext');
  return ctx;
}
