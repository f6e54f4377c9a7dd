// The Usage section's PromQL (docs/usage.md), pure: who sends the load, as the llm-d EPP labels its
// request, token, latency and flow-control series (`fairness_id`, `priority`, `model_name` = what
// the client asked for, `target_model_name` = what it was routed to). One prefix is read (the first
// the backend holds: `llm_d_epp_`, then `llm_d_router_epp_`), so the EPP's dual emission of legacy
// twins is never added in. Every per-row query is bounded: `and on (<dims>) <rank>`, where the rank
// is the top N rows by requests/s (plus, for tenants, the requests with no fairness id, so they are
// never folded into "others"); "others" is the total minus the rows for additive figures, and
// `unless on (<dims>) <rank>` for quantiles. Label values (a tenant id with quotes or newlines)
// enter PromQL only through escapeLabelValue.
import { escapeLabelValue } from '../promql';

export const USAGE_PREFIXES = ['llm_d_epp_', 'llm_d_router_epp_'] as const;
export const USAGE_DIMS = ['tenant', 'priority', 'model'] as const;
export type UsageDim = (typeof USAGE_DIMS)[number];
/** The labels a row of each table is keyed by. */
export const DIM_LABELS: Readonly<Record<UsageDim, readonly string[]>> = { tenant: ['fairness_id'], priority: ['priority'], model: ['model_name', 'target_model_name'] };
/** Rows per table before "others". */
export const USAGE_TOP_N = 10;

export interface UsageSource {
  prefix: string;
  /** The optional families this backend holds. */
  has: { ttft: boolean; ntpot: boolean; flowQueue: boolean; flowSize: boolean; flowOutcomes: boolean; tokens: boolean };
}

/** The EPP family whose series carry tenant labels, or null (the section is not shown). */
export function detectUsage(names: ReadonlySet<string>): UsageSource | null {
  const prefix = USAGE_PREFIXES.find((p) => names.has(`${p}request_total`));
  if (!prefix) return null;
  const has = (n: string) => names.has(`${prefix}${n}`);
  return {
    prefix,
    has: {
      ttft: has('request_ttft_seconds_bucket'),
      ntpot: has('request_ntpot_seconds_bucket'),
      flowQueue: has('flow_control_request_queue_duration_seconds_bucket'),
      flowSize: has('flow_control_queue_size'),
      flowOutcomes: has('flow_control_requests_total'),
      tokens: has('request_output_tokens_sum') && has('request_input_tokens_sum'),
    },
  };
}

/** The quantile columns: key, the `has` flag that says the backend holds it, the histogram (without the prefix). */
const HISTOGRAMS = [
  ['ttft', 'ttft', 'request_ttft_seconds_bucket'],
  ['ntpot', 'ntpot', 'request_ntpot_seconds_bucket'],
  ['queue', 'flowQueue', 'flow_control_request_queue_duration_seconds_bucket'],
] as const;
type QuantileKey = (typeof HISTOGRAMS)[number][0];

/** The histograms a quantile column reads, by column (their `le` bounds say how honest a p95 is). */
export const usageHistograms = (src: UsageSource): Partial<Record<QuantileKey, string>> =>
  Object.fromEntries(HISTOGRAMS.filter(([, has]) => src.has[has]).map(([key, , bucket]) => [key, `${src.prefix}${bucket}`]));

export interface UsageQueryOptions {
  rangeSec: number;
  /** The selected tenant (`tenant=`): '' is the requests without a fairness id; null = all. */
  tenant: string | null;
  topN?: number;
}

/** The matcher a tenant selection adds to every series that carries `fairness_id`. */
export const tenantMatcher = (tenant: string | null): string => (tenant === null ? '' : `fairness_id="${escapeLabelValue(tenant)}"`);

/**
 * Query key → PromQL for one table. Keys: `req`, `in`, `out` (by the row's labels and
 * `target_model_name`, so cost can be priced per target), `err` (by `error_code`), `ttft`, `ntpot`,
 * `queue` (p95 over the range), `qsize` (now); `total:*` over all rows; `others:*` for the
 * quantiles outside the top N; `outcome` (priority table: flow-control outcomes other than
 * Dispatched, which carry no fairness id, so left out while a tenant is selected).
 */
export function usageExprs(src: UsageSource, dim: UsageDim, o: UsageQueryOptions): Array<[string, string]> {
  const { prefix: p } = src;
  const by = DIM_LABELS[dim].join(', ');
  const w = `${Math.max(1, Math.round(o.rangeSec))}s`;
  const m = tenantMatcher(o.tenant);
  const sel = (name: string, extra = '') => {
    const ms = [m, extra].filter(Boolean).join(', ');
    return `${p}${name}${ms ? `{${ms}}` : ''}`;
  };
  const rate = (name: string) => `rate(${sel(name)}[${w}])`;
  const top = `topk(${o.topN ?? USAGE_TOP_N}, sum by (${by}) (${rate('request_total')}))`;
  // The requests without a fairness id always get their row (never folded into "others").
  const rank = dim === 'tenant' && o.tenant === null ? `(${top} or sum by (fairness_id) (rate(${p}request_total{fairness_id=""}[${w}])))` : top;
  const bounded = (expr: string) => `${expr} and on (${by}) ${rank}`;
  const byTarget = dim === 'model' ? by : `${by}, target_model_name`;
  const p95 = (bucket: string, labels: string, pre = '') => `histogram_quantile(0.95, sum by (${labels}) (${pre}${rate(bucket)}))`;
  const out: Array<[string, string]> = [
    ['req', bounded(`sum by (${by}) (${rate('request_total')})`)],
    ['err', bounded(`sum by (${by}, error_code) (${rate('request_error_total')})`)],
    ['total:req', `sum(${rate('request_total')})`],
    ['total:err', `sum by (error_code) (${rate('request_error_total')})`],
  ];
  if (src.has.tokens) {
    out.push(
      ['in', bounded(`sum by (${byTarget}) (${rate('request_input_tokens_sum')})`)],
      ['out', bounded(`sum by (${byTarget}) (${rate('request_output_tokens_sum')})`)],
      ['total:in', `sum by (target_model_name) (${rate('request_input_tokens_sum')})`],
      ['total:out', `sum by (target_model_name) (${rate('request_output_tokens_sum')})`],
    );
  }
  for (const [key, has, bucket] of HISTOGRAMS) {
    if (!src.has[has]) continue;
    out.push([key, bounded(p95(bucket, `${by}, le`))]);
    // Others: the buckets of every series outside the ranked rows, summed per bound.
    out.push([`others:${key}`, `histogram_quantile(0.95, sum by (le) (${rate(bucket)} unless on (${by}) ${rank}))`]);
  }
  if (src.has.flowSize) {
    out.push(['qsize', bounded(`sum by (${by}) (${sel('flow_control_queue_size')})`)], ['total:qsize', `sum(${sel('flow_control_queue_size')})`]);
  }
  if (dim === 'priority' && src.has.flowOutcomes && o.tenant === null) {
    out.push(['outcome', `sum by (priority, outcome) (rate(${p}flow_control_requests_total{outcome!="Dispatched"}[${w}]))`]);
  }
  return out;
}
