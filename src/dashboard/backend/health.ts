// One record per query client and backend of whether the backend answers at all. Query errors that
// mean "unreachable" (network/CORS, 502/503/504) set it, any success clears it (src/app/query-client.ts
// reports both); the page shows one banner instead of forty panel errors, and panels keep their last
// data marked stale.
import type { QueryClient } from '@tanstack/react-query';
import { createScopedStore } from '../data/scoped-store';

export interface BackendHealth {
  down: boolean;
  message: string | null;
  /** The error itself, so the banner can word it in the interface language. */
  error: unknown;
  since: number | null;
}

const UP: BackendHealth = { down: false, message: null, error: null, since: null };
const health = createScopedStore<BackendHealth>(() => UP);

export function reportBackendDown(queryClient: QueryClient, baseUrl: string, error: Error): void {
  health.update(queryClient, baseUrl, (h) =>
    h.down && h.message === error.message ? h : { down: true, message: error.message, error, since: h.since ?? Date.now() },
  );
}

export function reportBackendUp(queryClient: QueryClient, baseUrl: string): void {
  health.update(queryClient, baseUrl, (h) => (h.down ? UP : h));
}

/** The health of `baseUrl` as this component's query client has seen it. */
export function useBackendHealth(baseUrl: string): BackendHealth {
  return health.use(baseUrl);
}
