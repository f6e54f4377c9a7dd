// The board's alerts as chart markers: the same /api/v1/alerts answer the Alerts region shows
// (one cached query, refreshed by the region; panels only read it), matched to the board the same
// way (match.ts), as plain {t, label, severity} for the charts layer.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { groupMarkers, type ChartMarker } from '../../charts';
import { alertsOptions, backendKindOptions, canAskStatus, type Alert } from '../../prometheus';
import { boardAlerts, placeLabels, type BoardFilter } from './match';
import { useDashboard } from '../data/context';

const NONE: readonly ChartMarker[] = [];

/** Alerts with a start time, as markers: the name on the line; place and summary in the tooltip. */
export function alertMarkers(alerts: readonly Alert[], f: BoardFilter): ChartMarker[] {
  return boardAlerts(alerts, undefined, f).flatMap((a) =>
    a.activeAtMs === null
      ? []
      : [{ t: a.activeAtMs, label: a.name, place: placeLabels(a.labels, f).join(' · ') || undefined, detail: a.summary || undefined, severity: a.severity, pending: a.state === 'pending' }],
  );
}

/**
 * Markers per answer and filter, shared by every panel: matching 50,000 alerts takes ~150 ms, and
 * each panel doing it for itself froze the page for seconds.
 */
const shared = new WeakMap<readonly Alert[], Map<string, readonly ChartMarker[]>>();

function sharedMarkers(alerts: readonly Alert[], f: BoardFilter): readonly ChartMarker[] {
  const key = JSON.stringify([f.engine, f.modelLabel, f.instanceLabel, f.models, f.instances]);
  let byFilter = shared.get(alerts);
  if (!byFilter) shared.set(alerts, (byFilter = new Map()));
  let markers = byFilter.get(key);
  if (!markers) {
    const found = alertMarkers(alerts, f);
    // None keeps one identity, so that a new answer with no alerts re-renders nothing.
    byFilter.set(key, (markers = found.length > 0 ? found : NONE));
  }
  return markers;
}

export function useAlertMarkers(enabled: boolean): readonly ChartMarker[] {
  const { client, baseUrl, catalog, state } = useDashboard();
  const kind = useQuery(backendKindOptions(client, { baseUrl }));
  const ask = enabled && kind.isFetched && canAskStatus(kind.data ?? null, baseUrl, window.location.origin);
  // No refetch interval of its own: the Alerts region's observer refreshes the shared answer.
  const alerts = useQuery({ ...alertsOptions(client, { baseUrl }), enabled: ask });
  const data = alerts.data?.alerts;
  const { model: modelLabel, instance: instanceLabel } = catalog.filterLabels;
  return useMemo(
    () => (data ? sharedMarkers(data, { engine: catalog.engine, modelLabel, instanceLabel, models: state.model, instances: state.instance }) : NONE),
    [data, catalog.engine, modelLabel, instanceLabel, state.model, state.instance],
  );
}

/** The chart's accessible name with the alerts marked on it (the canvas lines say nothing to a screen reader). */
export function markersAriaLabel(title: string, markers: readonly ChartMarker[], startMs: number, endMs: number, text: (title: string, alerts: string) => string): string {
  const inRange = groupMarkers(markers, startMs, endMs).flatMap((g) => g.markers.map((m) => (m.place ? `${m.label} · ${m.place}` : m.label)));
  return inRange.length === 0 ? title : text(title, inRange.join('; '));
}
