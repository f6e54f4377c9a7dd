// The body of a table panel (model summary, instances): a real <table>, sortable by every column,
// rows that filter the board when activated (click, Enter or Space), outlier cells marked with
// the reason in words, and paging so 1,000 rows stay responsive.
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { STAT_THRESHOLDS } from '../../catalog/define';
import type { ColumnSpec, PanelSpec, Threshold } from '../../catalog/types';
import { csvText } from '../../charts';
import { formatDuration } from '../../lib/time';
import { formatValue } from '../../lib/units';
import { useLang, useT } from '../../i18n';
import { columnTitle } from '../../i18n/catalog-text';
import { formatDelta } from '../compare/compare';
import { formatPoints } from '../compare/tile-delta';
import { rangeSeconds, useDashboard } from '../data/context';
import { STAT_COLORS, statVerdict } from '../panel/stat-verdict';
import { sloCellVerdict } from '../slo/cell-verdict';
import { columnScope, sortRows, type RowStatus, type TableCell, type TableRow } from './table-data';
import type { TableData } from './use-table-data';
import { useFitColumns } from './use-fit-columns';

const PAGE = 50;

export function TableBody({ panel, data, fill }: { panel: PanelSpec; data: TableData; fill: boolean }) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const spec = panel.table;
  const [sort, setSort] = useState(spec?.sort ?? { column: '', dir: 'asc' as const });
  const [shown, setShown] = useState(PAGE);
  const byId = useMemo(() => new Map(data.columns.map((c) => [c.column.id, c])), [data.columns]);
  const sorted = useMemo(() => sortRows(data.rows, byId.get(sort.column)?.column, sort.dir), [data.rows, byId, sort]);
  const columns = useMemo(() => (spec?.columns ?? []).filter((c) => c.status !== 'restarts' && c.status !== 'awake' && c.id !== 'instances-down'), [spec]);
  const filterKey = spec?.rows === 'model' ? 'model' : 'instance';
  const { setState } = ctx;
  const activate = useCallback((row: TableRow) => setState({ [filterKey]: [row.filterValue] }), [setState, filterKey]);
  // Embedded (shown alone in kiosk mode, where nothing scrolls sideways), only the columns that fit whole.
  const wrap = useRef<HTMLDivElement>(null);
  const shownColumns = useFitColumns(wrap, columns, fill && ctx.state.kiosk, data.rows.length > 0);
  if (!spec) return null;
  const onSort = (c: ColumnSpec) =>
    setSort((prev) => ({ column: c.id, dir: prev.column === c.id ? (prev.dir === 'asc' ? 'desc' : 'asc') : c.status === 'up' || isText(c) ? 'asc' : 'desc' }));

  return (
    <div ref={wrap} className="iw-table-wrap" style={fill ? { maxHeight: 'calc(100vh - 180px)' } : undefined}>
      <table className="iw-table">
        <caption className="sr-only">{t.table.caption(data.rows.length)}</caption>
        <thead>
          <tr>
            <th scope="col">{spec.rows === 'model' ? t.model : t.instance}</th>
            {shownColumns.map((c) => {
              const info = byId.get(c.id);
              const active = sort.column === c.id;
              // Text columns (the model) say what, not when.
              const scope = isText(c) ? null : columnScope(c);
              const scopeTitle = scope === 'range' ? t.table.rangeTitle(formatDuration(rangeSeconds(ctx.window) * 1000)) : scope === 'now' ? t.table.nowTitle : undefined;
              return (
                <th
                  key={c.id}
                  scope="col"
                  data-column={c.id}
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  data-scope={scope ?? undefined}
                  title={info?.expanded ? scopeTitle : c.notAvailable ? t.table.columnNotAvailable(ctx.catalog.label) : t.table.columnMissing(info?.missingNames.join(', ') ?? '', info?.enabledBy ?? '')}
                >
                  <button type="button" className="iw-th-button" onClick={() => onSort(c)}>
                    {columnTitle(panel.id, c, ctx.catalog.engine, lang)}
                    {scope && <span className="iw-col-scope">{scope === 'range' ? t.table.range : t.table.now}</span>}
                    <span aria-hidden="true">{active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.slice(0, shown).map((row) => (
            <Row key={row.key} row={row} columns={shownColumns} byId={byId} onActivate={activate} />
          ))}
        </tbody>
      </table>
      {shownColumns.length < columns.length && (
        <p className="iw-muted text-xs" data-columns-hidden={columns.length - shownColumns.length}>
          {t.fleetViews.columnsShown(shownColumns.length, columns.length)}
        </p>
      )}
      {sorted.length > shown && (
        <button type="button" className="iw-button iw-more" onClick={() => setShown((n) => n + PAGE * 4)}>
          {t.table.more(shown, sorted.length)}
        </button>
      )}
    </div>
  );
}

type ColumnInfos = ReadonlyMap<string, { expanded: unknown; missingNames: string[]; enabledBy?: string }>;

/**
 * One body row. Memoised: sorting or showing more rows moves rows without rendering their cells
 * again (the props are the same row object, columns and handlers), which is most of a sort's cost.
 */
const Row = memo(function Row({ row, columns, byId, onActivate }: { row: TableRow; columns: readonly ColumnSpec[]; byId: ColumnInfos; onActivate: (row: TableRow) => void }) {
  const t = useT();
  return (
    <tr
      data-row-key={row.key}
      data-status={row.status}
      tabIndex={0}
      className="iw-row"
      aria-label={t.table.filterTo(row.filterValue)}
      onClick={() => onActivate(row)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onActivate(row);
        }
      }}
    >
      <th scope="row" className="iw-row-key">
        {row.rank ? (
          <>
            {row.filterValue}
            <span className="iw-rank iw-muted">
              {' · '}
              {Object.entries(row.rank)
                .map(([l, v]) => `${l} ${v}`)
                .join(' · ')}
            </span>
          </>
        ) : (
          row.key
        )}
      </th>
      {columns.map((c) => (
        <td key={c.id} className={cellClass(row.cells[c.id], c)} data-column={c.id} data-value={row.cells[c.id]?.value ?? undefined} data-delta={row.cells[c.id]?.delta ?? undefined}
          data-instance-wide={row.cells[c.id]?.instanceWide || undefined}
          title={row.cells[c.id]?.instanceWide ? t.table.instanceWideTitle : undefined}
        >
          <Cell row={row} cell={row.cells[c.id]} column={c} info={byId.get(c.id)} />
        </td>
      ))}
    </tr>
  );
});

/** Units whose rank rows a reader might add up: only these say "(instance)" on a repeated value
 * (an uptime or a p95 repeated on each rank is not summed by anyone). */
const ADDITIVE = new Set<ColumnSpec['unit']>(['reqps', 'tokps', 'requests', 'ops', 'tokens']);

/** A label column shown as text (a numeric label column is formatted and sorted as a number). */
const isText = (c: ColumnSpec) => c.label !== undefined && !c.numeric;

/** Model-summary cells coloured as the stat tiles colour the same figure. */
const CELL_THRESHOLDS: Record<string, readonly Threshold[]> = {
  'ttft-p95': STAT_THRESHOLDS.ttft,
  'itl-p95': STAT_THRESHOLDS.itl,
  'failed-share': STAT_THRESHOLDS.errors,
  'kv-peak': STAT_THRESHOLDS.kvUsage,
};

function cellClass(cell: TableCell | undefined, c: ColumnSpec): string {
  if (isText(c) || c.status) return 'iw-cell-text';
  return cell?.outlier ? 'iw-cell-num iw-outlier' : 'iw-cell-num';
}

function Cell({ row, cell, column, info }: { row: TableRow; cell: TableCell | undefined; column: ColumnSpec; info: { expanded: unknown; missingNames: string[]; enabledBy?: string } | undefined }) {
  const t = useT();
  const lang = useLang();
  const { locale, catalog } = useDashboard();
  if (column.status === 'up') return row.status ? <StatusBadge status={row.status} /> : <span className="iw-muted">—</span>;
  if (column.notAvailable) return <span className="iw-muted" title={t.table.columnNotAvailable(catalog.label)}>—</span>;
  if (!info?.expanded) return <span className="iw-muted" title={t.table.columnMissing(info?.missingNames.join(', ') ?? '', info?.enabledBy ?? '')}>—</span>;
  if (isText(column)) return <span className="iw-cell-label">{cell?.text ?? '—'}</span>;
  if (!cell || cell.value === null) return <span className="iw-muted">—</span>;
  if (column.id === 'instances') {
    const down = row.cells['instances-down']?.value ?? 0;
    if (down > 0)
      return (
        <span className="iw-cell-down" title={t.table.instancesDownTitle}>
          {t.table.instancesDown(cell.value, down)}
        </span>
      );
  }
  const betweenNote = (b: { lower: number; upper: number }) => t.fleetHealth.sloBetween(formatValue(b.lower, 'seconds', { locale }), formatValue(b.upper, 'seconds', { locale }));
  const verdict =
    column.objective !== undefined
      ? sloCellVerdict(cell.value, column.objective, (v) => formatValue(v, 'ratio', { locale, digits: 4 }), (v) => formatValue(v, 'count', { locale }), t.fleetHealth)
      : CELL_THRESHOLDS[column.id]
        ? statVerdict(cell.value, CELL_THRESHOLDS[column.id], (v) => formatValue(v, column.unit, { locale }), t.verdict)
        : null;
  // SLO cells say green too: meeting the objective is a verdict.
  if (verdict && verdict.color !== 'none' && (verdict.color !== 'green' || column.objective !== undefined) && !cell.outlier && cell.delta === undefined)
    return (
      <span data-color={verdict.color} style={{ color: STAT_COLORS[verdict.color] }} title={column.between ? `${verdict.reason} ${betweenNote(column.between)}` : verdict.reason}>
        {column.between ? '≈ ' : ''}
        {formatValue(cell.value, column.unit, { locale })}
      </span>
    );
  const value = `${column.between ? '≈ ' : ''}${formatValue(cell.value, column.unit, { locale })}`;
  // Compare mode: the change against the earlier window, under the value.
  const text =
    cell.delta === undefined ? (
      value
    ) : (
      <>
        {value}
        <span className="iw-cell-delta iw-muted">{cell.delta === null ? '—' : column.unit === 'ratio' ? formatPoints(cell.delta, locale) : formatDelta(cell.delta, locale)}</span>
      </>
    );
  const shown = cell.instanceWide && ADDITIVE.has(column.unit) ? (
    <>
      {text}
      <span className="iw-instance-wide iw-muted" title={t.table.instanceWideTitle}>
        {' '}
        {t.table.instanceWide}
      </span>
    </>
  ) : (
    text
  );
  if (!cell.outlier) return shown;
  const title = columnTitle('', column, catalog.engine, lang);
  const med = formatValue(cell.outlier.median, column.unit, { locale });
  const why =
    cell.outlier.factor === null
      ? t.table.outlierAbove(title, formatValue(Math.abs(cell.value - cell.outlier.median), column.unit, { locale }), med)
      : t.table.outlier(title, cell.outlier.factor.toFixed(1), med);
  return (
    <span title={why}>
      <span aria-hidden="true">⚠ </span>
      {shown}
      <span className="sr-only">{` (${why})`}</span>
    </span>
  );
}

function StatusBadge({ status }: { status: RowStatus }) {
  const t = useT();
  const tone = status === 'up' ? 'green' : status === 'down' ? 'red' : 'amber';
  return <span className={`iw-badge iw-badge-${tone}`}>{t.table.status[status]}</span>;
}

/** The rows as CSV (raw numbers in base units, as the backend answered), RFC 4180 like chart exports. */
export function tableCsv(panel: PanelSpec, rows: readonly TableRow[]): string {
  const cols = panel.table?.columns ?? [];
  const head = ['key', 'status', ...cols.map((c) => c.id)];
  // Numbers as the backend answered (a leading '-' is a sign, not a formula); text escaped.
  const cell = (c: TableCell | undefined) => (c?.text !== undefined ? csvText(c.text) : c?.value === null || c?.value === undefined ? '' : String(c.value));
  const lines = rows.map((r) => [csvText(r.key), r.status ?? '', ...cols.map((c) => cell(r.cells[c.id]))].join(','));
  return [head.join(','), ...lines].map((l) => `${l}\r\n`).join('');
}
