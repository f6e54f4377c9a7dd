// The queueing model of one engine (a vLLM engine core or an SGLang scheduler): arrivals wait in
// a queue, get admitted while the batch and KV cache allow, prefill in chunks, then decode; when
// the KV cache overflows, the newest requests are preempted (vLLM) or retracted (SGLang).
// Time advances in fixed ticks with a fluid approximation of the forward steps inside a tick.
import type { Prng } from '../prng.ts';
import { LoadGenerator, type LoadShape } from './load.ts';
import { makeRequest, type RequestMix, type SimRequest } from './requests.ts';

export interface EngineConfig {
  policy: 'vllm' | 'sglang';
  role: 'unified' | 'prefill' | 'decode';
  kvCapacityTokens: number;
  maxNumSeqs: number;
  maxBatchedTokens: number;
  stepBaseMs: number;
  stepPerSeqMs: number;
  stepPerPrefillTokenMs: number;
  /** Output tokens per decode step per request: 1, more with speculative decoding. */
  tokensPerStep: number;
  mix: RequestMix;
  load: LoadShape;
}

export interface TickStats {
  tMs: number;
  dtMs: number;
  /** Forward steps run in this tick (fractional). */
  steps: number;
  stepMs: number;
  decodeSeqs: number;
  prefillTokensPerStep: number;
  prefillTokens: number;
  decodeTokens: number;
  preemptions: number;
  arrivals: number;
}

/** Receives everything that happens, in time order; the engine adapters turn it into metrics. */
export interface ModelSink {
  scheduled(r: SimRequest, tMs: number): void;
  firstToken(r: SimRequest): void;
  tokens(r: SimRequest, n: number, itlSec: number): void;
  finished(r: SimRequest): void;
  abortedWaiting(r: SimRequest): void;
  preempted(r: SimRequest, usageBefore: number): void;
  tick(stats: TickStats): void;
}

export class EngineModel {
  readonly waiting: SimRequest[] = [];
  readonly running: SimRequest[] = [];
  kvUsedTokens = 0;
  /** SGLang's new_token_ratio: the share of remaining output it reserves KV for at admission. */
  newTokenRatio = 0.7;
  asleep = false;
  /** Share of the offered load routed here (1 = its own; a simulated router sets it: sim/routers/). */
  arrivalWeight = 1;
  /** Requests that arrived so far (a router's per-endpoint counter reads it). */
  arrived = 0;
  /** Called once per request when it ends (finished, aborted or dropped while waiting). */
  onDone: ((r: SimRequest) => void) | null = null;
  readonly loadGen: LoadGenerator;
  private nextId = 1;

  constructor(
    readonly cfg: EngineConfig,
    private readonly rng: Prng,
    private readonly sink: ModelSink,
  ) {
    this.loadGen = new LoadGenerator(cfg.load, rng);
  }

  get kvUsage(): number {
    return Math.min(1, this.kvUsedTokens / this.cfg.kvCapacityTokens);
  }

  /** Advance one tick starting at tMs. `accept` = false stops arrivals (tests drain with it). */
  tick(tMs: number, dtMs: number, accept = true): TickStats {
    const t1 = tMs + dtMs;
    const rate = this.loadGen.rate(tMs, dtMs) * this.arrivalWeight;
    const arrivals = accept && !this.asleep ? this.rng.poisson((rate * dtMs) / 1000) : 0;
    this.arrived += arrivals;
    for (let i = 0; i < arrivals; i++) {
      const r = makeRequest(this.nextId++, tMs + this.rng.next() * dtMs, this.cfg.mix, this.rng, this.kvUsage);
      if (this.cfg.role === 'prefill') {
        r.outputTarget = 1;
        r.finishReason = 'length';
      } else if (this.cfg.role === 'decode') {
        r.externalTokens = r.promptTokens - 1 - r.cachedTokens;
      }
      this.waiting.push(r);
    }
    this.processAborts(t1);
    this.admit(tMs);

    const decoding = this.running.filter((r) => r.phase === 'decode');
    const prefilling = this.running.filter((r) => r.phase === 'prefill');
    const decodeSeqs = decoding.length;
    const prefillDemand = prefilling.reduce((s, r) => s + r.prefillRemaining, 0);
    const prefillPerStep = Math.min(prefillDemand, Math.max(0, this.cfg.maxBatchedTokens - decodeSeqs));
    const c = this.cfg;
    const busy = decodeSeqs > 0 || prefillPerStep > 0;
    const stepMs = c.stepBaseMs + c.stepPerSeqMs * decodeSeqs + c.stepPerPrefillTokenMs * prefillPerStep;
    const steps = busy ? dtMs / stepMs : 0;
    const itlSec = (stepMs / 1000) * (1 + 0.05 * this.rng.normal());

    // Prefill, first come first served, within the tick's prefill capacity.
    let capacity = steps * prefillPerStep;
    const total = capacity;
    let prefillTokens = 0;
    const justPrefilled = new Set<SimRequest>();
    for (const r of prefilling) {
      if (capacity <= 0) break;
      const done = Math.min(capacity, r.prefillRemaining);
      capacity -= done;
      prefillTokens += done;
      r.prefillRemaining -= done;
      if (r.prefillRemaining <= 1e-9) {
        const frac = total > 0 ? (total - capacity) / total : 1;
        r.prefillRemaining = 0;
        r.phase = 'decode';
        // Done after the steps that consumed the prefill so far, and never sooner than the
        // request's own prefill takes after it arrived (it may have arrived mid-tick).
        const ownSteps = Math.max(1, done / Math.max(1, prefillPerStep));
        const at = Math.min(t1, Math.max(tMs + frac * steps * stepMs, Math.max(tMs, r.arrivalMs) + ownSteps * stepMs));
        r.lastTokenMs = at;
        justPrefilled.add(r);
        // The prefill step also yields the first output token (unless resuming after preemption).
        if (r.generated === 0) {
          r.firstTokenMs = at;
          r.generated = 1;
          r.progress = 1;
          r.kvTokens += 1;
          this.kvUsedTokens += 1;
          this.sink.firstToken(r);
        }
        r.progress += Math.max(0, (t1 - at) / stepMs) * c.tokensPerStep;
        decoding.push(r);
      }
    }

    let decodeTokens = 0;
    for (const r of decoding) {
      if (r.phase !== 'decode') continue;
      if (!justPrefilled.has(r)) r.progress += steps * c.tokensPerStep;
      const target = Math.min(r.outputTarget, Math.floor(r.progress));
      const n = target - r.generated;
      if (n > 0) {
        r.generated += n;
        r.kvTokens += n;
        this.kvUsedTokens += n;
        decodeTokens += n;
        r.lastTokenMs = Math.min(t1, Math.max(r.lastTokenMs, tMs) + n * itlSec * 1000);
        this.sink.tokens(r, n, itlSec / c.tokensPerStep);
      }
      if (r.generated >= r.outputTarget) this.finish(r, r.lastTokenMs);
    }

    const preemptions = this.relieveKvPressure();
    if (c.policy === 'sglang') this.newTokenRatio = Math.max(0.1, this.newTokenRatio - 0.0015 * steps);
    const stats: TickStats = {
      tMs,
      dtMs,
      steps,
      stepMs,
      decodeSeqs,
      prefillTokensPerStep: prefillPerStep,
      prefillTokens,
      decodeTokens,
      preemptions,
      arrivals,
    };
    this.sink.tick(stats);
    return stats;
  }

  private processAborts(t1: number): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const r = this.waiting[i];
      if (!r || r.abortAtMs > t1) continue;
      this.waiting.splice(i, 1);
      r.finishReason = 'abort';
      r.phase = 'done';
      if (r.started) this.sink.finished(r);
      else this.sink.abortedWaiting(r);
      this.onDone?.(r);
    }
    for (const r of [...this.running]) {
      if (r.abortAtMs <= t1) {
        r.finishReason = 'abort';
        this.finish(r, r.abortAtMs);
      }
    }
  }

  private reserveFor(r: SimRequest): number {
    return this.newTokenRatio * Math.max(0, r.outputTarget - r.generated);
  }

  private admit(tMs: number): void {
    const c = this.cfg;
    // SGLang checks the new request's expected output (new_token_ratio × max new tokens) against
    // the free pool; what running requests will still grow is not reserved, hence retractions.
    let reserved = 0;
    while (this.running.length < c.maxNumSeqs && this.waiting.length > 0) {
      const r = this.waiting[0];
      if (!r) break;
      const need = r.promptTokens + r.generated;
      const extra = c.policy === 'sglang' ? this.reserveFor(r) : 0;
      // vLLM keeps a 1 % watermark free; SGLang also reserves room for expected output.
      const limit = c.policy === 'vllm' ? c.kvCapacityTokens * 0.99 : c.kvCapacityTokens;
      if (this.kvUsedTokens + need + reserved + extra > limit) break;
      this.waiting.shift();
      reserved += extra;
      r.phase = 'prefill';
      const hit = r.cachedTokens + r.externalTokens;
      r.prefillRemaining = Math.max(1, need - hit);
      r.kvTokens = need;
      this.kvUsedTokens += need;
      if (!r.started) {
        r.started = true;
        r.scheduledMs = Math.max(tMs, r.arrivalMs);
        this.sink.scheduled(r, r.scheduledMs);
      }
      this.running.push(r);
    }
  }

  /** Preempt/retract the most recently admitted requests until the running set fits again. */
  private relieveKvPressure(): number {
    let n = 0;
    while (this.kvUsedTokens > this.cfg.kvCapacityTokens && this.running.length > 1) {
      const usageBefore = this.kvUsedTokens / this.cfg.kvCapacityTokens;
      const victim = this.running.pop();
      if (!victim) break;
      this.kvUsedTokens -= victim.kvTokens;
      victim.kvTokens = 0;
      victim.phase = 'waiting';
      victim.preemptions++;
      this.waiting.unshift(victim);
      n++;
      this.sink.preempted(victim, usageBefore);
    }
    if (n > 0 && this.cfg.policy === 'sglang') this.newTokenRatio = Math.min(1, this.newTokenRatio + 0.2);
    return n;
  }

  private finish(r: SimRequest, atMs: number): void {
    const i = this.running.indexOf(r);
    if (i >= 0) this.running.splice(i, 1);
    this.kvUsedTokens -= r.kvTokens;
    r.kvTokens = 0;
    r.phase = 'done';
    r.lastTokenMs = Math.max(atMs, r.scheduledMs);
    this.sink.finished(r);
    this.onDone?.(r);
  }
}
