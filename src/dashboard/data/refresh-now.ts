// "Refresh now": ask again only what the refresh would not ask anyway. The button moves the clock;
// when that moves the step-aligned window, every query of the window gets a new key and is asked
// by the move itself (the clock asks the queries in view ahead, the rest follow when their panels
// render the new window). Invalidating the active queries as well would ask the old
// window's ones again, which are still observed while the page waits for the new answers: each
// instant query of the Routing tables and the Diagnosis region went out twice per click
// (docs/performance.md, "Serving-stack layers on the fleet"). When the window does not move (an
// absolute range, or a click inside the same step), nothing gets a new key and every active
// query is asked again.
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { prometheusKeys, readQueryKey } from '../../prometheus';
import type { BoardClock } from './board-clock';
import type { QueryWindow } from './context';

/** `all`: every active query again; `timeless`: only those whose key names no time (alerts, rules, `up == 0` at the backend's now). */
export type RefreshScope = 'all' | 'timeless';

export function refreshScope(before: QueryWindow, after: QueryWindow): RefreshScope {
  const moved = before.startSec !== after.startSec || before.endSec !== after.endSec || before.stepSec !== after.stepSec;
  return moved ? 'timeless' : 'all';
}

/**
 * Whether a cached query is tied to a moment or a span (prometheusKeys' layouts): a window's move
 * gives it a new key, so a refresh that moved the window need not ask it again.
 */
export function isWindowedKey(key: readonly unknown[]): boolean {
  const k = readQueryKey(key);
  if (k) return k.endpoint === 'query_range' || k.time !== null;
  const bounds = (i: number): boolean => key[i] !== null && key[i] !== undefined;
  switch (key[2]) {
    case 'label_names':
    case 'metric_names':
      return bounds(4) || bounds(5); // [ns, url, endpoint, match, start, end]
    case 'label_values':
      return bounds(5) || bounds(6); // [ns, url, endpoint, label, match, start, end, limit]
    case 'bucket_bounds':
    case 'query_exemplars':
      return true;
    default:
      return false;
  }
}

export function refreshPredicate(scope: RefreshScope): (q: Pick<Query, 'queryKey'>) => boolean {
  return scope === 'all' ? () => true : (q) => !isWindowedKey(q.queryKey);
}

/**
 * The "Refresh now" handler: it reads the clock, which moves the window (asking the moved
 * window's queries itself) or not; then the active queries in scope are invalidated (refetched).
 */
export function useRefreshNow(clock: BoardClock): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const moved = clock.tick();
    const scope = moved ? refreshScope(moved.from, moved.to) : 'all';
    void queryClient.invalidateQueries({ queryKey: prometheusKeys.all, refetchType: 'active', predicate: refreshPredicate(scope) });
  }, [clock, queryClient]);
}
