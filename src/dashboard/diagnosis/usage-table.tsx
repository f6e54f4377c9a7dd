// The usage windows under the Diagnosis findings: requests and tokens per model over the last
// 1 h, 24 h and 7 d before the end of the board's range. Closed by default, and asked only while
// open (a week of `increase` is not free on a big fleet): one or two glued instant queries.
import { useMemo, useState } from 'react';
import { expandExpr } from '../../catalog';
import type { QueryAnswer } from '../../prometheus';
import { useLang, useT } from '../../i18n';
import { formatValue } from '../../lib/units';
import { summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { glue } from './signals';
import { USAGE_WINDOWS, usageRows, usageSignals, type UsageCell } from './usage';

const LOCALE = { en: 'en', 'zh-CN': 'zh-CN' } as const;

function useUsage(open: boolean) {
  const ctx = useDashboard();
  const { resolved, filters, rateInterval, catalog, client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const modelLabel = catalog.filterLabels.model;
  const exprs = useMemo(() => {
    if (!resolved) return [];
    const parts: Array<{ id: string; expr: string }> = [];
    for (const s of usageSignals(catalog)) {
      const r = expandExpr(s.id, s.expr, catalog, { resolved, filters, rateInterval, by: [modelLabel] });
      if (!('missing' in r)) parts.push({ id: s.id, expr: r.expr });
    }
    return glue(parts);
  }, [resolved, catalog, filters, rateInterval, modelLabel]);
  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs, window: w, enabled: open && exprs.length > 0 });
  const error = statuses.find((s) => s.error)?.error ?? null;
  const done = answers.length > 0 && answers.every((a) => a !== undefined);
  const rows = useMemo(
    () => (done ? usageRows(answers.flatMap((a: QueryAnswer | undefined) => (a && a.result.resultType === 'vector' ? a.result.result : [])), modelLabel, w.endSec) : null),
    [done, answers, modelLabel, w.endSec],
  );
  return { rows, error, endSec: w.endSec };
}

function Cell({ v, unit, cell, windowSec }: { v: number | null; unit: 'requests' | 'tokens'; cell: UsageCell; windowSec: number }) {
  const t = useT().usage;
  const locale = LOCALE[useLang()];
  const partial = cell.coveredSec < windowSec;
  return (
    <td className="text-right" data-value={v ?? undefined} data-covered={cell.coveredSec} title={partial ? t.partial(formatValue(cell.coveredSec, 'seconds', { locale })) : undefined}>
      {formatValue(v, unit, { locale })}
      {partial && v !== null && <span className="iw-muted"> *</span>}
    </td>
  );
}

export function UsageTable() {
  const t = useT().usage;
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const { rows, error, endSec } = useUsage(open);
  const partial = rows?.some((r) => USAGE_WINDOWS.some((w) => r.cells[w.id].coveredSec < w.seconds)) ?? false;
  let body: React.ReactNode = null;
  if (open) {
    if (error) body = <p className="iw-muted">{t.failed(error instanceof Error ? error.message : String(error))}</p>;
    else if (!rows) body = <p className="iw-muted">{t.loading}</p>;
    else if (rows.length === 0) body = <p className="iw-muted">{t.none}</p>;
    else
      body = (
        <>
          <p className="iw-muted">{t.caption(new Date(endSec * 1000).toLocaleString(LOCALE[lang]))}</p>
          <div className="overflow-x-auto">
            <table className="iw-table" data-usage-time={endSec}>
              <thead>
                <tr>
                  <th scope="col">{t.model}</th>
                  {USAGE_WINDOWS.map((w) => (
                    <th key={`r${w.id}`} scope="col" data-window={w.id}>
                      {t.requests(t.windows[w.id])}
                    </th>
                  ))}
                  {USAGE_WINDOWS.map((w) => (
                    <th key={`t${w.id}`} scope="col">
                      {t.tokens(t.windows[w.id])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.model} data-model={r.model}>
                    <th scope="row">{r.model}</th>
                    {USAGE_WINDOWS.map((w) => (
                      <Cell key={`r${w.id}`} v={r.cells[w.id].requests} unit="requests" cell={r.cells[w.id]} windowSec={w.seconds} />
                    ))}
                    {USAGE_WINDOWS.map((w) => (
                      <Cell key={`t${w.id}`} v={r.cells[w.id].tokens} unit="tokens" cell={r.cells[w.id]} windowSec={w.seconds} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {partial && <p className="iw-muted">* {t.partialNote}</p>}
        </>
      );
  }
  return (
    <details className="text-xs" data-testid="diagnosis-usage" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t.title}</summary>
      {body}
    </details>
  );
}
