// A table panel: the same frame, menu and state message as a chart; the body is a sortable table.
import { memo, useState } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { useLang, useT } from '../../i18n';
import { panelText } from '../../i18n/catalog-text';
import { useDashboard } from '../data/context';
import { PanelFrame } from './panel-frame';
import { panelMenu } from './panel-menu';
import { QueryDialog } from './query-dialog';
import { StateMessage } from './state-message';
import { TableBody, tableCsv } from '../tables/table-panel';
import { useTableData } from '../tables/use-table-data';

export const TableView = memo(function TableView({
  panel,
  fill,
  active,
  root,
}: {
  panel: PanelSpec;
  fill: boolean;
  active: boolean;
  root: React.RefObject<HTMLDivElement | null>;
}) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const text = panelText(panel, ctx.catalog.engine, lang);
  const data = useTableData(panel, active);
  const [showQuery, setShowQuery] = useState(false);
  const menuItems = panelMenu({
    panel,
    t,
    fill,
    setState: ctx.setState,
    queryCount: data.queries.length,
    onShowQuery: () => setShowQuery(true),
    csv: data.rows.length === 0 ? null : () => tableCsv(panel, data.rows),
  });
  return (
    <PanelFrame panel={panel} title={text.title} description={text.description} fill={fill} root={root} state={data.state} stale={data.stale} fetching={data.fetching} menuItems={menuItems}>
      {data.state === 'ok' ? (
        <TableBody panel={panel} data={data} fill={fill} />
      ) : (
        <StateMessage panel={panel} state={data.state} emptyText={t.table.noRows} reason={data.reason} backendDown={data.backendDown} style={{ minHeight: 80 }} />
      )}
      {showQuery && <QueryDialog title={text.title} queries={data.queries} onClose={() => setShowQuery(false)} />}
    </PanelFrame>
  );
});

