// "The first screen is in": the page's first range queries have all answered. Until then the page
// sends nothing the first screen does not need and mounts nothing below it, so that on a large
// fleet the browser's six connections, the main thread and the backend's CPU go to the panels in
// view. One watcher per query cache and backend,
// shared by every hook that waits for it.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { prometheusKeys } from '../../prometheus';

/** When no range query has been sent this long after the first asker, nothing is held back any more. */
export const FIRST_SCREEN_FALLBACK_MS = 4000;

interface Watch {
  done: boolean;
  listeners: Set<() => void>;
}

const watches = new WeakMap<QueryClient, Map<string, Watch>>();

function watchFor(queryClient: QueryClient, baseUrl: string): Watch {
  let byUrl = watches.get(queryClient);
  if (!byUrl) watches.set(queryClient, (byUrl = new Map()));
  const known = byUrl.get(baseUrl);
  if (known) return known;
  const watch: Watch = { done: false, listeners: new Set() };
  byUrl.set(baseUrl, watch);
  const key = prometheusKeys.rangeQueries(baseUrl);
  let seen = false;
  const finish = (): void => {
    if (watch.done) return;
    watch.done = true;
    performance.mark('inferwatch:first-screen-in');
    unsubscribe();
    clearTimeout(timer);
    for (const l of watch.listeners) l();
  };
  // Watched on the query cache, not with useIsFetching, which would re-render the whole dashboard
  // on every request of every refresh.
  const check = (): void => {
    if (queryClient.isFetching({ queryKey: key }) > 0) seen = true;
    else if (seen) finish();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  check(); // range queries already in flight count too
  const timer = setTimeout(() => {
    if (!seen) finish();
  }, FIRST_SCREEN_FALLBACK_MS);
  return watch;
}

/**
 * True once the page's first range queries against `baseUrl` have all answered (or when none was
 * sent within FIRST_SCREEN_FALLBACK_MS of the first call), and from then on.
 */
export function useFirstScreenIn(baseUrl: string): boolean {
  const queryClient = useQueryClient();
  const watch = watchFor(queryClient, baseUrl);
  const subscribe = useCallback(
    (onChange: () => void) => {
      watch.listeners.add(onChange);
      return () => watch.listeners.delete(onChange);
    },
    [watch],
  );
  return useSyncExternalStore(subscribe, () => watch.done);
}

const USER_INPUT = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

/** How long after the first screen's answers the page may wait for an idle moment to mount the rest. */
const IDLE_WAIT_MS = 1000;

/**
 * The page mounts what is below the first screen once the first screen is in and drawn (the first
 * idle moment after its answers, at most IDLE_WAIT_MS later: the charts draw from those answers
 * first), or as soon as the user scrolls, types or presses anything. (No timer besides useFirstScreenIn's own: on a
 * loaded fleet the first screen takes seconds, and mounting the rest meanwhile slowed it down.)
 */
export function useBelowFoldMounted(baseUrl: string): boolean {
  const firstIn = useFirstScreenIn(baseUrl);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const now = (): void => setMounted(true);
    if (firstIn) {
      if (typeof requestIdleCallback !== 'function') return void now();
      const id = requestIdleCallback(now, { timeout: IDLE_WAIT_MS });
      return () => cancelIdleCallback(id);
    }
    // Any input: a scroll, a key, or a press (a stat tile's link scrolls to its panel on the click
    // that follows, so the panel must be there by then).
    for (const type of USER_INPUT) window.addEventListener(type, now, { once: true, passive: true, capture: true });
    return () => {
      for (const type of USER_INPUT) window.removeEventListener(type, now, { capture: true });
    };
  }, [firstIn, mounted]);
  return mounted;
}
