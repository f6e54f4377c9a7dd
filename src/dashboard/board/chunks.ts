// The board's parts that an embedded panel (`panel=…&kiosk=1`) never shows, as chunks of their own:
// the whole board (stat row, regions, sections) and the header (controls, filters, dialogs). An
// embed then neither downloads nor compiles them; the board asks them at boot, with the app's
// chunk (main.tsx), so its first render waits for no extra round trip. No React here: the entry
// imports this.
import { isAutoPanelId } from '../../catalog/auto-panel-id';
import { isGpuPanelId } from '../../catalog/gpus/panel-ids';
import { isRoutingPanelId } from '../../catalog/routers/panels';
import type { DashboardState } from '../url/url-state';

export const loadWholeBoard = () => import('./whole-board');
export const loadBoardHeader = () => import('./board-header');
/** One "Other metrics" panel alone (`panel=other-…`), one Routing panel alone (`panel=routing-…`). */
export const loadOtherMetricAlone = () => import('./other-metrics');
export const loadRoutingPanelAlone = () => import('../routing/routing-section');
/** One GPUs section panel alone (`panel=gpu-…`). */
export const loadGpuPanelAlone = () => import('../gpus/gpu-panel-alone');

/** A lazy part of the page: the whole board, one panel alone from Other metrics, Routing or GPUs, the header. */
export type BoardPart = 'board' | 'other' | 'routing' | 'gpu' | 'header';

/** The lazy parts a page in `state` shows (a `panel=` shows one panel, not the board; `kiosk=1` hides the header). */
export function partsShown(state: Pick<DashboardState, 'panel' | 'kiosk'>): BoardPart[] {
  const parts: BoardPart[] = [];
  if (!state.panel) parts.push('board');
  else if (isAutoPanelId(state.panel)) parts.push('other');
  else if (isRoutingPanelId(state.panel)) parts.push('routing');
  else if (isGpuPanelId(state.panel)) parts.push('gpu');
  if (!state.kiosk) parts.push('header');
  return parts;
}

const loaders: Record<BoardPart, () => Promise<unknown>> = { board: loadWholeBoard, other: loadOtherMetricAlone, routing: loadRoutingPanelAlone, gpu: loadGpuPanelAlone, header: loadBoardHeader };

/** Starts the downloads of the chunks a page in `state` shows; settles when they are in, or failed (a failed chunk is then reported where it would have rendered). */
export function preloadBoardChunks(state: Pick<DashboardState, 'panel' | 'kiosk'>): Promise<void> {
  return Promise.allSettled(partsShown(state).map((p) => loaders[p]())).then(() => undefined);
}
