// "The first screen is in": the page's first range queries have all answered. Until then the page
// sends nothing the first screen does not need and mounts nothing below it, so that on a large
// fleet the browser's six connections, the main thread and the backend's CPU go to the panels in
// view. One watcher per query cache and backend,
// shared by every hook that waits for it.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { prometheusKeys } from '../../prometheus';

/** When no range query has been sent this long after the first asker, nothing is held back any more. */
export const FIRST_SCREEN_FALLBACK_MS = 4000;

/**
 * After the first screen's range queries are in, how long the page may wait for its instant ones
 * (the tables and the Diagnosis region in view) before it mounts what is below the fold anyway.
 */
export const SETTLE_CAP_MS = 3000;

interface Watch {
  /** Every range query sent has answered: the panels' data is in. */
  done: boolean;
  /** …and the instant queries sent by then (tables, verdicts) too, or SETTLE_CAP_MS has passed. */
  settled: boolean;
  listeners: Set<() => void>;
}

const watches = new WeakMap<QueryClient, Map<string, Watch>>();

function watchFor(queryClient: QueryClient, baseUrl: string): Watch {
  let byUrl = watches.get(queryClient);
  if (!byUrl) watches.set(queryClient, (byUrl = new Map()));
  const known = byUrl.get(baseUrl);
  if (known) return known;
  const watch: Watch = { done: false, settled: false, listeners: new Set() };
  byUrl.set(baseUrl, watch);
  const key = prometheusKeys.rangeQueries(baseUrl);
  const instantKey = prometheusKeys.instantQueries(baseUrl);
  let seen = false;
  let cap: ReturnType<typeof setTimeout> | undefined;
  const notify = (): void => {
    for (const l of watch.listeners) l();
  };
  const settle = (): void => {
    if (watch.settled) return;
    watch.settled = true;
    performance.mark('inferwatch:first-screen-settled');
    unsubscribe();
    clearTimeout(timer);
    clearTimeout(cap);
    notify();
  };
  const finish = (): void => {
    if (watch.done) return;
    watch.done = true;
    performance.mark('inferwatch:first-screen-in');
    clearTimeout(timer);
    cap = setTimeout(settle, SETTLE_CAP_MS);
    notify();
  };
  // Watched on the query cache, not with useIsFetching, which would re-render the whole dashboard
  // on every request of every refresh.
  const check = (): void => {
    if (!watch.done) {
      if (queryClient.isFetching({ queryKey: key }) > 0) seen = true;
      else if (seen) finish();
    }
    if (watch.done && queryClient.isFetching({ queryKey: key }) + queryClient.isFetching({ queryKey: instantKey }) === 0) settle();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  check(); // range queries already in flight count too
  const timer = setTimeout(() => {
    if (seen) return;
    finish();
    settle();
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

function useWatch(baseUrl: string, flag: 'done' | 'settled'): boolean {
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

const USER_INPUT = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

/** How long after the first screen's answers the page may wait for an idle moment to mount the rest. */
const IDLE_WAIT_MS = 1000;

/**
 * Calls `then` once the page has drawn the first screen's last answers: two animation frames (the
 * answers reach the panels through the query cache's batched notify and React's scheduled render,
 * and a chart draws on the frame after its commit) and then an idle moment (at most IDLE_WAIT_MS).
 * A hidden tab has no frames: there it waits until the tab is shown, when there is something to see.
 * Returns a cancel function.
 */
function afterDrawn(then: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function' || typeof requestIdleCallback !== 'function') {
    const id = setTimeout(then, 0);
    return () => clearTimeout(id);
  }
  let cancel = (): void => {};
  let frames = 0;
  const frame = (): void => {
    if (++frames < 2) {
      const id = requestAnimationFrame(frame);
      cancel = () => cancelAnimationFrame(id);
      return;
    }
    const id = requestIdleCallback(then, { timeout: IDLE_WAIT_MS });
    cancel = () => cancelIdleCallback(id);
  };
  const id = requestAnimationFrame(frame);
  cancel = () => cancelAnimationFrame(id);
  return () => cancel();
}

/**
 * The page mounts what is below the first screen once the first screen is in, settled and drawn:
 * its range queries and the instant ones sent by then (the tables and verdicts in view) have
 * answered, then two frames and an idle moment (afterDrawn); or as soon as the user scrolls, types
 * or presses anything. The mount is a transition: React renders the sections below in slices, so a
 * chart of the first screen still drawing, or an input, is not held up by it. (On a loaded fleet the
 * first screen takes seconds, and mounting the rest meanwhile slows it down: mounting it when the
 * range queries alone were in put ~800 renders of the sections below before the Models table's last
 * answer was drawn: docs/performance.md.)
 */
export function useBelowFoldMounted(baseUrl: string): boolean {
  const firstIn = useWatch(baseUrl, 'settled');
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    if (firstIn) return afterDrawn(() => startTransition(() => setMounted(true)));
    // Any input: a scroll, a key, or a press (a stat tile's link scrolls to its panel on the click
    // that follows, so the panel must be there by then: not a transition).
    const now = (): void => setMounted(true);
    for (const type of USER_INPUT) window.addEventListener(type, now, { once: true, passive: true, capture: true });
    return () => {
      for (const type of USER_INPUT) window.removeEventListener(type, now, { capture: true });
    };
  }, [firstIn, mounted]);
  return mounted;
}
