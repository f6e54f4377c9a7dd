// TanStack Query defaults for a live dashboard: data for an absolute range never goes stale
// (relative ranges get new keys on each refresh tick), unobserved answers dropped after a minute
// by one collector (query-gc.ts), no refetch on focus (the tick does it),
// and backend-wide failures feed the one banner instead of each panel.
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { backendOfKey, endpointOfKey, prometheusKeys, shouldRetry } from '../prometheus';
import { isBackendWide } from '../dashboard/backend/errors';
import { failingEndpoints, forgetEndpoint, reportBackendDown, reportBackendUp } from '../dashboard/backend/health';
import { collectUnobserved } from './query-gc';

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // The health record is this client's and the query's backend's (the key names it), per
    // endpoint (the key's third part).
    queryCache: new QueryCache({
      onError: (error, query) => {
        const baseUrl = backendOfKey(query.queryKey);
        if (baseUrl !== null && isBackendWide(error)) reportBackendDown(queryClient, baseUrl, endpointOfKey(query.queryKey), error);
      },
      // A query marked `meta: { healthSignal: false }` swallows failures into a fallback value, so
      // its success does not prove the backend answers.
      onSuccess: (_data, query) => {
        const baseUrl = backendOfKey(query.queryKey);
        if (baseUrl === null || query.meta?.healthSignal === false) return;
        const recovered = reportBackendUp(queryClient, baseUrl, endpointOfKey(query.queryKey));
        if (recovered.length > 0) askAgain(queryClient, baseUrl, recovered);
        else forgetUnobserved(queryClient, baseUrl);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        // No timer per query: one collector for the cache (query-gc.ts) drops what nobody has
        // observed for a minute.
        gcTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (count, error) => !isBackendWide(error) && shouldRetry(count, error),
        retryDelay: (n) => Math.min(1000 * 2 ** n, 8000),
      },
    },
  });
  collectUnobserved(queryClient.getQueryCache());
  return queryClient;
}

/**
 * Backend-wide failures are not retried per query (forty panels retrying at once load a backend
 * that is already failing). Instead, when an endpoint answers again, the panels on screen whose
 * query of that endpoint failed that way ask once more; without it a board with `refresh=off`
 * would keep the failure on screen after the backend came back.
 */
function askAgain(queryClient: QueryClient, baseUrl: string, endpoints: readonly string[]): void {
  const wanted = new Set(endpoints);
  const predicate = (q: Query) =>
    q.state.status === 'error' && isBackendWide(q.state.error) && backendOfKey(q.queryKey) === baseUrl && wanted.has(endpointOfKey(q.queryKey));
  // After the current notification: the cache is inside the success's dispatch here.
  queueMicrotask(() => void queryClient.refetchQueries({ type: 'active', predicate }));
}

/**
 * The backend answers: an endpoint still marked failing although no query on screen failed there
 * (the failed ones were left behind) is forgotten, so the banner goes with the last panel that
 * waits on it rather than staying until that endpoint happens to be asked again.
 */
function forgetUnobserved(queryClient: QueryClient, baseUrl: string): void {
  const failing = failingEndpoints(queryClient, baseUrl);
  if (failing.length === 0) return;
  const cache = queryClient.getQueryCache();
  for (const endpoint of failing) {
    const waiting = cache
      .findAll({ queryKey: [...prometheusKeys.backend(baseUrl), endpoint] })
      // A query on screen that failed there, or is asking there again (a refetch of a query with no
      // data is `pending`, its error cleared): its answer is still to come.
      .some((q) => q.getObserversCount() > 0 && ((q.state.status === 'error' && isBackendWide(q.state.error)) || q.state.fetchStatus === 'fetching'));
    if (!waiting) forgetEndpoint(queryClient, baseUrl, endpoint);
  }
}
