// A time-series, distribution or latest-value panel: the chart, its legend, notes and menu, in the
// frame every panel shares.
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { ColorRegistry, EChart, LegendTable, buildTimeSeriesOption, legendValueText, seriesColorMap, toCsv, withAlertMarkers, withSloLine, type EChartsInstance } from '../../charts';
import { formatValue } from '../../lib/units';
import { sloLineOf } from '../slo/slo-line';
import type { MenuItem } from '../../components/menu';
import { markersAriaLabel } from '../alerts/markers';
import { drawsMarkers, useBoardMarkers } from './board-markers';
import { useLang, useT } from '../../i18n';
import { panelText } from '../../i18n/catalog-text';
import { CompareNote } from '../compare/note';
import { useDashboard } from '../data/context';
import { exportPanelPng } from './export-context';
import { DistributionChart, isDistributionPanel, preloadDistributionChart } from './lazy-distribution-chart';
import { LatestChart } from './lazy-latest-chart';
import { PanelFrame } from './panel-frame';
import { panelMenu } from './panel-menu';
import { QueryDialog } from './query-dialog';
import { querySourceItem } from './query-source';
import { StateMessage } from './state-message';
import { usePanelData, type PanelData } from '../data/use-panel-data';
import { bucketLimitedNote, useLegendBound, useQuantilePrecision } from '../data/use-quantile-precision';
import { latencyKindOf } from '../traces/exemplar-query';
import { LatencyLineChart, preloadLatencyLines } from './lazy-line-chart';
import { useCapWidth } from './use-cap-width';

/**
 * Starts (once) the download of the lazy chunk a chart panel draws with, if it has one: the
 * distribution panels' and the latency lines' (their exemplars). Called when the panel comes into
 * view, and at boot for the first screen's panels with their queries (app/start.tsx), so that the
 * chunk is not asked only after React's first commit.
 */
export function preloadPanelChunk(panel: PanelSpec): void {
  const load = isDistributionPanel(panel) ? preloadDistributionChart : latencyKindOf(panel) ? preloadLatencyLines : null;
  if (load) void load().catch(() => {});
}

export const ChartView = memo(function ChartView({
  panel,
  fill,
  active,
  behind,
  root,
}: {
  panel: PanelSpec;
  fill: boolean;
  active: boolean;
  /** Off screen with a window older than the page's (see useWindowHeldOffScreen). */
  behind: boolean;
  root: React.RefObject<HTMLDivElement | null>;
}) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const text = panelText(panel, ctx.catalog.engine, lang);
  const data = usePanelData(panel, active, behind);
  // The chart's own queries first: the secondary ones (bucket bounds, alert and change markers) are
  // asked once its answers are in, so the backend serves the chart's range queries alone and the
  // markers are added to the drawn chart (one request per distinct query all the same).
  const secondary = active && data.state !== 'loading';
  // The lazy chunk this panel draws with is fetched with its data, not after it: the chart is then
  // built once, not first as plain lines and again when the chunk arrives (lazy-line-chart.tsx).
  useEffect(() => {
    if (active) preloadPanelChunk(panel);
  }, [active, panel]);
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [showQuery, setShowQuery] = useState(false);
  const chart = useRef<EChartsInstance | null>(null);
  const precision = useQuantilePrecision(panel, data.series, secondary);
  const pointBound = useLegendBound(panel, secondary, panel.unit, t.distribution, ctx.locale);
  // Quantile lines: Last/Max as bounds where they are only bounds, and a Mean that never mixes them.
  const legendBound = useMemo(() => legendValueText(data.series, precision, pointBound, panel.unit, ctx.locale), [data.series, precision, pointBound, panel.unit, ctx.locale]);
  // The panel's colour memory: a series keeps its colour while filters change (chart and legend).
  const [colors] = useState(() => new ColorRegistry());
  // Set only when a line may have more points than the plot has pixels (use-cap-width.ts).
  const widthPx = useCapWidth(root, (data.window.endSec - data.window.startSec) / data.window.stepSec + 1);

  const option = useMemo(
    () =>
      buildTimeSeriesOption({
        series: data.series,
        hidden,
        unit: panel.unit,
        theme: ctx.theme,
        kind: panel.chart === 'bars' ? 'bars' : panel.chart === 'stacked' ? 'stacked' : 'line',
        min: panel.min,
        max: panel.max,
        // The grid of the series shown (while a refresh loads, the previous one).
        startMs: data.window.startSec * 1000,
        endMs: data.window.endSec * 1000,
        locale: ctx.locale,
        precision,
        precisionText: t.distribution,
        colors,
        widthPx,
      }),
    [data.series, hidden, panel, ctx.theme, data.window, ctx.locale, precision, t, colors, widthPx],
  );
  // The SLO's threshold on its latency chart (TTFT, ITL, E2E), labelled with the objective.
  const slo = sloLineOf(panel, ctx.slo);
  const objective = ctx.slo?.objective ?? null;
  const withSlo = useMemo(
    () =>
      slo === null || objective === null
        ? option
        : withSloLine(option, {
            value: slo,
            label: t.lines.slo(formatValue(objective, 'ratio', { locale: ctx.locale }), formatValue(slo, panel.unit, { locale: ctx.locale })),
            theme: ctx.theme,
            unit: panel.unit,
            locale: ctx.locale,
            startMs: data.window.startSec * 1000,
            endMs: data.window.endSec * 1000,
          }),
    [option, slo, objective, t, ctx.locale, ctx.theme, panel.unit, data.window],
  );
  // Alerts started in the range, as lines on the time axis (an added piece of the option).
  // Engine restarts and changes in the range (diagnosis/change-markers.ts), drawn the same way.
  // Both are the page's, computed once for every chart (board-markers.tsx).
  const marked = secondary && drawsMarkers(panel);
  const { alerts: alertMarkers, changes: changeMarkers } = useBoardMarkers(marked);
  const markers = useMemo(() => (changeMarkers.length === 0 ? alertMarkers : [...alertMarkers, ...changeMarkers]), [alertMarkers, changeMarkers]);
  const markStart = data.window.startSec * 1000;
  const markEnd = data.window.endSec * 1000;
  const markerNote = t.alerts.markerNote;
  const shown = useMemo(
    () => withAlertMarkers(withSlo, markers, ctx.theme, markStart, markEnd, ctx.locale, markerNote),
    [withSlo, markers, ctx.theme, markStart, markEnd, ctx.locale, markerNote],
  );
  // With change markers among them, the name does not call them all alerts.
  const chartTitle = markersAriaLabel(text.title, markers, markStart, markEnd, (title, list) => (changeMarkers.length > 0 ? t.diagnosis.changes.aria(title, list) : t.alerts.markers(title, list)));
  const quantileNote = data.state === 'ok' ? bucketLimitedNote(data.series, precision, panel.unit, t.distribution, ctx.locale) : null;

  const baseMenu = panelMenu({
    panel,
    t,
    fill,
    setState: ctx.setState,
    queryCount: data.queries.length,
    onShowQuery: () => setShowQuery(true),
    csv: data.series.length === 0 ? null : () => toCsv(data.series),
  });
  const menuItems: MenuItem[] = [
    ...baseMenu,
    {
      label: t.menu.png,
      disabled: data.state !== 'ok',
      onSelect: () => {
        if (!chart.current) return;
        void exportPanelPng(chart.current, panel.id, {
          title: text.title,
          engine: ctx.catalog.engine,
          baseUrl: ctx.baseUrl,
          filters: ctx.filters,
          rateInterval: ctx.rateInterval,
          startMs: data.window.startSec * 1000,
          endMs: data.window.endSec * 1000,
          series: data.series,
          hidden,
          colors: seriesColorMap(data.series, colors),
          unit: panel.unit,
          theme: ctx.theme,
          locale: ctx.locale,
          nowMs: Date.now(),
          t,
        });
      },
    },
    // Last: where the data comes from (recorded or raw series), a status more than an action.
    ...querySourceItem(data.queries, t.menu, () => setShowQuery(true)),
  ];

  return (
    <PanelFrame panel={panel} title={text.title} description={text.description} fill={fill} root={root} state={data.state} stale={data.stale} fetching={data.fetching} menuItems={menuItems} compare={data.compare}>
      <ChartBody panel={panel} title={chartTitle} notAvailable={text.notAvailable} data={data} fill={fill} option={shown} chartRef={chart} hidden={hidden} active={active} />
      {data.state === 'ok' && !isDistributionPanel(panel) && panel.chart !== 'latest' && (
        <div className="iw-legend">
          <LegendTable
            series={data.series}
            unit={panel.unit}
            hidden={hidden}
            locale={ctx.locale}
            labels={t.legend}
            colors={colors}
            valueText={legendBound}
            expanded={fill}
            onToggle={(id) =>
              setHidden((prev) => {
                const next = new Set(prev);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
          />
        </div>
      )}
      {data.compareNote && <CompareNote id={data.compareNote} />}
      {quantileNote && (
        <p className="iw-panel-note" data-quantile-note="">
          {quantileNote}
        </p>
      )}
      {(data.truncated > 0 || data.warnings.length > 0) && (
        <p className="iw-panel-note">
          {data.truncated > 0 && t.state.truncated(data.series.length, data.series.length + data.truncated)}
          {data.warnings.length > 0 && ` ${t.state.warnings}: ${data.warnings.join('; ')}`}
        </p>
      )}
      {showQuery && <QueryDialog title={text.title} queries={data.queries} onClose={() => setShowQuery(false)} />}
    </PanelFrame>
  );
});

function ChartBody({
  panel,
  title,
  notAvailable,
  data,
  fill,
  option,
  chartRef,
  hidden,
  active,
}: {
  panel: PanelSpec;
  title: string;
  notAvailable: string | undefined;
  data: PanelData;
  fill: boolean;
  option: ReturnType<typeof buildTimeSeriesOption>;
  chartRef: React.RefObject<EChartsInstance | null>;
  hidden: ReadonlySet<string>;
  active: boolean;
}) {
  const t = useT();
  const ctx = useDashboard();
  const height = fill ? 'calc(100vh - 180px)' : 220;
  if (data.state === 'ok' && isDistributionPanel(panel))
    return <DistributionChart panel={panel} series={data.series} title={title} height={height} chartRef={chartRef} />;
  if (data.state === 'ok' && panel.chart === 'latest') return <LatestChart panel={panel} series={data.series} title={title} height={height} chartRef={chartRef} />;
  // Latency quantile lines: exemplar dots and trace searches from a point (src/dashboard/traces/).
  const latency = latencyKindOf(panel);
  if (data.state === 'ok' && latency)
    return <LatencyLineChart panel={panel} kind={latency} option={option} series={data.series} hidden={hidden} window={data.window} title={title} height={height} chartRef={chartRef} active={active} fill={fill} />;
  if (data.state === 'ok')
    return (
      <EChart
        option={option}
        theme={ctx.theme}
        height={height}
        group={ctx.chartGroup}
        ariaLabel={title}
        onZoom={ctx.onZoom}
        onReady={(inst) => {
          chartRef.current = inst;
        }}
      />
    );
  return (
    <StateMessage
      panel={panel}
      state={data.state}
      emptyText={data.emptyReason ?? (panel.unit === 'ratio' ? t.state.noRatio : t.state.empty)}
      reason={data.reason}
      backendDown={data.backendDown}
      notAvailable={notAvailable}
      missingNames={data.missingNames}
      quiet={data.quiet}
      needsGpu={data.reason === 'needs-gpu'}
      style={{ height }}
    />
  );
}
