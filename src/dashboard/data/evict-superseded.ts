// A live page asks for a new window at every step (15 s for an hour), and nothing asks for a window
// the live edge has left: its answers sat in the query cache for the whole gcTime (60 s), 4 or 5
// windows of every panel in view (~0.7 MB each on the demo, more on a fleet), and whether a heap
// sample caught 4 or 5 of them swung it by 3 %.
// Once the shown window has moved, the answers of earlier live windows that no component observes
// any more are dropped at once (range queries, and instant queries at earlier moments). Absolute ranges keep the gcTime (zooming out and back, collapsing and
// opening a section reuse them).
import { useQueryClient, type Query, type QueryCache } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readQueryKey } from '../../prometheus';
import { spansLike, type QueryWindow } from './context';

type CachedQuery = Pick<Query, 'queryKey' | 'getObserversCount'>;

/**
 * The range queries of `baseUrl` that an earlier position of the live window `shown` asked and
 * nobody observes now: same step and length, ending before it. A comparison's earlier window
 * (time shift) is observed while shown, so it stays until it is left behind too.
 */
export function supersededRangeQueries<Q extends CachedQuery>(queries: readonly Q[], baseUrl: string, shown: QueryWindow): Q[] {
  return queries.filter((q) => {
    const k = readQueryKey(q.queryKey);
    return k?.endpoint === 'query_range' && k.baseUrl === baseUrl && spansLike(k, shown) && k.end < shown.endSec && q.getObserversCount() === 0;
  });
}

/**
 * A moment an earlier position of the live window ended at (its end or its summary end: both on
 * the step grid), inside the span it shows now. Not the recorded-names probe (at a whole minute
 * at or before the range's start).
 */
const isEarlierEnd = (t: number, shown: QueryWindow): boolean => t > shown.startSec && t < shown.endSec && t % shown.stepSec === 0;

/**
 * The instant queries of `baseUrl` at a moment the live window `shown` has moved past (inside its
 * span, before its end) that nobody observes now: the tables', the Routing section's and the
 * Diagnosis region's answers for earlier positions. An instant key does not say the length of its
 * range, so a comparison's earlier window (a day back) is not recognised: it stays for the gcTime.
 */
export function supersededInstantQueries<Q extends CachedQuery>(queries: readonly Q[], baseUrl: string, shown: QueryWindow): Q[] {
  return queries.filter((q) => {
    const k = readQueryKey(q.queryKey);
    return k?.endpoint === 'query' && k.baseUrl === baseUrl && k.time !== null && isEarlierEnd(k.time, shown) && q.getObserversCount() === 0;
  });
}

function sweep(cache: QueryCache, baseUrl: string, shown: QueryWindow): void {
  const all = cache.getAll();
  for (const q of [...supersededRangeQueries(all, baseUrl, shown), ...supersededInstantQueries(all, baseUrl, shown)]) cache.remove(q);
}

/**
 * Drops the superseded answers when the live window moves, and after that whenever a component
 * lets go of one: the panels move their observers in their own effects, and one that re-renders in
 * a later commit than the page (a heap snapshot showed one such window left over) would otherwise
 * keep its old window's answers for the gcTime.
 */
export function useEvictSuperseded(shown: QueryWindow, baseUrl: string, live: boolean): void {
  const queryClient = useQueryClient();
  const latest = useRef({ shown, baseUrl, live });
  useEffect(() => {
    latest.current = { shown, baseUrl, live };
    if (live && baseUrl) sweep(queryClient.getQueryCache(), baseUrl, shown);
  }, [queryClient, shown, baseUrl, live]);
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    let queued = false;
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'observerRemoved' || queued) return;
      // Not while the cache is notifying (an observer is being moved): once its batch is done.
      queued = true;
      queueMicrotask(() => {
        queued = false;
        const { shown: w, baseUrl: url, live: on } = latest.current;
        if (on && url) sweep(cache, url, w);
      });
    });
    return unsubscribe;
  }, [queryClient]);
}
