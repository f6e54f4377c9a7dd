// The Diagnosis region (docs/verdicts.md): under the stat row, one item per finding, worst first,
// each with `data-verdict-id` and `data-severity`, its evidence, the suggested action, how sure it
// is, the panel to look at and the PromQL behind it. A healthy range says nothing stands out and
// what was checked; a range without traffic gives no verdict and says so.
import { useT, useLang } from '../../i18n';
import { formatFractionDigits, formatValue } from '../../lib/units';
import { scrollToPanel } from '../panel/scroll-to-panel';
import { useDashboard } from '../data/context';
import { Breakdown } from './breakdown';
import type { Finding } from './diagnose';
import { useDiagnosis } from './use-diagnosis';
import { useSloBurn } from './use-slo-burn';
import { ChangesList } from './changes-list';
import { UsageTable } from './usage-table';
import type { EffectiveSlo } from '../slo/queries';
import type { EvidenceItem, VerdictId } from './verdicts';
import { useMemo } from 'react';
import type { DetectedRouter } from '../../catalog';
import type { EngineKnobs } from '../../catalog/types';
import { settle } from './fold';
import { pickRouter, useRouterDiagnosis, type RouterDiagnosis } from './use-router-diagnosis';
import { isGpuPanelId } from '../../catalog/gpus/panel-ids';
import type { GpuFault } from './gpu-verdict';
import { useGpuDiagnosis } from './use-gpu-diagnosis';

const LOCALE = { en: 'en', 'zh-CN': 'zh-CN' } as const;

export function formatEvidence(e: Record<string, EvidenceItem>, locale: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(e).map(([k, v]) => [k, v.unit === 'count' ? formatFractionDigits(v.value, locale, v.value < 10 ? 2 : v.value < 100 ? 1 : 0) : formatValue(v.value, v.unit, { locale })]),
  );
}

const fill = (tpl: string, e: Record<string, string>): string => tpl.replace(/\{(\w+)\}/g, (_, k: string) => e[k] ?? '–');

/** Two or more instances of one model in one finding (diagnose.ts, mergeOutliers). */
const grouped = (f: Finding): boolean => (f.instances?.length ?? 0) > 1;

/** How many of a group's instances are named; the rest are counted. */
const NAMED = 3;

/** A group's instances as named in its line: the slowest few, then how many more. */
export function instancesText(instances: readonly string[], andMore: (n: number) => string, zh: boolean): string {
  const more = instances.length - NAMED;
  return instances.slice(0, NAMED).join(zh ? '、' : ', ') + (more > 0 ? andMore(more) : '');
}

/** The finding's sentence: its template, then the extras it has evidence for. */
export function evidenceText(f: Finding, e: Record<string, string>, t: { evidence: Record<string, string>; extra: Record<string, string>; outlierGroup: string }, zh: boolean): string {
  const main = grouped(f) ? t.outlierGroup : (t.evidence[f.id] ?? '');
  // An extra the sentence already quotes is not said twice (the storm's "2.18 /s preemptions").
  const parts = [fill(main, e), ...Object.entries(t.extra).filter(([k]) => k in f.evidence && !main.includes(`{${k}}`)).map(([, tpl]) => fill(tpl, e))];
  return parts.filter(Boolean).join(zh ? '；' : '; ') + (zh ? '。' : '.');
}

/** A GPU-health finding's sentence: each DCGM signal found on the GPU. */
export function gpuFaultText(g: GpuFault, t: ReturnType<typeof useT>['diagnosis'], locale: string, zh: boolean): string {
  const parts = [
    ...(g.xid !== undefined ? [t.gpuXid(g.xid, t.xidMeaning[g.xid])] : []),
    ...(g.rowRemapFailure ? [t.gpuRowRemap] : []),
    ...(g.eccDbe ? [t.gpuEcc(formatFractionDigits(g.eccDbe, locale, 0))] : []),
    ...(g.throttle?.length ? [t.gpuThrottle(g.throttle.map((r) => t.gpuThrottleReasons[r]).join(zh ? '、' : ', '))] : []),
  ];
  return parts.join(zh ? '；' : '; ') + (zh ? '。' : '.');
}

/**
 * Findings shown before "N more": on a fleet, one slow model can make dozens of instance outliers,
 * and a region thousands of pixels tall pushes every panel off the first screen. Worst first, so
 * the first few are the ones to act on.
 */
const SHOWN = 6;

const BADGE = { critical: 'iw-alert-firing', warning: 'iw-alert-pending', info: '' } as const;

/** An action's `{knob}` placeholders: the engine's own flag after the generic words, or nothing where it has none. */
export function actionText(tpl: string, knobs: EngineKnobs, flag: (f: string) => string): string {
  return tpl.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = knobs[k as keyof EngineKnobs];
    return v ? flag(v) : '';
  });
}

/** The verdict's name in the engine's words (SGLang retracts, it does not preempt). */
export function verdictName(id: VerdictId, t: ReturnType<typeof useT>['diagnosis'], retracts: boolean): string {
  return id === 'preemption-storm' && retracts ? t.retraction.name : t.names[id];
}

function FindingItem({ f, promql, foldedUnder }: { f: Finding; promql: ReadonlyMap<string, string>; foldedUnder?: string }) {
  const base = useT().diagnosis;
  const lang = useLang();
  const { catalog } = useDashboard();
  const retracts = catalog.roles?.preemptions?.word === 'Retractions';
  const t = retracts ? { ...base, evidence: { ...base.evidence, 'preemption-storm': base.retraction.evidence }, extra: { ...base.extra, preemptions: base.retraction.extra } } : base;
  const e = formatEvidence(f.evidence, LOCALE[lang]);
  const exprs = f.inputs.flatMap((id) => {
    const expr = promql.get(id);
    return expr ? [`# ${id}\n${expr}`] : [];
  });
  // The Routing section's endpoint table is not a catalog panel, but it carries the same data-panel-id.
  const hasPanel = f.panel === 'routing-endpoints' || isGpuPanelId(f.panel) || catalog.panels.some((p) => p.id === f.panel);
  return (
    <li
      className="iw-alert-item"
      data-verdict-id={f.id}
      data-severity={f.severity}
      data-model={f.model || undefined}
      data-instance={f.instance}
      data-instances={f.instances?.length}
      data-folded-under={foldedUnder}
      data-explained-by={f.explainedBy}
      data-gpu-node={f.gpu?.node}
      data-gpu={f.gpu?.gpu}
      data-xid={f.gpu?.xid}
    >
      <span className={`iw-alert-badge ${BADGE[f.severity]}`}>{t.severity[f.severity]}</span> <strong>{verdictName(f.id, t, retracts)}</strong>
      {f.slo && <span className="iw-muted"> · {f.slo.toUpperCase()}</span>}
      {f.router && f.instance && <span className="iw-muted"> · {t.onEndpoint(f.instance, f.router)}</span>}
      {f.gpu && <span className="iw-muted"> · {t.onGpu(f.gpu.node, f.gpu.gpu, f.gpu.model, f.gpu.holder)}</span>}
      {f.model && (
        <span className="iw-muted"> · {f.instances && grouped(f) ? t.onInstances(instancesText(f.instances, t.andMore, lang === 'zh-CN'), f.model) : f.instance ? t.onInstance(f.instance, f.model) : t.onModel(f.model)}</span>
      )}
      <span className="iw-alert-summary"> — {f.gpu ? gpuFaultText(f.gpu, t, LOCALE[lang], lang === 'zh-CN') : evidenceText(f, e, t, lang === 'zh-CN')}</span> {f.explainedBy && <span>{t.explained(verdictName(f.explainedBy, t, retracts))} </span>}
      <span>{grouped(f) ? t.outlierGroupAction : f.gpu && f.severity !== 'critical' ? t.gpuActionWarning : actionText(t.action[f.id], catalog.roles?.knobs ?? {}, t.flag)}</span>{' '}
      <span className="iw-muted">
        {t.sure(t.confidence[f.confidence])}
        {f.bucketBounds && ` · ${t.bounds}`}
        {f.inferred && ` · ${t.inferredNote}`}
      </span>
      <span className="iw-alert-links">
        {hasPanel && (
          <button type="button" className="iw-link-button" data-panel-link={f.panel} onClick={() => scrollToPanel(f.panel)}>
            {t.look}
          </button>
        )}
      </span>
      {exprs.length > 0 && (
        <details className="text-xs">
          <summary>{t.promql}</summary>
          <pre className="overflow-x-auto whitespace-pre-wrap">{exprs.join('\n\n')}</pre>
        </details>
      )}
      {f.folded && f.folded.length > 0 && (
        <div className="ml-4 border-l pl-2 text-xs" data-testid="diagnosis-folded">
          <p className="iw-muted">
            {f.id === 'decode-bound' ? t.foldedUnderDecode : t.foldedTitle(f.instances && grouped(f) ? instancesText(f.instances, t.andMore, lang === 'zh-CN') : (f.instance ?? ''))}
          </p>
          <ul className="iw-alert-list">
            {f.folded.map((x) => (
              <FindingItem key={`${x.id}\u0000${x.model}`} f={x} promql={promql} foldedUnder={f.instance ?? f.id} />
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** With a router in front (its names in the backend), the router's verdict and TTFT term join the diagnosis. */
export function DiagnosisRegion({ slo, names }: { slo: EffectiveSlo; names?: ReadonlySet<string> | null }) {
  const router = useMemo(() => pickRouter(names ?? null), [names]);
  return router ? <WithRouter slo={slo} router={router} /> : <RegionBody slo={slo} routing={null} />;
}

function WithRouter({ slo, router }: { slo: EffectiveSlo; router: DetectedRouter }) {
  const routing = useRouterDiagnosis(router);
  return <RegionBody slo={slo} routing={routing} />;
}

function RegionBody({ slo, routing }: { slo: EffectiveSlo; routing: RouterDiagnosis | null }) {
  const t = useT().diagnosis;
  const lang = useLang();
  const burn = useSloBurn(slo);
  const { state, diagnosis: base, promql: modelPromql, reason, stale } = useDiagnosis(burn);
  const { filters, catalog } = useDashboard();
  // The router's endpoints are not tied to a model here: under a model filter its verdict is left
  // out (and said), so a filtered board speaks of that model only.
  const modelFiltered = (filters[catalog.filterLabels.model]?.length ?? 0) > 0;
  const gpu = useGpuDiagnosis();
  const d = useMemo(() => {
    const settled = (() => {
      if (!base || base.noTraffic) return base;
      if (!routing || modelFiltered) return settle(base);
      const checked: VerdictId[] = routing.checked ? [...base.checked, 'router-imbalance'] : base.checked;
      return { ...settle(base, routing.findings), checked };
    })();
    // A GPU out of service leads (every figure on it is missing, not low); hardware throttling and
    // application XIDs follow the engines' findings. Not tied to a model: shown under a filter too.
    if (!settled || gpu.gpus === 0) return settled;
    const critical = gpu.findings.filter((f) => f.severity === 'critical');
    const rest = gpu.findings.filter((f) => f.severity !== 'critical');
    return { ...settled, findings: [...critical, ...settled.findings, ...rest], checked: [...settled.checked, 'gpu-health' as const] };
  }, [base, routing, modelFiltered, gpu]);
  const promql = useMemo(() => new Map([...modelPromql, ...(routing?.promql ?? []), ...gpu.promql]), [modelPromql, routing, gpu.promql]);
  let body: React.ReactNode;
  if (state === 'loading') body = <p className="iw-muted text-xs">{t.loading}</p>;
  else if (state === 'error' || state === 'unavailable' || !d) body = <p className="iw-muted text-xs">{state === 'empty' ? t.noTraffic : t.failed(reason ?? '–')}</p>;
  else if (d.noTraffic)
    body = (
      <>
        {d.findings.length > 0 && (
          <ol className="iw-alert-list">
            {d.findings.map((f) => (
              <FindingItem key={`${f.id}\u0000${f.model}\u0000${f.instance ?? ''}`} f={f} promql={promql} />
            ))}
          </ol>
        )}
        <p className="iw-muted text-xs" data-testid="diagnosis-no-traffic">{t.noTraffic}</p>
      </>
    );
  else {
    const retracts = catalog.roles?.preemptions?.word === 'Retractions';
    const checked = d.checked.map((id) => verdictName(id, t, retracts)).join(lang === 'zh-CN' ? '、' : ', ');
    body = (
      <>
        {d.findings.length > 0 ? (
          <>
            <ol className="iw-alert-list">
              {d.findings.slice(0, SHOWN).map((f) => (
                <FindingItem key={`${f.id}\u0000${f.model}\u0000${f.instance ?? ''}`} f={f} promql={promql} />
              ))}
            </ol>
            {d.findings.length > SHOWN && (
              <details className="text-xs" data-testid="diagnosis-more">
                <summary>{t.more(d.findings.length - SHOWN)}</summary>
                <ol className="iw-alert-list" start={SHOWN + 1}>
                  {d.findings.slice(SHOWN).map((f) => (
                    <FindingItem key={`${f.id}\u0000${f.model}\u0000${f.instance ?? ''}`} f={f} promql={promql} />
                  ))}
                </ol>
              </details>
            )}
          </>
        ) : (
          <p className="text-xs" data-testid="diagnosis-healthy">
            {t.healthy(checked)}
          </p>
        )}
        {d.singleInstance && <p className="iw-muted text-xs">{t.singleInstance}</p>}
        {routing?.checked && <p className="iw-muted text-xs">{modelFiltered ? t.routerFiltered(routing.router) : t.routerChecked(routing.router)}</p>}
        {gpu.gpus > 0 && <p className="iw-muted text-xs" data-testid="diagnosis-gpu-checked">{t.gpuChecked(gpu.gpus)}</p>}
        <ChangesList />
        <Breakdown models={d.models} routing={routing} />
        <UsageTable />
      </>
    );
  }
  return (
    <section role="region" aria-label={t.title} className="iw-alerts" data-state={state} data-count={d?.findings.length ?? 0}>
      <h2 className="iw-alerts-title">{t.title}</h2>
      {stale && <p className="iw-muted text-xs">{t.stale}</p>}
      {body}
    </section>
  );
}
