// Whether a backend's own answers asked for credentials: a query of it refused with 401 or 403
// (HTTP status or the API envelope's errorType). Pure over the query cache, so it is tested without
// React.
import type { QueryClient } from '@tanstack/react-query';
import { PrometheusError, prometheusKeys } from '../../prometheus';

function isAuthRefusal(e: unknown): boolean {
  if (!(e instanceof PrometheusError)) return false;
  if (e.status === 401 || e.status === 403) return true;
  return e.kind === 'api' && /^(unauthori[sz]ed|forbidden|unauthenticated|permission)/i.test(e.errorType ?? '');
}

export function askedForCredentials(queryClient: QueryClient, baseUrl: string): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: prometheusKeys.backend(baseUrl) })
    .some((q) => isAuthRefusal(q.state.error));
}
