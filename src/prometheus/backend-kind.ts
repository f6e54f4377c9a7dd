// Which query engine answers: PromQL (Prometheus, Thanos, Mimir, Cortex) or MetricsQL
// (VictoriaMetrics, single node or vmselect). The board needs to know before it asks for status
// endpoints: VictoriaMetrics serves `/api/v1/targets`, `/api/v1/status/config` and
// `/api/v1/status/buildinfo` without CORS headers (its query and label endpoints have them), so a
// cross-origin page asking for them gets a refused answer and an error in the console each time.
import type { PrometheusClient } from './client';
import { isAbortError } from './errors';

export type BackendKind = 'promql' | 'metricsql';

/**
 * Asks the instant query `1`, which touches no data. PromQL answers a scalar; MetricsQL has no
 * scalar results and answers a one-sample vector (seen on VictoriaMetrics; its docs list it among
 * the differences from PromQL). The query endpoint answers with CORS headers on both, so the probe
 * itself cannot log an error. Null when the backend does not answer (it is then down or not a
 * Prometheus API, which other requests report).
 */
export async function detectBackendKind(client: PrometheusClient, signal?: AbortSignal): Promise<BackendKind | null> {
  try {
    const { result } = await client.query('1', undefined, signal);
    if (result.resultType === 'scalar') return 'promql';
    if (result.resultType === 'vector') return 'metricsql';
    return null;
  } catch (e) {
    if (isAbortError(e)) throw e;
    return null;
  }
}

/** The page's origin and the backend's differ (only then does CORS apply). */
export function isCrossOrigin(baseUrl: string, pageOrigin: string): boolean {
  try {
    return new URL(baseUrl, pageOrigin).origin !== pageOrigin;
  } catch {
    return true;
  }
}

/**
 * Whether to ask the status endpoints (targets, config) at all: not VictoriaMetrics across origins,
 * where the browser refuses the answer. Same-origin (behind a proxy) they answer and are used.
 */
export function canAskStatus(kind: BackendKind | null, baseUrl: string, pageOrigin: string): boolean {
  return !(kind === 'metricsql' && isCrossOrigin(baseUrl, pageOrigin));
}
