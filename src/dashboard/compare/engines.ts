// One engine against another (`compare=engines`, `compare=engines:<id>`): the pure parts. A panel id
// both catalogs have is the same logical measure, but not always measured the same way: the two
// engines' roles say, per panel, whether the other engine's series go on the chart as they are
// (`same`), go on it with a note that says what differs (`caveat`), or stay off it with a note that
// says why (`apart`). A panel not listed has no vetted mapping and shows its own engine only.
import { catalogs, ENGINES, isEngineId, type ResolvedMetric } from '../../catalog';
import type { EngineCatalog, EngineId, EngineRoles, HistogramRole } from '../../catalog/types';
import { COMPARE_ENGINES } from '../url/url-state';

/** Why the two engines' lines differ (the note's text is in i18n `compare.notes`). */
export type EngineNote =
  /** Quantiles from histograms with different bucket bounds: each line's error is its own buckets' width. */
  | 'buckets'
  /** One engine counts a request's tokens when it finishes, the other as they are generated. */
  | 'countedAtFinish'
  /** One engine retracts a request (back to the queue), the other preempts it: close, not the same event. */
  | 'retractions'
  /** One engine counts aborts and errors, the other aborts only. */
  | 'abortScope'
  /** One engine reports per scheduler rank a share of its token pool, the other a share of KV blocks. */
  | 'perRank'
  /** One engine's hit rate is a gauge of the last batch, the other's a token-weighted rate over the window. */
  | 'gaugeVsCounter'
  /** No vetted mapping between the engines' metrics for this panel. */
  | 'notMapped';

export type Comparability = { kind: 'same' } | { kind: 'caveat'; note: EngineNote } | { kind: 'apart'; note: EngineNote };

const SAME: Comparability = { kind: 'same' };
const caveat = (note: EngineNote): Comparability => ({ kind: 'caveat', note });
const apart = (note: EngineNote): Comparability => ({ kind: 'apart', note });

const sameBuckets = (a: HistogramRole | undefined, b: HistogramRole | undefined): boolean =>
  !!a?.buckets && !!b?.buckets && a.buckets.length === b.buckets.length && a.buckets.every((v, i) => v === b.buckets?.[i]);
const latency = (h: 'ttft' | 'itl' | 'e2e' | 'queueTime') => (a: EngineRoles, b: EngineRoles) => (sameBuckets(a[h], b[h]) ? SAME : caveat('buckets'));
const hasCounters = (r: EngineRoles): boolean => !!r.prefixCache?.counters;

/** Per compared panel, from the two engines' roles (checked against spec/metrics/*.json). */
const RULES: Readonly<Record<string, (a: EngineRoles, b: EngineRoles) => Comparability>> = {
  'request-rate': () => SAME,
  'prompt-tokens-rate': () => SAME,
  'running-requests': () => SAME,
  'waiting-requests': () => SAME,
  'cached-prompt-tokens-share': () => SAME,
  'output-tokens-rate': (a, b) => (a.generationTokens?.countedAt === b.generationTokens?.countedAt ? SAME : caveat('countedAtFinish')),
  'total-tokens-rate': (a, b) => (a.generationTokens?.countedAt === b.generationTokens?.countedAt ? SAME : caveat('countedAtFinish')),
  ttft: latency('ttft'),
  itl: latency('itl'),
  'e2e-latency': latency('e2e'),
  'queue-time': latency('queueTime'),
  // Length histograms: no role carries their bounds, so they are never taken for the same.
  'request-prompt-length': () => caveat('buckets'),
  'request-generation-length': () => caveat('buckets'),
  preemptions: (a, b) => (a.preemptions?.word === b.preemptions?.word ? SAME : caveat('retractions')),
  'abort-error-rate': (a, b) => (a.failures?.scope === b.failures?.scope ? SAME : caveat('abortScope')),
  'kv-cache-usage': (a, b) => (a.kvUsage?.basis === b.kvUsage?.basis ? SAME : apart('perRank')),
  'prefix-cache-hit-rate': (a, b) => (hasCounters(a) && hasCounters(b) ? SAME : hasCounters(a) !== hasCounters(b) ? apart('gaugeVsCounter') : apart('notMapped')),
};

/** The panels a comparison of engines may draw both engines on. */
export const COMPARED_PANELS: readonly string[] = Object.keys(RULES);

export function comparability(panelId: string, shown: EngineCatalog, other: EngineCatalog): Comparability {
  const rule = RULES[panelId];
  if (!rule || !shown.roles || !other.roles) return apart('notMapped');
  return rule(shown.roles, other.roles);
}

/**
 * The two engines in the order a note's sentence names them (the one that retracts, counts at
 * finish, counts aborts and errors, reports per rank, or has the gauge first); otherwise shown first.
 */
export function notePair(note: string, shown: EngineCatalog, other: EngineCatalog): [EngineCatalog, EngineCatalog] {
  const first = (test: (r: EngineRoles) => boolean): [EngineCatalog, EngineCatalog] => (other.roles && test(other.roles) ? [other, shown] : [shown, other]);
  switch (note) {
    case 'countedAtFinish':
      return first((r) => r.generationTokens?.countedAt === 'finish');
    case 'retractions':
      return first((r) => r.preemptions?.word === 'Retractions');
    case 'abortScope':
      return first((r) => r.failures?.scope === 'abortsAndErrors');
    case 'perRank':
      return first((r) => r.kvUsage?.basis === 'tokenPool');
    case 'gaugeVsCounter':
      return first((r) => !hasCounters(r));
    default:
      return [shown, other];
  }
}

/** The engine `compare=engines:<id>` names; null for the bare `compare=engines`; undefined when not an engines comparison. */
export function requestedOther(compare: string | null): EngineId | null | undefined {
  if (compare === COMPARE_ENGINES) return null;
  const id = compare?.startsWith(`${COMPARE_ENGINES}:`) ? compare.slice(COMPARE_ENGINES.length + 1) : undefined;
  return id !== undefined && isEngineId(id) ? id : undefined;
}

/**
 * The engine compared against the one shown: the one the URL names; else the only other engine the
 * backend holds; else the first other in registry order that it holds (the first other at all
 * while the backend's names are not known).
 */
export function otherEngine(
  engine: EngineId,
  requested: EngineId | null = null,
  resolvedBy: Partial<Record<EngineId, Map<string, ResolvedMetric>>> | null = null,
): EngineId {
  if (requested && requested !== engine) return requested;
  const others = ENGINES.filter((e) => e.id !== engine);
  const present = resolvedBy ? others.filter((e) => resolvedBy[e.id]?.has(catalogs[e.id].presenceMetric)) : [];
  return present[0]?.id ?? others[0]?.id ?? engine;
}
