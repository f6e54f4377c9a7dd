// The panel menu's "Data: recorded series … / raw series" line: which series the panel's queries
// read (src/rules/recorded.ts decides, per query). Selecting it opens the PromQL dialog.
import type { MenuItem } from '../../components/menu';
import type { Messages } from '../../i18n';
import type { PanelQueryInfo } from '../data/use-panel-data';

const MAX_NAMES = 2;

export function querySourceLabel(queries: readonly PanelQueryInfo[], t: Messages['menu']): string | null {
  const run = queries.filter((q) => q.expanded !== null);
  if (run.length === 0) return null;
  const recorded = run.filter((q) => q.expanded?.recorded?.length);
  if (recorded.length === 0) return t.sourceRaw;
  if (recorded.length < run.length) return t.sourceMixed(recorded.length, run.length);
  const names = [...new Set(recorded.flatMap((q) => q.expanded?.recorded ?? []))];
  return t.sourceRecorded(names.slice(0, MAX_NAMES).join(', ') + (names.length > MAX_NAMES ? ', …' : ''));
}

/** The menu item, or none while nothing runs (loading, unavailable). */
export function querySourceItem(queries: readonly PanelQueryInfo[], t: Messages['menu'], open: () => void): MenuItem[] {
  const label = querySourceLabel(queries, t);
  return label ? [{ label, onSelect: open }] : [];
}
