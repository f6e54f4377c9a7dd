// The per-instance latency split of one model, on demand: a button under the model's breakdown
// (aria-expanded) that asks, only once pressed, the phase means of the model's slowest instances
// by mean TTFT (instance-split.ts: at most INSTANCE_SPLIT_TOP series per signal, glued into two
// instant queries over the range) and shows them as a table, with how many are left out.
import { useId, useMemo, useState } from 'react';
import { expandExpr } from '../../catalog';
import type { QueryAnswer } from '../../prometheus';
import { useLang, useT } from '../../i18n';
import { formatValue } from '../../lib/units';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import type { Decomposition, Term } from './decompose';
import { INSTANCE_SPLIT_TOP, instanceSplitRows, instanceSplitSignals, type InstanceSplit } from './instance-split';
import { glue } from './signals';

function useInstanceSplit(model: string, open: boolean): { split: InstanceSplit | null; error: unknown } {
  const ctx = useDashboard();
  const { resolved, filters, rateInterval, catalog, client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const range = rangeSeconds(w);
  const modelLabel = catalog.filterLabels.model;
  const instanceLabel = catalog.filterLabels.instance;
  const exprs = useMemo(() => {
    if (!resolved) return [];
    const parts: Array<{ id: string; expr: string }> = [];
    // The board's filters, narrowed to this model (its value is escaped by the expander).
    const narrowed = { ...filters, [modelLabel]: [model] };
    for (const s of instanceSplitSignals(catalog)) {
      const r = expandExpr(s.id, s.expr, catalog, { resolved, filters: narrowed, rateInterval, by: [instanceLabel], range });
      if (!('missing' in r)) parts.push({ id: s.id, expr: r.expr });
    }
    return glue(parts);
  }, [resolved, catalog, filters, rateInterval, range, model, modelLabel, instanceLabel]);
  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs, window: w, enabled: open && exprs.length > 0 });
  const error = statuses.find((s) => s.error)?.error ?? null;
  const done = answers.length > 0 && answers.every((a) => a !== undefined);
  const split = useMemo(
    () => (done ? instanceSplitRows(answers.flatMap((a: QueryAnswer | undefined) => (a && a.result.resultType === 'vector' ? a.result.result : [])), instanceLabel) : null),
    [done, answers, instanceLabel],
  );
  return { split, error };
}

function TermCell({ d, term, locale }: { d: Decomposition | null; term: Term; locale: string }) {
  const t = useT().instanceSplit;
  const x = d?.terms.find((y) => y.term === term);
  if (!x) return <td className="text-right">–</td>;
  const inferred = x.source === 'inferred' && term !== 'rest';
  return (
    <td className="text-right" data-term={term} data-mean={x.mean} data-share={x.share} data-source={x.source} title={inferred ? t.inferred : undefined}>
      {inferred && '≈ '}
      {formatValue(x.mean, 'seconds', { locale })} <span className="iw-muted">({formatValue(x.share, 'ratio', { locale })})</span>
    </td>
  );
}

function Table({ model, split, locale }: { model: string; split: InstanceSplit; locale: string }) {
  const t = useT().instanceSplit;
  const s = (v: number | undefined) => formatValue(v ?? null, 'seconds', { locale });
  const ttftTerms: Term[] = ['queue', 'prefill', 'rest'];
  const anyInferred = split.rows.some((r) => [...(r.ttft?.terms ?? []), ...(r.e2e?.terms ?? [])].some((x) => x.source === 'inferred' && x.term !== 'rest'));
  return (
    <>
      <div className="overflow-x-auto">
        <table className="iw-table" data-testid="instance-split" data-model={model} data-more={split.more}>
          <caption className="iw-muted text-left">{t.caption(model, INSTANCE_SPLIT_TOP)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.instance}</th>
              <th scope="col">{t.ttft}</th>
              {ttftTerms.map((x) => (
                <th key={x} scope="col">
                  {t.terms[x]}
                </th>
              ))}
              <th scope="col">{t.dominant}</th>
              <th scope="col">{t.e2e}</th>
              <th scope="col">{t.terms.decode}</th>
              <th scope="col">{t.dominant}</th>
            </tr>
          </thead>
          <tbody>
            {split.rows.map((r) => (
              <tr key={r.instance} data-instance={r.instance} data-ttft-dominant={r.ttft?.dominant} data-e2e-dominant={r.e2e?.dominant}>
                <th scope="row">{r.instance}</th>
                <td className="text-right" data-total="ttft" data-mean={r.ttftMean}>
                  {s(r.ttftMean)}
                </td>
                {ttftTerms.map((x) => (
                  <TermCell key={x} d={r.ttft} term={x} locale={locale} />
                ))}
                <td>{r.ttft ? t.terms[r.ttft.dominant] : '–'}</td>
                <td className="text-right" data-total="e2e" data-mean={r.e2e?.total}>
                  {s(r.e2e?.total)}
                </td>
                <TermCell d={r.e2e} term="decode" locale={locale} />
                <td>{r.e2e ? t.terms[r.e2e.dominant] : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {split.more > 0 && <p className="iw-muted">{t.more(split.more)}</p>}
      {anyInferred && <p className="iw-muted">{t.inferredNote}</p>}
    </>
  );
}

export function InstanceSplitToggle({ model }: { model: string }) {
  const t = useT().instanceSplit;
  const locale = useLang();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { split, error } = useInstanceSplit(model, open);
  let body: React.ReactNode = null;
  if (open) {
    if (error) body = <p className="iw-muted">{t.failed(error instanceof Error ? error.message : String(error))}</p>;
    else if (!split) body = <p className="iw-muted">{t.loading}</p>;
    else if (split.rows.length === 0) body = <p className="iw-muted">{t.none}</p>;
    else body = <Table model={model} split={split} locale={locale} />;
  }
  return (
    <>
      <button type="button" className="iw-link-button" aria-expanded={open} aria-controls={id} aria-label={t.showLabel(model)} data-instance-split-toggle={model} onClick={() => setOpen((o) => !o)}>
        {t.show}
      </button>
      <div id={id} hidden={!open}>
        {body}
      </div>
    </>
  );
}
