// Simplified Chinese text of the engine catalogs (panel titles, descriptions, "not available"
// explanations and stat tile titles), keyed by engine and panel / stat id. Descriptions reuse
// the 含义 column of the Chinese metrics guide this project grew from, where it has the metric. Metric names, PromQL and
// flags stay as they are; `enabledBy` is a flag and is not translated. i18n.test.ts checks that
// every catalog id has an entry here and that no entry is stale.
import { lmdeployCatalog } from '../../catalog/lmdeploy/catalog';
import { trtllmCatalog } from '../../catalog/trtllm/catalog';
import type { EngineCatalog, EngineId } from '../../catalog/types';
import { sglangZh as sglang } from './sglang';
import type { CatalogText, PanelText } from './types';
import { vllmZh as vllm } from './vllm';

export type { CatalogText, PanelText };

/**
 * The text of a catalog derived from another by re-prefixing (catalog/derive.ts): the source's entries
 * for the ids the catalog kept, metric names re-prefixed, the engine's own entries over them, and
 * "no such metric" for the core panels it lacks.
 */
function reprefixedText(catalog: EngineCatalog<string>, source: CatalogText, [from, prefix]: readonly [string, string], own: CatalogText): CatalogText {
  const to = (t: string): string => t.split(from).join(prefix);
  const panels: Record<string, PanelText> = {};
  for (const p of catalog.panels) {
    const e = own.panels[p.id] ?? source.panels[p.id];
    if (!e) continue;
    panels[p.id] = { title: e.title, description: to(e.description), ...(p.notAvailable ? { notAvailable: `${catalog.label} 没有此指标。` } : {}) };
  }
  const stats: CatalogText['stats'] = {};
  for (const s of [...catalog.stats, ...(catalog.absentStats ?? [])]) {
    const e = own.stats[s.id] ?? source.stats[s.id];
    if (e) stats[s.id] = e;
  }
  return { panels, stats };
}

const lmdeploy = reprefixedText(lmdeployCatalog, vllm, ['vllm:', 'lmdeploy:'], {
  panels: {
    'finished-reasons': {
      title: '结束请求（按原因）',
      description: '每秒结束的请求数，按 LMDeploy 的响应类型分类：ResponseType.FINISH 为正常结束（stop 与 length 不区分）；CANCEL、ENGINE_STOP_ERROR、INTERNAL_ENGINE_ERROR、INPUT_LENGTH_ERROR、OUT_OF_MEMORY 等为其余原因。',
    },
    'prefix-cache-hit-rate': { title: 'Prefix cache 命中率', description: '引擎的 prefix cache 命中率 gauge，取各 rank 的平均值。' },
  },
  stats: {},
});

const trtllm = reprefixedText(trtllmCatalog, vllm, ['vllm:', 'trtllm_'], {
  panels: { 'prefix-cache-hit-rate': { title: 'Prefix cache 命中率', description: '引擎的 KV 缓存块复用命中率 gauge，取各服务器的平均值。' } },
  stats: {},
});

export const catalogZh: Record<EngineId, CatalogText> = { vllm, sglang, lmdeploy, trtllm };
