// A small external store per QueryClient and scope (a backend URL, or one shared scope): state that
// lives beside the query cache (the backend's health, the tiles' verdicts) goes with that cache, so
// two clients (two tests, an embed beside the page) never see each other's, and one backend's record
// never shows under another's URL.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

interface Cell<T> {
  value: T;
  listeners: Set<() => void>;
}

export interface ScopedStore<T> {
  get(queryClient: QueryClient, scope: string): T;
  /** `update` returns the next value, or the same one for no change (then no listener is called). */
  update(queryClient: QueryClient, scope: string, update: (prev: T) => T): void;
  subscribe(queryClient: QueryClient, scope: string, listener: () => void): () => void;
  /** The value for this component's QueryClient and `scope`, re-rendering when it changes. */
  use(scope: string): T;
}

/**
 * @example
 * const counts = createScopedStore(() => 0);
 * counts.update(qc, 'http://prom:9090', (n) => n + 1);
 * counts.get(qc, 'http://prom:9090'); // 1
 * counts.get(qc, 'http://other:9090'); // 0
 * counts.get(new QueryClient(), 'http://prom:9090'); // 0
 */
export function createScopedStore<T>(initial: () => T): ScopedStore<T> {
  const cells = new WeakMap<QueryClient, Map<string, Cell<T>>>();
  const cellFor = (queryClient: QueryClient, scope: string): Cell<T> => {
    let byScope = cells.get(queryClient);
    if (!byScope) cells.set(queryClient, (byScope = new Map()));
    let cell = byScope.get(scope);
    if (!cell) byScope.set(scope, (cell = { value: initial(), listeners: new Set() }));
    return cell;
  };
  const store: ScopedStore<T> = {
    get: (queryClient, scope) => cellFor(queryClient, scope).value,
    update(queryClient, scope, update) {
      const cell = cellFor(queryClient, scope);
      const next = update(cell.value);
      if (Object.is(next, cell.value)) return;
      cell.value = next;
      for (const l of [...cell.listeners]) l();
    },
    subscribe(queryClient, scope, listener) {
      const cell = cellFor(queryClient, scope);
      cell.listeners.add(listener);
      return () => cell.listeners.delete(listener);
    },
    use(scope) {
      const queryClient = useQueryClient();
      const subscribe = useCallback((l: () => void) => store.subscribe(queryClient, scope, l), [queryClient, scope]);
      return useSyncExternalStore(subscribe, () => store.get(queryClient, scope));
    },
  };
  return store;
}
