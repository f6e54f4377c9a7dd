// TanStack Query defaults for a live dashboard: data for an absolute range never goes stale
// (relative ranges get new keys on each refresh tick), no refetch on focus (the tick does it),
// and backend-wide failures feed the one banner instead of each panel.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../prometheus';
import { isBackendWide } from '../dashboard/backend/errors';
import { reportBackendDown, reportBackendUp } from '../dashboard/backend/health';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isBackendWide(error)) reportBackendDown(error);
      },
      // A query marked `meta: { healthSignal: false }` swallows failures into a fallback value, so
      // its success does not prove the backend answers.
      onSuccess: (_data, query) => {
        if (query.meta?.healthSignal !== false) reportBackendUp();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (count, error) => !isBackendWide(error) && shouldRetry(count, error),
        retryDelay: (n) => Math.min(1000 * 2 ** n, 8000),
      },
    },
  });
}
