// vLLM against SGLang (`compare=engines`): the pure parts. A panel id both catalogs have is the
// same logical measure, but not always measured the same way: this table says, per panel, whether
// the other engine's series go on the chart as they are (`same`), go on it with a note that says
// what differs (`caveat`), or stay off it with a note that says why (`apart`). A panel not listed
// has no vetted mapping and shows its own engine only, with a note saying so.
import { ENGINES } from '../../catalog';
import type { EngineId } from '../../catalog/types';

/** Why the two engines' lines differ (the note's text is in i18n `compare.engineNotes`). */
export type EngineNote =
  /** Quantiles from histograms with different bucket bounds: each line's error is its own buckets' width. */
  | 'buckets'
  /** SGLang counts a request's tokens when it finishes, vLLM as they are generated. */
  | 'countedAtFinish'
  /** SGLang retracts a request (back to the queue), vLLM preempts it: close, not the same event. */
  | 'retractions'
  /** vLLM counts aborts and errors, SGLang aborts only. */
  | 'abortScope'
  /** SGLang reports per scheduler rank a share of its token pool; vLLM a share of KV blocks. */
  | 'perRank'
  /** SGLang's gauge is the last batch's rate per rank; vLLM's a token-weighted rate over the window. */
  | 'gaugeVsCounter'
  /** No vetted mapping between the engines' metrics for this panel. */
  | 'notMapped';

export type Comparability = { kind: 'same' } | { kind: 'caveat'; note: EngineNote } | { kind: 'apart'; note: EngineNote };

const SAME: Comparability = { kind: 'same' };
const caveat = (note: EngineNote): Comparability => ({ kind: 'caveat', note });
const apart = (note: EngineNote): Comparability => ({ kind: 'apart', note });

/** Panels both catalogs have, checked against metrics/*.json (families, labels, buckets). */
export const ENGINE_COMPARABILITY: Readonly<Record<string, Comparability>> = {
  'request-rate': SAME,
  'prompt-tokens-rate': SAME,
  'running-requests': SAME,
  'waiting-requests': SAME,
  'cached-prompt-tokens-share': SAME,
  'output-tokens-rate': caveat('countedAtFinish'),
  'total-tokens-rate': caveat('countedAtFinish'),
  ttft: caveat('buckets'),
  itl: caveat('buckets'),
  'e2e-latency': caveat('buckets'),
  'queue-time': caveat('buckets'),
  'request-prompt-length': caveat('buckets'),
  'request-generation-length': caveat('buckets'),
  preemptions: caveat('retractions'),
  'abort-error-rate': caveat('abortScope'),
  'kv-cache-usage': apart('perRank'),
  'prefix-cache-hit-rate': apart('gaugeVsCounter'),
};

export function comparability(panelId: string): Comparability {
  return ENGINE_COMPARABILITY[panelId] ?? apart('notMapped');
}

/** The engine compared against the one shown (the first other one in the registry). */
export function otherEngine(engine: EngineId): EngineId {
  return ENGINES.find((e) => e.id !== engine)?.id ?? engine;
}
