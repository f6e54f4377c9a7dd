// Interface strings of the Diagnosis region (verdicts, latency decomposition, capacity). Spread
// into en.ts and zh-CN.ts; the Messages type makes a missing key in either a type error.
// Evidence templates take `{name}` placeholders, filled with the finding's formatted figures.
// Actions say each knob in generic words followed by `{knob}`: the engine's own launch flag from its
// catalog (`flag`), or nothing where the engine lacks it or the flag is not confirmed.

export const en = {
  diagnosis: {
    title: 'Diagnosis',
    loading: 'Diagnosing the selected range…',
    noTraffic: 'No requests in this range: no verdict is given (there is nothing to judge).',
    failed: (why: string) => `Diagnosis unavailable: ${why}`,
    healthy: (checked: string) => `Nothing stands out in this range. Checked: ${checked}.`,
    singleInstance: 'One instance per model: no outlier check (it needs peers).',
    routerChecked: (router: string) => `Router imbalance checked on ${router}'s per-endpoint shares.`,
    routerFiltered: (router: string) => `Router imbalance is judged on the whole board: clear the model filter to see ${router}'s verdict.`,
    stale: 'Shown from the last answer: the backend is not answering.',
    severity: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    confidence: { high: 'sure', medium: 'fairly sure', low: 'unsure' },
    sure: (c: string) => `How sure: ${c}`,
    bounds: 'Quantiles are bucket estimates (a value between two bucket bounds), not measurements.',
    inferredNote: 'A phase is inferred (a difference of measured means): this engine has no histogram for it.',
    look: 'Open the panel',
    more: (n: number) => `${n} more finding${n === 1 ? '' : 's'} (less severe or on more instances)`,
    promql: 'PromQL',
    onModel: (model: string) => `model ${model}`,
    onInstance: (instance: string, model: string) => `instance ${instance} (model ${model})`,
    /** `listed`: the first instances' names joined, then `andMore` when there are more (region.tsx, instancesText). */
    onInstances: (listed: string, model: string) => `instances ${listed} (model ${model})`,
    andMore: (n: number) => ` and ${n} more`,
    outlierGroup: "Slower than the model's other instances (the figures of the slowest)",
    outlierGroupAction: "Compare these instances' configuration, GPU and placement with their peers (a GPU type or node pool they share is the usual cause); drain them if they stay slow.",
    onEndpoint: (endpoint: string, router: string) => `endpoint ${endpoint} behind ${router}`,
    names: {
      'kv-capacity': 'KV-capacity queueing',
      'preemption-storm': 'preemption storm',
      'prefill-bound': 'prefill-bound',
      'decode-bound': 'decode-bound',
      'prefix-cache-thrash': 'prefix-cache thrash',
      'prefix-counter-broken': 'prefix-cache hit counter',
      'instance-outlier': 'instance outliers',
      'router-imbalance': 'router imbalance',
      'request-failures': 'failed requests',
      'littles-law-mismatch': "Little's-law mismatch",
      'spec-decode-costly': 'speculative-decoding payoff',
      'slo-burn': 'SLO burn',
      'gpu-health': 'GPU health',
    },
    // `{name}`: the finding's evidence, formatted. Extras are added when the finding has them.
    evidence: {
      'kv-capacity': 'KV cache peaked at {kvMax}; queueing is {queueShare} of mean TTFT ({queueMean} of {ttftMean})',
      'preemption-storm': '{perRequest} preemptions per finished request ({preemptions} against {requests}); KV peaked at {kvMax}',
      'prefill-bound': 'Prefill is {prefillShare} of mean TTFT ({prefillMean} of {ttftMean}), TTFT p95 {ttftP95}; queueing is {queueShare} ({queueMean})',
      'decode-bound': 'Decode is {decodeShare} of mean E2E; ITL p95 {itlP95} (mean {itlMean}) with {running} running on average',
      'prefix-cache-thrash': 'Prefix-cache hit rate {hitRate} while the KV cache peaked at {kvMax}: cached prefixes are evicted before reuse',
      'prefix-counter-broken': 'Prefix-cache queries {queries} but hits stayed at exactly 0 over the range',
      'instance-outlier': "Slower than the model's other instances",
      'router-imbalance': 'Gets {share} of the routed requests, {fair}× its fair share among {endpoints} endpoints',
      'request-failures': '{failedShare} of finished requests failed or were aborted ({failed} of {requests})',
      'littles-law-mismatch': "By Little's law {littles} requests are in the engine on average (arrival rate × mean E2E), but its gauges say {gauges} waiting or running (a gap of {gap})",
      'spec-decode-costly': 'Speculation accepts {acceptance} of drafted tokens: {length} tokens per step per request; ITL mean {itlMean}, {perRequest} per running request',
      'slo-burn': 'Error budget burning at {burn}× over the last hour (threshold {threshold})',
      'gpu-health': 'DCGM reports a fault on this GPU',
    },
    extra: {
      preemptions: '{preemptions} preemptions',
      signature: 'TTFT p99 ÷ p5 = {signature} (above 20× is the KV-capacity signature)',
      ttft_p95: 'TTFT p95 {ttft_p95} against {ttft_p95_median} (median of the others)',
      itl_mean: 'mean ITL {itl_mean} against {itl_mean_median}',
      waiting: '{waiting} waiting now against {waitingPeers} (median of the other endpoints)',
      ttft: 'TTFT p95 {ttft} against {ttftPeers}',
      ttftTail: 'TTFT p95 {ttftTail}',
      queuedShare: 'requests were waiting during {queuedShare} of the range',
      waitMean: 'mean queue time {waitMean}',
      peers: "the model's other instances show at most {peers}",
      steps: "a prefill lasts {steps}× the mean ITL: a few of the batch's slow steps",
    },
    /** SGLang sends requests back by retracting them: its words for preemption-storm. */
    retraction: {
      name: 'retraction storm',
      evidence: '{perRequest} retractions per finished request ({preemptions} against {requests}); KV peaked at {kvMax}',
      /** The preemption counter's extra on other findings (KV-capacity), in SGLang's word. */
      extra: '{preemptions} retractions',
    },
    /** Folded findings (fold.ts): the outlier's alone, listed under it. */
    foldedTitle: (instance: string) => `Only ${instance}'s figures, not the model's (its peers do not show them):`,
    /** prefill-bound folded under decode-bound (fold.ts): slow because the steps are. */
    foldedUnderDecode: 'Follows from the slow decode steps above (prefill shares them with the batch), not from long prompts:',
    explained: (name: string) => `Likely clients giving up on slow or queued requests: see ${name}.`,
    /** A knob's flag after its generic words (`{kvMemory}` in an action). */
    flag: (flag: string) => ` (${flag})`,
    action: {
      'kv-capacity':
        'Add KV room: more replicas, more GPU memory for the KV cache{kvMemory}, a shorter maximum request length{maxLen}, a smaller KV data type{kvDtype}, or fewer requests running at once{maxSeqs}.',
      'preemption-storm':
        'Admit fewer requests at once{maxSeqs} or more conservatively{admission}, so admitted requests fit as they grow; give the KV cache more memory{kvMemory} or add replicas.',
      'prefill-bound': 'Prompts are long for this GPU: chunk prefill with a larger token budget per step{batchTokens}, reuse prefixes, or split prefill onto its own workers (PD disaggregation).',
      'decode-bound': 'Batches are too large for the latency target: fewer requests running at once{maxSeqs}, more replicas, or speculative decoding{spec} if acceptance is high.',
      'prefix-cache-thrash': 'Give the KV cache more room{kvMemory}, route requests with a shared prefix to the same instance (prefix-aware routing), or turn caching off for traffic that never shares prefixes.',
      'prefix-counter-broken':
        'Either no requests share prefixes (caching off, or cache_salt isolating them) or the counter is broken in this build (as in vllm-ascend#16639): check that prefix caching is on{prefixCache} and compare TTFT of repeated prompts.',
      'instance-outlier': "Compare this instance's configuration, GPU and placement with its peers; drain it if it stays slow.",
      'slo-burn': 'At this burn the budget runs out early: act on the causes listed above it, or relax the objective if it is not real.',
      'router-imbalance': "Change the routing policy (least-load or queue-aware instead of a fixed split), lower this endpoint's weight, or make prefix-aware routing spill to others when its queue builds.",
      'request-failures':
        "Users are getting errors or giving up: if requests queue, fix the queue's cause (the finding it names); otherwise read the engine's and the clients' logs for the errors and time-outs (Aborted and errored panel).",
      'littles-law-mismatch':
        'Requests may be stuck (counted as running but never finishing) or the gauges and histograms cover different requests (aborts, another frontend): compare the Running and Waiting panels with the request rate.',
      'spec-decode-costly':
        'Speculation likely costs more than it saves at this acceptance: fewer speculative tokens{spec}, a draft model closer to the target, or turn it off; check with the compare mode (spec on vs off).',
      'gpu-health':
        'Take the GPU out of service: cordon the node and move its pods, reset the GPU (nvidia-smi -r) or reboot the node, and have it replaced if the fault returns.',
    },
    /** gpu-health (gpu-verdict.ts): where, and each DCGM signal found. */
    onGpu: (node: string, gpu: string, model: string, holder: string | null) => `${node} · GPU ${gpu} (${model}), ${holder ? `held by ${holder}` : 'held by no pod'}`,
    gpuXid: (code: number, meaning: string | undefined) => `XID ${code}${meaning ? ` (${meaning})` : ''} reported in this range`,
    /** gpu-health on a GPU still in service (an application XID, hardware throttling). */
    gpuActionWarning: "Read the application's log around the XID (13, 31, 43 are usually the application); for hardware throttling, check the node's cooling and power.",
    gpuRowRemap: 'row remapping failed (the memory cannot retire its bad rows)',
    gpuEcc: (n: string) => `${n} uncorrectable (double-bit) ECC errors in this range`,
    gpuThrottle: (reasons: string) => `clocks held down by ${reasons} now`,
    gpuThrottleReasons: { hwSlowdown: 'hardware slowdown', swThermal: 'software thermal limit', hwThermal: 'hardware thermal limit', hwPowerBrake: 'power brake' },
    xidMeaning: {
      13: 'graphics engine exception, usually the application',
      31: 'GPU memory page fault, usually the application',
      43: 'GPU stopped processing, usually the application',
      45: 'preemptive cleanup after an earlier error',
      48: 'double-bit ECC error',
      61: 'internal micro-controller breakpoint',
      62: 'internal micro-controller halt',
      63: 'row remapping pending: a memory error was recorded',
      64: 'row remapping failure',
      74: 'NVLink error',
      79: 'GPU has fallen off the bus',
      92: 'high single-bit ECC error rate',
      94: 'contained ECC error',
      95: 'uncontained ECC error',
      119: 'GSP RPC timeout',
      120: 'GSP error',
    } as Record<number, string>,
    gpuChecked: (n: number) => `GPU health checked on ${n} GPUs (DCGM: XID errors, row-remap failures, double-bit ECC errors, hardware throttling).`,
    changes: {
      restart: 'Restart',
      started: 'Started',
      reset: 'Restart (counter reset)',
      config: 'Config changed',
      sleep: 'Sleep',
      wake: 'Wake',
      /** A chart's accessible name when change markers (with or without alerts) are on it. */
      aria: (title: string, list: string) => `${title} — changes and alerts in this range: ${list}`,
      compare: 'Before vs after',
      compareTitle: (time: string) => `Compare the equal stretches before and after ${time}`,
    },
    changesList: 'Changes in this range: ',
    latency: {
      title: 'Where the time goes (means over the range)',
      ttft: 'TTFT',
      e2e: 'E2E',
      terms: { queue: 'queue', prefill: 'prefill', decode: 'decode', rest: 'rest' },
      measured: 'measured',
      inferred: 'inferred',
      dominant: (term: string) => `dominant: ${term}`,
      excess: (v: string) =>
        `the parts exceed the total by ${v}: over a range each histogram counts the requests it observed (queue and prefill when scheduled or at the first token, the total when it ends), not quite the same ones`,
      router: (term: string, router: string, engine: string, name: string) =>
        `Before the engine: router + network ${term} (mean TTFT at ${name} ${router} − at the engines ${engine}; inferred, a difference of means).`,
      routerNoise: 'Below 1 % of TTFT: within what a difference of two means can tell (the two histograms hold slightly different requests over a range).',
      routerMismatch: (name: string, router: string, engine: string) =>
        `Router + network: not computed — ${name} counted ${router} first tokens over the range, the engines ${engine} (it is younger than the range, or traffic bypasses it); a difference of means over different requests would say nothing.`,
      kvTransfer: (v: string) => `KV transfer (PD disaggregation): ${v} per transfer (measured; part of the decode side's queue and TTFT, not added again).`,
      kvTransferAbsent: 'KV transfer: not present (this engine exposes no KV-connector transfer time).',
      spec: (acceptance: string, length: string, itl: string, perRequest: string) =>
        `Speculative decoding: ${acceptance} of drafted tokens accepted, ${length} tokens per step per request; ITL mean ${itl}, ${perRequest} per running request (compare spec on vs off with the compare mode).`,
      p95: (v: string) => `p95 ${v}`,
      concurrency: (queue: string, busy: string, waiting: string, running: string) =>
        `In flight by Little's law: ${queue} queued, ${busy} in prefill or decode; the engine's gauges say ${waiting} waiting, ${running} running.`,
    },
    capacity: {
      title: 'Headroom',
      sentence: (pct: string, peakPct: string, model: string, rate: string) =>
        `≈ ${pct} more req/s before KV saturation on ${model} (queueing expected from about ${rate}); counting from the range's peak usage instead: ${peakPct}.`,
      saturated: (model: string) => `${model}: mean KV usage is already at saturation in this range: no headroom.`,
      limited: (model: string, verdict: string) =>
        `Headroom on ${model}: none — already queueing (${verdict} above); the KV estimate does not apply while requests wait.`,
      busiest: (instance: string, kv: string) => `Counted from the busiest instance, ${instance} (mean KV usage ${kv}): the pool is uneven, and it saturates first.`,
      peakFull: 'none, the peaks already reach saturation',
      model: 'Model: KV usage grows in proportion to the request rate at a constant request mix (Little\'s law); uncertain when prompts or outputs change, or when compute saturates first.',
      free: (instance: string, free: string, cap: string) => `${instance}: ${free} of ${cap} KV tokens free now`,
    },
  },
};
