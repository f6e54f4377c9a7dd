// One simulated server (a scrape target): its engine models (one per vLLM DP engine, SGLang DP
// rank or LMDeploy DP rank; one for trtllm-serve), the metric adapters that watch them, and its
// registry. Advances in virtual time.
import { EngineModel, type EngineConfig } from './model/engine-model.ts';
import { DEFAULT_LOAD } from './model/load.ts';
import { DEFAULT_MIX } from './model/requests.ts';
import { Prng } from './prng.ts';
import type { Labels } from './exposition.ts';
import type { LeFormat } from './format.ts';
import { type Feature, modelPreset, type ModelPreset, type Profile, sglangLegacy, vllmLegacy } from './engines/presets.ts';
import { SpecRegistry } from './engines/spec-families.ts';
import { VllmEngineMetrics } from './engines/vllm.ts';
import { createVllmApiServer } from './engines/vllm-api.ts';
import { SglangRankMetrics } from './engines/sglang.ts';
import { SglangTokenizerMetrics } from './engines/sglang-tokenizer.ts';
import { ExtraFamilies } from './engines/extra-family.ts';
import { LmdeployEngineMetrics } from './engines/lmdeploy.ts';
import { TrtllmMetrics } from './engines/trtllm.ts';
import { familySpec, type EngineKind } from './spec.ts';
import { applyScenario, scenarioKvScale, SPEC_COSTLY, type Scenario } from './scenarios/index.ts';
import { ACCEPT_BY_POS } from './engines/vllm-features.ts';

export interface InstanceSpec {
  engine: EngineKind;
  index: number;
  port: number;
  model: string;
  /** vLLM data-parallel engines, SGLang DP-attention ranks or LMDeploy DP ranks (1 = none; trtllm: always 1). */
  ranks: number;
  role: 'unified' | 'prefill' | 'decode';
  diffusion: boolean;
  /** A scenario's parameters replace the preset's (sim/scenarios). */
  scenario?: Scenario | null;
}

export interface InstanceOptions {
  seed: number;
  load: number;
  features: ReadonlySet<Feature>;
  profile: Profile;
  /** `le` spelling: the Python client's "1.0" (default) or Prometheus 3's normalised "1". */
  leFormat?: LeFormat;
  startMs: number;
  tickMs: number;
  /** KV capacity × this (a restart with a new memory setting: `cache_config_info` changes with it). */
  kvScale?: number;
}

const VLLM_SPEC_TOKENS = 3;
const SGLANG_ACCEPT_LENGTH = 2.6;

type Adapter = VllmEngineMetrics | SglangRankMetrics | LmdeployEngineMetrics | TrtllmMetrics;

export class SimInstance {
  readonly models: EngineModel[] = [];
  readonly adapters: Adapter[] = [];
  readonly sr: SpecRegistry;
  readonly preset: ModelPreset;
  nowMs: number;
  /** Sleep mode set from outside (SimHandle.sleepInstance): every engine asleep or awake; null = the scripted demo window. */
  sleeping: boolean | null = null;
  readonly rename: (n: string) => string;
  private readonly extra: ExtraFamilies | null;

  constructor(
    readonly spec: InstanceSpec,
    readonly opts: InstanceOptions,
  ) {
    const { engine, index, model } = spec;
    const { profile, startMs } = opts;
    // spec-costly runs speculative decoding whatever the fleet's features, with its own acceptance.
    const costly = spec.scenario === 'spec-costly';
    const features: ReadonlySet<Feature> = costly ? new Set([...opts.features, 'spec']) : opts.features;
    const acceptByPos = costly ? SPEC_COSTLY.acceptByPos : ACCEPT_BY_POS;
    const sglangAcceptLength = costly ? SPEC_COSTLY.acceptLength : SGLANG_ACCEPT_LENGTH;
    this.nowMs = startMs;
    const preset = modelPreset(model);
    // A scenario's KV capacity is exported as well as run (the capacity gauges must agree with the usage).
    const kvScale = (opts.kvScale ?? 1) * scenarioKvScale(spec.scenario ?? null);
    this.preset = kvScale !== 1 ? { ...preset, kvCapacityTokens: Math.round(preset.kvCapacityTokens * kvScale) } : preset;
    const startSec = startMs / 1000;
    this.rename = profile === 'underscore' ? (n) => n.replace(/:/g, '_') : profile === 'nim' ? (n) => n.replace(/^vllm:/, '') : (n) => n;
    // `_created`: vLLM's single-process client has it; SGLang (multiprocess), LMDeploy
    // (disable_created_metrics()) and trtllm-serve (multiprocess dir; not determined) do not.
    this.sr = new SpecRegistry(engine, engine === 'vllm', engine === 'sglang' ? 'Multiprocess metric' : null, opts.leFormat);
    // SGLang release filter: today's HEAD ("C" in the catalog) or, for the legacy profile, the
    // Aug-Oct 2025 collector ("A", closest to v0.5.2).
    const has = (family: string): boolean => {
      const present = familySpec(engine, family).present;
      return sglangLegacy(profile) ? present?.['A_collector@93d04878'] === true : present?.['C_2026_observability@016d8605'] !== false;
    };
    const tokenizer =
      engine === 'sglang'
        ? new SglangTokenizerMetrics({ sr: this.sr, modelName: model, profile, features, startSec, rng: new Prng(`${opts.seed}:tok:${index}`), has })
        : null;
    // The Python client's process collector (vLLM's API server; SGLang runs the client in
    // multiprocess mode, where it is absent). The fleet tables read uptime and restarts from it.
    if (engine === 'vllm') {
      const start = this.sr.reg.family({ name: 'process_start_time_seconds', type: 'gauge', help: 'Start time of the process since unix epoch in seconds.', created: false });
      start.child({}, startSec).value = startSec;
    }
    const specDecode = features.has('spec');
    // vLLM's API server: one set of HTTP metrics per instance, whatever the profile.
    const tools = features.has('tool-calls') && !vllmLegacy(profile) ? { modelName: model } : null;
    const api = engine === 'vllm' ? createVllmApiServer(this.sr, startSec, `${opts.seed}:api:${index}`, tools) : undefined;
    this.extra = features.has('extra-family') ? new ExtraFamilies(this.sr.reg, engine, model, startSec, new Prng(`${opts.seed}:extra:${index}`)) : null;
    for (let rank = 0; rank < this.spec.ranks; rank++) {
      const rng = new Prng(`${opts.seed}:${engine}:${index}:${rank}`);
      let adapter: Adapter;
      let tokensPerStep = 1;
      if (engine === 'vllm') {
        adapter = new VllmEngineMetrics({
          sr: this.sr,
          preset: this.preset,
          engineIndex: rank,
          profile,
          features,
          diffusion: this.spec.diffusion,
          numSpecTokens: VLLM_SPEC_TOKENS,
          acceptByPos,
          startSec,
          rng: new Prng(`${opts.seed}:vm:${index}:${rank}`),
          api,
        });
        if (specDecode && !this.spec.diffusion) tokensPerStep = 1 + acceptByPos.slice(0, VLLM_SPEC_TOKENS).reduce((a, b) => a + b, 0);
      } else if (engine === 'lmdeploy') {
        adapter = new LmdeployEngineMetrics({ sr: this.sr, preset: this.preset, dpRank: rank, profile, startSec });
      } else if (engine === 'trtllm') {
        const pids = Array.from({ length: this.preset.tpSize }, (_, tp) => 4000 + 37 * index + tp);
        adapter = new TrtllmMetrics({ sr: this.sr, preset: this.preset, profile, pids, startSec });
      } else {
        if (!tokenizer) throw new Error('unreachable');
        adapter = new SglangRankMetrics({
          sr: this.sr,
          preset: this.preset,
          profile,
          features,
          role: this.spec.role,
          tpRank: rank,
          dpRank: this.spec.ranks > 1 ? rank : null,
          pid: 2000 + 37 * index + rank,
          startSec,
          rng: new Prng(`${opts.seed}:sm:${index}:${rank}`),
          has,
          tokenizer,
          specAcceptLength: sglangAcceptLength,
        });
        if (specDecode) tokensPerStep = sglangAcceptLength;
      }
      const m = new EngineModel(this.engineConfig(tokensPerStep), rng, adapter);
      adapter.model = m;
      this.models.push(m);
      this.adapters.push(adapter);
    }
  }

  private engineConfig(tokensPerStep: number): EngineConfig {
    // The preset already carries the scenario's capacity (constructor, scenarioKvScale).
    return applyScenario(this.baseConfig(tokensPerStep), this.spec.scenario ?? null);
  }

  private baseConfig(tokensPerStep: number): EngineConfig {
    const p = this.preset;
    const f = this.opts.features;
    return {
      // LMDeploy and TensorRT-LLM schedule like vLLM here: admit while KV fits, preempt the newest.
      policy: this.spec.engine === 'sglang' ? 'sglang' : 'vllm',
      role: this.spec.role,
      kvCapacityTokens: p.kvCapacityTokens,
      maxNumSeqs: 256,
      maxBatchedTokens: 8192,
      stepBaseMs: p.stepBaseMs * (tokensPerStep > 1 ? 1.3 : 1),
      stepPerSeqMs: p.stepPerSeqMs,
      stepPerPrefillTokenMs: p.stepPerPrefillTokenMs,
      tokensPerStep,
      mix: {
        ...DEFAULT_MIX,
        maxModelLen: p.maxModelLen,
        externalShare: f.has('pd') && this.spec.engine === 'vllm' ? 0.5 : 0,
        structuredShare: f.has('structured-output') ? 0.15 : 0,
        multimodalShare: f.has('multimodal') ? 0.2 : 0,
        loraAdapters: f.has('lora') ? ['sql-lora', 'support-lora', 'summarize-lora'] : [],
      },
      load: { ...DEFAULT_LOAD, baseRps: p.baseRps, multiplier: this.opts.load },
    };
  }

  get target(): string {
    return `${this.spec.port}`;
  }

  /** Run whole ticks up to `tMs` (virtual milliseconds since the epoch). */
  advanceTo(tMs: number): void {
    const dt = this.opts.tickMs;
    const sleepy = this.opts.features.has('sleep') && this.spec.engine === 'vllm' && this.spec.index === 0;
    while (this.nowMs + dt <= tMs) {
      this.models.forEach((m, i) => {
        // Sleep mode demo: engine 0 sleeps (level 1) for 2 minutes of every 30.
        if (this.sleeping !== null) m.asleep = this.sleeping;
        else if (sleepy && i === 0) m.asleep = (this.nowMs / 60_000) % 30 >= 28 && m.running.length === 0;
        m.tick(this.nowMs, dt);
      });
      this.extra?.tick(dt);
      this.nowMs += dt;
    }
  }

  refresh(): void {
    const nowSec = this.nowMs / 1000;
    for (const a of this.adapters) {
      if (a instanceof VllmEngineMetrics || a instanceof LmdeployEngineMetrics) a.refreshGauges(nowSec);
      else a.refreshGauges();
    }
  }

  renderText(): string {
    this.refresh();
    return this.sr.reg.renderText(this.rename);
  }

  renderOpenMetrics(out: string[], extra: Labels, tsSec: string): void {
    this.refresh();
    this.sr.reg.renderOpenMetrics(out, extra, tsSec, this.rename);
  }
}

