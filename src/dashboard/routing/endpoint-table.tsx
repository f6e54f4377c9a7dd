// The per-endpoint table (docs/routing.md): a real <table>, one body row per engine endpoint the
// router knows, keyed by the endpoint as the router names it, with whether it joined an engine.
// Endpoint names and label values are rendered as text (React escapes them).
import { formatValue } from '../../lib/units';
import { useT } from '../../i18n';
import type { Messages } from '../../i18n/en';
import { COLUMN_UNITS, ENGINE_COLUMNS, type EndpointRow, type EngineColumn } from './endpoint-rows';
import type { Outlier } from '../tables/table-data';

const ratioX = (v: number | null): string => (v === null ? '—' : `${v.toFixed(2)}×`);

function Marked({ text, outlier, t }: { text: string; outlier: Outlier | undefined; t: Messages }) {
  if (!outlier) return <>{text}</>;
  const why = t.routing.outlier(outlier.factor === null ? '∞' : `${outlier.factor.toFixed(1)}×`);
  return (
    <span title={why} data-outlier="true">
      <span aria-hidden="true">⚠ </span>
      {text}
      <span className="sr-only">{` (${why})`}</span>
    </span>
  );
}

const TITLES = (t: Messages): Record<EngineColumn, string> => ({
  rate: t.routing.engineRate,
  running: t.routing.running,
  waiting: t.routing.waiting,
  kv: t.routing.kv,
  prefix: t.routing.prefixHit,
  ttft: t.routing.ttft,
});

export function EndpointTableBody({ rows, caption, locale }: { rows: EndpointRow[]; caption: string; locale: string }) {
  const t = useT();
  const titles = TITLES(t);
  return (
    <div className="iw-table-wrap">
      <table className="iw-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.routing.endpoint}</th>
            <th scope="col">{t.routing.engine}</th>
            <th scope="col" title={t.routing.shareTip}>
              {t.routing.share}
            </th>
            <th scope="col" title={t.routing.fairTip}>
              {t.routing.fair}
            </th>
            <th scope="col" title={t.routing.inflightTip}>
              {t.routing.inflight}
            </th>
            {ENGINE_COLUMNS.map((c) => (
              <th scope="col" key={c} title={t.routing.engineSide}>
                {titles[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.endpoint} data-row-key={r.endpoint} data-joined={r.engine !== null ? 'true' : 'false'} className="iw-row">
              <th scope="row" className="iw-row-key">
                {r.endpoint}
                {r.health === 0 && <span className="iw-muted"> ({t.routing.unhealthy})</span>}
              </th>
              <td className="iw-cell-label">{r.engine ?? <span className="iw-muted">{t.routing.notJoined}</span>}</td>
              <td className="iw-cell-num" data-col="share" data-value={r.share ?? undefined}>
                {formatValue(r.share, 'ratio', { locale })}
              </td>
              <td className={r.outliers.fair ? 'iw-cell-num iw-outlier' : 'iw-cell-num'} data-col="fair">
                <Marked text={ratioX(r.fair)} outlier={r.outliers.fair} t={t} />
              </td>
              <td className="iw-cell-num" data-col="inflight">
                {formatValue(r.inflight, COLUMN_UNITS.inflight, { locale })}
              </td>
              {ENGINE_COLUMNS.map((c) => (
                <td key={c} className={r.outliers[c] ? 'iw-cell-num iw-outlier' : 'iw-cell-num'} data-col={c} data-value={r.figures[c]}>
                  <Marked text={formatValue(r.figures[c] ?? null, COLUMN_UNITS[c], { locale })} outlier={r.outliers[c]} t={t} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
