// The page: header and filters, banners, the stat row and the six sections (or one panel alone
// with `panel=`). Owns the refresh clock, the query window and the context panels read.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { catalogs, ENGINES } from '../../catalog';
import { SECTION_IDS, type EngineCatalog, type PanelSpec } from '../../catalog/types';
import type { RuntimeConfig } from '../../config/runtime-config';
import { alignRange, computeStep, createPrometheusClient, formatPromDuration, rateInterval } from '../../prometheus';
import { useT } from '../../i18n';
import { ErrorBoundary } from '../../components/error-boundary';
import { AbSummary } from '../compare/ab-summary';
import { AlertsRegion } from '../alerts/region';
import { Banners } from './banners';
import { chooseBackend } from '../backend/choice';
import { credentialsFor, type CredentialStore, type Credentials } from '../backend/credentials';
import { CredentialsNotice, CredentialsPopover } from '../backend/credentials-popover';
import { DashboardContext, type DashboardContextValue } from './context';
import { FiltersBar } from '../header/filters-bar';
import { gpuPeakFor, mergeGpuPeaks } from './gpu-peaks';
import { GpuPicker } from './gpu-picker';
import { EngineToggle, HeaderControls, PromUrlField } from '../header/header';
import { isAutoPanelId, OtherMetricAlone, OtherMetrics } from './other-metrics';

import { HealthSummary } from './health-summary';
import { Panel } from '../panel/panel';
import { RulesButton } from '../header/rules-dialog';
import { Section } from './section';
import { SectionNotes } from './section-notes';
import { sectionPanels } from './section-panels';
import { SloBurnPanel } from '../slo/burn-panel';
import { SloPopover } from '../slo/popover';
import { SloSummaryPanel } from '../slo/summary';
import { effectiveSlo } from '../slo/queries';
import { SloTiles } from '../slo/tiles';
import { useEvictSuperseded } from '../data/evict-superseded';
import { StatTile } from '../panel/stat-tile';
import { isRelative, rangeProblem, resolveRange } from '../header/time-range';
import { useBackend } from '../backend/use-backend';
import { useBelowFoldMounted } from '../data/first-screen';
import { useRecordedNames } from '../backend/recorded-names';
import { useEmbedApi } from '../embed/use-embed-api';
import { useFullScreen } from '../header/use-full-screen';
import { useCommittedWindow } from '../data/use-committed-window';
import { useNow } from '../data/use-now';
import { PrintButton, PrintingContext, usePrintBoard } from '../header/print-board';
import type { DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';

const DEFAULT_SCRAPE_SEC = 15;

/** The panel width, and whether it has been measured yet (queries wait for it: their step follows it). */
function usePanelWidth(): [React.RefObject<HTMLElement | null>, number, boolean] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const w = entry?.contentRect.width ?? 1200;
      // Two columns from the md breakpoint (768 px): a panel is half the row.
      const panel = Math.max(200, Math.round(w >= 768 ? (w - 12) / 2 : w));
      setWidth((prev) => (prev === null || Math.abs(prev - panel) > 40 ? panel : prev));
    });
    ro.observe(el);
    // A background tab gets no observation until it is shown: go on with the default meanwhile.
    const fallback = setTimeout(() => setWidth((prev) => prev ?? 600), 500);
    return () => {
      ro.disconnect();
      clearTimeout(fallback);
    };
  }, []);
  return [ref, width ?? 600, width !== null];
}

/** What a panel that threw shows instead (the rest of the board keeps working). */
function PanelCrash({ panel, message }: { panel: PanelSpec; message: string }) {
  return (
    <div role="figure" aria-label={panel.title} data-panel-id={panel.id} data-state="error" className="iw-panel">
      <h3 className="iw-panel-title">{panel.title}</h3>
      <p className="iw-error">{message}</p>
    </div>
  );
}

export function Dashboard({
  config,
  state,
  problems,
  setState,
  resolvedTheme,
  locale,
  credentials,
  onCredentials,
}: {
  config: RuntimeConfig;
  state: DashboardState;
  problems: string[];
  setState: SetDashboardState;
  resolvedTheme: 'light' | 'dark';
  locale: string;
  credentials: CredentialStore;
  onCredentials: (origin: string, c: Credentials) => void;
}) {
  const t = useT();
  const [now, refreshNow] = useNow(state.refresh);
  const [mainRef, panelWidth, widthMeasured] = usePanelWidth();

  // Headers are bound to the backend's origin: config.json's to its own backend, the user's to the
  // origin they were typed for. Typed ones override config.json's of the same name.
  const choice = useMemo(() => chooseBackend(state.prom, config, window.location.origin, credentials), [state.prom, config, credentials]);
  const { input: promInput, validated, baseUrl, origin: backendOrigin } = choice;
  const headersKey = JSON.stringify(choice.headers);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same headers keep their identity (the client and the reset below follow them)
  const headers = useMemo(() => choice.headers, [headersKey]);
  const client = useMemo(() => (baseUrl ? createPrometheusClient({ baseUrl, headers }) : null), [baseUrl, headers]);
  const queryClient = useQueryClient();
  const firstHeaders = useRef(headers);
  useEffect(() => {
    // Query keys name the backend, not its credentials (they must not sit in the cache): when the
    // credentials change, refetch everything with the new ones.
    if (headers !== firstHeaders.current) void queryClient.resetQueries({ queryKey: ['prometheus'] });
  }, [headers, queryClient]);

  const problem = rangeProblem({ from: state.from, to: state.to }, now);
  const range = (!problem && resolveRange({ from: state.from, to: state.to }, now)) || { startMs: now - 3_600_000, endMs: now };

  const backend = useBackend(client, baseUrl, range.startMs / 1000, range.endMs / 1000, state.cluster);
  const engine = state.engine ?? backend.detectedEngine;
  const catalog: EngineCatalog = catalogs[engine];
  // Recorded series present from the range's start replace raw queries (src/rules/recorded.ts).
  const recorded = useRecordedNames(client, baseUrl, range.startMs / 1000);
  // Panels and tiles query once the width is measured too: with the names known at the first render
  // (src/app/early-discovery.ts) they would otherwise ask once with the default width's step.
  const resolvedBy = backend.scrapeSettled && recorded.settled && widthMeasured ? backend.resolvedBy : null;
  const resolved = resolvedBy?.[engine] ?? null;

  const scrapeSec = backend.scrapeIntervalSec ?? DEFAULT_SCRAPE_SEC;
  const stepSec = computeStep({ startMs: range.startMs, endMs: range.endMs, widthPx: panelWidth, minStepSec: scrapeSec });
  const aligned = alignRange(range.startMs / 1000, range.endMs / 1000, stepSec);
  const rate = state.rate ?? formatPromDuration(rateInterval({ stepSec, scrapeIntervalSec: scrapeSec }));

  const gpuTable = useMemo(() => mergeGpuPeaks(config.gpuPeaks), [config.gpuPeaks]);
  const gpuPeakFlops = gpuPeakFor(state.gpu ?? config.defaultGpu ?? 'H100', gpuTable);

  const filters = useMemo(() => {
    const f: Record<string, string[]> = {
      [catalog.filterLabels.model]: state.model,
      [catalog.filterLabels.instance]: state.instance,
    };
    const rankLabel = catalog.filterLabels.rank[0];
    if (rankLabel) f[rankLabel] = state.rank;
    // A topology label: applies to every engine series (TOPOLOGY_LABELS in catalog/promql.ts).
    f.cluster = state.cluster;
    return f;
  }, [catalog, state.model, state.instance, state.rank, state.cluster]);

  const onZoom = useCallback(
    (startMs: number, endMs: number) => {
      if (endMs - startMs < 60_000) return;
      setState({ from: String(Math.round(startMs)), to: String(Math.round(endMs)) });
    },
    [setState],
  );

  const slo = useMemo(() => effectiveSlo(state, config.slo, state.model), [state, config.slo]);
  const sloDefaults = useMemo(
    () => effectiveSlo({ slo: { ttft: null, itl: null, e2e: null }, sloObjective: null }, config.slo, state.model),
    [config.slo, state.model],
  );
  const sloSet = Object.values(slo.thresholds).some((v) => v !== null);

  const clockWindow = useMemo(() => ({ startSec: aligned.start, endSec: aligned.end, stepSec }), [aligned.start, aligned.end, stepSec]);
  // A refresh tick's new window is shown once its answers are in, all panels at once.
  const window_ = useCommittedWindow(clockWindow, `${state.from}|${state.to}`, client, baseUrl);
  // Stable across window changes, so that a panel off screen sees nothing but the window move.
  const by = useMemo(() => [catalog.filterLabels.model], [catalog]);
  const ctx: DashboardContextValue | null = useMemo(
    () =>
      client
        ? {
            state,
            setState,
            client,
            baseUrl,
            catalog,
            resolved,
            resolvedBy,
            namesFailed: !!backend.namesError,
            metricNames: recorded.names,
            window: window_,
            rateInterval: rate,
            filters,
            by,
            gpuPeakFlops,
            theme: resolvedTheme,
            locale,
            chartGroup: 'inferwatch',
            onZoom,
          }
        : null,
    [client, state, setState, baseUrl, catalog, resolved, resolvedBy, backend.namesError, recorded.names, window_, rate, filters, by, gpuPeakFlops, resolvedTheme, locale, onZoom],
  );

  useEmbedApi(state, setState, config.embedOrigins, engine);
  // Answers for the positions a live window has left are dropped, not kept for the gcTime.
  useEvictSuperseded(window_, baseUrl, isRelative(state.to));

  // An explicit refresh asks again even when the step-aligned window has not moved.
  const onRefreshNow = useCallback(() => {
    refreshNow();
    void queryClient.invalidateQueries({ queryKey: ['prometheus'], refetchType: 'active' });
  }, [refreshNow, queryClient]);

  const single = state.panel ? catalog.panels.find((p) => p.id === state.panel) : undefined;
  // First screen first: the sections after the first open one mount once the first screen is in
  // (or on the first scroll), not in the same render as the panels whose queries are awaited.
  const [printing, onPrint] = usePrintBoard(mainRef);
  const belowFold = useBelowFoldMounted(baseUrl) || printing;
  const firstOpen = SECTION_IDS.findIndex((sid) => !state.collapsed.includes(sid));
  const exitFullScreen = useCallback(() => setState({ panel: null }), [setState]);
  useFullScreen(single ? single.id : state.panel && isAutoPanelId(state.panel) ? state.panel : null, state.kiosk, exitFullScreen);

  return (
    <div className="iw-app" data-engine={engine} data-kiosk={state.kiosk || undefined}>
      {!state.kiosk && (
        <header className="iw-header">
          <div className="iw-header-row">
            <div className="iw-brand" aria-label={t.appName}>
              <img src="./favicon.svg" alt="" width={22} height={22} />
              <span>{t.appName}</span>
            </div>
            <PromUrlField value={promInput} locked={config.lockBackend} onSubmit={(prom) => setState({ prom })} />
            {backendOrigin && (
              <CredentialsPopover
                origin={backendOrigin}
                value={credentialsFor(credentials, backendOrigin)}
                store={credentials}
                configHeaderNames={choice.fromConfig}
                onChange={(c) => onCredentials(backendOrigin, c)}
                onForget={(o) => onCredentials(o, { headers: {}, remember: false })}
              />
            )}
            {backendOrigin && !choice.hasOwn && (
              <CredentialsNotice origin={backendOrigin} store={credentials} config={config} hasConfig={choice.fromConfig.length > 0} onUse={(c) => onCredentials(backendOrigin, c)} />
            )}
            <EngineToggle engines={ENGINES} engine={engine} instances={backend.instances} onChange={(e) => setState({ engine: e, rank: [] })} />
            <SloPopover current={slo} defaults={sloDefaults} setState={setState} />
            <RulesButton client={client} engine={engine} names={backend.names} slo={slo} />
            <div className="flex-1" />
            <HeaderControls state={state} setState={setState} onRefreshNow={onRefreshNow} engine={engine} />
          </div>
          {client && (
            <div className="iw-header-row2">
              <FiltersBar
                state={state}
                setState={setState}
                client={client}
                baseUrl={baseUrl}
                catalog={catalog}
                resolved={resolved}
                startSec={aligned.start}
                endSec={aligned.end}
                rateInterval={rate}
                scrapeIntervalSec={backend.scrapeIntervalSec}
              />
              <HealthSummary
                engine={engine}
                instances={backend.instanceLists?.[engine] ?? null}
                targetsDown={backend.targetsDown}
                statOrder={catalog.stats.map((s) => s.id)}
              />
              {/* In the second row, which has room: the first is full at 1440 px. */}
              {!single && <PrintButton printing={printing} onPrint={onPrint} />}
            </div>
          )}
        </header>
      )}
      <main ref={mainRef} className="iw-main">
        <Banners
          problems={problems}
          promInput={promInput}
          validated={validated}
          refused={choice.refused}
          ignoredProm={choice.ignoredProm}
          rangeProblem={problem}
          backend={backend}
          unknownPanel={state.panel && !single && !isAutoPanelId(state.panel) ? state.panel : null}
          resolved={resolved}
          catalog={catalog}
        />
        {ctx && (
          <PrintingContext.Provider value={printing}>
            <DashboardContext.Provider value={ctx}>
              {single ? (
                <Panel panel={single} fill />
              ) : state.panel && isAutoPanelId(state.panel) ? (
                <OtherMetricAlone names={backend.names} id={state.panel} />
              ) : (
                <>
                  <div className="iw-stats" role="list" aria-label={t.keyFigures}>
                    {catalog.stats.map((s) => (
                      <div role="listitem" key={s.id}>
                        <StatTile stat={s} />
                      </div>
                    ))}
                    {sloSet && <SloTiles slo={slo} />}
                  </div>
                  {state.ab && <AbSummary />}
                  <AlertsRegion />
                  {catalog.panels
                    .filter((p) => p.section === 'overview')
                    .map((p) => (
                      <div key={`${engine}-${p.id}`} className="iw-overview">
                        <ErrorBoundary fallback={(message) => <PanelCrash panel={p} message={message} />}>
                          {p.table?.rows === 'model' && sloSet ? <SloSummaryPanel panel={p} slo={slo} /> : <Panel panel={p} />}
                        </ErrorBoundary>
                      </div>
                    ))}
                  {SECTION_IDS.filter((_, i) => belowFold || i <= firstOpen).map((sid) => {
                    const split = sectionPanels(catalog.panels, sid, resolved);
                    return (
                      <Section
                        key={sid}
                        id={sid}
                        title={t.sections[sid]}
                        collapsed={state.collapsed.includes(sid)}
                        onToggle={() =>
                          setState({
                            collapsed: state.collapsed.includes(sid) ? state.collapsed.filter((c) => c !== sid) : [...state.collapsed, sid],
                          })
                        }
                        summary={
                          <>
                            {sid === 'advanced' && <GpuPicker value={state.gpu ?? (config.defaultGpu === null ? 'H100' : String(config.defaultGpu))} table={gpuTable} onChange={(gpu) => setState({ gpu })} />}
                            <SectionNotes sectionId={sid} split={split} catalog={catalog} onOpenPanel={(panel) => setState({ panel })} />
                          </>
                        }
                      >
                        {split.shown.map((p) => (
                          <ErrorBoundary key={`${engine}-${p.id}`} fallback={(message) => <PanelCrash panel={p} message={message} />}>
                            <Panel panel={p} />
                          </ErrorBoundary>
                        ))}
                        {sid === 'latency' && sloSet && (
                          <ErrorBoundary fallback={(message) => <p className="iw-error">{message}</p>}>
                            <SloBurnPanel slo={slo} />
                          </ErrorBoundary>
                        )}
                      </Section>
                    );
                  })}
                  {belowFold && <OtherMetrics names={backend.names} />}
                </>
              )}
            </DashboardContext.Provider>
          </PrintingContext.Provider>
        )}
      </main>
    </div>
  );
}
