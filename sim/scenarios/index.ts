// Scenarios: engine-model parameters changed on purpose so that the board's Diagnosis names one
// bottleneck (docs/verdicts.md lists which verdict each one produces and why). `--scenario
// kv-bound` applies to every instance; `--scenario kv-bound@modelA,outlier@modelB` to the
// instances serving those models (one stack can then show several verdicts, one per model).
import type { EngineConfig } from '../model/engine-model.ts';

export const SCENARIOS = ['kv-bound', 'prefill-bound', 'decode-bound', 'preemption-storm', 'cache-thrash', 'broken-prefix-counter', 'outlier', 'router-skew', 'spec-costly', 'steady', 'noisy-tenant'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface ScenarioTarget {
  scenario: Scenario;
  /** The model whose instances run it; every instance when absent. */
  model?: string;
}

const isScenario = (s: string): s is Scenario => (SCENARIOS as readonly string[]).includes(s);

/** `kv-bound` or `kv-bound@model,outlier@other` → targets; unknown names are an error. */
export function parseScenarios(spec: string | undefined): ScenarioTarget[] {
  const out: ScenarioTarget[] = [];
  for (const raw of (spec ?? '').split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const at = item.indexOf('@');
    const name = at < 0 ? item : item.slice(0, at);
    if (!isScenario(name)) throw new Error(`unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
    out.push(at < 0 ? { scenario: name } : { scenario: name, model: item.slice(at + 1) });
  }
  return out;
}

/**
 * The scenario each instance runs, in fleet order. `outlier` slows only the first instance of its
 * model on each engine; the others are its healthy peers and run `steady` (the outlier is compared
 * with them, so they must not swing with the hour either). The rest apply to all the model's instances.
 */
export function assignScenarios(specs: ReadonlyArray<{ engine?: string; model: string }>, targets: readonly ScenarioTarget[]): Array<Scenario | null> {
  const seen = new Map<string, number>();
  return specs.map((s) => {
    const key = `${s.engine ?? ''}\u0000${s.model}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const t = targets.find((x) => x.model === undefined || x.model === s.model);
    if (!t) return null;
    return t.scenario === 'outlier' && nth > 0 ? 'steady' : t.scenario;
  });
}

/**
 * The KV capacity a scenario gives the engine, as a multiple of the preset's. sim/instance.ts
 * scales the preset by it (applyScenario leaves the capacity alone), so the exported capacity
 * (vLLM `cache_config_info`, SGLang `max_total_num_tokens`, LMDeploy/trtllm block counts) is the
 * one the engine model runs with.
 */
export function scenarioKvScale(scenario: Scenario | null): number {
  switch (scenario) {
    case 'kv-bound':
    case 'preemption-storm':
      return 0.25;
    case 'prefill-bound':
    case 'decode-bound':
      return 6;
    case 'cache-thrash':
      return 0.75;
    default:
      return 1;
  }
}

/** The engine model's parameters under a scenario (a new object; the base is left alone). */
export function applyScenario(base: EngineConfig, scenario: Scenario | null): EngineConfig {
  if (scenario === null) return base;
  const c: EngineConfig = { ...base, mix: { ...base.mix }, load: { ...base.load } };
  // Bursts would mix episodes of other bottlenecks into the range: scenarios run a steady load.
  c.load.burstEveryMin = 1e9;
  switch (scenario) {
    case 'kv-bound':
      // Long prompts, short answers, a small KV cache: admission waits for KV room (queue time
      // dominates TTFT) while running requests barely grow (few preemptions).
      c.mix.promptMedian = 1500;
      c.mix.promptSigma = 0.5;
      c.mix.outputMedian = 60;
      c.load.multiplier *= 1.4;
      break;
    case 'prefill-bound':
      // Very long prompts on a slow prefill with a small token budget: TTFT is prefill.
      c.mix.promptMedian = 7000;
      c.mix.promptSigma = 0.3;
      c.mix.outputMedian = 40;
      c.mix.prefixHitShare = 0;
      c.maxBatchedTokens = 2048;
      c.stepPerPrefillTokenMs = base.stepPerPrefillTokenMs * 3;
      c.load.multiplier *= 0.5;
      break;
    case 'decode-bound':
      // Long answers and a per-sequence step cost 14 times the default: ITL grows with the batch.
      c.mix.outputMedian = 500;
      c.mix.outputSigma = 0.4;
      c.stepPerSeqMs = base.stepPerSeqMs * 14;
      break;
    case 'preemption-storm':
      // Short prompts admitted freely, long answers that outgrow a small cache: the newest are
      // preempted over and over.
      c.mix.promptMedian = 150;
      c.mix.outputMedian = 1500;
      c.mix.outputSigma = 0.3;
      c.load.multiplier *= 0.6;
      break;
    case 'cache-thrash':
      // Few prefix hits while the KV cache runs near full (evictions), without queueing.
      c.mix.prefixHitShare = 0.08;
      c.mix.outputMedian = 400;
      c.mix.outputSigma = 0.4;
      break;
    case 'broken-prefix-counter':
      // Queries counted, hits never: what a build with a broken hit counter (or no shared prefix) shows.
      c.mix.prefixHitShare = 0;
      break;
    case 'router-skew':
      // The skew is the router's (a router with the skewed policy in front, `--router-policy
      // skewed`: 85 % of the model's requests to its first server); more load than the default so
      // that server queues even when it runs two DP engines, while its peers stay idle; no daily
      // swing (at the morning trough the busy server would cope).
      c.load.multiplier *= 3;
      c.load.dailyAmplitude = 0;
      // Chat clients that give up after ~25 s in the queue (not the default's 90 s): the busy
      // server's queue shows as aborts within minutes, as it does to its users.
      c.mix.patienceMedianSec = 25;
      break;
    case 'spec-costly':
      // Speculative decoding on (sim/instance.ts turns it on and reads SPEC_COSTLY's acceptance)
      // with drafts that are rarely accepted: each step verifies the drafted tokens of every
      // sequence (a per-sequence cost 1.6 times the plain step's) and yields ~1.17 tokens.
      c.stepPerSeqMs = base.stepPerSeqMs * 1.6;
      break;
    case 'steady':
      // No fault: the healthy baseline beside the scenarios, at their pinned load, without bursts
      // or the daily swing (a burst, or the afternoon peak, filled a healthy model's KV cache and
      // made it name KV-capacity queueing in e2e).
      break;
    case 'noisy-tenant':
      // The flood is the gateway's (sim/routers/tenants.ts: one tenant takes most requests, the
      // others wait in flow control); the engines run busier than the steady baseline.
      c.load.multiplier *= 1.5;
      break;
    case 'outlier':
      // One slow replica (a throttled GPU, a bad placement): every step four times slower.
      c.stepBaseMs = base.stepBaseMs * 4;
      c.stepPerSeqMs = base.stepPerSeqMs * 4;
      c.stepPerPrefillTokenMs = base.stepPerPrefillTokenMs * 4;
      break;
  }
  // No daily swing either: a verdict must not depend on the hour the stack runs at (the swing is
  // ±35 % over the day, and these scenarios sit near their thresholds). They hold at the load they
  // were tuned at, 0.66–0.92 of the daily mean: pinned at 0.8. router-skew sets its own load.
  if (scenario !== 'router-skew') {
    c.load.dailyAmplitude = 0;
    c.load.multiplier *= SCENARIO_LOAD;
  }
  return c;
}

/** The scenarios' offered load, relative to the daily mean (see applyScenario). */
export const SCENARIO_LOAD = 0.8;

/**
 * spec-costly's drafts: the acceptance probability of each draft position (vLLM, 3 speculative
 * tokens: 1 + 0.17 tokens per step) and SGLang's mean accept length, far below the default's
 * EAGLE-like 0.78 / 0.6 / 0.45 (2.83 tokens per step) and 2.6.
 */
export const SPEC_COSTLY = { acceptByPos: [0.1, 0.05, 0.02], acceptLength: 1.17 } as const;

/**
 * Servers per engine an `outlier` scenario needs to show its verdict: the outlier is judged
 * against its model's other instances, and models take servers round-robin, so two per model.
 * Null when no outlier is asked (the engines' own defaults stand).
 */
export function peersNeeded(spec: string | undefined, models: number): number | null {
  return parseScenarios(spec).some((t) => t.scenario === 'outlier') ? 2 * Math.max(1, models) : null;
}

/** The fleet's engines with enough servers for the scenario's peers where no count was given (`--<engine>-instances` wins). */
export function withScenarioPeers<E extends { instances?: number }>(engines: readonly E[], spec: string | undefined, models: number, defaultInstances: number): E[] {
  const need = peersNeeded(spec, models);
  if (need === null) return [...engines];
  return engines.map((e) => (e.instances === undefined ? { ...e, instances: Math.max(need, defaultInstances) } : e));
}
