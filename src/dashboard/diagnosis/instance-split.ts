// Latency decomposed per instance, for one model, on demand (the per-model split is in
// decompose.ts). Only the instances with the highest mean TTFT are asked (`topk` in the query
// itself, so a 250-instance fleet returns at most `INSTANCE_SPLIT_TOP` series per signal), and one
// more signal counts them all so the region can say how many are not shown. Each instance's
// figures go through the same `decompose` as a model's: the same terms, measured or inferred. Pure.
import type { EngineCatalog } from '../../catalog/types';
import type { VectorSample } from '../../prometheus';
import { decompose, mean, type Decomposition } from './decompose';
import { modelFigures } from './inputs';
import { phaseRole, type Phase } from './signals';

/** Rows shown (and series asked per signal): the slowest by mean TTFT. */
export const INSTANCE_SPLIT_TOP = 10;

/** The phases whose means make up the TTFT and E2E splits (ITL is not a term). */
const SPLIT_PHASES: readonly Phase[] = ['ttft', 'queue', 'prefill', 'decode', 'e2e'];

/** The id of the signal that counts the instances with a TTFT mean (answered without the instance label). */
export const COUNT_SIGNAL = 'instances';

export interface SplitSignal {
  id: string;
  /** A catalog template (`{{metricId}}`, `$__by` = the instance label, `$__range`). */
  expr: string;
}

const rate = (id: string): string => `sum by ($__by) (rate({{${id}}}[$__range]))`;

/**
 * The signals of the per-instance split: rate(_sum) and rate(_count) of each phase histogram the
 * engine has, each kept only for the top instances by mean TTFT (`and on ($__by) topk(…)`), and the
 * count of all instances with a TTFT mean. None without a TTFT histogram.
 */
export function instanceSplitSignals(catalog: EngineCatalog, top = INSTANCE_SPLIT_TOP): SplitSignal[] {
  const r = catalog.roles;
  if (!r?.ttft) return [];
  const ttftMean = `${rate(`${r.ttft.id}_sum`)} / (${rate(`${r.ttft.id}_count`)} > 0)`;
  const keep = ` and on ($__by) topk(${top}, ${ttftMean})`;
  const out: SplitSignal[] = [];
  for (const phase of SPLIT_PHASES) {
    const h = phaseRole(r, phase);
    if (!h) continue;
    out.push({ id: `${phase}_sum`, expr: `${rate(`${h.id}_sum`)}${keep}` });
    out.push({ id: `${phase}_count`, expr: `${rate(`${h.id}_count`)}${keep}` });
  }
  out.push({ id: COUNT_SIGNAL, expr: `count(${ttftMean})` });
  return out;
}

export interface InstanceSplitRow {
  instance: string;
  ttftMean: number;
  ttft: Decomposition | null;
  e2e: Decomposition | null;
}

export interface InstanceSplit {
  rows: InstanceSplitRow[];
  /** Instances with a TTFT mean that are not shown (beyond the top). */
  more: number;
}

/** From the glued answers (tagged by signal id) to rows, slowest mean TTFT first, at most `top`. */
export function instanceSplitRows(samples: readonly VectorSample[], instanceLabel: string, top = INSTANCE_SPLIT_TOP): InstanceSplit {
  const by = modelFigures(samples, instanceLabel);
  const total = by.get('')?.[COUNT_SIGNAL];
  by.delete('');
  const rows: InstanceSplitRow[] = [];
  for (const [instance, f] of by) {
    const ttftMean = mean(f, 'ttft');
    if (ttftMean === null) continue;
    const d = decompose(f);
    rows.push({ instance, ttftMean, ttft: d.ttft, e2e: d.e2e });
  }
  rows.sort((a, b) => b.ttftMean - a.ttftMean || a.instance.localeCompare(b.instance));
  const shown = rows.slice(0, top);
  return { rows: shown, more: Math.max(0, (total ?? rows.length) - shown.length) };
}
