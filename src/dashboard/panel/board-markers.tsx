// The markers every time-series chart of the page draws on its time axis: the backend's alerts
// (alerts/markers.ts) and the engines' starts and changes (diagnosis/change-markers.ts). They are
// the board's, not a chart's: computed here once for the page and read by each chart, instead of
// every chart running the same queries' observers and the same matching for itself (each chart held
// four query observers for them: ~40 ms of a profiled first screen's main thread under the alert
// markers alone; docs/performance.md).
import { createContext, useCallback, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { PanelSpec } from '../../catalog/types';
import type { ChartMarker } from '../../charts';
import { useT } from '../../i18n';
import { useAlertMarkers } from '../alerts/markers';
import { useChangeMarkers } from '../diagnosis/change-markers';
import { useDashboard } from '../data/context';
import { useFirstScreenIn } from '../data/first-screen';
import { isDistributionPanel } from './lazy-distribution-chart';

export interface BoardMarkers {
  alerts: readonly ChartMarker[];
  changes: readonly ChartMarker[];
}

const NONE: BoardMarkers = { alerts: [], changes: [] };

/** A panel whose chart draws the markers: a time-series chart (not a table, a distribution or latest bars). */
export function drawsMarkers(panel: PanelSpec): boolean {
  return panel.chart !== 'table' && panel.chart !== 'latest' && !isDistributionPanel(panel);
}

/**
 * The page's markers, held outside React's context so that only the charts drawing them re-render
 * when they change: a context would re-render every chart of the page, off screen and loading ones
 * included, the moment the first answers of the markers came in.
 */
export class MarkersStore {
  private value: BoardMarkers = NONE;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };
  get(): BoardMarkers {
    return this.value;
  }
  set(next: BoardMarkers): void {
    if (next.alerts === this.value.alerts && next.changes === this.value.changes) return;
    this.value = next;
    for (const l of this.listeners) l();
  }
}

/** The page's store (the provider's); exported for the unit test. */
export const BoardMarkersContext = createContext<MarkersStore | null>(null);

/**
 * `charts`: the page shows time-series charts (not a table or a distribution alone). Their queries
 * leave once the first screen's are in: the backend serves the charts' own queries first, and the
 * markers are added to drawn charts.
 */
export function BoardMarkersProvider({ charts, children }: { charts: boolean; children: ReactNode }) {
  const t = useT();
  const { baseUrl } = useDashboard();
  const enabled = useFirstScreenIn(baseUrl) && charts;
  const alerts = useAlertMarkers(enabled);
  const changes = useChangeMarkers(enabled, t.diagnosis.changes);
  const [store] = useState(() => new MarkersStore());
  useLayoutEffect(() => store.set({ alerts, changes }), [store, alerts, changes]);
  return <BoardMarkersContext.Provider value={store}>{children}</BoardMarkersContext.Provider>;
}

/** The page's markers for a chart that draws them (`draws`); a chart that does not is not re-rendered when they change. */
export function useBoardMarkers(draws: boolean): BoardMarkers {
  const store = useContext(BoardMarkersContext);
  const subscribe = useCallback((onChange: () => void) => (store ? store.subscribe(onChange) : () => {}), [store]);
  return useSyncExternalStore(subscribe, () => (draws && store ? store.get() : NONE));
}
