// The Usage section's rows (docs/usage.md), pure: the answers of catalog/routers/usage.ts's queries
// folded into one row per tenant / priority / requested → target model, an "others" row (the
// total minus the top N rows, for additive figures; its own quantile query), shares of the total
// tokens (of requests when the gateway reports no tokens), error and rejection rates by outcome,
// and the cost estimate: each target model's input and output tokens × its price per million.
import { DIM_LABELS, type UsageDim } from '../../catalog/routers/usage';
import type { ModelPrice } from '../../config/model-prices';
import type { VectorSample } from '../../prometheus';

export type UsageRowKind = 'row' | 'unattributed' | 'others';

export interface UsageRow {
  /** The row's label values joined (unique in its table); "others" has its own key. */
  key: string;
  kind: UsageRowKind;
  labels: Record<string, string>;
  req: number;
  inTok: number | null;
  outTok: number | null;
  /** Of the total tokens (input + output), else of the requests. */
  share: number | null;
  /** Errors per request, and per outcome (`error_code`) in requests/s. */
  errRate: number | null;
  errors: Array<[string, number]>;
  ttft: number | null;
  ntpot: number | null;
  queue: number | null;
  qsize: number | null;
  /** Dollars per second, or the models without a price. */
  cost: { usdPerSec: number } | { missing: string[] } | null;
}

export type Answers = Readonly<Record<string, readonly VectorSample[] | null | undefined>>;
export type PriceOf = (model: string) => ModelPrice | null;

export const OTHERS_KEY = '\u0000others';
const num = (s: VectorSample): number => {
  const v = Number(s.value[1]);
  return Number.isFinite(v) ? v : 0;
};
const keyOf = (dim: UsageDim, m: Readonly<Record<string, string>>): string => DIM_LABELS[dim].map((l) => m[l] ?? '').join('\u0000');

/** Per target model, input and output tokens/s. */
type Targets = Map<string, { in: number; out: number }>;

function costOf(targets: Targets, price: PriceOf): UsageRow['cost'] {
  if (targets.size === 0) return null;
  let usd = 0;
  const missing: string[] = [];
  for (const [model, t] of targets) {
    if (t.in === 0 && t.out === 0) continue;
    const p = price(model);
    if (!p) missing.push(model);
    else usd += (t.in * p.input + t.out * p.output) / 1e6;
  }
  return missing.length > 0 ? { missing: missing.sort() } : { usdPerSec: usd };
}

const quantile = (rows: readonly VectorSample[] | null | undefined, dim: UsageDim): Map<string, number> => {
  const out = new Map<string, number>();
  for (const s of rows ?? []) {
    const v = Number(s.value[1]);
    if (Number.isFinite(v)) out.set(keyOf(dim, s.metric), v);
  }
  return out;
};
const scalar = (rows: readonly VectorSample[] | null | undefined): number | null => {
  const v = rows?.[0] ? Number(rows[0].value[1]) : NaN;
  return Number.isFinite(v) ? v : null;
};

export interface UsageTable {
  rows: UsageRow[];
  /** Totals over every row (others included). */
  total: { req: number; tokens: number | null };
  /** Flow-control outcomes other than Dispatched, per priority (priority table only). */
  outcomes: Map<string, Array<[string, number]>>;
}

/** Rows in rank order (by requests/s), "others" last when anything is outside the top N. */
export function buildUsageTable(dim: UsageDim, a: Answers, price: PriceOf): UsageTable {
  const labelsOf = new Map<string, Record<string, string>>();
  const req = new Map<string, number>();
  for (const s of a.req ?? []) {
    const k = keyOf(dim, s.metric);
    labelsOf.set(k, Object.fromEntries(DIM_LABELS[dim].map((l) => [l, s.metric[l] ?? ''])));
    req.set(k, (req.get(k) ?? 0) + num(s));
  }
  const hasTokens = a.in !== undefined && a.in !== null;
  const tokens = new Map<string, Targets>();
  for (const [which, list] of [['in', a.in], ['out', a.out]] as const) {
    for (const s of list ?? []) {
      const k = keyOf(dim, s.metric);
      if (!labelsOf.has(k)) continue;
      const targets = tokens.get(k) ?? new Map();
      const target = s.metric.target_model_name ?? '';
      const t = targets.get(target) ?? { in: 0, out: 0 };
      t[which] += num(s);
      targets.set(target, t);
      tokens.set(k, targets);
    }
  }
  const errors = new Map<string, Array<[string, number]>>();
  for (const s of a.err ?? []) {
    const k = keyOf(dim, s.metric);
    const v = num(s);
    if (v > 0) errors.set(k, [...(errors.get(k) ?? []), [s.metric.error_code ?? '', v]]);
  }
  const ttft = quantile(a.ttft, dim);
  const ntpot = quantile(a.ntpot, dim);
  const queue = quantile(a.queue, dim);
  const qsize = quantile(a.qsize, dim);
  const sumT = (t: Targets | undefined, w: 'in' | 'out') => [...(t?.values() ?? [])].reduce((x, y) => x + y[w], 0);

  const totalReq = scalar(a['total:req']) ?? [...req.values()].reduce((x, y) => x + y, 0);
  const totalTargets: Targets = new Map();
  for (const [which, list] of [['in', a['total:in']], ['out', a['total:out']]] as const) {
    for (const s of list ?? []) {
      const target = s.metric.target_model_name ?? '';
      const t = totalTargets.get(target) ?? { in: 0, out: 0 };
      t[which] += num(s);
      totalTargets.set(target, t);
    }
  }
  const totalTokens = hasTokens ? sumT(totalTargets, 'in') + sumT(totalTargets, 'out') : null;

  const rows: UsageRow[] = [...req.keys()].map((k) => {
    const t = tokens.get(k);
    const r = req.get(k) ?? 0;
    const inTok = hasTokens ? sumT(t, 'in') : null;
    const outTok = hasTokens ? sumT(t, 'out') : null;
    const errs = (errors.get(k) ?? []).sort((x, y) => y[1] - x[1]);
    const labels = labelsOf.get(k) ?? {};
    return {
      key: k,
      kind: dim === 'tenant' && (labels.fairness_id ?? '') === '' ? 'unattributed' : 'row',
      labels,
      req: r,
      inTok,
      outTok,
      share: null,
      errRate: r > 0 ? errs.reduce((x, y) => x + y[1], 0) / r : null,
      errors: errs,
      ttft: ttft.get(k) ?? null,
      ntpot: ntpot.get(k) ?? null,
      queue: queue.get(k) ?? null,
      qsize: a.qsize ? (qsize.get(k) ?? 0) : null,
      cost: t ? costOf(t, price) : null,
    };
  });
  rows.sort((x, y) => y.req - x.req);

  // Others: what the totals hold beyond the rows (clamped: the rows' and the totals' rates are
  // evaluated separately and may differ in the last digit).
  const restReq = Math.max(0, totalReq - rows.reduce((x, r) => x + r.req, 0));
  const restTargets: Targets = new Map();
  for (const [target, t] of totalTargets) {
    const inRows = rows.reduce((acc, r) => {
      const mine = tokens.get(r.key)?.get(target);
      return { in: acc.in + (mine?.in ?? 0), out: acc.out + (mine?.out ?? 0) };
    }, { in: 0, out: 0 });
    restTargets.set(target, { in: Math.max(0, t.in - inRows.in), out: Math.max(0, t.out - inRows.out) });
  }
  const restIn = hasTokens ? sumT(restTargets, 'in') : null;
  const restOut = hasTokens ? sumT(restTargets, 'out') : null;
  const eps = 1e-9 * Math.max(1, totalReq);
  if (restReq > eps || (restIn ?? 0) + (restOut ?? 0) > 1e-9 * Math.max(1, totalTokens ?? 0)) {
    const totalErr = new Map<string, number>();
    for (const s of a['total:err'] ?? []) totalErr.set(s.metric.error_code ?? '', num(s));
    for (const r of rows) for (const [code, v] of r.errors) totalErr.set(code, (totalErr.get(code) ?? 0) - v);
    const errs = [...totalErr].filter(([, v]) => v > 1e-12).sort((x, y) => y[1] - x[1]);
    rows.push({
      key: OTHERS_KEY,
      kind: 'others',
      labels: {},
      req: restReq,
      inTok: restIn,
      outTok: restOut,
      share: null,
      errRate: restReq > 0 ? errs.reduce((x, y) => x + y[1], 0) / restReq : null,
      errors: errs,
      ttft: scalar(a['others:ttft']),
      ntpot: scalar(a['others:ntpot']),
      queue: scalar(a['others:queue']),
      qsize: a['total:qsize'] ? Math.max(0, (scalar(a['total:qsize']) ?? 0) - rows.reduce((x, r) => x + (r.qsize ?? 0), 0)) : null,
      cost: costOf(restTargets, price),
    });
  }
  // Shares of what the rows (others included) add up to, so they sum to 100 %.
  const tok = (r: UsageRow) => (r.inTok ?? 0) + (r.outTok ?? 0);
  const sumTok = rows.reduce((x, r) => x + tok(r), 0);
  const sumReq = rows.reduce((x, r) => x + r.req, 0);
  for (const r of rows) r.share = hasTokens ? (sumTok > 0 ? tok(r) / sumTok : null) : sumReq > 0 ? r.req / sumReq : null;

  const outcomes = new Map<string, Array<[string, number]>>();
  for (const s of a.outcome ?? []) {
    const p = s.metric.priority ?? '';
    outcomes.set(p, [...(outcomes.get(p) ?? []), [s.metric.outcome ?? '', num(s)]]);
  }
  return { rows, total: { req: totalReq, tokens: totalTokens }, outcomes };
}

export const SORT_COLUMNS = ['name', 'req', 'inTok', 'outTok', 'share', 'errRate', 'ttft', 'ntpot', 'queue', 'qsize', 'cost'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

const sortValue = (r: UsageRow, c: SortColumn): number | string | null => {
  if (c === 'name') return Object.values(r.labels).join(' ');
  if (c === 'cost') return r.cost && 'usdPerSec' in r.cost ? r.cost.usdPerSec : null;
  return r[c];
};

/** Sorted by a column (missing values last either way); "others" always stays last. */
export function sortUsageRows(rows: readonly UsageRow[], c: SortColumn, dir: 'asc' | 'desc'): UsageRow[] {
  const body = rows.filter((r) => r.kind !== 'others');
  const rest = rows.filter((r) => r.kind === 'others');
  const sign = dir === 'asc' ? 1 : -1;
  body.sort((x, y) => {
    const a = sortValue(x, c);
    const b = sortValue(y, c);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    if (typeof a === 'string' || typeof b === 'string') return sign * String(a).localeCompare(String(b));
    return sign * (a - b);
  });
  return [...body, ...rest];
}
