// Per model: where the time goes (mean TTFT and E2E split into phases, measured or inferred, the
// dominant term named, Little's-law concurrency beside the engine's gauges) and KV headroom.
// Collapsed under the findings; the raw means ride on data attributes for tests and automation.
import { useMemo, useState } from 'react';
import type { EngineRoles, PanelSpec } from '../../catalog/types';
import { useLang, useT } from '../../i18n';
import { formatValue } from '../../lib/units';
import { useDashboard } from '../data/context';
import { tileBound, useBucketBounds } from '../data/use-quantile-precision';
import type { Headroom } from './capacity';
import type { Decomposition } from './decompose';
import type { ModelDiagnosis } from './diagnose';
import { ROUTER_NOISE, routerTerm } from './router-verdict';
import type { RouterDiagnosis } from './use-router-diagnosis';
import { SpecLine } from './spec-line';
import { InstanceSplitToggle } from './instance-split-table';
import { phaseRole, PHASES, type Phase } from './signals';

/** A p95 as the tiles print it: the bucket's bound where the number is an interpolation inside a coarse bucket. */
type P95Text = (phase: Phase, v: number) => string;

/**
 * The phases' p95 queries as a panel's, so that their histograms' bucket bounds are asked like a
 * tile's (same keys: the TTFT tile's are shared). Only while the breakdown is open.
 */
export function phaseQuantilePanel(roles: EngineRoles | undefined): Pick<PanelSpec, 'queries'> {
  const queries = PHASES.flatMap((phase) => {
    const h = roles ? phaseRole(roles, phase) : undefined;
    return h ? [{ id: phase, legend: '', alternatives: [{ expr: `histogram_quantile(0.95, sum by (le) (rate({{${h.id}_bucket}}[5m])))` }] }] : [];
  });
  return { queries };
}

function useP95Text(open: boolean, locale: string): P95Text {
  const { catalog } = useDashboard();
  const t = useT();
  const panel = useMemo(() => phaseQuantilePanel(catalog.roles), [catalog.roles]);
  const { bounds } = useBucketBounds(panel, open);
  return (phase, v) => {
    const b = bounds.get(phase);
    // "< 300 ms, first bucket": a queue of exactly 0 s printed "p95 285 ms" (the first bucket's interpolation).
    const bound = b ? tileBound(v, b, 'seconds', t.distribution, locale) : null;
    return bound ? bound.title : formatValue(v, 'seconds', { locale });
  };
}

function Split({ kind, d, locale, p95 }: { kind: 'ttft' | 'e2e'; d: Decomposition; locale: string; p95: P95Text }) {
  const t = useT().diagnosis.latency;
  const s = (v: number) => formatValue(v, 'seconds', { locale });
  const pct = (v: number) => formatValue(v, 'ratio', { locale });
  return (
    <li data-decomposition={kind} data-total={d.total} data-dominant={d.dominant}>
      <strong>{t[kind]}</strong> {s(d.total)}
      {d.totalP95 !== null && <span className="iw-muted"> ({t.p95(p95(kind, d.totalP95))})</span>} ={' '}
      {d.terms.map((term, i) => (
        <span key={term.term} data-term={term.term} data-mean={term.mean} data-source={term.source} data-p95={term.p95 ?? undefined}>
          {i > 0 && ' + '}
          {t.terms[term.term]} {s(term.mean)} ({pct(term.share)}, {term.source === 'measured' ? t.measured : t.inferred}
          {term.p95 !== null && term.term !== 'rest' && `, ${t.p95(p95(term.term, term.p95))}`})
        </span>
      ))}
      <span className="iw-muted"> · {t.dominant(t.terms[d.dominant])}</span>
      {/* The parts can exceed the whole over a range (different requests observed): said, not clipped silently. */}
      {d.excess > 0.005 * d.total && (
        <span className="iw-muted" data-excess={d.excess}>
          {' '}
          · {t.excess(s(d.excess))}
        </span>
      )}
    </li>
  );
}

function Capacity({ model, h, locale }: { model: string; h: Headroom; locale: string }) {
  const all = useT().diagnosis;
  const t = all.capacity;
  const pct = (v: number) => formatValue(v, 'ratio', { locale });
  const tokens = (v: number | null) => formatValue(v, 'tokens', { locale });
  return (
    <li
      data-capacity-model={model}
      data-headroom={h.headroom}
      data-peak-headroom={h.peakHeadroom}
      data-saturation-rate={h.saturationRate}
      data-limited-by={h.limitedBy ?? undefined}
      data-busiest={h.busiest?.instance}
    >
      {/* A verdict above says the model already queues: that leads, whatever the KV estimate says. */}
      {h.limitedBy
        ? t.limited(model, all.names[h.limitedBy])
        : h.headroom <= 0
          ? t.saturated(model)
          : t.sentence(pct(h.headroom), h.peakHeadroom > 0 ? pct(h.peakHeadroom) : t.peakFull, model, formatValue(h.saturationRate, 'reqps', { locale }))}
      {h.busiest && !h.limitedBy && <> {t.busiest(h.busiest.instance, pct(h.busiest.kvMean))}</>}
      {h.instances.some((i) => i.freeTokens !== null) && (
        <ul className="iw-muted">
          {h.instances
            .filter((i) => i.freeTokens !== null)
            .map((i) => (
              <li key={i.instance} data-instance={i.instance} data-free-tokens={i.freeTokens ?? undefined}>
                {t.free(i.instance, tokens(i.freeTokens), tokens(i.capacityTokens))}
              </li>
            ))}
        </ul>
      )}
    </li>
  );
}

/** Before the engine (router + network) and KV transfer: beside the TTFT split, never added into it. */
function Around({ m, routing, locale }: { m: ModelDiagnosis; routing: RouterDiagnosis | null; locale: string }) {
  const t = useT().diagnosis.latency;
  const s = (v: number) => formatValue(v, 'seconds', { locale });
  const r = routing ? routerTerm(routing.ttftByModel.get(m.model), { mean: m.ttftMean, count: m.ttftCount }) : null;
  const rate = (v: number) => formatValue(v, 'reqps', { locale });
  return (
    <>
      {r && routing && 'term' in r && (
        <li data-term="router" data-mean={r.term} data-router-ttft={r.router} data-engine-ttft={r.engine} data-source="inferred">
          {t.router(s(r.term), s(r.router), s(r.engine), routing.router)}
          {r.term < ROUTER_NOISE * r.engine && ` ${t.routerNoise}`}
        </li>
      )}
      {r && routing && 'mismatch' in r && (
        <li data-term="router" data-source="not-comparable">
          {t.routerMismatch(routing.router, rate(r.mismatch.router), rate(r.mismatch.engine))}
        </li>
      )}
      <li data-term="kv-transfer" data-mean={m.kvTransfer ?? undefined} data-source={m.kvTransfer === null ? 'absent' : 'measured'}>
        {m.kvTransfer === null ? t.kvTransferAbsent : t.kvTransfer(s(m.kvTransfer))}
      </li>
    </>
  );
}

export function Breakdown({ models, routing = null }: { models: readonly ModelDiagnosis[]; routing?: RouterDiagnosis | null }) {
  const t = useT().diagnosis;
  const locale = useLang();
  const [open, setOpen] = useState(false);
  const p95 = useP95Text(open, locale);
  if (models.length === 0) return null;
  const fmt = (v: number | null) => formatValue(v, 'count', { locale });
  return (
    <details className="text-xs" data-testid="diagnosis-breakdown" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {t.latency.title} · {t.capacity.title}
      </summary>
      {models.map((m) => (
        <div key={m.model} data-breakdown-model={m.model} className="mt-1">
          <strong>{m.model}</strong> <InstanceSplitToggle model={m.model} />
          <ul>
            {m.latency.ttft && <Split kind="ttft" d={m.latency.ttft} locale={locale} p95={p95} />}
            <Around m={m} routing={routing} locale={locale} />
            {m.latency.e2e && <Split kind="e2e" d={m.latency.e2e} locale={locale} p95={p95} />}
            {m.spec && <SpecLine spec={m.spec} locale={locale} />}
            {m.latency.concurrency.queue !== null && (
              <li data-littles-law>
                {t.latency.concurrency(
                  fmt(m.latency.concurrency.queue),
                  fmt(m.latency.concurrency.busy) + (m.latency.concurrency.busyInferred ? ` (${t.latency.inferred})` : ''),
                  fmt(m.latency.concurrency.waitingGauge),
                  fmt(m.latency.concurrency.runningGauge),
                )}
              </li>
            )}
            {m.capacity && <Capacity model={m.model} h={m.capacity} locale={locale} />}
          </ul>
        </div>
      ))}
      <p className="iw-muted">{t.capacity.model}</p>
    </details>
  );
}
