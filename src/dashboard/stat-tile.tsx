// A tile of the stat row: the current value, a sparkline and the threshold colour.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { expandQuery } from '../catalog';
import type { StatSpec, Threshold } from '../catalog/types';
import { Sparkline, matrixToSeries, sumSeries } from '../charts';
import { formatValue } from '../lib/units';
import { useLang, useT } from '../i18n';
import { statTitle } from '../i18n/catalog-text';
import { rangeQueryOptions } from '../prometheus';
import { isBackendWide } from './backend-errors';
import { useBackendHealth } from './backend-health';
import { useDashboard } from './dashboard-context';

const COLORS: Record<Threshold['color'] | 'none', string> = {
  green: 'var(--iw-green)',
  amber: 'var(--iw-amber)',
  red: 'var(--iw-red)',
  none: 'var(--iw-accent)',
};

export function colorFor(value: number | null, thresholds: Threshold[] | undefined): Threshold['color'] | 'none' {
  if (value === null || !thresholds || thresholds.length === 0) return 'none';
  let c: Threshold['color'] | 'none' = 'none';
  for (const th of [...thresholds].sort((a, b) => a.value - b.value)) if (value >= th.value) c = th.color;
  return c;
}

// memo: the refresh clock re-renders the page every tick; a tile re-renders only when its context
// value (window, filters, …) or its query result changes.
export const StatTile = memo(function StatTile({ stat }: { stat: StatSpec }) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const { resolved, window: w, catalog, filters, rateInterval, gpuPeakFlops, client, baseUrl, locale, by } = ctx;
  const { startSec, endSec, stepSec } = w;
  // A tile with `sumOf` runs its panel's query exactly as the panel does (same PromQL, so the same
  // query key: one request serves both) and adds the panel's series up.
  const source = useMemo(() => {
    const q = stat.sumOf && catalog.panels.find((p) => p.id === stat.sumOf?.panelId)?.queries.find((x) => x.id === stat.sumOf?.queryId);
    return q ? { query: q, by, summed: true } : { query: stat.query, by: [], summed: false };
  }, [stat, catalog, by]);
  const expanded = useMemo(() => {
    if (!resolved) return null;
    const r = expandQuery(source.query, catalog, { resolved, filters, rateInterval, by: source.by, gpuPeakFlops: gpuPeakFlops ?? undefined });
    return 'missing' in r ? null : r;
  }, [resolved, source, catalog, filters, rateInterval, gpuPeakFlops]);

  const q = useQuery({
    ...rangeQueryOptions(client, { baseUrl, expr: expanded?.expr ?? '', start: startSec, end: endSec, step: stepSec }),
    enabled: expanded !== null,
    placeholderData: keepPreviousData,
  });

  const points = useMemo(() => {
    if (!q.data) return [];
    const maxSeries = source.summed ? Number.MAX_SAFE_INTEGER : 1;
    const { series } = matrixToSeries(q.data.result, { start: startSec, end: endSec, step: stepSec, legend: '', idPrefix: stat.id, maxSeries });
    return source.summed ? sumSeries(series.map((x) => x.points)) : (series[0]?.points ?? []);
  }, [q.data, startSec, endSec, stepSec, stat.id, source.summed]);

  // Like the panels: while the backend is unreachable (one banner says so) the tile keeps the last
  // value it showed for this query, marked stale, instead of flipping to an error.
  const [lastGood, setLastGood] = useState<{ expr: string; points: typeof points } | null>(null);
  const expr = expanded?.expr ?? '';
  if (q.data && !q.isPlaceholderData && points.length > 0 && lastGood?.points !== points) setLastGood({ expr, points });
  const healthDown = useBackendHealth().down;
  const stale = ((q.isError && isBackendWide(q.error)) || (healthDown && q.isPending)) && lastGood !== null && lastGood.expr === expr;
  const shownPoints = stale ? lastGood.points : points;

  const last = [...shownPoints].reverse().find(([, v]) => v !== null)?.[1] ?? null;
  const state = stale ? (last === null ? 'empty' : 'ok') : !resolved || (expanded && q.isPending) ? 'loading' : !expanded ? 'unavailable' : q.isError && !q.data ? 'error' : last === null ? 'empty' : 'ok';
  const color = colorFor(last, stat.thresholds);

  const target = stat.panelId;
  const title = statTitle(stat, catalog.engine, lang);
  return (
    <div className="iw-stat" data-stat-id={stat.id} data-state={state} data-stale={stale || undefined} data-color={color} role="group" aria-label={title}>
      <div className="iw-stat-title">
        {target ? (
          <a href={`#panel-${target}`} onClick={(e) => {
            e.preventDefault();
            document.querySelector(`[data-panel-id="${target}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
          }}>
            {title}
          </a>
        ) : (
          title
        )}
      </div>
      <div className="iw-stat-value" style={{ color: COLORS[color] }}>
        {state === 'ok' ? formatValue(last, stat.unit, { locale }) : state === 'loading' ? '…' : state === 'unavailable' ? '–' : t.stat.noData}
      </div>
      <div className="iw-stat-spark" aria-hidden="true">
        {/* An SVG path, not an ECharts instance: see src/charts/sparkline.tsx. */}
        {shownPoints.length > 0 && <Sparkline points={shownPoints} color={COLORS[color]} unit={stat.unit} height={36} locale={locale} />}
      </div>
    </div>
  );
});
