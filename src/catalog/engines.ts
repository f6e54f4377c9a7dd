// The engine registry: one entry per engine the board knows. Name discovery, engine detection,
// the engine toggle, the URL codec and the config validator all read it, so adding an engine is
// one catalog and one entry here. `EngineId` is the union of the ids below: everything keyed by
// engine (`Record<EngineId, …>`, e.g. the Chinese catalog text) fails to type-check until the new
// engine has its entry there too.
//
// The functions take the registry as a parameter (the app passes ENGINES), so a test can run them
// over a registry with an engine of its own without widening EngineId.
import type { BareNames, ResolvedMetric } from './resolve';
import { bareCandidates, resolveMetrics } from './resolve';
import { lmdeployCatalog } from './lmdeploy/catalog';
import { sglangCatalog } from './sglang/catalog';
import { trtllmCatalog } from './trtllm/catalog';
import type { EngineCatalog } from './types';
import { vllmCatalog } from './vllm/catalog';

export interface EngineEntry<Id extends string = string> {
  readonly id: Id;
  /** As the toggle and messages show it ("vLLM"). */
  readonly label: string;
  /**
   * A word every metric name of the engine contains, under any spelling the resolver accepts
   * (`vllm:…`, `vllm_…`, `ray_vllm:…`): the backend is asked for the names that contain one of them.
   */
  readonly namePattern: string;
  /** Logical metric every scraped server of the engine exposes (detection, instance counts). */
  readonly presenceMetric: string;
  /** The engine's own rank labels (vLLM `engine`, SGLang `tp_rank`/`dp_rank`). */
  readonly rankLabels: readonly string[];
  /** Names some servers expose without the engine's namespace (resolve.ts, rule 5). */
  readonly bare?: BareNames;
  readonly catalog: EngineCatalog<Id>;
}

export type EngineRegistry<Id extends string = string> = readonly EngineEntry<Id>[];

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** An entry from a catalog: label, presence metric and rank labels are the catalog's own. */
export function defineEngine<Id extends string>(catalog: EngineCatalog<Id>, namePattern: string, bare?: BareNames): EngineEntry<Id> {
  // A plain word: it goes into a regex matcher unescaped, and must not match everything.
  if (!NAME_PATTERN.test(namePattern)) throw new Error(`engine ${catalog.engine}: name pattern "${namePattern}" is not a plain word`);
  if (!catalog.metrics[catalog.presenceMetric]) throw new Error(`engine ${catalog.engine}: presence metric "${catalog.presenceMetric}" is not in its catalog`);
  const entry: EngineEntry<Id> = {
    id: catalog.engine,
    label: catalog.label,
    namePattern,
    presenceMetric: catalog.presenceMetric,
    rankLabels: catalog.filterLabels.rank,
    catalog,
  };
  return bare ? { ...entry, bare } : entry;
}

/**
 * NVIDIA NIM for LLMs serves vLLM's (v0.8-era) set without `vllm:`, labelled `model_name`. The core
 * is what every such server has from start-up: counters and histograms alone could be anyone's.
 */
export const VLLM_BARE: BareNames = {
  namespace: 'vllm:',
  label: 'model_name',
  core: ['num_requests_running', 'num_requests_waiting', 'generation_tokens_total', 'time_to_first_token_seconds_bucket'],
};

/** The engines of the board, in toggle order; the first is the default when detection cannot tell. */
export const ENGINES = [
  defineEngine(vllmCatalog, 'vllm', VLLM_BARE), defineEngine(sglangCatalog, 'sglang'), defineEngine(lmdeployCatalog, 'lmdeploy'),
  defineEngine(trtllmCatalog, 'trtllm'),
] as const;

export type EngineId = (typeof ENGINES)[number]['id'];

export function isEngineId(value: string): value is EngineId {
  return ENGINES.some((e) => e.id === value);
}

export function engineEntry(id: EngineId): EngineEntry<EngineId> {
  const entry = ENGINES.find((e) => e.id === id);
  if (!entry) throw new Error(`unknown engine ${id}`);
  return entry;
}

/** "vllm or sglang" (or quoted: "\"vllm\" or \"sglang\""), for messages that list the accepted values. */
export function engineIdList(registry: EngineRegistry = ENGINES, quote = ''): string {
  const ids = registry.map((e) => `${quote}${e.id}${quote}`);
  return ids.length > 1 ? `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}` : (ids[0] ?? '');
}

/**
 * The names catalogs query that carry no engine's name pattern (every target's `up` and process
 * start time, vLLM's API-server `http_requests_total`), asked for by name:
 * `{__name__=~"(http_requests_total|process_start_time_seconds|up)"}`.
 */
export function sharedNameMatch(registry: EngineRegistry): string {
  const words = registry.map((e) => e.namePattern);
  const names = new Set<string>();
  for (const e of registry)
    for (const m of Object.values(e.catalog.metrics))
      for (const v of m.variants) if (!words.some((w) => v.includes(w))) names.add(v);
  return `{__name__=~"(${[...names].sort().join('|')})"}`;
}

/** The series selector asking the backend for every name of every engine: `{__name__=~".*(vllm|sglang).*"}`. */
export function engineNameMatch(registry: EngineRegistry): string {
  return `{__name__=~".*(${registry.map((e) => e.namePattern).join('|')}).*"}`;
}

/**
 * One selector per engine with bare names: those names, only on series carrying the engine's label
 * (`{__name__=~"(num_requests_running|…|ttft_seconds_(bucket|sum|count))", model_name!=""}`), so an
 * unrelated exporter's `num_requests_running` without it never reaches the resolver.
 */
export function bareNameMatch(registry: EngineRegistry): string[] {
  return registry.flatMap((e) => {
    if (!e.bare) return [];
    const names = bareCandidates(e.catalog.metrics, e.bare);
    const histograms = new Set(names.filter((n) => n.endsWith('_bucket')).map((n) => n.slice(0, -'_bucket'.length)));
    const parts = names.filter((n) => !histograms.has(n.replace(/_(bucket|sum|count)$/, '')));
    const alternatives = [...parts, ...[...histograms].map((h) => `${h}_(bucket|sum|count)`)].sort();
    return [`{__name__=~"(${alternatives.join('|')})", ${e.bare.label}!=""}`];
  });
}

/** Every engine's logical metrics resolved against the names the backend holds. */
export function resolveEngines<Id extends string>(registry: EngineRegistry<Id>, names: ReadonlySet<string>): Record<Id, Map<string, ResolvedMetric>> {
  const out = {} as Record<Id, Map<string, ResolvedMetric>>;
  for (const e of registry) out[e.id] = resolveMetrics(e.catalog.metrics, names, e.bare ? { bare: e.bare } : {});
  return out;
}

/**
 * The stored name of each engine's presence metric, or null where the backend has none. Where the
 * presence gauge waits for the first request (idle vLLM multi-API-server builds before #59988), the
 * finished-requests counter, registered at start-up, stands in.
 */
export function presenceNames<Id extends string>(
  registry: EngineRegistry<Id>,
  resolvedBy: Record<Id, Map<string, ResolvedMetric>> | null,
): Record<Id, string | null> {
  const out = {} as Record<Id, string | null>;
  for (const e of registry) {
    const r = resolvedBy?.[e.id];
    const served = e.catalog.servedMetric;
    out[e.id] = r?.get(e.presenceMetric)?.name ?? (served !== undefined ? r?.get(served)?.name : undefined) ?? null;
  }
  return out;
}

/**
 * The engine to show when the URL does not say. Engines whose presence metric the backend holds
 * are candidates; instance counts (when known) narrow them to engines with servers. One candidate
 * wins; with several, or none, the first in registry order (vLLM when both or neither, docs/url-contract.md).
 */
export function detectEngine<Id extends string>(
  registry: EngineRegistry<Id>,
  presence: Record<Id, string | null>,
  instances: Record<Id, number> | null,
): Id {
  const present = registry.filter((e) => presence[e.id] !== null);
  const serving = instances ? present.filter((e) => instances[e.id] > 0) : [];
  const pick = serving[0] ?? present[0] ?? registry[0];
  if (!pick) throw new Error('empty engine registry');
  return pick.id;
}
