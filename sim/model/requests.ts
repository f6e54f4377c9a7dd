// What one inference request looks like: lognormal prompt/output lengths, optional max_tokens,
// prefix-cache reuse, client patience (aborts) and per-request options (streaming, grammar, LoRA).
import type { Prng } from '../prng.ts';

export type FinishReason = 'stop' | 'length' | 'abort' | 'error' | 'repetition';
export type Phase = 'waiting' | 'prefill' | 'decode' | 'done';

export interface SimRequest {
  id: number;
  arrivalMs: number;
  promptTokens: number;
  /** Tokens the request will generate if nothing interrupts it. */
  outputTarget: number;
  maxTokens: number | null;
  paramsN: number;
  /** Prompt tokens found in the local prefix cache on first scheduling. */
  cachedTokens: number;
  /** Prompt tokens pulled from a remote KV store / prefill node (KV connector setups). */
  externalTokens: number;
  /** Client gives up at this time (abort), unless finished before. */
  abortAtMs: number;
  finishReason: FinishReason;
  streaming: boolean;
  structured: boolean;
  multimodalItems: number;
  lora: string | null;

  phase: Phase;
  generated: number;
  /** Fractional decode progress, so that tokens per tick need not be integers. */
  progress: number;
  prefillRemaining: number;
  kvTokens: number;
  preemptions: number;
  /** Whether any prefill has ever been scheduled (decides which stats it shows up in). */
  started: boolean;
  scheduledMs: number;
  firstTokenMs: number;
  lastTokenMs: number;
}

export interface RequestMix {
  maxModelLen: number;
  promptMedian: number;
  promptSigma: number;
  outputMedian: number;
  outputSigma: number;
  /** Share of requests with a prefix-cache hit, and how much of the prompt hits. */
  prefixHitShare: number;
  externalShare: number;
  patienceMedianSec: number;
  earlyCancelShare: number;
  structuredShare: number;
  multimodalShare: number;
  loraAdapters: string[];
}

export const DEFAULT_MIX: Omit<RequestMix, 'maxModelLen'> = {
  promptMedian: 450,
  promptSigma: 1.0,
  outputMedian: 160,
  outputSigma: 0.8,
  prefixHitShare: 0.6,
  externalShare: 0,
  patienceMedianSec: 90,
  earlyCancelShare: 0.01,
  structuredShare: 0,
  multimodalShare: 0,
  loraAdapters: [],
};

const MAX_TOKENS_CHOICES = [256, 512, 1024, 2048] as const;

export function makeRequest(id: number, arrivalMs: number, mix: RequestMix, rng: Prng, cachePressure: number): SimRequest {
  const promptCap = Math.min(16_000, mix.maxModelLen - 2048);
  const promptTokens = Math.max(4, Math.min(promptCap, Math.round(rng.lognormal(mix.promptMedian, mix.promptSigma))));
  const maxTokens = rng.chance(0.75) ? rng.pick(MAX_TOKENS_CHOICES) : null;
  const natural = Math.max(1, Math.round(rng.lognormal(mix.outputMedian, mix.outputSigma)));
  const cap = Math.min(maxTokens ?? Infinity, mix.maxModelLen - promptTokens);
  const outputTarget = Math.max(1, Math.min(natural, cap));
  let finishReason: FinishReason = natural > cap ? 'length' : 'stop';
  const odd = rng.next();
  if (odd < 0.001) finishReason = 'error';
  else if (odd < 0.003) finishReason = 'repetition';

  // Prefix hits get rarer when the cache is under pressure (cached blocks are evicted first).
  let cachedTokens = 0;
  if (rng.chance(mix.prefixHitShare * (1 - 0.5 * cachePressure ** 4))) {
    cachedTokens = Math.floor((promptTokens * rng.uniform(0.3, 0.95)) / 16) * 16;
    cachedTokens = Math.min(cachedTokens, promptTokens - 1);
  }
  let externalTokens = 0;
  if (mix.externalShare > 0 && rng.chance(mix.externalShare)) {
    externalTokens = Math.floor(((promptTokens - cachedTokens) * rng.uniform(0.5, 0.9)) / 16) * 16;
  }
  const patienceSec = rng.chance(mix.earlyCancelShare) ? rng.uniform(0.2, 8) : rng.lognormal(mix.patienceMedianSec, 0.7);
  return {
    id,
    arrivalMs,
    promptTokens,
    outputTarget,
    maxTokens,
    paramsN: rng.chance(0.97) ? 1 : rng.pick([2, 4]),
    cachedTokens,
    externalTokens,
    abortAtMs: arrivalMs + patienceSec * 1000,
    finishReason,
    streaming: rng.chance(0.7),
    structured: rng.chance(mix.structuredShare),
    multimodalItems: rng.chance(mix.multimodalShare) ? 1 + Math.floor(rng.next() * 3) : 0,
    lora: mix.loraAdapters.length > 0 && rng.chance(0.4) ? rng.pick(mix.loraAdapters) : null,
    phase: 'waiting',
    generated: 0,
    progress: 0,
    prefillRemaining: 0,
    kvTokens: 0,
    preemptions: 0,
    started: false,
    scheduledMs: 0,
    firstTokenMs: 0,
    lastTokenMs: 0,
  };
}
