// vLLM panels of the Advanced section: spec decode, MFU/bandwidth, KV transfer, LoRA, sleep, etc.
import { gaugeBy, panel, quantileQueries, query, rateBy, ratio, topQueries, unavailable } from '../define';
import type { PanelSpec } from '../types';

const SPEC = '--speculative-config';
const MFU = '--enable-mfu-metrics';
const NIXL = '--kv-transfer-config (NixlConnector)';
const M = '{{model_name}}';
// Estimated counters are per GPU: keep instance and DP engine apart so lines stay per GPU, the top
// 10 GPUs by their value at the end of the range and one "others" line (bounded on a fleet).
const PER_GPU = ['instance', 'engine'];
const GPU_LEGEND = '{{instance}} engine {{engine}}';

export const vllmAdvancedPanels: PanelSpec[] = [
  // ---- Speculative decoding ----
  panel({
    id: 'spec-acceptance-rate',
    section: 'advanced',
    title: 'Draft acceptance rate',
    description: 'Accepted draft tokens over proposed draft tokens.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: SPEC,
    feature: 'spec-decode',
    queries: [
      query('rate', M, ratio(rateBy('spec_accepted_tokens'), rateBy('spec_draft_tokens')), {
        expr: gaugeBy('avg', 'spec_acceptance_rate_v0'),
        note: 'legacy V0 gauge vllm:spec_decode_draft_acceptance_rate (vLLM ≤ 0.9)',
      }),
    ],
  }),
  panel({
    id: 'spec-acceptance-length',
    section: 'advanced',
    title: 'Mean acceptance length',
    description: 'Tokens emitted per draft: 1 + accepted tokens / drafts.',
    unit: 'count',
    enabledBy: SPEC,
    feature: 'spec-decode',
    queries: [query('length', M, `1 + ${ratio(rateBy('spec_accepted_tokens'), rateBy('spec_drafts'))}`)],
  }),
  panel({
    id: 'spec-per-position-acceptance',
    section: 'advanced',
    title: 'Acceptance by draft position',
    description: 'Share of drafts whose token at each position was accepted.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: SPEC,
    feature: 'spec-decode',
    queries: [
      query(
        'rate',
        `${M} pos {{position}}`,
        `${rateBy('spec_accepted_per_pos', ['position'])} / on ($__by) group_left () (${rateBy('spec_drafts')} > 0)`,
      ),
    ],
  }),

  // ---- MFU / bandwidth ----
  panel({
    id: 'mfu',
    section: 'advanced',
    title: 'Model FLOPs utilization',
    description: 'Estimated FLOP/s per GPU divided by the peak FLOP/s of the GPU you pick.',
    unit: 'ratio',
    min: 0,
    enabledBy: MFU,
    feature: 'mfu',
    needsGpuPeak: true,
    queries: topQueries('mfu', GPU_LEGEND, `${rateBy('flops', PER_GPU)} / $gpu_peak_flops`),
  }),
  panel({
    id: 'flops-per-gpu',
    section: 'advanced',
    title: 'Estimated FLOP/s per GPU',
    description: 'Estimated floating-point operations per second per GPU.',
    unit: 'flops',
    enabledBy: MFU,
    feature: 'mfu',
    queries: topQueries('flops', GPU_LEGEND, rateBy('flops', PER_GPU)),
  }),
  panel({
    id: 'memory-bandwidth-per-gpu',
    section: 'advanced',
    title: 'Estimated memory bandwidth per GPU',
    description: 'Estimated bytes read plus written per second per GPU.',
    unit: 'bytesps',
    enabledBy: MFU,
    feature: 'mfu',
    queries: topQueries('bandwidth', GPU_LEGEND, `${rateBy('read_bytes', PER_GPU)} + ${rateBy('write_bytes', PER_GPU)}`),
  }),

  // ---- KV transfer (NIXL) ----
  panel({
    id: 'kv-transfer-time',
    section: 'advanced',
    title: 'NIXL transfer time',
    description: 'p50/p95 of the duration of NIXL KV-cache transfers.',
    unit: 'seconds',
    enabledBy: NIXL,
    feature: 'kv-transfer',
    queries: quantileQueries('nixl_xfer_time_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'kv-transfer-failures',
    section: 'advanced',
    title: 'NIXL failures',
    description: 'Failed NIXL KV transfers and notifications, and requests whose KV expired, per second.',
    unit: 'ops',
    enabledBy: NIXL,
    feature: 'kv-transfer',
    queries: [
      query('transfers', `${M} failed transfers`, rateBy('nixl_failed_transfers')),
      query('notifications', `${M} failed notifications`, rateBy('nixl_failed_notifications')),
      query('expired', `${M} expired KV`, rateBy('nixl_kv_expired')),
    ],
  }),
  panel({
    id: 'kv-transfer-bandwidth',
    section: 'advanced',
    title: 'NIXL transfer throughput',
    description: 'Bytes moved by NIXL KV transfers per second (from the bytes histogram sum).',
    unit: 'bytesps',
    enabledBy: NIXL,
    feature: 'kv-transfer',
    queries: [query('bytes', M, rateBy('nixl_bytes_sum'))],
  }),
  panel({
    id: 'kv-offload-throughput',
    section: 'advanced',
    title: 'KV offload throughput',
    description: 'Bytes per second loaded from and stored to the KV offload tier.',
    unit: 'bytesps',
    enabledBy: '--kv-offloading-size (OffloadingConnector)',
    feature: 'kv-transfer',
    queries: [
      query('load', `${M} load`, rateBy('kv_offload_load_bytes')),
      query('store', `${M} store`, rateBy('kv_offload_store_bytes')),
    ],
  }),
  unavailable(
    {
      id: 'prefetch-backup-tokens',
      section: 'advanced',
      title: 'Prefetch / backup tokens/s',
      description: 'Tokens prefetched from and backed up to a storage tier per second.',
      unit: 'tokps',
      feature: 'hicache',
    },
    'vLLM has no general prefetch/backup token metric; see KV offload throughput and the KV connector panels.',
  ),

  // ---- LoRA, sleep, websocket, diffusion ----
  panel({
    id: 'lora-adapters',
    section: 'advanced',
    title: 'Running LoRA adapters',
    description: 'The adapter set of the latest LoRA scheduler update (vllm:lora_requests_info; value 1 = current).',
    unit: 'count',
    chart: 'stacked',
    enabledBy: '--enable-lora',
    feature: 'lora',
    // The gauge's value is the update's Unix time; the latest combination is the current state.
    queries: [query('running', '{{running_lora_adapters}}', 'count by (running_lora_adapters) (topk(1, {{lora_requests_info}}))')],
  }),
  panel({
    id: 'sleep-state',
    section: 'advanced',
    title: 'Engine sleep state',
    description: 'Engines awake (1), sleeping with weights offloaded (level 1) or with all state discarded (level 2).',
    unit: 'count',
    chart: 'stacked',
    feature: 'sleep',
    queries: [query('state', '{{model_name}} · {{sleep_state}}', gaugeBy('sum', 'sleep_state', ['sleep_state']))],
  }),
  panel({
    id: 'websocket-connections',
    section: 'advanced',
    title: 'Realtime WebSocket connections',
    description: 'Active realtime speech-to-text WebSocket connections, and new connections per second.',
    unit: 'count',
    enabledBy: 'realtime speech-to-text model',
    feature: 'websocket',
    // Per instance, bounded: top 5 of each and an "others" line (12 series at most).
    queries: [
      ...topQueries('active', '{{instance}} active', 'sum by (instance) ({{websocket_active}})', 5),
      ...topQueries('new', '{{instance}} new/s', 'sum by (instance) (rate({{websocket_total}}[$__rate_interval]))', 5),
    ],
  }),
  panel({
    id: 'websocket-duration',
    section: 'advanced',
    title: 'WebSocket connection duration',
    description: 'p50/p95 of realtime WebSocket connection duration.',
    unit: 'seconds',
    enabledBy: 'realtime speech-to-text model',
    feature: 'websocket',
    // Over all instances (quantiles of a top-N and an 'others' set would not add up to anything).
    queries: quantileQueries('websocket_duration_bucket', [0.5, 0.95], { legendPrefix: 'all' }),
  }),
  panel({
    id: 'diffusion',
    section: 'advanced',
    title: 'Diffusion decoding',
    description: 'Denoising steps, canvas positions evaluated and tokens committed per second (diffusion LMs).',
    unit: 'ops',
    enabledBy: 'diffusion LM (automatic)',
    feature: 'diffusion',
    queries: [
      query('steps', `${M} denoising steps`, rateBy('diffusion_denoising_steps')),
      query('positions', `${M} canvas positions`, rateBy('diffusion_canvas_positions')),
      query('committed', `${M} committed tokens`, rateBy('diffusion_committed_tokens')),
    ],
  }),
];
