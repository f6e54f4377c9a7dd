// The user-visible text of catalog panels and stat tiles in the interface language. English is
// the catalog itself; zh-CN comes from catalogZh, falling back to the English field only when an
// entry is missing (i18n.test.ts fails CI on a missing entry, so the fallback is a safety net).
import type { ColumnSpec, EngineId, PanelSpec, StatSpec } from '../catalog/types';
import { catalogZh, type PanelText } from './catalog-zh';
import { GPU_COLUMN_ZH } from './gpus';
import type { Lang } from './index';

export type { PanelText };

function englishPanelText(panel: PanelSpec): PanelText {
  const text: PanelText = { title: panel.title, description: panel.description };
  if (panel.notAvailable !== undefined) text.notAvailable = panel.notAvailable;
  return text;
}

/** Title, description and (for absent metrics) the "not available" explanation of a panel. */
export function panelText(panel: PanelSpec, engine: EngineId, lang: Lang): PanelText {
  const english = englishPanelText(panel);
  if (lang === 'en') return english;
  const zh = catalogZh[engine].panels[panel.id];
  if (!zh) return english;
  const text: PanelText = { title: zh.title, description: zh.description };
  const notAvailable = panel.notAvailable === undefined ? undefined : (zh.notAvailable ?? panel.notAvailable);
  if (notAvailable !== undefined) text.notAvailable = notAvailable;
  return text;
}

/** The title of a stat tile. */
export function statTitle(stat: Pick<StatSpec, 'id' | 'title'>, engine: EngineId, lang: Lang): string {
  if (lang === 'en') return stat.title;
  return catalogZh[engine].stats[stat.id]?.title ?? stat.title;
}

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
const COLUMN_TITLE_ZH: Record<string, string> = {
  'Retractions/s': '撤回/s',
  'KV pages': 'KV 页数',
  'Page size': '页大小',
};

/** The title of a table column: by the engine's own title where it has its own word, else by column id. */
export function columnTitle(_panelId: string, column: ColumnSpec, _engine: EngineId, lang: Lang): string {
  if (lang === 'en') return column.title;
  return COLUMN_TITLE_ZH[column.title] ?? COLUMN_ZH[column.id] ?? column.title;
}

// The prose around flags in "enable with" texts, in Chinese (flags, settings, env vars and metric
// names stay as they are typed).
const FLAG_PROSE_ZH: ReadonlyArray<[string, string]> = [
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

/** An "enable with" text (a flag, a setting, or a short description) in the interface language. */
export function flagText(flag: string, lang: Lang): string {
  if (lang === 'en') return flag;
  let out = flag;
  for (const [en, zh] of FLAG_PROSE_ZH) out = out.split(en).join(zh);
  return out;
}
