// Atomic refresh. When a refresh tick only moves the query window (same length, same step, i.e.
// the live edge crossed a step boundary), the page keeps the window it shows until every query
// in view has answered for the new one, then switches in one render: every tile, panel and table
// draws the new window in the same frame, and each component renders once per refresh instead of
// once per answer (~24 answers per window change on the demo's first screen). This module plans
// and asks the moved window's queries; the refresh clock (board-clock.ts) waits for them. See
// docs/performance-history.md, "Atomic refresh".
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { exemplarsOptions, instantQueryOptions, rangeQueryOptions, readExemplarsKey, readQueryKey, type PrometheusClient } from '../../prometheus';
import { spansLike, summaryWindow, type QueryWindow } from './context';

/**
 * Query meta of an instant query asked at the window's end itself (a table's live columns: is the
 * target up now), as opposed to a summary end. When the window's end is also a summary end the key
 * alone cannot tell the two apart; the prefetch moves this one to the next window's end.
 */
export const AT_WINDOW_END = { at: 'window-end' } as const;

/** After this long the page switches anyway, and panels fill in as their answers arrive (as before). */
export const PREFETCH_LIMIT_MS = 4000;

export type PrefetchJob =
  | { kind: 'range'; expr: string; start: number; end: number; step: number }
  | { kind: 'instant'; expr: string; time: number }
  | { kind: 'exemplars'; expr: string; start: number; end: number };

export const sameWindow = (a: QueryWindow, b: QueryWindow): boolean =>
  a.startSec === b.startSec && a.endSec === b.endSec && a.stepSec === b.stepSec;

/** `next` is `from` moved in time: the same length on the same step (a live window's refresh). */
export function isTranslation(from: QueryWindow, next: QueryWindow): boolean {
  return (
    !sameWindow(from, next) &&
    from.stepSec === next.stepSec &&
    from.endSec - from.startSec === next.endSec - next.startSec
  );
}

/**
 * The queries to ask ahead for `next`: every query of this backend that a mounted, enabled
 * observer runs for the shown window, moved by the same amount. Range queries on the window's
 * step and length (the panels' own, and a comparison's earlier window), and instant queries at
 * the window's end (distributions, tables' live columns: AT_WINDOW_END) or at its summary end
 * (tables, probes: summaryWindow) when that end moves too; and the exemplars over the window (a latency chart's dots). Off-screen panels hold a disabled observer and are skipped: they catch up when
 * they come back into view.
 */
export function planPrefetch(
  queries: ReadonlyArray<Pick<Query, 'queryKey' | 'isActive'> & { meta?: Query['meta'] }>,
  baseUrl: string,
  shown: QueryWindow,
  next: QueryWindow,
): PrefetchJob[] {
  const delta = next.endSec - shown.endSec;
  // Instant times that move, from → to. A summary end that stays put keeps its answer; when the
  // window's end is also a summary end, its instant queries are taken for summaries (the tables
  // on the first screen), and a distribution there asks after the switch.
  const [fromSummary, toSummary] = [summaryWindow(shown).endSec, summaryWindow(next).endSec];
  const moves = new Map<number, number>();
  if (fromSummary !== toSummary) moves.set(fromSummary, toSummary);
  if (shown.endSec !== fromSummary) moves.set(shown.endSec, next.endSec);
  const jobs: PrefetchJob[] = [];
  for (const q of queries) {
    if (!q.isActive()) continue;
    // A latency chart's exemplar dots over the window: asked with its lines, so that the chart is
    // updated once per window change, not once for the lines and again for the dots.
    const ex = readExemplarsKey(q.queryKey);
    if (ex && ex.baseUrl === baseUrl && ex.start === shown.startSec && ex.end === shown.endSec) {
      jobs.push({ kind: 'exemplars', expr: ex.expr, start: next.startSec, end: next.endSec });
      continue;
    }
    const k = readQueryKey(q.queryKey);
    if (!k || k.baseUrl !== baseUrl) continue;
    if (k.endpoint === 'query_range') {
      if (spansLike(k, shown)) jobs.push({ kind: 'range', expr: k.expr, start: k.start + delta, end: k.end + delta, step: k.step });
    } else {
      const atEnd = q.meta?.at === AT_WINDOW_END.at;
      const to = k.time === null ? undefined : atEnd ? (k.time === shown.endSec ? next.endSec : undefined) : moves.get(k.time);
      if (to !== undefined) jobs.push({ kind: 'instant', expr: k.expr, time: to });
    }
  }
  return jobs;
}

/**
 * Asks ahead what `next` needs while `shown` is on screen (planPrefetch), through the query cache,
 * so the panels find the answers under their own keys. `done` settles when every request has;
 * `cancel` closes the requests no panel watches by now (a window that will not be shown must not
 * hold connections, which a browser allows only six of per host). Null when nothing is asked.
 */
export function prefetchWindow(
  queryClient: QueryClient,
  client: PrometheusClient,
  baseUrl: string,
  shown: QueryWindow,
  next: QueryWindow,
): { done: Promise<unknown>; cancel(): void } | null {
  const ask = planPrefetch(queryClient.getQueryCache().getAll(), baseUrl, shown, next);
  if (ask.length === 0) return null;
  const keys: QueryKey[] = [];
  const fetchOne = (j: PrefetchJob): Promise<unknown> => {
    if (j.kind === 'range') {
      const o = rangeQueryOptions(client, { baseUrl, expr: j.expr, start: j.start, end: j.end, step: j.step });
      keys.push(o.queryKey);
      return queryClient.fetchQuery(o);
    }
    if (j.kind === 'exemplars') {
      const o = exemplarsOptions(client, { baseUrl, expr: j.expr, start: j.start, end: j.end });
      keys.push(o.queryKey);
      return queryClient.fetchQuery(o);
    }
    const o = instantQueryOptions(client, { baseUrl, expr: j.expr, time: j.time });
    keys.push(o.queryKey);
    return queryClient.fetchQuery(o);
  };
  const done = Promise.allSettled(ask.map(fetchOne));
  return {
    done,
    cancel: () => {
      for (const queryKey of keys) {
        void queryClient.cancelQueries({ queryKey, exact: true, predicate: (q) => q.getObserversCount() === 0 });
      }
    },
  };
}
