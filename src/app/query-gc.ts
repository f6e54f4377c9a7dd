// One collector for the whole query cache instead of TanStack Query's one timer per query. With a
// finite `gcTime`, every query sets a timer when its last observer leaves and again after each
// fetch, and clears it when an observer comes back: on a window change ~40 timers were set and
// cleared on the main thread (2.4 ms of the ~60 ms profiled; docs/performance.md). The cache's
// queries get `gcTime: Infinity` (no timer) and this removes, every `everyMs`, those that nobody
// has observed for `gcMs` and that are not fetching. Answers of windows a live page has left are
// dropped at once anyway (evict-superseded.ts).
import type { Query, QueryCache } from '@tanstack/react-query';

export const UNOBSERVED_MS = 60_000;
const EVERY_MS = 15_000;

/** Starts collecting; returns the stop function. `now` is the time source (tests). */
export function collectUnobserved(cache: QueryCache, gcMs = UNOBSERVED_MS, everyMs = EVERY_MS, now: () => number = Date.now): () => void {
  // Since when a query has had no observer (absent: observed, or not seen unobserved yet).
  const idleSince = new WeakMap<Query, number>();
  const unsubscribe = cache.subscribe((e) => {
    if (e.type === 'observerAdded') idleSince.delete(e.query);
    else if (e.type === 'added' || (e.type === 'observerRemoved' && e.query.getObserversCount() === 0)) idleSince.set(e.query, now());
  });
  const sweep = (): void => {
    const t = now();
    for (const q of cache.getAll()) {
      if (q.getObserversCount() > 0 || q.state.fetchStatus === 'fetching') continue;
      const since = idleSince.get(q);
      if (since === undefined) idleSince.set(q, t);
      else if (t - since >= gcMs) cache.remove(q);
    }
  };
  const timer = setInterval(sweep, everyMs);
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
