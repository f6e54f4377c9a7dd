// Interface strings of the per-instance latency split (Diagnosis region, under each model's
// breakdown). Spread into en.ts and zh-CN.ts.
export const en = {
  instanceSplit: {
    show: 'Per instance',
    showLabel: (model: string) => `Per instance: where the time goes on ${model}`,
    caption: (model: string, top: number) =>
      `${model}: mean TTFT and E2E per instance over the range, split into phases (share of the instance's mean in brackets); the ${top} slowest by mean TTFT.`,
    instance: 'Instance',
    ttft: 'TTFT mean',
    e2e: 'E2E mean',
    terms: { queue: 'Queue', prefill: 'Prefill', decode: 'Decode', rest: 'Rest' },
    dominant: 'Dominant',
    inferred: 'inferred: a difference of two measured means',
    inferredNote: '≈ inferred (a difference of two measured means: this engine has no histogram for that phase).',
    more: (n: number) => `${n} more ${n === 1 ? 'instance is' : 'instances are'} faster by mean TTFT and not shown.`,
    none: 'No instance of this model finished a first token in this range.',
    loading: 'Asking per instance…',
    failed: (why: string) => `Per-instance split unavailable: ${why}`,
  },
};
