// The one generic panel: renders any catalog entry. It holds the query window while off screen and
// hands the entry to its kind's view (a chart or a table), which draws inside the shared frame.
import { memo, useRef, useState } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { DashboardContext, useDashboard, type DashboardContextValue } from '../data/context';
import { useInView } from '../data/use-in-view';
import { ChartView } from './chart-view';
import { TableView } from './table-view';

/** Same context apart from the query window. */
function sameButWindow(a: DashboardContextValue, b: DashboardContextValue): boolean {
  return (Object.keys(b) as Array<keyof DashboardContextValue>).every((k) => k === 'window' || Object.is(a[k], b[k]));
}

/**
 * The context a panel sees: the page's while the panel is on or near the screen; off screen, the
 * same but with the window it last saw, so that a refresh tick (which moves only the window)
 * changes nothing for it: it neither re-renders, nor makes new (disabled) queries, nor touches its
 * chart. It catches up as soon as it comes back into view. Other changes (filters, theme, names
 * resolved) still reach it at once.
 */
function useWindowHeldOffScreen(ctx: DashboardContextValue, active: boolean): DashboardContextValue {
  const [held, setHeld] = useState(ctx);
  if (active || held.window === ctx.window) {
    if (held !== ctx) setHeld(ctx);
    return ctx;
  }
  if (sameButWindow(held, ctx)) return held;
  const next = { ...ctx, window: held.window };
  setHeld(next);
  return next;
}

// memo: the refresh clock re-renders the page every tick; a panel re-renders only when its context
// value (window, filters, …) or its query results change, and off screen not for the window.
export const Panel = memo(function Panel({ panel, fill = false }: { panel: PanelSpec; fill?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const active = useInView(root) || fill;
  const ctx = useDashboard();
  const view = useWindowHeldOffScreen(ctx, active);
  return (
    <DashboardContext.Provider value={view}>
      {panel.chart === 'table' ? (
        <TableView panel={panel} fill={fill} active={active} root={root} />
      ) : (
        <ChartView panel={panel} fill={fill} active={active} behind={view.window !== ctx.window} root={root} />
      )}
    </DashboardContext.Provider>
  );
});
