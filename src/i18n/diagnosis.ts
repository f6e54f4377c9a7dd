// Interface strings of the Diagnosis region (verdicts, latency decomposition, capacity). Spread
// into en.ts and zh-CN.ts; the Messages type makes a missing key in either a type error.
// `e` holds the finding's evidence already formatted (units applied); metric names stay as they are.

type E = Record<string, string>;
const or = (e: E, k: string, fallback = '–') => e[k] ?? fallback;

export const en = {
  diagnosis: {
    title: 'Diagnosis',
    loading: 'Diagnosing the selected range…',
    noTraffic: 'No requests in this range: no verdict is given (there is nothing to judge).',
    failed: (why: string) => `Diagnosis unavailable: ${why}`,
    healthy: (checked: string) => `Nothing stands out in this range. Checked: ${checked}.`,
    singleInstance: 'One instance per model: no outlier check (it needs peers).',
    stale: 'Shown from the last answer: the backend is not answering.',
    severity: { info: 'Info', warning: 'Warning', critical: 'Critical' },
    confidence: { high: 'sure', medium: 'fairly sure', low: 'unsure' },
    sure: (c: string) => `How sure: ${c}`,
    bounds: 'Quantiles are bucket estimates (a value between two bucket bounds), not measurements.',
    inferredNote: 'A phase is inferred (a difference of measured means): this engine has no histogram for it.',
    look: 'Open the panel',
    promql: 'PromQL',
    onModel: (model: string) => `model ${model}`,
    onInstance: (instance: string, model: string) => `instance ${instance} (model ${model})`,
    names: {
      'kv-capacity': 'KV-capacity queueing',
      'preemption-storm': 'preemption storm',
      'prefill-bound': 'prefill-bound',
      'decode-bound': 'decode-bound',
      'prefix-cache-thrash': 'prefix-cache thrash',
      'prefix-counter-broken': 'prefix-cache hit counter',
      'instance-outlier': 'instance outliers',
      'slo-burn': 'SLO burn',
    },
    evidence: {
      'kv-capacity': (e: E) =>
        `KV cache peaked at ${or(e, 'kvMax')}; queueing is ${or(e, 'queueShare')} of mean TTFT (${or(e, 'queueMean')} of ${or(e, 'ttftMean')})` +
        (e.preemptions ? `; ${e.preemptions} preemptions` : '') +
        (e.signature ? `; TTFT p99 ÷ p5 = ${e.signature} (above 20× is the KV-capacity signature)` : '') +
        '.',
      'preemption-storm': (e: E) => `${or(e, 'perRequest')} preemptions per finished request (${or(e, 'preemptions')} against ${or(e, 'requests')}); KV peaked at ${or(e, 'kvMax')}.`,
      'prefill-bound': (e: E) => `Prefill is ${or(e, 'prefillShare')} of mean TTFT (${or(e, 'prefillMean')} of ${or(e, 'ttftMean')}), TTFT p95 ${or(e, 'ttftP95')}, with little queueing.`,
      'decode-bound': (e: E) => `Decode is ${or(e, 'decodeShare')} of mean E2E; ITL p95 ${or(e, 'itlP95')} (mean ${or(e, 'itlMean')}) with ${or(e, 'running')} running on average.`,
      'prefix-cache-thrash': (e: E) => `Prefix-cache hit rate ${or(e, 'hitRate')} while the KV cache peaked at ${or(e, 'kvMax')}: cached prefixes are evicted before reuse.`,
      'prefix-counter-broken': (e: E) => `Prefix-cache queries ${or(e, 'queries')} but hits stayed at exactly 0 over the range.`,
      'instance-outlier': (e: E) =>
        [e.ttft_p95 ? `TTFT p95 ${e.ttft_p95} against ${or(e, 'ttft_p95_median')} (median of the model's other instances)` : '', e.itl_mean ? `mean ITL ${e.itl_mean} against ${or(e, 'itl_mean_median')}` : '']
          .filter(Boolean)
          .join('; ') + '.',
      'slo-burn': (e: E) => `Error budget burning at ${or(e, 'burn')}× over the last hour (threshold ${or(e, 'threshold')}).`,
    },
    action: {
      'kv-capacity': 'Add KV room: more replicas, a larger --gpu-memory-utilization, a shorter --max-model-len, KV quantization (--kv-cache-dtype fp8), or cap concurrency (--max-num-seqs).',
      'preemption-storm': 'Lower --max-num-seqs (or SGLang --max-running-requests) so admitted requests fit as they grow; give the KV cache more memory or add replicas.',
      'prefill-bound': 'Prompts are long for this GPU: enable chunked prefill with a larger --max-num-batched-tokens, reuse prefixes, or split prefill onto its own workers (PD disaggregation).',
      'decode-bound': 'Batches are too large for the latency target: lower --max-num-seqs, add replicas, or try speculative decoding if acceptance is high.',
      'prefix-cache-thrash': 'Give the KV cache more room, route requests with a shared prefix to the same instance (prefix-aware routing), or turn caching off for traffic that never shares prefixes.',
      'prefix-counter-broken': 'Either no requests share prefixes (caching off, or cache_salt isolating them) or the counter is broken in this build (vllm-ascend#16639): check --enable-prefix-caching and compare TTFT of repeated prompts.',
      'instance-outlier': "Compare this instance's configuration, GPU and placement with its peers; drain it if it stays slow.",
      'slo-burn': 'At this burn the budget runs out early: act on the causes listed above it, or relax the objective if it is not real.',
    },
    changes: { restart: 'Restart', started: 'Started' },
    starts: 'Engine starts in this range (process start time): ',
    latency: {
      title: 'Where the time goes (means over the range)',
      ttft: 'TTFT',
      e2e: 'E2E',
      terms: { queue: 'queue', prefill: 'prefill', decode: 'decode', rest: 'rest' },
      measured: 'measured',
      inferred: 'inferred',
      dominant: (term: string) => `dominant: ${term}`,
      p95: (v: string) => `p95 ${v}`,
      concurrency: (queue: string, busy: string, waiting: string, running: string) =>
        `In flight by Little's law: ${queue} queued, ${busy} in prefill or decode; the engine's gauges say ${waiting} waiting, ${running} running.`,
    },
    capacity: {
      title: 'Headroom',
      sentence: (pct: string, peakPct: string, model: string, rate: string) =>
        `≈ ${pct} more req/s before KV saturation on ${model} (queueing expected from about ${rate}); counting from the range's peak usage instead: ${peakPct}.`,
      saturated: (model: string) => `${model}: mean KV usage is already at saturation in this range: no headroom.`,
      peakFull: 'none, the peaks already reach saturation',
      model: 'Model: KV usage grows in proportion to the request rate at a constant request mix (Little\'s law); uncertain when prompts or outputs change, or when compute saturates first.',
      free: (instance: string, free: string, cap: string) => `${instance}: ${free} of ${cap} KV tokens free now`,
    },
  },
};

export const zh: typeof en = {
  diagnosis: {
    title: '诊断',
    loading: '正在诊断所选时间范围…',
    noTraffic: '此时间范围内没有请求：不给出结论（没有可判断的数据）。',
    failed: (why: string) => `无法诊断：${why}`,
    healthy: (checked: string) => `此时间范围内没有突出问题。已检查：${checked}。`,
    singleInstance: '每个模型只有一个实例：不做离群检查（需要同组实例对比）。',
    stale: '显示的是上一次的结果：后端没有响应。',
    severity: { info: '提示', warning: '警告', critical: '严重' },
    confidence: { high: '确定', medium: '较确定', low: '不确定' },
    sure: (c: string) => `把握：${c}`,
    bounds: '分位数是按桶估计的（位于两个桶边界之间），不是精确测量值。',
    inferredNote: '有一个阶段是推算的（两个实测均值之差）：该引擎没有这一阶段的直方图。',
    look: '打开面板',
    promql: 'PromQL',
    onModel: (model: string) => `模型 ${model}`,
    onInstance: (instance: string, model: string) => `实例 ${instance}（模型 ${model}）`,
    names: {
      'kv-capacity': 'KV 容量排队',
      'preemption-storm': '抢占风暴',
      'prefill-bound': 'Prefill 瓶颈',
      'decode-bound': 'Decode 瓶颈',
      'prefix-cache-thrash': '前缀缓存抖动',
      'prefix-counter-broken': '前缀缓存命中计数器',
      'instance-outlier': '离群实例',
      'slo-burn': 'SLO 消耗',
    },
    evidence: {
      'kv-capacity': (e: E) =>
        `KV 缓存峰值 ${or(e, 'kvMax')}；排队占平均 TTFT 的 ${or(e, 'queueShare')}（${or(e, 'ttftMean')} 中的 ${or(e, 'queueMean')}）` +
        (e.preemptions ? `；抢占 ${e.preemptions}` : '') +
        (e.signature ? `；TTFT p99 ÷ p5 = ${e.signature}（超过 20 倍即 KV 容量排队的特征）` : '') +
        '。',
      'preemption-storm': (e: E) => `每个完成的请求被抢占 ${or(e, 'perRequest')} 次（抢占 ${or(e, 'preemptions')}，完成 ${or(e, 'requests')}）；KV 峰值 ${or(e, 'kvMax')}。`,
      'prefill-bound': (e: E) => `Prefill 占平均 TTFT 的 ${or(e, 'prefillShare')}（${or(e, 'ttftMean')} 中的 ${or(e, 'prefillMean')}），TTFT p95 ${or(e, 'ttftP95')}，排队很少。`,
      'decode-bound': (e: E) => `Decode 占平均端到端延迟的 ${or(e, 'decodeShare')}；ITL p95 ${or(e, 'itlP95')}（均值 ${or(e, 'itlMean')}），平均运行 ${or(e, 'running')} 个请求。`,
      'prefix-cache-thrash': (e: E) => `前缀缓存命中率 ${or(e, 'hitRate')}，同时 KV 缓存峰值 ${or(e, 'kvMax')}：缓存的前缀在复用前就被淘汰。`,
      'prefix-counter-broken': (e: E) => `前缀缓存查询 ${or(e, 'queries')}，但命中在整个范围内一直为 0。`,
      'instance-outlier': (e: E) =>
        [e.ttft_p95 ? `TTFT p95 ${e.ttft_p95}，同模型其他实例的中位数为 ${or(e, 'ttft_p95_median')}` : '', e.itl_mean ? `平均 ITL ${e.itl_mean}，其他实例中位数 ${or(e, 'itl_mean_median')}` : '']
          .filter(Boolean)
          .join('；') + '。',
      'slo-burn': (e: E) => `过去一小时错误预算消耗速度为 ${or(e, 'burn')} 倍（阈值 ${or(e, 'threshold')}）。`,
    },
    action: {
      'kv-capacity': '增加 KV 空间：增加副本、调高 --gpu-memory-utilization、缩短 --max-model-len、KV 量化（--kv-cache-dtype fp8），或限制并发（--max-num-seqs）。',
      'preemption-storm': '调低 --max-num-seqs（SGLang 为 --max-running-requests），让已接纳的请求在增长时仍放得下；给 KV 缓存更多显存或增加副本。',
      'prefill-bound': '提示词对这块 GPU 来说太长：启用分块 prefill 并调大 --max-num-batched-tokens、复用前缀，或把 prefill 拆到独立节点（PD 分离）。',
      'decode-bound': '批次对延迟目标来说太大：调低 --max-num-seqs、增加副本；若接受率高可尝试投机解码。',
      'prefix-cache-thrash': '给 KV 缓存更多空间，把共享前缀的请求路由到同一实例（前缀感知路由），或对从不共享前缀的流量关闭缓存。',
      'prefix-counter-broken': '要么没有请求共享前缀（缓存关闭，或 cache_salt 隔离），要么这个版本的计数器有问题（vllm-ascend#16639）：检查 --enable-prefix-caching，并比较重复提示词的 TTFT。',
      'instance-outlier': '对比该实例与同组实例的配置、GPU 和部署位置；若持续偏慢，将其摘除。',
      'slo-burn': '按这个速度预算会提前耗尽：先处理列在它上面的原因；若目标不合理则放宽。',
    },
    changes: { restart: '重启', started: '启动' },
    starts: '此范围内的引擎启动（进程启动时间）：',
    latency: {
      title: '时间花在哪里（范围内均值）',
      ttft: 'TTFT',
      e2e: '端到端',
      terms: { queue: '排队', prefill: 'prefill', decode: 'decode', rest: '其余' },
      measured: '实测',
      inferred: '推算',
      dominant: (term: string) => `主要部分：${term}`,
      p95: (v: string) => `p95 ${v}`,
      concurrency: (queue: string, busy: string, waiting: string, running: string) =>
        `按 Little 定律在途请求：排队 ${queue}，prefill 或 decode 中 ${busy}；引擎自身的指标为等待 ${waiting}、运行 ${running}。`,
    },
    capacity: {
      title: '余量',
      sentence: (pct: string, peakPct: string, model: string, rate: string) =>
        `在 ${model} 上，KV 饱和前约还能多承受 ${pct} 的请求速率（预计约 ${rate} 时开始排队）；若按本范围的峰值用量计算：${peakPct}。`,
      saturated: (model: string) => `${model}：本范围内 KV 平均用量已达到饱和，没有余量。`,
      peakFull: '没有，峰值已达到饱和',
      model: '模型：在请求构成不变时，KV 用量与请求速率成正比（Little 定律）；提示词或输出长度变化、或算力先饱和时，该估计不可靠。',
      free: (instance: string, free: string, cap: string) => `${instance}：当前 ${cap} 个 KV token 中空闲 ${free}`,
    },
  },
};
