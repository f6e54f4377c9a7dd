// SGLang's tokenizer-side metrics (TokenizerMetricsCollector): one set per server, labelled by
// model_name (+ is_streaming / cache_source at today's HEAD), updated when requests finish.
import type { Child, Family, Labels } from '../exposition.ts';
import type { SimRequest } from '../model/requests.ts';
import type { Prng } from '../prng.ts';
import { type Feature, type Profile, sglangLegacy } from './presets.ts';
import type { SpecRegistry } from './spec-families.ts';

export interface TokenizerContext {
  sr: SpecRegistry;
  modelName: string;
  profile: Profile;
  features: ReadonlySet<Feature>;
  startSec: number;
  rng: Prng;
  has: (family: string) => boolean;
}

export class SglangTokenizerMetrics {
  private readonly fam: Record<string, Family> = {};
  private readonly base: Labels;
  private readonly modern: boolean;

  constructor(private readonly ctx: TokenizerContext) {
    const { sr, modelName, startSec, features } = ctx;
    this.base = { model_name: modelName };
    this.modern = !sglangLegacy(ctx.profile);
    const want = [
      'sglang:prompt_tokens',
      'sglang:generation_tokens',
      'sglang:cached_tokens',
      'sglang:num_requests',
      'sglang:num_aborted_requests',
      'sglang:time_to_first_token_seconds',
      'sglang:inter_token_latency_seconds',
      'sglang:e2e_request_latency_seconds',
      'sglang:func_latency_seconds',
    ];
    // A/B gate the length histograms behind --collect-tokens-histogram; HEAD always has them.
    if (this.modern) want.push('sglang:prompt_tokens_histogram', 'sglang:generation_tokens_histogram', 'sglang:uncached_prompt_tokens_histogram', 'sglang:startup_time_seconds');
    if (features.has('structured-output')) want.push('sglang:num_so_requests');
    if (features.has('spec')) want.push('sglang:spec_verify_calls');
    const early = ctx.profile === 'early';
    for (const f of want) {
      if (!ctx.has(f) || (early && f === 'sglang:num_requests')) continue;
      this.fam[f] = sr.declare(f, early && f === 'sglang:inter_token_latency_seconds' ? { name: 'sglang:time_per_output_token_seconds' } : {});
    }
    const startup = this.fam['sglang:startup_time_seconds'];
    if (startup) {
      const phases: [string, number][] = [['load_weight', 21.4], ['kv_cache_allocation', 2.3], ['scheduler_e2e', 48.9], ['tokenizer_e2e', 55.2]];
      for (const [phase, v] of phases) startup.child({ ...this.base, phase }, startSec).set(v);
    }
  }

  private child(f: string, extra: Labels = {}): Child | undefined {
    return this.fam[f]?.child({ ...this.base, ...extra }, this.ctx.startSec);
  }

  private streaming(r: SimRequest): Labels {
    return this.modern ? { is_streaming: r.streaming ? 'true' : 'false' } : {};
  }

  firstToken(r: SimRequest): void {
    this.child('sglang:time_to_first_token_seconds', this.streaming(r))?.observe((r.firstTokenMs - r.arrivalMs) / 1000);
  }

  tokens(n: number, itlSec: number): void {
    // HEAD's custom observe: the bucket of interval/n gets n, _sum grows by the interval.
    this.child('sglang:inter_token_latency_seconds')?.observeRaw(itlSec, n, itlSec * n);
  }

  /** Every finished request, aborted ones included, as the tokenizer manager sees them. */
  finished(r: SimRequest, specAcceptLength: number): void {
    const s = this.streaming(r);
    this.child('sglang:prompt_tokens', s)?.inc(r.promptTokens);
    this.child('sglang:generation_tokens', s)?.inc(r.generated);
    this.child('sglang:num_requests', s)?.inc();
    this.child('sglang:prompt_tokens_histogram')?.observe(r.promptTokens);
    this.child('sglang:generation_tokens_histogram')?.observe(r.generated);
    this.child('sglang:uncached_prompt_tokens_histogram')?.observe(r.promptTokens - r.cachedTokens - r.externalTokens);
    this.child('sglang:e2e_request_latency_seconds', s)?.observe((r.lastTokenMs - r.arrivalMs) / 1000);
    this.fam['sglang:func_latency_seconds']?.child({ name: 'generate_request' }, this.ctx.startSec).observe((r.lastTokenMs - r.arrivalMs) / 1000);
    if (r.finishReason === 'abort') this.child('sglang:num_aborted_requests')?.inc();
    if (r.structured) this.child('sglang:num_so_requests')?.inc();
    if (r.generated > 1) this.child('sglang:spec_verify_calls')?.inc(Math.round(r.generated / specAcceptLength));
    const cached = r.cachedTokens + r.externalTokens;
    if (cached > 0 && r.started) {
      if (!this.modern) {
        this.child('sglang:cached_tokens')?.inc(cached);
      } else if (this.ctx.features.has('hicache')) {
        // With HiCache part of the hit comes from host memory or the L3 storage backend.
        const host = Math.round(cached * 0.25);
        const storage = Math.round(cached * 0.1);
        this.child('sglang:cached_tokens', { cache_source: 'device' })?.inc(cached - host - storage);
        if (host > 0) this.child('sglang:cached_tokens', { cache_source: 'host' })?.inc(host);
        if (storage > 0) this.child('sglang:cached_tokens', { cache_source: 'storage_file' })?.inc(storage);
      } else {
        this.child('sglang:cached_tokens', { cache_source: 'device' })?.inc(cached);
      }
    }
  }
}
