// Distribution panels of both engines: latency heatmaps (Latency section) and length / request
// parameter distributions (Requests section). Each runs one query aggregated to `le` only: a
// heatmap never asks for per-model or per-instance buckets (at most one series per bucket).
import { histogram, metrics, panel, query, ref } from './define';
import type { PanelSpec, SectionId, Unit } from './types';

/** The bucket rates per step; the chart de-cumulates neighbouring `le` into per-bucket rates. */
export const heatmapExpr = (bucketId: string): string => `sum by (le) (rate(${ref(bucketId)}[$__rate_interval]))`;

/** Observations per bucket over the whole range, as an instant query at the range's end. */
export const distributionExpr = (bucketId: string): string => `sum by (le) (increase(${ref(bucketId)}[$__range]))`;

interface Def {
  id: string;
  bucketId: string;
  title: string;
  description: string;
  unit: Unit;
  enabledBy?: string;
}

function heatmap({ bucketId, ...d }: Def): PanelSpec {
  return panel({ ...d, section: 'latency' satisfies SectionId, chart: 'heatmap', queries: [query('buckets', '{{le}}', heatmapExpr(bucketId))] });
}

function distribution({ bucketId, ...d }: Def): PanelSpec {
  return panel({ ...d, section: 'requests' satisfies SectionId, chart: 'distribution', queries: [query('buckets', '{{le}}', distributionExpr(bucketId))] });
}

const HEAT = 'Per-bucket rate over time (colour), from the classic buckets';

export const vllmDistributionPanels: PanelSpec[] = [
  heatmap({ id: 'ttft-heatmap', bucketId: 'ttft_bucket', title: 'TTFT heatmap', description: `${HEAT}: where first tokens land, e.g. cache hits vs misses.`, unit: 'seconds' }),
  heatmap({ id: 'itl-heatmap', bucketId: 'itl_bucket', title: 'ITL heatmap', description: `${HEAT}: gaps between output tokens.`, unit: 'seconds' }),
  heatmap({ id: 'e2e-heatmap', bucketId: 'e2e_bucket', title: 'E2E latency heatmap', description: `${HEAT}: whole requests, arrival to last token.`, unit: 'seconds' }),
  heatmap({ id: 'queue-time-heatmap', bucketId: 'queue_bucket', title: 'Queue time heatmap', description: `${HEAT}: time spent waiting to be scheduled.`, unit: 'seconds' }),
  distribution({ id: 'prompt-length-distribution', bucketId: 'request_prompt_tokens_bucket', title: 'Prompt length distribution', description: 'Share of requests by prompt tokens over the range.', unit: 'tokens' }),
  distribution({ id: 'generation-length-distribution', bucketId: 'request_generation_tokens_bucket', title: 'Generation length distribution', description: 'Share of requests by generated tokens over the range.', unit: 'tokens' }),
  distribution({ id: 'max-tokens-distribution', bucketId: 'request_params_max_tokens_bucket', title: 'max_tokens requested', description: 'Share of requests by their max_tokens parameter (requests that set it).', unit: 'tokens' }),
  distribution({ id: 'max-generation-tokens-distribution', bucketId: 'request_max_generation_tokens_bucket', title: 'Generation token budget', description: 'Share of requests by the most tokens they could generate: max_tokens, else the context left.', unit: 'tokens' }),
  distribution({ id: 'n-distribution', bucketId: 'request_params_n_bucket', title: 'Completions per request (n)', description: 'Share of requests by their n parameter (parallel sampled completions).', unit: 'count' }),
];

export const sglangDistributionPanels: PanelSpec[] = [
  heatmap({ id: 'ttft-heatmap', bucketId: 'ttft_bucket', title: 'TTFT heatmap', description: `${HEAT}: where first tokens land, e.g. cache hits vs misses.`, unit: 'seconds', enabledBy: '--enable-metrics' }),
  heatmap({ id: 'itl-heatmap', bucketId: 'itl_bucket', title: 'ITL heatmap', description: `${HEAT}: gaps between output tokens.`, unit: 'seconds', enabledBy: '--enable-metrics' }),
  heatmap({ id: 'e2e-heatmap', bucketId: 'e2e_bucket', title: 'E2E latency heatmap', description: `${HEAT}: whole requests, arrival to last token.`, unit: 'seconds', enabledBy: '--enable-metrics' }),
  heatmap({ id: 'queue-time-heatmap', bucketId: 'queue_bucket', title: 'Queue time heatmap', description: `${HEAT}: time spent waiting in the scheduler queue.`, unit: 'seconds', enabledBy: '--enable-metrics' }),
  distribution({ id: 'prompt-length-distribution', bucketId: 'prompt_length_bucket', title: 'Prompt length distribution', description: 'Share of requests by prompt tokens over the range.', unit: 'tokens', enabledBy: '--enable-metrics (older releases also --collect-tokens-histogram)' }),
  distribution({ id: 'generation-length-distribution', bucketId: 'generation_length_bucket', title: 'Generation length distribution', description: 'Share of requests by generated tokens over the range.', unit: 'tokens', enabledBy: '--enable-metrics (older releases also --collect-tokens-histogram)' }),
];

const L = ['model_name', 'engine'];
const DEFAULT = 'default (absent with --disable-log-stats)';

/** vLLM request-parameter histograms (spec/metrics/vllm.json), used only by the panels above. */
export const vllmParamMetrics = metrics([
  histogram('request_params_n', ['vllm:request_params_n'], L, DEFAULT),
  histogram('request_params_max_tokens', ['vllm:request_params_max_tokens'], L, DEFAULT),
  histogram('request_max_generation_tokens', ['vllm:request_max_num_generation_tokens'], L, DEFAULT),
]);
