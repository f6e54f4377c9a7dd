// The backend discovery, started before the first render. The first panels wait for a chain of
// requests (backend kind → scrape interval from targets and config; metric names; recorded series);
// when the backend comes from the URL (`prom=`), the chain starts as soon as config.json is in
// (it decides whether that backend may be asked, and with which headers) instead of after the
// whole app has rendered once.
//
// The early requests go into a scratch cache and are handed to the app's query cache only if the
// app asks the same backend with exactly the same headers; otherwise they are cancelled and the
// app asks again itself: an answer obtained with other headers (another tenant) is never shown.
import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { metricNamesQuery, scrapeIntervalQuery, coarseWindow } from '../dashboard/backend/use-backend';
import { namesOf, recordedNamesQuery } from '../dashboard/backend/recorded-names';
import { parseUrlState, type DashboardState } from '../dashboard/url/url-state';
import { resolveRange } from '../dashboard/url/time-range';
import { backendKindOptions, canAskStatus, createPrometheusClient, isCrossOrigin, PrometheusError, rangeQueryOptions, validateBaseUrl } from '../prometheus';

export interface EarlyDiscovery {
  /** The backend asked early (normalised as the app normalises it). */
  baseUrl: string;
  /**
   * Called once config.json is in, before the app renders: seeds `queryClient` with the early
   * answers (in flight or done) when the app will ask `baseUrl` with `headers`; else cancels them.
   * Returns whether they were taken.
   */
  adopt(queryClient: QueryClient, baseUrl: string, headers: Record<string, string>): boolean;
  /** No app will take them (config.json failed): cancels the early requests. */
  cancel(): void;
  /**
   * Settles once the first screen's range queries have left, or once it is clear they will not
   * (a discovery request failed, the requests were dropped, no planner or no range): main.tsx holds
   * React's first render for it, a little (FIRST_RENDER_HOLD_MS).
   */
  firstScreenSent: Promise<void>;
}

/** What the discovery learnt, from which the first screen's keys are derived (src/app/first-screen/). */
export interface Discovered {
  names: ReadonlySet<string>;
  scrapeIntervalSec: number | null;
  recorded: ReadonlySet<string>;
}

type RangeJob = { expr: string; start: number; end: number; step: number };

export interface EarlyOptions {
  /** The state the app will start from (the URL over config.json's defaults); else the URL's alone. */
  state?: DashboardState;
  /** The range queries to send once the discovery has answered (each under the app's own key). */
  firstScreen?: (d: Discovered) => ReadonlyArray<RangeJob> | Promise<ReadonlyArray<RangeJob>>;
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/**
 * Starts the discovery for the backend named in the URL (`search`), or returns null when the URL
 * names none or one other than `expected` (the backend the app will ask: a hosted copy may refuse
 * or override `prom=`, and then nothing may be sent to it).
 */
export function startEarlyDiscovery(
  search: string,
  origin: string,
  nowMs: number,
  headers: Record<string, string>,
  expected: string,
  opts: EarlyOptions = {},
): EarlyDiscovery | null {
  const fromUrl = parseUrlState(search).state;
  if (!fromUrl.prom) return null;
  // The app's first state (config.json's defaults under the URL) when given: its range is the app's.
  const state = opts.state ?? fromUrl;
  const checked = validateBaseUrl(state.prom, origin);
  if (!checked.ok || checked.url !== expected) return null;
  const baseUrl = checked.url;
  const client = createPrometheusClient({ baseUrl, headers });
  // No retries and no health reports here: a failed early request is simply asked again by the app.
  const scratch = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  /** Hands one early answer to the app's cache (kept until config.json decides). */
  const waiting: Array<(into: QueryClient) => void> = [];
  let adoptedBy: QueryClient | null = null;
  let dropped = false;

  const start = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Promise<T> => {
    const answer = scratch.fetchQuery(options);
    answer.catch(() => {});
    const seed = (into: QueryClient): void => {
      let early: Promise<T> | null = answer;
      const own = options.queryFn;
      void into.prefetchQuery({
        ...options,
        // The early answer once; a retry, a refetch or a failed early request asks the backend
        // anew with the app's own query function (and the app's retry policy and health reports).
        queryFn: async (ctx) => {
          const taken = early;
          early = null;
          if (taken) {
            try {
              return await taken;
            } catch (e) {
              // A backend that did not answer within the timeout is not asked a second time (the
              // banner would come after two timeouts); any other failure is asked again below.
              if (e instanceof PrometheusError && e.timedOut) throw e;
            }
          }
          if (typeof own !== 'function') throw new Error(`no query function for ${JSON.stringify(options.queryKey)}`);
          return own(ctx);
        },
      });
    };
    if (adoptedBy) seed(adoptedBy);
    else if (!dropped) waiting.push(seed);
    return answer;
  };

  const kind = start(backendKindOptions(client, { baseUrl }));
  // As useBackend: across origins the status endpoints wait for the kind (VictoriaMetrics serves
  // them without CORS headers); same-origin they are always asked.
  const scrape = !isCrossOrigin(baseUrl, origin)
    ? start(scrapeIntervalQuery(client, baseUrl, true))
    : kind.then((k) => {
        if (dropped) throw new Error('dropped');
        return start(scrapeIntervalQuery(client, baseUrl, canAskStatus(k, baseUrl, origin)));
      });
  scrape.catch(() => {});
  let firstScreenSent: Promise<void> = Promise.resolve();
  // The range as the app resolves it from the same URL (a config.json default range, when the URL has
  // none, gives other keys: these answers then go unused, and the app asks its own).
  const range = resolveRange({ from: state.from, to: state.to }, nowMs);
  if (range) {
    const { start: cStart, end: cEnd } = coarseWindow(range.startMs / 1000, range.endMs / 1000);
    const names = start(metricNamesQuery(client, baseUrl, cStart, cEnd));
    const recorded = start(recordedNamesQuery(client, baseUrl, range.startMs / 1000));
    // The first screen's range queries, as soon as everything their keys depend on is in. A failed
    // discovery request sends none: the app asks the discovery again, then its panels.
    const { firstScreen } = opts;
    if (firstScreen)
      firstScreenSent = Promise.all([names, scrape, recorded]).then(
        async ([n, sc, rec]) => {
          if (dropped) return;
          performance.mark('inferwatch:discovered');
          // The planner lives in the app's chunk (it needs the catalog): it may still be loading.
          const jobs = await firstScreen({ names: new Set(n), scrapeIntervalSec: sc?.seconds ?? null, recorded: namesOf(rec) });
          if (dropped) return;
          for (const job of jobs) start(rangeQueryOptions(client, { baseUrl, ...job }));
          performance.mark('inferwatch:first-screen-sent');
        },
        () => {},
      );
  }

  const cancel = (): void => {
    if (adoptedBy) return;
    dropped = true;
    waiting.length = 0;
    void scratch.cancelQueries();
  };

  return {
    baseUrl,
    adopt(queryClient, appBaseUrl, appHeaders) {
      if (adoptedBy || dropped) return adoptedBy === queryClient;
      if (appBaseUrl !== baseUrl || !sameHeaders(appHeaders, headers)) {
        cancel();
        return false;
      }
      adoptedBy = queryClient;
      for (const seed of waiting.splice(0)) seed(queryClient);
      return true;
    },
    cancel,
    firstScreenSent: firstScreenSent.catch(() => {}),
  };
}
