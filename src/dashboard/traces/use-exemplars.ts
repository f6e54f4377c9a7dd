// A latency heatmap's exemplars over the page's window: one query_exemplars request per panel,
// only while it is in view; when there are none, which of the silent misses applies (storage off,
// no exemplars served at all, none in this range).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { expandQuery } from '../../catalog/promql';
import type { PanelSpec } from '../../catalog/types';
import { backendKindOptions, canAskStatus, exemplarsOptions, exemplarStorageOptions, isUnsupported, type Exemplar } from '../../prometheus';
import { useDashboard } from '../data/context';
import { bucketSelector, latencyKindOf } from './exemplar-query';
import type { LatencyKind } from './trace-links';

export type ExemplarStatus = 'off' | 'loading' | 'ok' | 'no-storage' | 'no-openmetrics' | 'none-in-range' | 'unsupported' | 'not-asked' | 'error';

export interface ExemplarState {
  status: ExemplarStatus;
  kind: LatencyKind | null;
  exemplars: Exemplar[];
  /** Unix seconds of the newest exemplar outside the range (none-in-range). */
  newest: number | null;
  error: unknown;
}

/** How far back the "does anything carry exemplars at all" probe looks (the in-memory ring is usually shorter). */
const PROBE_SEC = 7 * 86_400;
const NONE: Exemplar[] = [];

export function useExemplars(panel: PanelSpec, active: boolean): ExemplarState {
  const { client, baseUrl, catalog, resolved, filters, rateInterval, by, window: w } = useDashboard();
  const kind = latencyKindOf(panel);
  const selector = useMemo(() => {
    const q = panel.queries[0];
    if (!kind || !q || !resolved) return null;
    const r = expandQuery(q, catalog, { resolved, filters, rateInterval, by });
    return 'missing' in r ? null : bucketSelector(r.expr);
  }, [kind, panel, catalog, resolved, filters, rateInterval, by]);
  // VictoriaMetrics across origins answers query_exemplars (always empty) and status/flags without
  // CORS headers: the browser would log an error and refuse the answer, so neither is asked.
  const backend = useQuery({ ...backendKindOptions(client, { baseUrl }), enabled: active && selector !== null });
  const canAsk = backend.isFetched && canAskStatus(backend.data ?? null, baseUrl, window.location.origin);
  const enabled = active && selector !== null && canAsk;
  // The previous window's exemplars stay while the moved one loads: no flicker of dots and list.
  const main = useQuery({ ...exemplarsOptions(client, { baseUrl, expr: selector ?? '', start: w.startSec, end: w.endSec }), enabled, placeholderData: keepPreviousData });
  const empty = enabled && main.data !== undefined && main.data.length === 0;
  const storage = useQuery({ ...exemplarStorageOptions(client, { baseUrl }), enabled: empty });
  // The probe's end moves by the hour, so refresh ticks reuse its answer.
  const probeEnd = Math.ceil(w.endSec / 3600) * 3600;
  const probe = useQuery({
    ...exemplarsOptions(client, { baseUrl, expr: selector ?? '', start: probeEnd - PROBE_SEC, end: probeEnd }),
    enabled: empty && storage.data !== undefined && storage.data !== false,
    staleTime: 5 * 60_000,
  });
  const base = { kind, exemplars: NONE, newest: null, error: null };
  if (!kind || selector === null) return { ...base, status: 'off' };
  if (backend.isFetched && !canAsk) return { ...base, status: 'not-asked' };
  if (main.error) return { ...base, status: isUnsupported(main.error) ? 'unsupported' : 'error', error: main.error };
  if (main.data === undefined) return { ...base, status: 'loading' };
  if (main.data.length > 0) return { ...base, status: 'ok', exemplars: main.data };
  if (storage.data === undefined) return { ...base, status: 'loading' };
  if (storage.data === false) return { ...base, status: 'no-storage' };
  if (probe.data === undefined) return probe.error ? { ...base, status: 'no-openmetrics' } : { ...base, status: 'loading' };
  if (probe.data.length === 0) return { ...base, status: 'no-openmetrics' };
  return { ...base, status: 'none-in-range', newest: Math.max(...probe.data.map((e) => e.time)) };
}
