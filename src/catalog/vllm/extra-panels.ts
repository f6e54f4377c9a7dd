// vLLM panels for families beyond the core board: inference time, prompt vs computed
// tokens, the KV-cache configuration, the tool-call parser, and the KV connectors' own metrics
// (NIXL post time and descriptors, HF3FS, Mooncake store). Merged into the section order in vllm.ts.
import { histogramMean, panel, quantileExpr, quantileQueries, query, rateBy } from '../define';
import type { PanelSpec } from '../types';
import { TOOL_PARSER } from './metrics';

const M = '{{model_name}}';
const NIXL = '--kv-transfer-config (NixlConnector)';
const HF3FS = '--kv-transfer-config (HF3FSKVConnector)';
const MOONCAKE = '--kv-transfer-config (MooncakeStoreConnector)';
const OP = ['operation'];

// One bar per distinct configuration: engines with the same cache setup add up.
const CONFIG_BY = 'num_gpu_blocks, block_size, kv_cache_size_tokens, kv_cache_max_concurrency, cache_dtype, enable_prefix_caching';

export const vllmExtraPanels: PanelSpec[] = [
  panel({
    id: 'tool-call-parser',
    section: 'requests',
    title: 'Tool-call parser invocations',
    description: 'Tool-call parser runs per second by mode and outcome (non-streaming: once per choice; streaming: once per delta).',
    unit: 'ops',
    chart: 'stacked',
    enabledBy: TOOL_PARSER,
    feature: 'tool-calls',
    queries: [query('rate', `${M} · {{mode}} · {{outcome}}`, rateBy('tool_call_parser', ['mode', 'outcome']))],
  }),
  panel({
    id: 'inference-time',
    section: 'latency',
    title: 'Inference time',
    description: 'p50/p95/p99 of the time a request spends running (prefill plus decode), from scheduling to its last token.',
    unit: 'seconds',
    queries: quantileQueries('inference_bucket'),
  }),
  panel({
    id: 'kv-cache-config',
    section: 'saturation',
    title: 'KV cache capacity by configuration',
    description:
      'Engines per KV-cache configuration (vllm:cache_config_info). Capacity in tokens = num_gpu_blocks × block_size ' +
      '(kv_cache_size_tokens on newer engines); max concurrency = requests of max_model_len that fit.',
    unit: 'count',
    chart: 'latest',
    queries: [
      query(
        'engines',
        '{{num_gpu_blocks}} blocks × {{block_size}} tok {{kv_cache_size_tokens}} · max conc. {{kv_cache_max_concurrency}} · {{cache_dtype}} · prefix caching {{enable_prefix_caching}}',
        `count by (${CONFIG_BY}) (last_over_time({{cache_config_info}}[$__range]))`,
      ),
    ],
  }),
  panel({
    id: 'prompt-vs-computed-tokens',
    section: 'cache',
    title: 'Prompt vs computed tokens per request',
    description: 'Mean prompt tokens per request, and the prompt tokens really computed in prefill: the gap was served by the prefix cache or a KV connector.',
    unit: 'tokens',
    queries: [
      query('prompt', `${M} prompt`, histogramMean('request_prompt_tokens')),
      query('computed', `${M} computed`, histogramMean('prefill_kv_computed')),
    ],
  }),

  // ---- KV connectors (Advanced) ----
  panel({
    id: 'kv-transfer-post-time',
    section: 'advanced',
    title: 'NIXL transfer post time',
    description: 'p50/p95 of the time to post a NIXL KV-cache transfer.',
    unit: 'seconds',
    enabledBy: NIXL,
    feature: 'kv-transfer',
    queries: quantileQueries('nixl_post_time_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'kv-transfer-descriptors',
    section: 'advanced',
    title: 'NIXL descriptors per transfer',
    description: 'p50/p95 of the number of descriptors per NIXL KV-cache transfer.',
    unit: 'count',
    enabledBy: NIXL,
    feature: 'kv-transfer',
    queries: quantileQueries('nixl_descriptors_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'hf3fs-duration',
    section: 'advanced',
    title: 'HF3FS save / load time',
    description: 'p95 of the duration of HF3FS KV-cache saves and loads.',
    unit: 'seconds',
    enabledBy: HF3FS,
    feature: 'kv-transfer',
    queries: [
      query('save', `${M} save p95`, quantileExpr(0.95, 'hf3fs_save_time_bucket')),
      query('load', `${M} load p95`, quantileExpr(0.95, 'hf3fs_load_time_bucket')),
    ],
  }),
  panel({
    id: 'hf3fs-failures',
    section: 'advanced',
    title: 'HF3FS failures',
    description: 'Failed HF3FS KV-cache saves and loads per second.',
    unit: 'ops',
    enabledBy: HF3FS,
    feature: 'kv-transfer',
    queries: [
      query('save', `${M} failed saves`, rateBy('hf3fs_failed_save')),
      query('load', `${M} failed loads`, rateBy('hf3fs_failed_load')),
    ],
  }),
  panel({
    id: 'mooncake-operations',
    section: 'advanced',
    title: 'Mooncake store operations',
    description: 'Mooncake store operations per second by operation and status.',
    unit: 'ops',
    chart: 'stacked',
    enabledBy: MOONCAKE,
    feature: 'kv-transfer',
    queries: [query('rate', '{{operation}} · {{status}}', 'sum by (operation, status) (rate({{mooncake_ops}}[$__rate_interval]))')],
  }),
  panel({
    id: 'mooncake-latency',
    section: 'advanced',
    title: 'Mooncake store operation time',
    description: 'p95 of the Mooncake store communication time by operation.',
    unit: 'seconds',
    enabledBy: MOONCAKE,
    feature: 'kv-transfer',
    queries: [query('p95', '{{operation}} p95', quantileExpr(0.95, 'mooncake_time_bucket', 'operation'))],
  }),
  panel({
    id: 'mooncake-throughput',
    section: 'advanced',
    title: 'Mooncake store throughput',
    description: 'Bytes per second moved by Mooncake store operations, by operation.',
    unit: 'bytesps',
    enabledBy: MOONCAKE,
    feature: 'kv-transfer',
    queries: [query('bytes', '{{operation}}', 'sum by (operation) (rate({{mooncake_bytes}}[$__rate_interval]))')],
  }),
  panel({
    id: 'mooncake-keys',
    section: 'advanced',
    title: 'Mooncake store keys',
    description: 'Store keys touched per second by operation, and keys that failed.',
    unit: 'ops',
    enabledBy: MOONCAKE,
    feature: 'kv-transfer',
    queries: [
      query('keys', '{{operation}} keys', `sum by (${OP.join(', ')}) (rate({{mooncake_keys}}[$__rate_interval]))`),
      query('failed', '{{operation}} failed keys', 'sum by (operation) (rate({{mooncake_failed_keys}}[$__rate_interval]))'),
    ],
  }),
];
