// The menu every panel kind starts from: show the query, full screen (or back), CSV. A kind adds
// its own items after these (a chart: its PNG and where its data comes from).
import type { PanelSpec } from '../../catalog/types';
import type { MenuItem } from '../../components/menu';
import { downloadText, exportName } from '../../components/download';
import type { Messages } from '../../i18n';
import type { SetDashboardState } from '../url/use-url-state';

export function panelMenu({
  panel,
  t,
  fill,
  setState,
  queryCount,
  onShowQuery,
  csv,
}: {
  panel: PanelSpec;
  t: Messages;
  fill: boolean;
  setState: SetDashboardState;
  queryCount: number;
  onShowQuery: () => void;
  /** The CSV text, or null while there is nothing to export. */
  csv: (() => string) | null;
}): MenuItem[] {
  return [
    { label: t.menu.showQuery, onSelect: onShowQuery, disabled: queryCount === 0 },
    fill ? { label: t.menu.exitFullScreen, onSelect: () => setState({ panel: null }) } : { label: t.menu.fullScreen, onSelect: () => setState({ panel: panel.id }) },
    { label: t.menu.csv, disabled: csv === null, onSelect: () => csv && downloadText(exportName(panel.id, 'csv'), csv(), 'text/csv;charset=utf-8') },
  ];
}
