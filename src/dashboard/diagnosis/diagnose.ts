// From the figures of every model and instance to the Diagnosis: findings ordered worst first,
// the latency breakdown and capacity per model, and what was checked. Pure.
import type { ColumnSpec } from '../../catalog/types';
import { markOutliers, type TableRow } from '../tables/table-data';
import { headroom, type Headroom } from './capacity';
import { decompose, mean, type LatencyBreakdown } from './decompose';
import { specPayoff, type SpecPayoff } from './more-rules';
import type { GpuFault } from './gpu-verdict';
import type { InstanceFigures, ModelFigures } from './inputs';
import { checkable, MODEL_RULES, requestRate, T, type EvidenceItem, type RuleResult, type Severity, type VerdictId } from './verdicts';

/** A rule's result, placed: which verdict, on which model (and instance), and where to look. */
export interface Finding extends RuleResult {
  id: VerdictId;
  model: string;
  instance?: string;
  /**
   * instance-outlier of two or more instances of one model: all of them, slowest first (`instance`
   * is the first). One finding per model, not one per instance: slow instances of one model usually
   * share a cause (a GPU type, a node pool) and their lines would repeat the same figures.
   */
  instances?: readonly string[];
  /** router-imbalance: the router's name (its catalog label). */
  router?: string;
  /** gpu-health: the GPU and what DCGM reports on it (gpu-verdict.ts). */
  gpu?: GpuFault;
  /** slo-burn: which SLO (ttft, itl, e2e). */
  slo?: string;
  panel: string;
  inputs: readonly string[];
  /**
   * instance-outlier: the model's findings whose figures are the outlier's alone (its peers do not
   * show them), folded under it (fold.ts) instead of listed as causes of their own.
   */
  folded?: readonly Finding[];
  /** request-failures: the finding whose queue explains them (time-outs while waiting). */
  explainedBy?: VerdictId;
}

export interface ModelDiagnosis {
  model: string;
  requestRate: number;
  latency: LatencyBreakdown;
  capacity: Headroom | null;
  /** Mean engine TTFT (s): the router term subtracts it from the router's. */
  ttftMean: number | null;
  /** Requests per second the engine's TTFT histogram counted (the router term checks the router counted the same). */
  ttftCount: number | null;
  /** Mean KV transfer time (s) where the engine exports it (SGLang PD), else null: "not present". */
  kvTransfer: number | null;
  spec: SpecPayoff | null;
}

export interface SloBurnInput {
  kind: string;
  threshold: number;
  burn: number;
}

export interface Diagnosis {
  /** No model served a request in the range: no verdict, and the region says so. */
  noTraffic: boolean;
  findings: Finding[];
  models: ModelDiagnosis[];
  /** Rules that ran for at least one model (the healthy sentence names them). */
  checked: VerdictId[];
  /** One instance per model at most: the outlier rule had no peers to compare. */
  singleInstance: boolean;
  /** The served models' instance figures (fold.ts tells from them whose figures a finding is). */
  instances: readonly InstanceFigures[];
}

const RANK: Record<Severity, number> = { critical: 0, warning: 1, info: 2 };

/**
 * SLO burn is a symptom: listed after every cause, whatever its severity (the cause is named first).
 * Router imbalance is upstream of the causes it produces on its busiest endpoint (its queue, its KV
 * filling, its outlier TTFT): listed before them.
 */
const symptom = (f: Finding): number => (f.id === 'slo-burn' ? 2 : f.id === 'router-imbalance' ? 0 : 1);

export function byWorst(a: Finding, b: Finding): number {
  return symptom(a) - symptom(b) || RANK[a.severity] - RANK[b.severity] || b.score - a.score || a.model.localeCompare(b.model);
}

/**
 * Leads, lifted to just before their model's first finding, the last one first: a preemption
 * storm before the KV-capacity queueing it comes with (the storm is the more specific cause), and
 * the instance-outlier before both: with one slow instance, the model-wide figures (its KV peak,
 * its ITL p95) are often that instance's, and the outlier is the better lead.
 */
const LEADS: readonly VerdictId[] = ['preemption-storm', 'instance-outlier'];

/** Findings worst first (byWorst), then each model's leads lifted (LEADS). */
export function order(findings: readonly Finding[]): Finding[] {
  const out = [...findings].sort(byWorst);
  for (const lead of LEADS) {
    for (const f of out.filter((x) => x.id === lead && x.model !== '')) {
      const from = out.indexOf(f);
      const to = out.findIndex((x) => x.model === f.model);
      if (to >= 0 && to < from) {
        out.splice(from, 1);
        out.splice(to, 0, f);
      }
    }
  }
  return out;
}

const OUTLIER_COLUMNS: ColumnSpec[] = [
  { id: 'ttft_p95', title: 'TTFT p95', unit: 'seconds', worse: 'higher', query: { id: 'ttft_p95', legend: '', alternatives: [] } },
  { id: 'itl_mean', title: 'ITL mean', unit: 'seconds', worse: 'higher', query: { id: 'itl_mean', legend: '', alternatives: [] } },
];

/**
 * The instance table's robust outlier rule (tables/table-data.ts), on TTFT p95 and mean ITL per
 * instance: one finding per model with outliers (mergeOutliers).
 */
export function outlierFindings(instances: readonly InstanceFigures[]): Finding[] {
  const rows: TableRow[] = instances.map((r) => ({
    key: `${r.model}\u0000${r.instance}`,
    filterValue: r.instance,
    cells: Object.fromEntries(OUTLIER_COLUMNS.map((c) => [c.id, { value: r.values[c.id] ?? null }])),
  }));
  markOutliers(rows, OUTLIER_COLUMNS, (row) => instances[rows.indexOf(row)]?.model ?? '');
  const out: Finding[] = [];
  rows.forEach((row, i) => {
    const r = instances[i]!;
    const marks = OUTLIER_COLUMNS.filter((c) => row.cells[c.id]?.outlier);
    if (marks.length === 0) return;
    const evidence: Record<string, EvidenceItem> = {};
    let score = 0;
    for (const c of marks) {
      const o = row.cells[c.id]!.outlier!;
      evidence[c.id] = { value: r.values[c.id]!, unit: 'seconds' };
      evidence[`${c.id}_median`] = { value: o.median, unit: 'seconds' };
      score = Math.max(score, o.factor ?? 2);
    }
    out.push({
      id: 'instance-outlier',
      model: r.model,
      instance: r.instance,
      severity: 'warning',
      score,
      confidence: 'medium',
      evidence,
      bucketBounds: 'ttft_p95' in evidence,
      inferred: false,
      panel: 'instance-table',
      inputs: ['ttft_p95', 'itl_mean'],
    });
  });
  const byModel = new Map<string, Finding[]>();
  for (const f of out) byModel.set(f.model, [...(byModel.get(f.model) ?? []), f]);
  return [...byModel.values()].map(mergeOutliers);
}

/**
 * One model's outlier findings as one: the instances slowest first (by how far past the rule, then
 * by TTFT p95); per column, the figures of the instance furthest out on it (its value and the
 * median of its others).
 */
export function mergeOutliers(fs: readonly Finding[]): Finding {
  const ttft = (f: Finding): number => f.evidence.ttft_p95?.value ?? -Infinity;
  const sorted = [...fs].sort((a, b) => b.score - a.score || ttft(b) - ttft(a));
  const first = sorted[0]!;
  if (sorted.length === 1) return first;
  const evidence: Record<string, EvidenceItem> = {};
  for (const c of OUTLIER_COLUMNS) {
    const worst = sorted.filter((f) => c.id in f.evidence).sort((a, b) => b.evidence[c.id]!.value - a.evidence[c.id]!.value)[0];
    if (!worst) continue;
    evidence[c.id] = worst.evidence[c.id]!;
    evidence[`${c.id}_median`] = worst.evidence[`${c.id}_median`]!;
  }
  return { ...first, evidence, bucketBounds: 'ttft_p95' in evidence, instances: sorted.map((f) => f.instance ?? '') };
}

export function diagnose(models: ReadonlyMap<string, ModelFigures>, instances: readonly InstanceFigures[], slo: readonly SloBurnInput[] = []): Diagnosis {
  const findings: Finding[] = [];
  const out: ModelDiagnosis[] = [];
  const checked = new Set<VerdictId>();
  for (const [model, f] of models) {
    const rate = requestRate(f);
    if (rate === null || rate < T.minRequests) continue;
    for (const rule of MODEL_RULES) {
      // A rule runs (and is listed as checked) only with the inputs it cannot fire without.
      if (!checkable(rule, f)) continue;
      checked.add(rule.id);
      const r = rule.evaluate(f);
      if (r) findings.push({ ...r, id: rule.id, model, panel: rule.panel, inputs: rule.inputs });
    }
    const inst = instances.filter((i) => i.model === model);
    out.push({ model, requestRate: rate, latency: decompose(f), capacity: headroom(f, inst), ttftMean: mean(f, 'ttft'), ttftCount: f.ttft_count ?? null, kvTransfer: mean(f, 'kv_transfer'), spec: specPayoff(f) });
  }
  const served = new Set(out.map((m) => m.model));
  const peers = instances.filter((i) => served.has(i.model));
  const perModel = new Map<string, number>();
  for (const i of peers) perModel.set(i.model, (perModel.get(i.model) ?? 0) + 1);
  const singleInstance = [...perModel.values()].every((n) => n < 2);
  if (!singleInstance) {
    checked.add('instance-outlier');
    findings.push(...outlierFindings(peers));
  }
  if (out.length > 0 && slo.length > 0) {
    checked.add('slo-burn');
    for (const s of slo) {
      if (!(s.burn >= 1)) continue;
      findings.push({
        id: 'slo-burn',
        model: '',
        slo: s.kind,
        severity: s.burn >= 14.4 ? 'critical' : 'warning',
        score: s.burn,
        confidence: 'medium',
        evidence: { burn: { value: s.burn, unit: 'count' }, threshold: { value: s.threshold, unit: 'seconds' } },
        bucketBounds: true,
        inferred: false,
        panel: `slo-${s.kind}`,
        inputs: [],
      });
    }
  }
  return { noTraffic: out.length === 0, findings: order(findings), models: out, checked: [...checked], singleInstance, instances: peers };
}
