// The engine registry: one entry per engine the board knows. Name discovery, engine detection,
// the engine toggle, the URL codec and the config validator all read it, so adding an engine is
// one catalog and one entry here. `EngineId` is the union of the ids below: everything keyed by
// engine (`Record<EngineId, …>`, e.g. the Chinese catalog text) fails to type-check until the new
// engine has its entry there too.
//
// The functions take the registry as a parameter (the app passes ENGINES), so a test can run them
// over a registry with an engine of its own without widening EngineId.
import type { ResolvedMetric } from './resolve';
import { resolveMetrics } from './resolve';
import { sglangCatalog } from './sglang';
import type { EngineCatalog } from './types';
import { vllmCatalog } from './vllm';

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
  readonly catalog: EngineCatalog<Id>;
}

export type EngineRegistry<Id extends string = string> = readonly EngineEntry<Id>[];

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** An entry from a catalog: label, presence metric and rank labels are the catalog's own. */
export function defineEngine<Id extends string>(catalog: EngineCatalog<Id>, namePattern: string): EngineEntry<Id> {
  // A plain word: it goes into a regex matcher unescaped, and must not match everything.
  if (!NAME_PATTERN.test(namePattern)) throw new Error(`engine ${catalog.engine}: name pattern "${namePattern}" is not a plain word`);
  if (!catalog.metrics[catalog.presenceMetric]) throw new Error(`engine ${catalog.engine}: presence metric "${catalog.presenceMetric}" is not in its catalog`);
  return {
    id: catalog.engine,
    label: catalog.label,
    namePattern,
    presenceMetric: catalog.presenceMetric,
    rankLabels: catalog.filterLabels.rank,
    catalog,
  };
}

/** The engines of the board, in toggle order; the first is the default when detection cannot tell. */
export const ENGINES = [defineEngine(vllmCatalog, 'vllm'), defineEngine(sglangCatalog, 'sglang')] as const;

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

/** The series selector asking the backend for every name of every engine: `{__name__=~".*(vllm|sglang).*"}`. */
export function engineNameMatch(registry: EngineRegistry): string {
  return `{__name__=~".*(${registry.map((e) => e.namePattern).join('|')}).*"}`;
}

/** Every engine's logical metrics resolved against the names the backend holds. */
export function resolveEngines<Id extends string>(registry: EngineRegistry<Id>, names: ReadonlySet<string>): Record<Id, Map<string, ResolvedMetric>> {
  const out = {} as Record<Id, Map<string, ResolvedMetric>>;
  for (const e of registry) out[e.id] = resolveMetrics(e.catalog.metrics, names);
  return out;
}

/** The stored name of each engine's presence metric, or null where the backend has none. */
export function presenceNames<Id extends string>(
  registry: EngineRegistry<Id>,
  resolvedBy: Record<Id, Map<string, ResolvedMetric>> | null,
): Record<Id, string | null> {
  const out = {} as Record<Id, string | null>;
  for (const e of registry) out[e.id] = resolvedBy?.[e.id].get(e.presenceMetric)?.name ?? null;
  return out;
}

/**
 * The engine to show when the URL does not say. Engines whose presence metric the backend holds
 * are candidates; instance counts (when known) narrow them to engines with servers. One candidate
 * wins; with several, or none, the first in registry order (vLLM when both or neither, PRODUCT.md §4).
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
