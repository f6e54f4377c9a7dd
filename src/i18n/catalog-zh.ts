// Simplified Chinese text of the engine catalogs (panel titles, descriptions, "not available"
// explanations and stat tile titles), keyed by engine and panel / stat id. Descriptions reuse
// the 含义 column of seed-metrics-guide.zh.md where it has the metric. Metric names, PromQL and
// flags stay as they are; `enabledBy` is a flag and is not translated. i18n.test.ts checks that
// every catalog id has an entry here and that no entry is stale.
import { lmdeployCatalog } from '../catalog/lmdeploy/catalog';
import { trtllmCatalog } from '../catalog/trtllm/catalog';
import type { EngineCatalog, EngineId } from '../catalog/types';

export interface PanelText {
  title: string;
  description: string;
  notAvailable?: string;
}

export interface CatalogText {
  panels: Record<string, PanelText>;
  stats: Record<string, { title: string }>;
}

const vllm: CatalogText = {
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
      description: '每秒结束的请求数（vllm:request_success 统计所有结束原因）。',
    },
    'finished-reasons': {
      title: '结束请求（按原因）',
      description: '每秒成功结束的请求数，按结束原因（stop、length、abort、error、repetition）分类。',
    },
    'request-prompt-length': {
      title: '单请求 prompt 长度',
      description: '单请求 prompt（prefill）token 数分布的 p50/p95。',
    },
    'request-generation-length': {
      title: '单请求生成长度',
      description: '单请求 generation token 数分布的 p50/p95。',
    },
    'http-requests-by-status': {
      title: 'HTTP 请求（按状态码）',
      description: 'API server 每秒响应数，按状态码类别拆分（没有 model 标签：只随实例筛选）。',
    },
    'corrupted-requests': {
      title: '损坏请求',
      description: '每秒 logits 出现 NaN 的请求数。',
    },

    // ---- 吞吐 ----
    'output-tokens-rate': {
      title: '输出 token/s',
      description: '每秒生成 token 数。',
    },
    'prompt-tokens-rate': {
      title: '输入 token/s',
      description: '每秒处理的 prefill/prompt token 数。',
    },
    'total-tokens-rate': {
      title: '总 token/s',
      description: '每秒 prompt token 与生成 token 数之和。',
    },
    'tokens-per-step': {
      title: '每个 engine step 的 token 数',
      description: '每次 engine step 处理 token 数（实际计算的 prompt token 加生成 token）分布的 p50/p95。',
    },

    // ---- 延迟 ----
    ttft: {
      title: '首 token 延迟（TTFT）',
      description: 'TTFT p50/p95/p99：从请求进入到首 token 输出的时间。',
    },
    itl: {
      title: 'token 间延迟（ITL）',
      description: 'ITL p50/p95/p99：相邻输出 token 间隔。',
    },
    'e2e-latency': {
      title: '端到端请求延迟（E2E）',
      description: 'E2E p50/p95/p99：单请求端到端延迟，从请求进入到最后一个 token。',
    },
    'queue-time': {
      title: '排队时间',
      description: '请求处于 waiting 阶段时间的 p50/p95/p99。',
    },
    'prefill-time': {
      title: 'Prefill 时间',
      description: '请求处于 prefill 阶段时间的 p50/p95。',
    },
    'decode-time': {
      title: 'Decode 时间',
      description: '请求处于 decode 阶段时间的 p50/p95。',
    },
    tpot: {
      title: '每输出 token 耗时（TPOT，按请求）',
      description: '单请求平均每输出 token 耗时的 p50/p95/p99。',
    },
    'phase-time-mean': {
      title: '请求各阶段平均耗时',
      description: '每个已结束请求在排队、prefill、decode 阶段的平均耗时。',
    },

    // ---- 饱和度 ----
    'running-requests': {
      title: '运行中请求',
      description: '正在执行 batch 中的请求数。',
    },
    'waiting-requests': {
      title: '排队中请求',
      description: '等待调度的请求数，包含 capacity waiting 与 deferred。',
    },
    'waiting-by-reason': {
      title: '排队中请求（按原因）',
      description: 'capacity = 因调度容量不足等待；deferred = 因 LoRA 预算、KV transfer 或 blocked 等瞬时限制推迟。',
    },
    'kv-cache-usage': {
      title: 'KV cache 使用率',
      description: 'KV cache 使用率（已占用 block 的比例，1 表示 100%），取各 engine 的平均值与最大值。',
    },
    preemptions: {
      title: '抢占（preemption）',
      description: '每秒 preemption 次数：为释放 KV cache 而被移出 batch 的请求。',
    },
    'abort-error-rate': {
      title: '中止与出错请求',
      description: '每秒以 abort 或 error 原因结束的请求数。',
    },

    // ---- 缓存 ----
    'prefix-cache-hit-rate': {
      title: 'Prefix cache 命中率',
      description: 'prefix cache 查询的 prompt token 中命中的比例（命中 token 数 / 查询 token 数）。',
    },
    'external-prefix-cache-hit-rate': {
      title: '外部 prefix cache 命中率',
      description: '经 KV connector 查询跨实例外部 prefix cache 的 token 中命中的比例。',
    },
    'cached-prompt-tokens-share': {
      title: '命中缓存的 prompt token 占比',
      description: '命中 cache 的 prompt token 占全部 prompt token 的比例（local + external）。',
    },
    'mm-cache-hit-rate': {
      title: '多模态 cache 命中率',
      description: '多模态 item 在 多模态处理器缓存（MM processor cache）中的命中比例。',
    },
    'prompt-tokens-by-source': {
      title: 'Prompt token（按来源）',
      description: '按来源拆分的每秒 prompt token 数：本地计算、本地 cache 命中、外部 KV transfer。',
    },
    'kv-block-lifetime': {
      title: 'KV block 生命周期',
      description: 'KV block 从分配到 eviction 的生命周期的 p50/p95/p99（抽样）。',
    },
    'kv-block-idle-before-evict': {
      title: 'KV block 驱逐前空闲时间',
      description: 'KV block 在 eviction 前 idle 时间的 p50/p95/p99（抽样）。',
    },
    'kv-block-reuse-gap': {
      title: 'KV block 复用间隔',
      description: '同一 KV block 连续访问之间间隔的 p50/p95/p99（抽样）。',
    },

    // ---- 高级 ----
    'spec-acceptance-rate': {
      title: 'Draft 接受率',
      description: '被接受的 draft token 数 / draft token 数。',
    },
    'spec-acceptance-length': {
      title: '平均接受长度',
      description: '每次 draft 产出的 token 数：1 + 被接受的 draft token 数 / draft 次数。',
    },
    'spec-per-position-acceptance': {
      title: '各 draft 位置接受率',
      description: '各 draft 位置上 token 被接受的 draft 占比。',
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
      title: 'NIXL 传输时间',
      description: 'NIXL KV transfer 时间的 p50/p95。',
    },
    'kv-transfer-failures': {
      title: 'NIXL 失败',
      description: '每秒 NIXL transfer 失败数、notification 失败数，以及 KV 过期请求数。',
    },
    'kv-transfer-bandwidth': {
      title: 'NIXL 传输吞吐',
      description: '每秒 NIXL KV transfer 传输的字节数（取自传输字节数 histogram 的 sum）。',
    },
    'kv-offload-throughput': {
      title: 'KV offload 吞吐',
      description: '每秒从 KV offload 层加载和写入 KV offload 层的字节数。',
    },
    'prefetch-backup-tokens': {
      title: '预取 / 备份 token/s',
      description: '每秒从存储层 prefetch 的 token 数与 backup 到存储层的 token 数。',
      notAvailable: 'vLLM 没有通用的 prefetch/backup token 指标；请看 KV offload 吞吐与 KV connector 相关面板。',
    },
    'lora-adapters': {
      title: '运行中的 LoRA adapter',
      description: '最近一次 LoRA 调度更新中的 adapter 组合（vllm:lora_requests_info；值为 1 表示当前状态）。',
    },
    'sleep-state': {
      title: '引擎 sleep 状态',
      description: '各状态的引擎数：awake (1)、sleep level 1（权重 offload）、sleep level 2（丢弃全部状态）。',
    },
    'websocket-connections': {
      title: '实时 WebSocket 连接',
      description: 'realtime STT WebSocket 活跃连接数，以及每秒新建连接数。',
    },
    'websocket-duration': {
      title: 'WebSocket 连接时长',
      description: 'realtime STT WebSocket 连接持续时间的 p50/p95。',
    },
    diffusion: {
      title: 'Diffusion 解码',
      description: '每秒 denoising step 数、被评估的 canvas position 数与最终 committed token 数（diffusion LM）。',
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
      description: '按 classic bucket 计算的各区间每秒速率随时间变化（颜色深浅）：等待调度的时间。',
    },
    'prompt-length-distribution': {
      title: 'Prompt 长度分布',
      description: '时间范围内各 prompt token 数区间的请求占比。',
    },
    'generation-length-distribution': {
      title: '生成长度分布',
      description: '时间范围内各生成 token 数区间的请求占比。',
    },
    'max-tokens-distribution': {
      title: '请求的 max_tokens',
      description: '按 max_tokens 参数划分的请求占比（仅统计设置了该参数的请求）。',
    },
    'max-generation-tokens-distribution': {
      title: '生成 token 预算',
      description: '按请求最多可生成的 token 数划分的请求占比：max_tokens，未设置时为剩余上下文长度。',
    },
    'n-distribution': {
      title: '每请求补全数（n）',
      description: '按 n 参数（并行采样的补全数）划分的请求占比。',
    },
    // ---- 核心看板之外的指标族 ----
    'tool-call-parser': {
      title: 'Tool-call parser 调用',
      description: '每秒 tool-call parser 调用次数，按 mode 与 outcome 拆分（非流式：每个 choice 一次；流式：每个 delta 一次）。',
    },
    'inference-time': {
      title: '推理耗时',
      description: '请求处于运行状态（prefill 加 decode，从被调度到最后一个 token）耗时的 p50/p95/p99。',
    },
    'kv-cache-config': {
      title: 'KV cache 容量（按配置）',
      description:
        '各 KV cache 配置下的 engine 数（vllm:cache_config_info）。以 token 计的容量 = num_gpu_blocks × block_size' +
        '（较新 engine 直接给出 kv_cache_size_tokens）；最大并发 = 可容纳的 max_model_len 长度请求数。',
    },
    'prompt-vs-computed-tokens': {
      title: '单请求 prompt token 与实际计算 token',
      description: '单请求平均 prompt token 数，以及 prefill 中实际计算的 prompt token 数：差值由 prefix cache 或 KV connector 提供。',
    },
    'kv-transfer-post-time': {
      title: 'NIXL 传输提交耗时',
      description: '提交一次 NIXL KV cache 传输耗时的 p50/p95。',
    },
    'kv-transfer-descriptors': {
      title: '每次 NIXL 传输的 descriptor 数',
      description: '每次 NIXL KV cache 传输 descriptor 数的 p50/p95。',
    },
    'hf3fs-duration': {
      title: 'HF3FS 保存 / 加载耗时',
      description: 'HF3FS KV cache 保存与加载耗时的 p95。',
    },
    'hf3fs-failures': {
      title: 'HF3FS 失败',
      description: '每秒失败的 HF3FS KV cache 保存与加载次数。',
    },
    'mooncake-operations': {
      title: 'Mooncake store 操作',
      description: '每秒 Mooncake store 操作数，按操作类型与状态拆分。',
    },
    'mooncake-latency': {
      title: 'Mooncake store 操作耗时',
      description: 'Mooncake store 通信耗时的 p95，按操作类型拆分。',
    },
    'mooncake-throughput': {
      title: 'Mooncake store 吞吐',
      description: 'Mooncake store 操作每秒传输的字节数，按操作类型拆分。',
    },
    'mooncake-keys': {
      title: 'Mooncake store key 数',
      description: '每秒各操作涉及的 store key 数，以及失败的 key 数。',
    },
    // ---- 2026 年新版本的指标族 ----
    'request-priority-distribution': {
      title: '请求优先级',
      description: '所选时间范围内结束请求按优先级取值的占比（优先级调度）。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'admission-rejections': {
      title: '准入拒绝',
      description: '前端因队列上限（请求数或 token 数）已满而拒绝的每秒请求数，按原因拆分。',
    },
    'preemptions-per-request': {
      title: '单请求抢占次数',
      description: '所选时间范围内结束请求按被抢占次数的占比（0.30 及以上）。',
    },
    'queue-pressure': {
      title: '调度队列压力',
      description: '等待请求数除以 max_num_seqs，按原因（capacity、deferred）拆分；超过 1 表示队列已超过一个满批次。取各引擎最大值。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'prefix-cache-block-hit-rate': {
      title: '前缀缓存命中率（按块）',
      description: '以 KV 块计的前缀缓存命中数除以查询数，与按 token 计的命中率并列。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'prefix-cache-blocks': {
      title: '前缀缓存中的块数',
      description: '前缀缓存持有的 KV 块数，各引擎求和。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'structured-output-cache-hit-rate': {
      title: '结构化输出缓存命中率',
      description: '结构化输出（grammar）编译中由缓存提供的占比。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'sleep-resources': {
      title: '各资源的休眠状态',
      description: '各资源状态下的引擎数：调度器运行或暂停，权重常驻或已卸载，KV cache 常驻或已释放。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'eplb-rebalances': {
      title: '专家重平衡（EPLB）',
      description: '专家并行负载均衡器每秒的重平衡次数，以及当前是否正在重平衡。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'worker-step-time': {
      title: 'Worker 单步耗时',
      description: 'Worker 整个 step 与模型前向的耗时 p50/p95，按 phase 拆分。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
    },
    'worker-proposer-time': {
      title: 'Draft proposer 耗时',
      description: '投机解码 proposer 在每个 worker step 中耗时的 p50/p95，按 phase 拆分。晚于 vLLM 0.29 的版本，尚未在正式发布版上验证。',
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
    'abort-error-rate': { title: '中止 + 出错占比' },
  },
};

const sglang: CatalogText = {
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

/**
 * The text of a catalog derived from another by re-prefixing (catalog/derive.ts): the source's entries
 * for the ids the catalog kept, metric names re-prefixed, the engine's own entries over them, and
 * "no such metric" for the core panels it lacks.
 */
function reprefixedText(catalog: EngineCatalog<string>, source: CatalogText, [from, prefix]: readonly [string, string], own: CatalogText): CatalogText {
  const to = (t: string): string => t.split(from).join(prefix);
  const panels: Record<string, PanelText> = {};
  for (const p of catalog.panels) {
    const e = own.panels[p.id] ?? source.panels[p.id];
    if (!e) continue;
    panels[p.id] = { title: e.title, description: to(e.description), ...(p.notAvailable ? { notAvailable: `${catalog.label} 没有此指标。` } : {}) };
  }
  const stats: CatalogText['stats'] = {};
  for (const s of catalog.stats) {
    const e = own.stats[s.id] ?? source.stats[s.id];
    if (e) stats[s.id] = e;
  }
  return { panels, stats };
}

const lmdeploy = reprefixedText(lmdeployCatalog, vllm, ['vllm:', 'lmdeploy:'], {
  panels: { 'prefix-cache-hit-rate': { title: 'Prefix cache 命中率', description: '引擎的 prefix cache 命中率 gauge，取各 rank 的平均值。' } },
  stats: {},
});

const trtllm = reprefixedText(trtllmCatalog, vllm, ['vllm:', 'trtllm_'], {
  panels: { 'prefix-cache-hit-rate': { title: 'Prefix cache 命中率', description: '引擎的 KV 缓存块复用命中率 gauge，取各服务器的平均值。' } },
  stats: {},
});

export const catalogZh: Record<EngineId, CatalogText> = { vllm, sglang, lmdeploy, trtllm };
