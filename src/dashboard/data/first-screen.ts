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
  /** Done, and the page has had an idle moment since (the charts drew from the answers). */
  drawn: boolean;
  listeners: Set<() => void>;
}

/** How long after the first screen's answers the page may wait for an idle moment to mount the rest. */
const IDLE_WAIT_MS = 1000;

const watches = new WeakMap<QueryClient, Map<string, Watch>>();

function watchFor(queryClient: QueryClient, baseUrl: string): Watch {
  let byUrl = watches.get(queryClient);
  if (!byUrl) watches.set(queryClient, (byUrl = new Map()));
  const known = byUrl.get(baseUrl);
  if (known) return known;
  const watch: Watch = { done: false, drawn: false, listeners: new Set() };
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
    const drawn = (): void => {
      watch.drawn = true;
      for (const l of watch.listeners) l();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(drawn, { timeout: IDLE_WAIT_MS });
    else setTimeout(drawn, 0);
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
  return useWatch(baseUrl, 'done');
}

function useWatch(baseUrl: string, flag: 'done' | 'drawn'): boolean {
  const queryClient = useQueryClient();
  const watch = watchFor(queryClient, baseUrl);
  const subscribe = useCallback(
    (onChange: () => void) => {
      watch.listeners.add(onChange);
      return () => watch.listeners.delete(onChange);
    },
    [watch],
  );
  return useSyncExternalStore(subscribe, () => watch[flag]);
}

/**
 * What a panel or region adds to the first screen but does not need to draw it (bucket bounds,
 * exemplar dots, change and alert markers, the Diagnosis region's verdicts) waits for the first
 * screen to be in and drawn (the first idle moment after its answers, at most IDLE_WAIT_MS): its
 * requests would otherwise share the backend's CPU and the browser's connections with the first
 * screen's own range queries, which a loaded backend then answers later, and its renders the main
 * thread with the charts' first draws (docs/performance.md, "Decorations after the first screen").
 * A panel shown alone (`panel=`) is its own first screen: nothing waits.
 */
export function useAfterFirstScreen(baseUrl: string, alone: boolean): boolean {
  return useWatch(baseUrl, 'drawn') || alone;
}

const USER_INPUT = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

/**
 * The page mounts what is below the first screen once the first screen is in and drawn (the first
 * idle moment after its answers, at most IDLE_WAIT_MS later: the charts draw from those answers
 * first), or as soon as the user scrolls, types or presses anything. (No timer besides useFirstScreenIn's own: on a
 * loaded fleet the first screen takes seconds, and mounting the rest meanwhile slowed it down.)
 */
export function useBelowFoldMounted(baseUrl: string): boolean {
  const drawn = useWatch(baseUrl, 'drawn');
  const [input, setInput] = useState(false);
  useEffect(() => {
    if (drawn || input) return;
    const now = (): void => setInput(true);
    // Any input: a scroll, a key, or a press (a stat tile's link scrolls to its panel on the click
    // that follows, so the panel must be there by then).
    for (const type of USER_INPUT) window.addEventListener(type, now, { once: true, passive: true, capture: true });
    return () => {
      for (const type of USER_INPUT) window.removeEventListener(type, now, { capture: true });
    };
  }, [drawn, input]);
  return drawn || input;
}
