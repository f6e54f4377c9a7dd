// Why a panel or stat tile has nothing to draw although nothing is wrong,
// decided for the view state machine (view-state.ts). The decisions are catalog/quiet.ts's; this
// hook gathers their inputs:
//  - none yet: from the resolved names alone, when no query of the subject can run;
//  - never moved: one instant probe (only for subjects resting on a flag-gated counter, and only
//    when the catalog knows its finished-requests counter), at the window's end over its range.
// A probe that fails decides nothing: the panel then draws what its own queries say.
import { useMemo } from 'react';
import { expandExpr } from '../../catalog';
import { neverMovedCandidates, neverMovedProbe, neverMovedReason, noneYetReason, readNeverMovedProbe, type QuietReason, type QuietSubject } from '../../catalog/quiet';
import { parseSampleValue } from '../../prometheus/sample-value';
import { rangeSeconds, summaryWindow, useDashboard } from './context';
import { useQueryAnswers } from './use-query-answers';
import type { QueryStatus } from './view-state';

export interface Quiet {
  /** The probe's status (one entry) while it applies, to wait on with the subject's own queries. */
  statuses: QueryStatus[];
  /** Memoised on the probe's answer and the resolved names. */
  quiet: QuietReason | null;
}

const NONE: readonly string[] = [];

export function useQuiet(subject: QuietSubject | null, runnable: boolean, enabled: boolean): Quiet {
  const { resolved, window: page, filters, rateInterval, catalog, client, baseUrl } = useDashboard();
  // A probe over the whole range: asked on the summary grid (about once a minute), not every step.
  const w = useMemo(() => summaryWindow(page), [page]);
  const range = rangeSeconds(w);
  const noneYet = useMemo(
    () => (subject && resolved && !runnable ? noneYetReason(subject, catalog, resolved) : null),
    [subject, resolved, runnable, catalog],
  );
  const candidates = useMemo(() => (subject && resolved ? neverMovedCandidates(subject, catalog, resolved) : []), [subject, resolved, catalog]);
  const exprs = useMemo(() => {
    const served = catalog.servedMetric;
    if (!resolved || candidates.length === 0 || !served || !resolved.has(served)) return NONE;
    const r = expandExpr('never-moved', neverMovedProbe(candidates, served), catalog, {
      resolved,
      filters,
      rateInterval,
      by: [],
      range,
    });
    return 'missing' in r ? NONE : [r.expr];
  }, [resolved, candidates, catalog, filters, rateInterval, range]);
  const probe = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs, window: w, enabled });
  const answer = probe.answers[0];
  const neverMoved = useMemo(() => {
    if (!answer || answer.result.resultType !== 'vector') return null;
    const samples = answer.result.result.map((s) => ({ metric: s.metric, value: parseSampleValue(s.value[1]) }));
    const { values, served } = readNeverMovedProbe(samples);
    return neverMovedReason(catalog, candidates, values, served);
  }, [answer, catalog, candidates]);
  // A failed probe counts as answered (it decides nothing), so it never holds the panel back.
  const statuses = useMemo(
    () => probe.statuses.map((s) => ({ hasData: s.hasData || (s.error !== null && s.error !== undefined), error: null, fetching: s.fetching })),
    [probe.statuses],
  );
  return useMemo(() => ({ statuses, quiet: noneYet ?? neverMoved }), [statuses, noneYet, neverMoved]);
}
