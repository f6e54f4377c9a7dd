// Simplified Chinese text of the vLLM catalog (the derived catalogs reuse it: index.ts).
import type { CatalogText } from './types';

export const vllmZh: CatalogText = {
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
