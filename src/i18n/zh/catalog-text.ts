// The Chinese half of catalog-text.ts: table column titles and the prose around flags.
import { GPU_COLUMN_ZH } from './gpus';

/** Chinese titles of table columns, by column id (the same ids on both engines). */
export const COLUMN_ZH: Record<string, string> = {
  ...GPU_COLUMN_ZH,
  instances: '实例数',
  'req-rate': '请求/s',
  'prompt-tokens': '提示 tok/s',
  'output-tokens': '输出 tok/s',
  'ttft-p95': 'TTFT p95',
  'itl-p95': 'ITL p95',
  'e2e-p95': 'E2E p95',
  'failed-share': '出错 + 中止占比',
  'kv-peak': 'KV 峰值占用',
  preemptions: '抢占/s',
  model: '模型',
  status: '状态',
  uptime: '运行时长',
  restarts: '重启次数',
  awake: '唤醒',
  running: '运行中',
  waiting: '等待中',
  'kv-usage': 'KV 占用',
  'kv-capacity': 'KV 容量',
  'kv-blocks': 'KV 块数',
  'block-size': '块大小',
  'max-concurrency': '最大并发',
  'kv-dtype': 'KV 数据类型',
  'prefix-caching': '前缀缓存',
  'admission-rejections': '拒绝/s',
  'kv-memory': 'KV 内存',
};

/** Chinese titles of columns whose English title depends on the engine's words (retractions, KV pages). */
export const COLUMN_TITLE_ZH: Record<string, string> = {
  'Retractions/s': '撤回/s',
  'KV pages': 'KV 页数',
  'Page size': '页大小',
};

// The prose around flags in "enable with" texts, in Chinese (flags, settings, env vars and metric
// names stay as they are typed).
export const FLAG_PROSE_ZH: ReadonlyArray<[string, string]> = [
  ['(default since LMDeploy v0.11)', '（LMDeploy v0.11 起默认开启）'],
  ['--enable-metrics (older releases also --collect-tokens-histogram)', '--enable-metrics（旧版本还需 --collect-tokens-histogram）'],
  ['multimodal model (MM processor cache)', '多模态模型（MM 处理器缓存）'],
  ['structured output in use', '使用结构化输出时'],
  ['diffusion LM (automatic)', '扩散语言模型（自动）'],
  ['realtime speech-to-text model', '实时语音转文字模型'],
  ['newer or niche engine metric', '较新或小众的引擎指标'],
  ['frontend admission limits', '前端准入限制'],
  ['vLLM newer than 0.29 (unverified)', '0.29 之后的 vLLM（未验证）'],
  ['default (absent with --disable-log-stats)', '默认开启（使用 --disable-log-stats 时没有）'],
  ['automatic panel in Other metrics', '“其他指标”中的自动面板'],
  ['the first finished request', '第一个完成的请求'],
  ['(pipeline parallel = 1)', '（流水线并行 = 1）'],
  ['(with --enable-auto-tool-choice)', '（需同时使用 --enable-auto-tool-choice）'],
];
