// What the backend holds: the metric names in the current range (for name resolution and engine
// detection), the scrape interval (for the rate window), instance counts per engine and targets
// that are down. Each is asked once per backend and coarse time window, not on every refresh.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { sameMembers, useStable } from '../data/use-stable';
import { bareNameMatch, detectEngine, engineNameMatch, ENGINES, sharedNameMatch, escapeLabelValue, matcherFor, presenceNames, resolveEngines, routerExclusion, ROUTER_NAME_MATCH, type ResolvedMetric } from '../../catalog';
import type { EngineId } from '../../catalog/types';
import { useFirstScreenIn } from '../data/first-screen';
import {
  backendKindOptions,
  canAskStatus,
  instantQueryOptions,
  isCrossOrigin,
  labelValuesOptions,
  metricNamesOptions,
  scrapeIntervalFromSamplesOptions,
  scrapeIntervalOptions,
  type PrometheusClient,
  type QueryAnswer,
} from '../../prometheus';

/** Every spelling of a registered engine's metric contains its name pattern (prefixed, rewritten or not). */
export const ENGINE_NAME_MATCH = engineNameMatch(ENGINES);
/** vLLM's names without `vllm:` (NVIDIA NIM), only on series with `model_name`: one more `match[]`, not one more request. */
export const BARE_NAME_MATCH = bareNameMatch(ENGINES);
/** The catalogs' names without an engine's word: every target's `up` and start time, the API server's requests. */
export const SHARED_NAME_MATCH = sharedNameMatch(ENGINES);
const COARSE_SEC = 600;

/**
 * The range widened to 10-minute boundaries: lists of names and label values asked over it do not
 * change on each refresh tick, so they are not asked again.
 */
const NO_TARGETS: BackendInfo['targetsDown'] = [];

export function coarseWindow(startSec: number, endSec: number): { start: number; end: number } {
  return { start: Math.floor(startSec / COARSE_SEC) * COARSE_SEC, end: Math.ceil(endSec / COARSE_SEC) * COARSE_SEC };
}

/** Every `match[]` of the names request: the engines' names, the bare ones, the names shared by all, and routers' (docs/routing.md). */
const NAME_MATCH = [ENGINE_NAME_MATCH, ...BARE_NAME_MATCH, SHARED_NAME_MATCH, ROUTER_NAME_MATCH];

/**
 * The metric names the board resolves its panels with, over a coarse window. A factory, so that the
 * boot path (src/app/early-discovery.ts) can ask it before config.json is read, under the same key.
 */
export function metricNamesQuery(client: PrometheusClient, baseUrl: string, cStart: number, cEnd: number) {
  return queryOptions({ ...metricNamesOptions(client, { baseUrl, match: NAME_MATCH, start: cStart, end: cEnd }), staleTime: 60_000 });
}

/** The scrape interval from targets and config (`askStatus`: see canAskStatus). */
export function scrapeIntervalQuery(client: PrometheusClient, baseUrl: string, askStatus: boolean) {
  return scrapeIntervalOptions(client, { baseUrl, askStatus });
}

// Module-level, so the selected value keeps its identity while the answer does.
const toSet = (names: string[]): Set<string> => new Set(names);
const listsOf = (rs: Array<{ data?: string[] }>) => rs.map((r) => r.data);
const downTargets = ({ result }: QueryAnswer) =>
  result.resultType === 'vector' ? result.result.map((s) => ({ instance: s.metric.instance ?? '', job: s.metric.job ?? '' })) : [];

export interface BackendInfo {
  /** The backend all of this was asked of. */
  baseUrl: string;
  names: ReadonlySet<string> | null;
  namesError: unknown;
  resolvedBy: Record<EngineId, Map<string, ResolvedMetric>> | null;
  /** Instances per engine (presence metric), null until known. */
  instances: Record<EngineId, number> | null;
  /** The instances themselves (addresses), for the header's "targets up" count. */
  instanceLists: Record<EngineId, string[]> | null;
  detectedEngine: EngineId;
  scrapeIntervalSec: number | null;
  /**
   * The scrape interval is known, or known to be unknowable. Panels wait for it: starting with a
   * guessed interval and then switching would change every rate window, so every query twice.
   */
  scrapeSettled: boolean;
  targetsDown: Array<{ instance: string; job: string }>;
}

/**
 * `cluster`: the cluster filter. The engine toggle's counts and the instance lists follow it, so
 * "vLLM 3" means three instances in the clusters shown, not in the whole store.
 */
export function useBackend(
  client: PrometheusClient | null,
  baseUrl: string,
  startSec: number,
  endSec: number,
  cluster: readonly string[] = [],
  /**
   * A panel shown alone in a kiosk (an embed) shows no header and no banner: `header: false` asks no `up == 0`, and the instance lists only
   * when `detect` (no engine named) and two or more engines are present, the one case they pick the engine.
   */
  shown: { header: boolean; detect: boolean } = { header: true, detect: true },
): BackendInfo {
  // Coarse window: metric names do not change with each refresh tick.
  const { start: cStart, end: cEnd } = coarseWindow(startSec, endSec);

  const names = useQuery({ ...metricNamesQuery(client!, baseUrl, cStart, cEnd), select: toSet, enabled: client !== null, refetchInterval: 60_000 });
  // The key moves with the coarse window. When it moves while the backend is down, the new key has
  // no data: keep the names last seen for this backend, so panels keep their (stale) data instead
  // of all dropping back to "loading".
  const [lastNames, setLastNames] = useState<{ baseUrl: string; data: Set<string> } | null>(null);
  if (names.data && (lastNames?.data !== names.data || lastNames.baseUrl !== baseUrl)) setLastNames({ baseUrl, data: names.data });
  const namesRaw = names.data ?? (lastNames?.baseUrl === baseUrl ? lastNames.data : undefined);
  // Asked again every minute and with each coarse window: unchanged names keep their identity, so
  // resolvedBy (and every panel reading it) stays put.
  const namesData = useStable(namesRaw, (a, b) => (a && b ? sameMembers(a, b) : a === b));

  // The backend's kind first: VictoriaMetrics across origins is not asked for targets or config,
  // which it serves without CORS headers (an error in the console on every load).
  const kind = useQuery({ ...backendKindOptions(client!, { baseUrl }), enabled: client !== null });
  const askStatus = canAskStatus(kind.data ?? null, baseUrl, window.location.origin);
  // Same origin (behind a proxy) the status endpoints are always asked: no need to wait for the kind.
  const sameOrigin = !isCrossOrigin(baseUrl, window.location.origin);
  const scrape = useQuery({ ...scrapeIntervalQuery(client!, baseUrl, askStatus), enabled: client !== null && (sameOrigin || kind.isFetched) });

  const resolvedBy = useMemo(() => (namesData ? resolveEngines(ENGINES, namesData) : null), [namesData]);
  const presence = presenceNames(ENGINES, resolvedBy);
  const presentNames = ENGINES.map((e) => presence[e.id]);

  // No interval from targets or config (Mimir, Cortex, a proxy that serves only queries): measure
  // the spacing of the engines' own samples over the last 10 minutes, so that the rate window is
  // never shorter than 4 × the real scrape interval.
  const sampleSelector = presentNames.filter((n): n is string => n !== null).map((n) => `{__name__="${escapeLabelValue(n)}"}`);
  const fromSamplesEnabled = client !== null && scrape.isSuccess && scrape.data === null && sampleSelector.length > 0;
  const fromSamples = useQuery({
    ...scrapeIntervalFromSamplesOptions(client!, { baseUrl, selectors: sampleSelector }),
    enabled: fromSamplesEnabled,
    // A store only seconds old (a fresh remote_write target) has fewer than two samples per series:
    // ask again rather than keep "unknown" for five minutes.
    refetchInterval: (q) => (q.state.data === null ? 30_000 : false),
  });
  const scrapeSettled =
    scrape.isError || (scrape.isSuccess && (scrape.data !== null || !fromSamplesEnabled || fromSamples.isFetched || fromSamples.isError));

  const clusterMatcher = matcherFor('cluster', cluster);
  const firstScreenIn = useFirstScreenIn(baseUrl);
  // A router's copy of the presence gauge (production-stack's `vllm:num_requests_running{server}`) is no instance.
  const selector = (name: string) =>
    `{${[`__name__="${escapeLabelValue(name)}"`, clusterMatcher, ...routerExclusion({ name, rewrite: 'none' })].filter(Boolean).join(', ')}}`;
  // After the first screen: on a fleet these label lists read every series of the presence metric
  // and held two of the browser's six connections while the first panels waited.
  const listsNeeded = shown.header || (shown.detect && presentNames.filter((n) => n !== null).length > 1);
  const countsEnabled = client !== null && resolvedBy !== null && firstScreenIn && listsNeeded;
  const lists = useQueries({
    queries: presentNames.flatMap((name) =>
      name === null
        ? []
        : [{ ...labelValuesOptions(client!, { baseUrl, label: 'instance', match: [selector(name)], start: cEnd - 3600, end: cEnd }), enabled: countsEnabled, staleTime: 60_000 }],
    ),
    combine: listsOf,
  });
  // The engines asked, in the order of `lists` (their ids joined: a value that keeps its identity).
  const askedIds = ENGINES.filter((e) => presence[e.id] !== null).map((e) => e.id).join(' ');
  const instanceLists = useMemo((): Record<EngineId, string[]> | null => {
    if (!countsEnabled || lists.some((l) => l === undefined)) return null;
    const asked = askedIds.split(' ');
    return Object.fromEntries(ENGINES.map((e) => [e.id, lists[asked.indexOf(e.id)] ?? []])) as Record<EngineId, string[]>;
  }, [countsEnabled, lists, askedIds]);

  const down = useQuery({
    ...instantQueryOptions(client!, { baseUrl, expr: 'up == 0' }),
    select: downTargets,
    // For the header only: after the first screen (first-screen.ts), never in a kiosk.
    enabled: client !== null && firstScreenIn && shown.header,
    refetchInterval: 30_000,
    staleTime: 15_000,
  });

  const instances = useMemo(
    () => (instanceLists ? (Object.fromEntries(ENGINES.map((e) => [e.id, instanceLists[e.id].length])) as Record<EngineId, number>) : null),
    [instanceLists],
  );
  const detectedEngine = detectEngine(ENGINES, presence, instances);

  // Once names are known, a failed refetch is not news: a backend-wide failure has its own banner,
  // and the names in hand still resolve every panel.
  const namesError = namesData ? null : names.error;
  const scrapeIntervalSec = scrape.data?.seconds ?? fromSamples.data ?? null;
  const targetsDown = down.data ?? NO_TARGETS;
  // One object while nothing in it changes: the board (and its header and sections) is memoised on it.
  return useMemo(
    () => ({ baseUrl, names: namesData ?? null, namesError, resolvedBy, instances, instanceLists, detectedEngine, scrapeIntervalSec, scrapeSettled, targetsDown }),
    [baseUrl, namesData, namesError, resolvedBy, instances, instanceLists, detectedEngine, scrapeIntervalSec, scrapeSettled, targetsDown],
  );
}
