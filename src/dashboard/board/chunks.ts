// The board's parts that an embedded panel (`panel=…&kiosk=1`) never shows, as chunks of their own:
// the whole board (stat row, regions, sections) and the header (controls, filters, dialogs). An
// embed then neither downloads nor compiles them; the board asks them at boot, with the app's
// chunk (main.tsx), so its first render waits for no extra round trip. No React here: the entry
// imports this.
import { isAutoPanelId } from '../../catalog/auto-panel-id';
import { isRoutingPanelId } from '../../catalog/routers/panels';
import type { DashboardState } from '../url/url-state';

export const loadWholeBoard = () => import('./whole-board');
export const loadBoardHeader = () => import('./board-header');
/** One "Other metrics" panel alone (`panel=other-…`), one Routing panel alone (`panel=routing-…`). */
export const loadOtherMetricAlone = () => import('./other-metrics');
export const loadRoutingPanelAlone = () => import('../routing/routing-section');

/**
 * Starts the downloads of the chunks a page in `state` shows (a `panel=` shows one panel, not the
 * board; `kiosk=1` hides the header); settles when they are in, or failed (a failed chunk is then
 * reported where it would have rendered).
 */
export function preloadBoardChunks(state: Pick<DashboardState, 'panel' | 'kiosk'>): Promise<void> {
  const wanted: Array<Promise<unknown>> = [];
  if (!state.panel) wanted.push(loadWholeBoard());
  else if (isAutoPanelId(state.panel)) wanted.push(loadOtherMetricAlone());
  else if (isRoutingPanelId(state.panel)) wanted.push(loadRoutingPanelAlone());
  if (!state.kiosk) wanted.push(loadBoardHeader());
  return Promise.allSettled(wanted).then(() => undefined);
}
