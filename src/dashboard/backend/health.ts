// One shared record of whether the backend answers at all. Query errors that mean "unreachable"
// (network/CORS, 502/503/504) set it, any success clears it; the page shows one banner instead of
// forty panel errors, and panels keep their last data marked stale.
import { useSyncExternalStore } from 'react';

export interface BackendHealth {
  down: boolean;
  message: string | null;
  /** The error itself, so the banner can word it in the interface language. */
  error: unknown;
  since: number | null;
}

let health: BackendHealth = { down: false, message: null, error: null, since: null };
const listeners = new Set<() => void>();

function emit(next: BackendHealth) {
  health = next;
  for (const l of listeners) l();
}

export function reportBackendDown(error: Error) {
  const message = error.message;
  if (health.down && health.message === message) return;
  emit({ down: true, message, error, since: health.since ?? Date.now() });
}

export function reportBackendUp() {
  if (!health.down) return;
  emit({ down: false, message: null, error: null, since: null });
}

export function useBackendHealth(): BackendHealth {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => health,
  );
}
