// The inputs of the Diagnosis region, built from the catalog's roles (never from one engine's
// names): one PromQL template per signal, a summary over the whole selected range (`$__range`),
// grouped by model (`$__by` = the model label) or by instance. A signal whose role the engine lacks
// is not asked; the rules that need it say so instead of guessing. Pure.
import type { EngineCatalog, EngineRoles, HistogramRole } from '../../catalog/types';

export type SignalLevel = 'model' | 'instance';

export interface SignalSpec {
  id: string;
  level: SignalLevel;
  /** A catalog template (`{{metricId}}`, `$__by`, `$__range`). */
  expr: string;
}

/** The latency phases the board knows; a histogram role backs each when the engine has it. */
export const PHASES = ['ttft', 'queue', 'prefill', 'decode', 'e2e', 'itl'] as const;
export type Phase = (typeof PHASES)[number];

export function phaseRole(roles: EngineRoles, phase: Phase): HistogramRole | undefined {
  switch (phase) {
    case 'ttft':
      return roles.ttft;
    case 'queue':
      return roles.queueTime;
    case 'prefill':
      return roles.phases?.prefill;
    case 'decode':
      return roles.phases?.decode;
    case 'e2e':
      return roles.e2e;
    case 'itl':
      return roles.itl;
  }
}

const ref = (id: string, matcher?: string): string => (matcher ? `{{${id}|${matcher}}}` : `{{${id}}}`);
const rate = (id: string, matcher?: string): string => `sum by ($__by) (rate(${ref(id, matcher)}[$__range]))`;
const quantile = (q: number, base: string): string => `histogram_quantile(${q}, sum by (le, $__by) (rate(${ref(`${base}_bucket`)}[$__range])))`;

/** Every signal the engine's roles allow, model-level and instance-level. */
export function diagnosisSignals(catalog: EngineCatalog): SignalSpec[] {
  const r = catalog.roles;
  const out: SignalSpec[] = [];
  if (!r) return out;
  const add = (id: string, expr: string, level: SignalLevel = 'model') => out.push({ id, level, expr });
  add('requests', rate(r.requests));
  // A failures series appears with the first failure: until then, 0 where requests were served.
  if (r.failures) add('failures', `${rate(r.failures.id, r.failures.matcher)} or 0 * ${rate(r.requests)}`);
  if (r.promptTokens) add('prompt_tokens', rate(r.promptTokens));
  if (r.requestsFallback) add('requests_fallback', rate(r.requestsFallback));
  for (const phase of PHASES) {
    const h = phaseRole(r, phase);
    if (!h) continue;
    // rate(_sum) is also the mean number of requests in that phase (Little's law).
    add(`${phase}_sum`, rate(`${h.id}_sum`));
    add(`${phase}_count`, rate(`${h.id}_count`));
    if (phase !== 'itl') add(`${phase}_p95`, quantile(0.95, h.id));
  }
  if (r.ttft) {
    // The "min low, max ÷ min > 20×" signature of KV-capacity queueing, on bucket estimates.
    add('ttft_p05', quantile(0.05, r.ttft.id));
    add('ttft_p99', quantile(0.99, r.ttft.id));
  }
  if (r.itl) add('itl_p95', quantile(0.95, r.itl.id));
  if (r.kvUsage) {
    const div = r.kvUsage.scale === 1 ? '' : ` / ${r.kvUsage.scale}`;
    add('kv_max', `max by ($__by) (max_over_time(${ref(r.kvUsage.id)}[$__range]))${div}`);
    add('kv_mean', `avg by ($__by) (avg_over_time(${ref(r.kvUsage.id)}[$__range]))${div}`);
  }
  if (r.preemptions) add('preemptions', rate(r.preemptions.id));
  add('running_mean', `sum by ($__by) (avg_over_time(${ref(r.running)}[$__range]))`);
  if (r.waiting) {
    add('waiting_mean', `sum by ($__by) (avg_over_time(${ref(r.waiting, r.queueTotal)}[$__range]))`);
    // How long it queued: the share of the range's steps with at least one request waiting (a burst vs all along).
    add('queued_share', `avg by ($__by) (avg_over_time((sum by ($__by) (${ref(r.waiting, r.queueTotal)}) >= bool 1)[$__range:$__lifetime_step]))`);
  }
  const pc = r.prefixCache;
  if (pc?.counters) {
    add('prefix_hits', rate(pc.counters.hits));
    add('prefix_queries', rate(pc.counters.queries));
  } else if (pc?.hitRateGauge) {
    add('prefix_hit_gauge', `avg by ($__by) (avg_over_time(${ref(pc.hitRateGauge)}[$__range]))`);
  }
  // Optional families, asked only where the catalog has them (an unresolved name is skipped).
  const m = catalog.metrics;
  if (m.kv_transfer_latency_sum) {
    // SGLang's PD KV transfer, in milliseconds.
    add('kv_transfer_sum', `${rate('kv_transfer_latency_sum')} / 1000`);
    add('kv_transfer_count', rate('kv_transfer_latency_count'));
  }
  if (r.generationTokens) add('gen_tokens', rate(r.generationTokens.id));
  if (m.spec_drafts && m.spec_draft_tokens && m.spec_accepted_tokens) {
    add('spec_drafts', rate('spec_drafts'));
    add('spec_draft_tokens', rate('spec_draft_tokens'));
    add('spec_accepted', rate('spec_accepted_tokens'));
  } else if (m.spec_accept_length) {
    add('spec_accept_length', `avg by ($__by) (avg_over_time(${ref('spec_accept_length')}[$__range]))`);
    if (m.spec_accept_rate) add('spec_accept_rate', `avg by ($__by) (avg_over_time(${ref('spec_accept_rate')}[$__range]))`);
  }

  // Per instance: the outlier rule, and KV headroom (capacity and usage at the end of the range).
  if (r.ttft) add('ttft_p95', quantile(0.95, r.ttft.id), 'instance');
  if (r.itl) add('itl_mean', `${rate(`${r.itl.id}_sum`)} / (${rate(`${r.itl.id}_count`)} > 0)`, 'instance');
  add('requests', rate(r.requests), 'instance');
  if (r.kvUsage) {
    const div = r.kvUsage.scale === 1 ? '' : ` / ${r.kvUsage.scale}`;
    add('kv_now', `avg by ($__by) (last_over_time(${ref(r.kvUsage.id)}[$__range]))${div}`, 'instance');
    // The busiest instance's mean: on an uneven pool it saturates first (capacity.ts).
    add('kv_mean', `avg by ($__by) (avg_over_time(${ref(r.kvUsage.id)}[$__range]))${div}`, 'instance');
  }
  if (r.cacheConfig) {
    // Capacity in the info gauge's labels (kv_cache_size_tokens, else blocks × block size), summed over ranks client-side.
    add('kv_capacity_info', `max by ($__by, engine, num_gpu_blocks, block_size, kv_cache_size_tokens) (last_over_time(${ref(r.cacheConfig)}[$__range]))`, 'instance');
  }
  if (r.kvPages) add('kv_capacity_tokens', `sum by ($__by) (last_over_time(${ref(r.kvPages.capacityTokens)}[$__range]))`, 'instance');
  return out;
}

/** Signals per request of `label_replace … or …` glue: few requests, each a readable size. */
export const SIGNALS_PER_QUERY = 8;
export const SIGNAL_LABEL = 'iw_signal';

/** Joins expanded signal expressions into queries, each part tagged with its id in `iw_signal`. */
export function glue(parts: ReadonlyArray<{ id: string; expr: string }>, per = SIGNALS_PER_QUERY): string[] {
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += per) {
    out.push(
      parts
        .slice(i, i + per)
        .map((p) => `label_replace(${p.expr}, "${SIGNAL_LABEL}", "${p.id}", "", "")`)
        .join(' or '),
    );
  }
  return out;
}
