// Links a panel's PromQL to the backend's own graph page ("open in Prometheus").
import { formatPromDuration } from './step';

export interface GraphRange {
  /** Unix seconds. */
  start: number;
  end: number;
  /** Seconds; sent as the legacy `step_input`, which both UIs read (whole seconds only). */
  step?: number;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC: the format both Prometheus UIs parse `end_input` with. */
function formatUtc(sec: number): string {
  return new Date(sec * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * `<base>/graph?g0.expr=…&g0.tab=0&g0.range_input=1h&g0.end_input=…`: the classic Prometheus 2.x
 * parameters, which the 3.x UI still decodes (numeric `tab` included) after `/graph` redirects.
 *
 * Limitations: Mimir and Cortex have no graph page under their `/prometheus` prefix, and
 * VictoriaMetrics' own UI lives at `<root>/vmui/` (cluster: `<root>/select/0/vmui/`) with its own
 * parameters; for those the link is the Prometheus form, which may not open a graph.
 *
 * @example graphUrl('http://h:9090', 'up', { start: 0, end: 3600, step: 15 })
 * // http://h:9090/graph?g0.expr=up&g0.tab=0&g0.range_input=1h&g0.end_input=1970-01-01+01%3A00%3A00&…
 */
export function graphUrl(baseUrl: string, expr: string, { start, end, step }: GraphRange): string {
  const params = new URLSearchParams();
  params.set('g0.expr', expr);
  params.set('g0.tab', '0');
  params.set('g0.range_input', formatPromDuration(Math.max(1, Math.round(end - start))));
  params.set('g0.end_input', formatUtc(end));
  params.set('g0.moment_input', formatUtc(end));
  if (step !== undefined && step >= 1) params.set('g0.step_input', String(Math.round(step)));
  return `${baseUrl.replace(/\/+$/, '')}/graph?${params.toString()}`;
}
