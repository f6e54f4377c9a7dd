// Which latency chart draws which SLO's threshold (pure): the quantile-line panels of the three
// SLO kinds, on every engine (the panel ids are shared).
import type { SloKind } from '../../lib/slo';

export const SLO_LINE_PANELS: Readonly<Record<string, SloKind>> = { ttft: 'ttft', itl: 'itl', 'e2e-latency': 'e2e' };

/** The threshold (seconds) a panel's chart draws, or null (no SLO set for its kind, not a latency line). */
export function sloLineOf(panel: { id: string; chart: string }, slo: { thresholds: Readonly<Record<SloKind, number | null>> } | undefined): number | null {
  const kind = panel.chart === 'timeseries' ? SLO_LINE_PANELS[panel.id] : undefined;
  return kind && slo ? (slo.thresholds[kind] ?? null) : null;
}
