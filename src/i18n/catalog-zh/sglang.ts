// Simplified Chinese text of the SGLang catalog.
import type { CatalogText } from './types';

export const sglangZh: CatalogText = {
  panels: {
    // ---- 总览 / 实例 ----
    'model-summary': {
      title: '模型',
      description: '所选时间范围内每个模型一行：负载、延迟、失败与饱和度。选中一行即可把整个看板过滤到该模型。',
    },
    'instance-table': {
      title: '实例',
      description: '每个引擎实例（及 rank）一行，包括已宕机的抓取目标。与同模型其他实例明显不同的单元格会被标出。选中一行即可过滤到该实例。',
    },
    // ---- 请求 ----
    'request-rate': {
      title: '请求速率',
      description: '每秒已处理请求数（sglang:num_requests_total）。',
    },
    'request-prompt-length': {
      title: '单请求 prompt 长度',
      description: '单请求 prompt token 长度分布的 p50/p95。',
    },
    'request-generation-length': {
      title: '单请求生成长度',
      description: '单请求 generation token 长度分布的 p50/p95。',
    },

    // ---- 吞吐 ----
    'output-tokens-rate': {
      title: '输出 token/s',
      description: '每秒已生成 token 数（在请求结束时计入）。',
    },
    'gen-throughput': {
      title: '生成吞吐（引擎自报）',
      description: '调度器自身估算的生成吞吐，token/s，各 rank 求和。',
    },
    'prompt-tokens-rate': {
      title: '输入 token/s',
      description: '每秒已处理 prompt/prefill token 数。',
    },
    'total-tokens-rate': {
      title: '总 token/s',
      description: '每秒 prompt token 与生成 token 数之和。',
    },

    // ---- 延迟 ----
    ttft: {
      title: '首 token 延迟（TTFT）',
      description: 'TTFT p50/p95/p99：从请求进入到首 token 输出的时间。',
    },
    itl: {
      title: 'token 间延迟（ITL）',
      description: 'ITL p50/p95/p99：输出 token 之间的间隔，按 token 计。',
    },
    'e2e-latency': {
      title: '端到端请求延迟（E2E）',
      description: 'E2E p50/p95/p99：请求端到端延迟，从请求进入到最后一个 token。',
    },
    'queue-time': {
      title: '排队时间',
      description: '请求排队时间的 p50/p95/p99（在请求离开队列时记录）。',
    },
    'prefill-time': {
      title: 'Prefill 时间',
      description: '请求处于 prefill 阶段的时间。',
      notAvailable: 'SGLang 没有单请求 prefill 延迟指标；请看 TTFT、排队时间与 PD prefill 队列（以及请求阶段延迟）。',
    },
    'decode-time': {
      title: 'Decode 时间',
      description: '请求处于 decode 阶段的时间。',
      notAvailable: 'SGLang 没有单请求 decode 延迟指标；请看 ITL 与 PD decode 传输队列。',
    },
    'stage-latency': {
      title: '请求阶段延迟 p95',
      description: '请求各阶段（prefill waiting、prefill forward 等）延迟的 p95。',
    },
    'itl-mean': {
      title: '平均 token 间延迟',
      description: '输出 token 之间的平均间隔（histogram 总间隔 / token 数）。',
    },

    // ---- 饱和度 ----
    'running-requests': {
      title: '运行中请求',
      description: '正在运行请求数，各调度 rank 求和。2026 年 7 月 SGLang PR #31495 之前，PD 的 prefill 节点这里恒为 0。',
    },
    'waiting-requests': {
      title: '排队中请求',
      description: '等待队列请求数，各调度 rank 求和。',
    },
    'grammar-queue': {
      title: 'Grammar 队列',
      description: '等待 grammar 编译的请求数（SGLang 没有按原因拆分的等待请求数）。',
    },
    'kv-cache-usage': {
      title: 'KV cache（token）使用率',
      description: 'KV/token pool 的 token 使用率（sglang:token_usage），取各 rank 的平均值与最大值。',
    },
    'swa-token-usage': {
      title: 'SWA token 使用率',
      description: 'SWA layer 的 token 使用率（混合 SWA 模型；其他模型为 0）。',
    },
    'used-tokens': {
      title: '已用 KV token',
      description: '已使用 token 数，对应 KV/token pool 占用，各 rank 求和。',
    },
    preemptions: {
      title: '请求 retract',
      description: '每秒因 KV cache 满而被 retract 的请求数（SGLang 的 preemption）。',
    },
    'abort-error-rate': {
      title: '中止请求',
      description: '每秒 abort 请求数。',
    },

    // ---- 缓存 ----
    'prefix-cache-hit-rate': {
      title: 'Prefix cache 命中率',
      description: '调度器报告的 prefix（radix）cache 命中率，各 rank 取平均。',
    },
    'cached-prompt-tokens-share': {
      title: '命中缓存的 prompt token 占比',
      description: '命中 cache 的 prompt token 占全部 prompt token 的比例。',
    },
    'cached-tokens-by-source': {
      title: 'Cached token（按层级）',
      description: '按层级拆分的每秒命中缓存的 prompt token 数：device、host、storage。',
    },
    'external-prefix-cache-hit-rate': {
      title: '外部 prefix cache 命中率',
      description: '跨实例 prefix cache 的命中率。',
      notAvailable: 'SGLang 没有同名指标；PD / HiCache 场景请看 storage 与 KV transfer 相关面板。',
    },
    'mm-cache-hit-rate': {
      title: '多模态 encoder cache 命中率',
      description: 'encoder token 中由 encoder cache 提供的比例（EPD 编码服务器）。',
    },
    'hicache-host-usage': {
      title: 'HiCache host 内存使用率',
      description: 'host（CPU）KV cache 的使用比例。',
    },
    'hicache-storage-bandwidth': {
      title: 'HiCache storage 带宽',
      description: 'HiCache storage 层 prefetch 与 backup 的平均带宽，GB/s。',
    },

    // ---- 高级 ----
    'spec-acceptance-rate': {
      title: 'Draft 接受率',
      description: '调度器按 batch 报告的 draft 接受率：被接受的 draft / 提议的 draft。',
    },
    'spec-acceptance-length': {
      title: '平均接受长度',
      description: 'speculative decoding 平均 acceptance length：每次 verify step 接受的 token 数（被接受的 draft 加 bonus token）。',
    },
    'spec-per-position-acceptance': {
      title: '各 draft 位置接受率',
      description: '各 draft 位置上被接受的 draft 占比。',
      notAvailable: 'SGLang 没有按 draft 位置的接受率指标；请看接受率与接受长度 gauge。',
    },
    mfu: {
      title: 'MFU（模型算力利用率）',
      description: '每 GPU 估算 FLOP/s 除以所选 GPU 的峰值 FLOP/s。',
    },
    'flops-per-gpu': {
      title: '每 GPU 估算 FLOP/s',
      description: '每 GPU 每秒估算的浮点运算次数。',
    },
    'memory-bandwidth-per-gpu': {
      title: '每 GPU 估算内存带宽',
      description: '每 GPU 每秒估算的内存读字节数与写字节数之和。',
    },
    'kv-transfer-time': {
      title: 'KV transfer 延迟',
      description: 'prefill 与 decode 之间 KV cache 传输延迟的 p50/p95，ms。',
    },
    'kv-transfer-bandwidth': {
      title: 'KV transfer 速度',
      description: '单次 KV cache 传输的平均速度，GB/s。',
    },
    'kv-transfer-failures': {
      title: 'PD bootstrap / transfer 失败',
      description: '每秒 KV bootstrap 失败或 KV transfer 失败的请求数。',
    },
    'pd-queues': {
      title: 'PD 队列',
      description: 'prefill bootstrap/inflight queue 与 decode prealloc/transfer queue 中的请求数。',
    },
    'prefetch-backup-tokens': {
      title: '预取 / 备份 token/s',
      description: '每秒从 HiCache storage 层 prefetch 的 prompt token 数，以及 backup 到该层的 token 数。',
    },
    'structured-output-rate': {
      title: 'Structured output 请求/s',
      description: '每秒 structured output 请求数。',
    },
    'structured-output-share': {
      title: 'Structured output 占比',
      description: '已结束请求中使用 structured output 的比例。',
    },
    'grammar-cache-hit-rate': {
      title: 'Grammar cache 命中率',
      description: 'grammar 请求中命中 grammar cache 的比例。',
    },
    'grammar-abort-rate': {
      title: 'Grammar abort 率',
      description: 'grammar 请求中被 abort 的比例。',
    },
    'grammar-compile-time': {
      title: 'Grammar 编译耗时',
      description: 'grammar 编译耗时的 p50/p95。',
    },
    'lora-pool-usage': {
      title: 'LoRA adapter 池使用率',
      description: 'GPU 显存中 LoRA adapter 槽位的占用比例（1 = 池已满），各 rank 取最大值。',
    },
    'startup-time': {
      title: '各阶段启动耗时',
      description: 'engine 启动各阶段的耗时（权重加载、KV cache 分配等），取所选范围内最近一次启动的值。',
    },
    // ---- 分布（distributions.ts） ----
    'ttft-heatmap': {
      title: 'TTFT 热力图',
      description: '按 classic bucket 计算的各区间每秒速率随时间变化（颜色深浅）：首 token 落在哪个区间，例如缓存命中与未命中。',
    },
    'itl-heatmap': {
      title: 'ITL 热力图',
      description: '按 classic bucket 计算的各区间每秒速率随时间变化（颜色深浅）：相邻输出 token 之间的间隔。',
    },
    'e2e-heatmap': {
      title: 'E2E 延迟热力图',
      description: '按 classic bucket 计算的各区间每秒速率随时间变化（颜色深浅）：整个请求，从到达到最后一个 token。',
    },
    'queue-time-heatmap': {
      title: '排队时间热力图',
      description: '按 classic bucket 计算的各区间每秒速率随时间变化（颜色深浅）：在调度队列中等待的时间。',
    },
    'prompt-length-distribution': {
      title: 'Prompt 长度分布',
      description: '时间范围内各 prompt token 数区间的请求占比。',
    },
    'generation-length-distribution': {
      title: '生成长度分布',
      description: '时间范围内各生成 token 数区间的请求占比。',
    },
    // ---- 核心看板之外的指标族 ----
    'tokens-by-mode': {
      title: '按模式的 token 数',
      description: '每秒 token 数，按模式拆分：prefill 实际计算、prefill 命中缓存、decode。',
    },
    'kv-cache-tokens': {
      title: 'KV 池 token 槽位',
      description: 'KV cache 中使用中、可驱逐（radix 缓存）与空闲的 token 槽位，每个池（DP rank）取一个值。',
    },
    'kv-cache-capacity': {
      title: 'KV cache 容量',
      description: 'KV cache 池中的 token 槽位数（sglang:max_total_num_tokens），每个池（DP rank）取一个值后相加。',
    },
    'retracted-tokens': {
      title: '被撤回的 token',
      description: '每秒因 retraction 丢弃（之后重新计算）的输入与输出 token 数。',
    },
    'paused-requests': {
      title: '暂停的请求',
      description: '因异步权重同步而暂停的请求数。',
    },
    'prompt-vs-computed-tokens': {
      title: '单请求 prompt token 与实际计算 token',
      description: '单请求平均 prompt token 数，以及实际计算的未命中缓存 prompt token 数：差值由 radix cache 提供。',
    },
    'spec-verify-calls': {
      title: '投机解码验证调用',
      description: '每秒投机解码验证调用次数。',
    },
    'kv-transfer-setup-time': {
      title: 'KV 传输准备耗时',
      description: 'prefill 到 decode 传输的 bootstrap 耗时与 KV 分配耗时的 p95，单位 ms。',
    },
    'cuda-graph-passes': {
      title: '按 CUDA graph 使用情况的前向次数',
      description: '每秒前向次数，按 prefill / decode 是否使用 CUDA graph 拆分。',
    },
    'func-latency': {
      title: '函数耗时',
      description: 'tokenizer manager 中被计时函数耗时的 p50/p95，按函数名拆分（没有 model 标签）。',
    },
  },
  stats: {
    'request-rate': { title: '请求/s' },
    'output-tokens-rate': { title: '输出 token/s' },
    'ttft-p95': { title: '首 token 延迟 p95' },
    'itl-p95': { title: 'token 间延迟 p95' },
    'e2e-p95': { title: '端到端延迟 p95' },
    running: { title: '运行中' },
    waiting: { title: '排队中' },
    'kv-cache-usage': { title: 'KV 使用率（最大）' },
    'prefix-cache-hit-rate': { title: 'Prefix cache 命中率' },
    'abort-error-rate': { title: '中止占比' },
  },
};
