// The board's controller: from the URL state and config.json it builds the backend choice, the
// client, the discovered names, the query window and step, the filters and the SLO, and the
// context every panel reads. The layout (dashboard.tsx) only lays out what this returns.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { catalogs, isRoutingPanelId } from '../../catalog';
import { SECTION_IDS, type EngineCatalog, type EngineId, type PanelSpec } from '../../catalog/types';
import type { RuntimeConfig } from '../../config/runtime-config';
import { createPrometheusClient, prometheusKeys, type PrometheusClient } from '../../prometheus';
import { chooseBackend, type BackendChoice } from '../backend/choice';
import type { CredentialStore } from '../backend/credentials';
import { useBackend, type BackendInfo } from '../backend/use-backend';
import { useRecordedNames } from '../backend/recorded-names';
import type { DashboardContextValue, QueryWindow } from '../data/context';
import { gpuPeakFor, mergeGpuPeaks } from './gpu-peaks';
import { isAutoPanelId } from '../../catalog/auto-panel-id';
import { isGpuPanelId } from '../../catalog/gpus/panel-ids';
import { effectiveSlo, type EffectiveSlo } from '../slo/queries';
import { useEvictSuperseded } from '../data/evict-superseded';
import { useBelowFoldMounted } from '../data/first-screen';
import { useRefreshNow } from '../data/refresh-now';
import { useBoardClock, useClockSelect } from '../data/board-clock';
import { prefetchWindow, sameWindow } from '../data/use-committed-window';
import { coarseWindow } from '../backend/use-backend';
import { isRelative } from '../url/time-range';
import { boardFilters, boardRange, boardWindow, rateFor } from '../data/query-plan';
import { useFullScreen } from '../header/use-full-screen';
import { useEmbedApi } from '../embed/use-embed-api';
import type { GpuPeak } from '../../config/runtime-config';
import type { DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';

const sameWhen = (a: { problem: string | null; coarseStart: number; coarseEnd: number; recordedStart: number }, b: typeof a): boolean =>
  a.problem === b.problem && a.coarseStart === b.coarseStart && a.coarseEnd === b.coarseEnd && a.recordedStart === b.recordedStart;

/** The GPU the MFU panel divides by when neither the URL nor config.json names one. */
const DEFAULT_GPU = 'H100';

export interface BoardInput {
  config: RuntimeConfig;
  state: DashboardState;
  setState: SetDashboardState;
  resolvedTheme: 'light' | 'dark';
  locale: string;
  credentials: CredentialStore;
  /** One panel's width (px) and whether it has been measured (usePanelWidth). */
  panelWidth: number;
  widthMeasured: boolean;
  /** The board is being laid out for printing (usePrintBoard). */
  printing: boolean;
  /** The refresh clock's first reading (main.tsx: the boot path's early queries assume it). */
  bootNow?: number;
}

export interface Board {
  state: DashboardState;
  setState: SetDashboardState;
  config: RuntimeConfig;
  choice: BackendChoice;
  client: PrometheusClient | null;
  backend: BackendInfo;
  engine: EngineId;
  catalog: EngineCatalog;
  resolved: DashboardContextValue['resolved'];
  rate: string;
  /** Why the URL's range cannot be used (the last hour is shown instead), or null. */
  rangeProblem: string | null;
  slo: EffectiveSlo;
  sloDefaults: EffectiveSlo;
  sloSet: boolean;
  gpuTable: GpuPeak[];
  /** The GPU picker's value: a table name or a number of FLOP/s. */
  gpu: string;
  onRefreshNow: () => void;
  /** The catalog panel shown alone (`panel=`), if it is one. */
  single: PanelSpec | undefined;
  printing: boolean;
  /** Sections after the first open one mount once the first screen is in. */
  belowFold: boolean;
  firstOpen: number;
}

/**
 * The board, and the context every panel reads. The board does not hold the query window: it keeps
 * its identity across window changes, so that the header, the sections and their notes (memoised
 * on it) do not render when the clock moves the window; what reads the window reads it from the
 * context (`ctx`, null until a client exists: no backend chosen yet).
 */
export function useBoard({ config, state, setState, resolvedTheme, locale, credentials, panelWidth, widthMeasured, printing, bootNow }: BoardInput): { board: Board; ctx: DashboardContextValue | null } {
  // The refresh clock renders the board only when what it shows moves (board-clock.ts).
  const clock = useBoardClock(state.refresh, bootNow);

  // Headers are bound to the backend's origin: config.json's to its own backend, the user's to the
  // origin they were typed for. Typed ones override config.json's of the same name.
  const choice = useMemo(() => chooseBackend(state.prom, config, window.location.origin, credentials), [state.prom, config, credentials]);
  const { baseUrl } = choice;
  const headersKey = JSON.stringify(choice.headers);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same headers keep their identity (the client and the reset below follow them)
  const headers = useMemo(() => choice.headers, [headersKey]);
  const client = useMemo(() => (baseUrl ? createPrometheusClient({ baseUrl, headers }) : null), [baseUrl, headers]);
  const queryClient = useQueryClient();
  const firstHeaders = useRef(headers);
  useEffect(() => {
    // Query keys name the backend, not its credentials (they must not sit in the cache): when the
    // credentials change, refetch everything with the new ones.
    if (headers !== firstHeaders.current) void queryClient.resetQueries({ queryKey: prometheusKeys.all });
  }, [headers, queryClient]);

  // What the clock's time decides before the backend is known: whether the range can be used, and
  // the coarse times the name lists and the recorded-series probe are asked at.
  const { from, to } = state;
  const when = useClockSelect(
    clock,
    useCallback((now: number) => {
      const { problem, range } = boardRange({ from, to }, now);
      const coarse = coarseWindow(range.startMs / 1000, range.endMs / 1000);
      return { problem, coarseStart: coarse.start, coarseEnd: coarse.end, recordedStart: Math.floor(range.startMs / 60_000) * 60 };
    }, [from, to]),
    sameWhen,
  );
  const problem = when.problem;

  // A panel shown alone in a kiosk (an embed) has no header and no room for the targets-down banner;
  // the kiosk board (a wall screen) keeps the banner.
  const backend = useBackend(client, baseUrl, when.coarseStart, when.coarseEnd, state.cluster, { header: !(state.kiosk && state.panel !== null), detect: state.engine === undefined });
  const engine = state.engine ?? backend.detectedEngine;
  const catalog: EngineCatalog = catalogs[engine];
  // Recorded series present from the range's start replace raw queries (src/rules/recorded.ts).
  const recorded = useRecordedNames(client, baseUrl, when.recordedStart);
  // Panels and tiles query once the width is measured too: with the names known at the first render
  // (src/app/early-discovery.ts) they would otherwise ask once with the default width's step.
  const resolvedBy = backend.scrapeSettled && recorded.settled && widthMeasured ? backend.resolvedBy : null;
  const resolved = resolvedBy?.[engine] ?? null;

  // The window shown: the clock's shown time on the step from one panel's width and the scrape interval.
  const scrapeSec = backend.scrapeIntervalSec;
  const windowAt = useCallback(
    (now: number): QueryWindow => {
      const { stepSec, aligned } = boardWindow(boardRange({ from, to }, now).range, panelWidth, scrapeSec, null);
      return { startSec: aligned.start, endSec: aligned.end, stepSec };
    },
    [from, to, panelWidth, scrapeSec],
  );
  const committed = useClockSelect(clock, windowAt, sameWindow);
  const { stepSec } = committed;
  const rate = rateFor(stepSec, scrapeSec, state.rate);
  // A move of the window in time asks the queries in view ahead, and is shown when they are in.
  useEffect(() => {
    clock.configure(client ? { windowAt, prefetch: (shown, next) => prefetchWindow(queryClient, client, baseUrl, shown, next) } : null);
  }, [clock, client, baseUrl, queryClient, windowAt]);

  const gpuTable = useMemo(() => mergeGpuPeaks(config.gpuPeaks), [config.gpuPeaks]);
  const gpu = state.gpu ?? (config.defaultGpu === null ? DEFAULT_GPU : String(config.defaultGpu));
  const gpuPeakFlops = gpuPeakFor(state.gpu ?? config.defaultGpu ?? DEFAULT_GPU, gpuTable);

  const filters = useMemo(
    () => boardFilters(catalog, { model: state.model, instance: state.instance, rank: state.rank, cluster: state.cluster }),
    [catalog, state.model, state.instance, state.rank, state.cluster],
  );

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
            window: committed,
            rateInterval: rate,
            filters,
            by,
            gpuPeakFlops,
            theme: resolvedTheme,
            locale,
            chartGroup: 'inferwatch',
            onZoom,
            traces: config.traces,
            slo,
          }
        : null,
    [client, state, setState, baseUrl, catalog, resolved, resolvedBy, backend.namesError, recorded.names, committed, rate, filters, by, gpuPeakFlops, resolvedTheme, locale, onZoom, config.traces, slo],
  );

  useEmbedApi(state, setState, config.embedOrigins, engine);
  // Answers for the positions a live window has left are dropped, not kept for the gcTime.
  useEvictSuperseded(committed, baseUrl, isRelative(state.to));

  // An explicit refresh asks again even when the step-aligned window has not moved (and only then
  // the queries of the window: a moved window asks its new keys anyway).
  const onRefreshNow = useRefreshNow(clock);

  const single = state.panel ? catalog.panels.find((p) => p.id === state.panel) : undefined;
  // First screen first: the sections after the first open one mount once the first screen is in
  // (or on the first scroll), not in the same render as the panels whose queries are awaited.
  const belowFold = useBelowFoldMounted(baseUrl) || printing;
  const firstOpen = SECTION_IDS.findIndex((sid) => !state.collapsed.includes(sid));
  const exitFullScreen = useCallback(() => setState({ panel: null }), [setState]);
  useFullScreen(single ? single.id : state.panel && (isAutoPanelId(state.panel) || isRoutingPanelId(state.panel) || isGpuPanelId(state.panel)) ? state.panel : null, state.kiosk, exitFullScreen);

  const board = useMemo(
    (): Board => ({
      state,
      setState,
      config,
      choice,
      client,
      backend,
      engine,
      catalog,
      resolved,
      rate,
      rangeProblem: problem,
      slo,
      sloDefaults,
      sloSet,
      gpuTable,
      gpu,
      onRefreshNow,
      single,
      printing,
      belowFold,
      firstOpen,
    }),
    [state, setState, config, choice, client, backend, engine, catalog, resolved, rate, problem, slo, sloDefaults, sloSet, gpuTable, gpu, onRefreshNow, single, printing, belowFold, firstOpen],
  );
  return { board, ctx };
}
