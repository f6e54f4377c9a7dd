// TanStack's `useQueries` with a `combine`, minus one render per key change. `useQueries` reads the
// observer's raw result list as its external-store snapshot and swaps that list in a passive effect
// (`setQueries`) after every render whose keys changed; React sees the snapshot changed after the
// commit and renders the component again, though the combined value (all it returns) is the same
// object. On a window change that is every tile, chart and table in view rendered twice, in two
// commits. Here the component re-renders only when the combined value changes (QueriesObserver
// calls its listeners only then). The cache semantics are TanStack's own: the same observer class,
// options, fetching and garbage collection.
import { notifyManager, QueriesObserver, useQueryClient, type QueryObserverOptions, type QueryObserverResult } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';

/**
 * The queries' results through `combine` (structurally shared: the same object while nothing it
 * reads changed). `queries` and `combine` should keep their identity across renders (memoised):
 * a new list is defaulted (its keys hashed) again.
 */
export function useCombinedQueries<R>(queries: readonly QueryObserverOptions[], combine: (results: QueryObserverResult[]) => R): R {
  const client = useQueryClient();
  const defaulted = useMemo(
    () => queries.map((q) => ({ ...client.defaultQueryOptions(q), _optimisticResults: 'optimistic' as const })),
    [client, queries],
  );
  const [observer] = useState(() => new QueriesObserver<R>(client, defaulted, { combine }));
  const value = observer.getOptimisticResult(defaulted, combine)[1]();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const shown = useRef(value);
  useEffect(() => {
    shown.current = value;
  });

  useEffect(() => {
    observer.setQueries(defaulted, { combine });
  }, [observer, defaulted, combine]);
  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(rerender));
    // An answer that came in between the render and this subscription has notified no one.
    if (observer.getOptimisticResult(defaulted, combine)[1]() !== shown.current) rerender();
    return unsubscribe;
    // Subscribed once per observer; `defaulted`/`combine` are read for the catch-up check only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [observer]);
  return value;
}
