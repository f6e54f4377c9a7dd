// The one generic panel: renders any catalog entry, with its state, chart, legend and menu.
// DOM contract (PRODUCT.md §4): role="figure", aria-label = title, data-panel-id, data-state.
import { memo, useMemo, useRef, useState } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { ColorRegistry, EChart, LegendTable, buildTimeSeriesOption, seriesColorMap, toCsv, withAlertMarkers, type EChartsInstance } from '../../charts';
import { markersAriaLabel, useAlertMarkers } from '../alerts/markers';
import { Menu, type MenuItem } from '../../components/menu';
import { downloadText, exportName } from '../../components/download';
import { useLang, useT } from '../../i18n';
import { flagText, panelText } from '../../i18n/catalog-text';
import { CompareNote } from '../compare/note';
import { DashboardContext, useDashboard, type DashboardContextValue } from '../board/context';
import { exportPanelPng } from './export-context';
import { DistributionChart, isDistributionPanel } from './lazy-distribution-chart';
import { LatestChart } from './lazy-latest-chart';
import { QueryDialog } from './query-dialog';
import { querySourceItem } from './query-source';
import { useInView } from '../data/use-in-view';
import { usePanelData, type PanelData } from '../data/use-panel-data';
import { bucketLimitedNote, useLegendBound, useQuantilePrecision } from '../data/use-quantile-precision';
import { TableBody, tableCsv } from '../tables/table-panel';
import { useTableData } from '../tables/use-table-data';

/** Same context apart from the query window. */
function sameButWindow(a: DashboardContextValue, b: DashboardContextValue): boolean {
  return (Object.keys(b) as Array<keyof DashboardContextValue>).every((k) => k === 'window' || Object.is(a[k], b[k]));
}

/**
 * The context a panel sees: the page's while the panel is on or near the screen; off screen, the
 * same but with the window it last saw, so that a refresh tick (which moves only the window)
 * changes nothing for it: it neither re-renders, nor makes new (disabled) queries, nor touches its
 * chart. It catches up as soon as it comes back into view. Other changes (filters, theme, names
 * resolved) still reach it at once.
 */
function useWindowHeldOffScreen(ctx: DashboardContextValue, active: boolean): DashboardContextValue {
  const [held, setHeld] = useState(ctx);
  if (active || held.window === ctx.window) {
    if (held !== ctx) setHeld(ctx);
    return ctx;
  }
  if (sameButWindow(held, ctx)) return held;
  const next = { ...ctx, window: held.window };
  setHeld(next);
  return next;
}

// memo: the refresh clock re-renders the page every tick; a panel re-renders only when its context
// value (window, filters, …) or its query results change, and off screen not for the window.
export const Panel = memo(function Panel({ panel, fill = false }: { panel: PanelSpec; fill?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const active = useInView(root) || fill;
  const ctx = useDashboard();
  const view = useWindowHeldOffScreen(ctx, active);
  return (
    <DashboardContext.Provider value={view}>
      {panel.chart === 'table' ? (
        <TableView panel={panel} fill={fill} active={active} root={root} />
      ) : (
        <PanelView panel={panel} fill={fill} active={active} behind={view.window !== ctx.window} root={root} />
      )}
    </DashboardContext.Provider>
  );
});

const PanelView = memo(function PanelView({
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
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [showQuery, setShowQuery] = useState(false);
  const chart = useRef<EChartsInstance | null>(null);
  const precision = useQuantilePrecision(panel, data.series, active);
  const legendBound = useLegendBound(panel, active, panel.unit, t.distribution, ctx.locale);
  // The panel's colour memory: a series keeps its colour while filters change (chart and legend).
  const [colors] = useState(() => new ColorRegistry());

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
      }),
    [data.series, hidden, panel, ctx.theme, data.window, ctx.locale, precision, t, colors],
  );
  // Alerts started in the range, as lines on the time axis (an added piece of the option).
  const markers = useAlertMarkers(active && !isDistributionPanel(panel) && panel.chart !== 'latest');
  const markStart = data.window.startSec * 1000;
  const markEnd = data.window.endSec * 1000;
  const markerNote = t.alerts.markerNote;
  const shown = useMemo(
    () => withAlertMarkers(option, markers, ctx.theme, markStart, markEnd, ctx.locale, markerNote),
    [option, markers, ctx.theme, markStart, markEnd, ctx.locale, markerNote],
  );
  const chartTitle = markersAriaLabel(text.title, markers, markStart, markEnd, (title, alerts) => t.alerts.markers(title, alerts));
  const quantileNote = data.state === 'ok' ? bucketLimitedNote(data.series, precision, panel.unit, t.distribution, ctx.locale) : null;

  const menuItems: MenuItem[] = [
    { label: t.menu.showQuery, onSelect: () => setShowQuery(true), disabled: data.queries.length === 0 },
    fill
      ? { label: t.menu.exitFullScreen, onSelect: () => ctx.setState({ panel: null }) }
      : { label: t.menu.fullScreen, onSelect: () => ctx.setState({ panel: panel.id }) },
    {
      label: t.menu.csv,
      disabled: data.series.length === 0,
      onSelect: () => downloadText(exportName(panel.id, 'csv'), toCsv(data.series), 'text/csv;charset=utf-8'),
    },
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
      <PanelBody panel={panel} title={chartTitle} notAvailable={text.notAvailable} data={data} fill={fill} option={shown} chartRef={chart} />
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

/** The figure every panel kind shares: DOM contract, title, state badges and the menu. */
function PanelFrame({
  panel,
  title,
  description,
  fill,
  root,
  state,
  stale,
  fetching,
  menuItems,
  compare = null,
  children,
}: {
  panel: PanelSpec;
  title: string;
  description: string;
  fill: boolean;
  root: React.RefObject<HTMLDivElement | null>;
  state: PanelData['state'];
  stale: boolean;
  fetching: boolean;
  menuItems: MenuItem[];
  /** The compare shift when this panel overlays the earlier window (PRODUCT.md §6 `data-compare`). */
  compare?: string | null;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <div
      ref={root}
      role="figure"
      aria-label={title}
      data-panel-id={panel.id}
      data-state={state}
      data-stale={stale || undefined}
      data-compare={compare ?? undefined}
      className={`iw-panel ${fill ? 'iw-panel-fill' : panel.width === 'full' ? 'md:col-span-2' : ''}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="iw-panel-title" title={description}>
            {title}
          </h3>
          <p className="iw-panel-desc" title={description}>
            {description}
          </p>
        </div>
        <div className="flex items-center gap-1 shrink-0">
          {stale && <span className="iw-badge iw-badge-amber">{t.state.stale}</span>}
          {fetching && !stale && state !== 'error' && <span className="iw-spinner" aria-hidden="true" />}
          <Menu label={`${t.menu.open}: ${title}`} items={menuItems} />
        </div>
      </div>
      {children}
    </div>
  );
}

/** A table panel: same frame, states and menu as a chart; the body is a sortable table. */
const TableView = memo(function TableView({
  panel,
  fill,
  active,
  root,
}: {
  panel: PanelSpec;
  fill: boolean;
  active: boolean;
  root: React.RefObject<HTMLDivElement | null>;
}) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const text = panelText(panel, ctx.catalog.engine, lang);
  const data = useTableData(panel, active);
  const [showQuery, setShowQuery] = useState(false);
  const menuItems: MenuItem[] = [
    { label: t.menu.showQuery, onSelect: () => setShowQuery(true), disabled: data.queries.length === 0 },
    fill
      ? { label: t.menu.exitFullScreen, onSelect: () => ctx.setState({ panel: null }) }
      : { label: t.menu.fullScreen, onSelect: () => ctx.setState({ panel: panel.id }) },
    {
      label: t.menu.csv,
      disabled: data.rows.length === 0,
      onSelect: () => downloadText(exportName(panel.id, 'csv'), tableCsv(panel, data.rows), 'text/csv;charset=utf-8'),
    },
  ];
  return (
    <PanelFrame panel={panel} title={text.title} description={text.description} fill={fill} root={root} state={data.state} stale={data.stale} fetching={data.fetching} menuItems={menuItems}>
      {data.state === 'ok' ? (
        <TableBody panel={panel} data={data} fill={fill} />
      ) : (
        <div className="iw-panel-message" style={{ minHeight: 80 }}>
          {data.state === 'loading' && <span className="iw-muted">{t.state.loading}</span>}
          {data.state === 'empty' && <span>{t.table.noRows}</span>}
          {data.state === 'error' && <span className={data.backendDown ? 'iw-muted' : 'iw-error'}>{data.reason}</span>}
          {data.state === 'unavailable' && <span>{t.state.unavailable}</span>}
        </div>
      )}
      {showQuery && <QueryDialog title={text.title} queries={data.queries} onClose={() => setShowQuery(false)} />}
    </PanelFrame>
  );
});

function PanelBody({
  panel,
  title,
  notAvailable,
  data,
  fill,
  option,
  chartRef,
}: {
  panel: PanelSpec;
  title: string;
  notAvailable: string | undefined;
  data: PanelData;
  fill: boolean;
  option: ReturnType<typeof buildTimeSeriesOption>;
  chartRef: React.RefObject<EChartsInstance | null>;
}) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const height = fill ? 'calc(100vh - 180px)' : 220;
  if (data.state === 'ok' && isDistributionPanel(panel))
    return <DistributionChart panel={panel} series={data.series} title={title} height={height} chartRef={chartRef} />;
  if (data.state === 'ok' && panel.chart === 'latest') return <LatestChart panel={panel} series={data.series} title={title} height={height} chartRef={chartRef} />;
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
    <div className="iw-panel-message" style={{ height }}>
      {data.state === 'loading' && <span className="iw-muted">{t.state.loading}</span>}
      {data.state === 'empty' && <span>{data.emptyReason ?? (isRatio(panel) ? t.state.noRatio : t.state.empty)}</span>}
      {data.state === 'error' && <span className={data.backendDown ? 'iw-muted' : 'iw-error'}>{data.reason}</span>}
      {data.state === 'unavailable' && (
        <div className="space-y-1">
          {panel.notAvailable ? (
            <>
              <p className="font-medium">{t.state.notForEngine}</p>
              <p className="iw-muted">{notAvailable}</p>
            </>
          ) : data.quiet?.kind === 'never-moved' ? (
            <>
              <p className="font-medium">{t.state.neverMoved}</p>
              <p>{t.state.enableWith(data.quiet.flags.map((f) => flagText(f, lang)).join(', '))}</p>
              <p className="iw-muted text-xs break-all">{t.state.counters(data.quiet.metrics.join(', '))}</p>
            </>
          ) : data.reason === 'needs-gpu' ? (
            <p>{t.state.needsGpu}</p>
          ) : (
            <>
              <p className="font-medium">{t.state.unavailable}</p>
              {panel.enabledBy && <p>{t.state.enableWith(flagText(panel.enabledBy, lang))}</p>}
              {data.missingNames.length > 0 && <p className="iw-muted text-xs break-all">{t.state.missing(data.missingNames.join(', '))}</p>}
            </>
          )}
        </div>
      )}
    </div>
  );
}

function isRatio(panel: PanelSpec): boolean {
  return panel.unit === 'ratio';
}
