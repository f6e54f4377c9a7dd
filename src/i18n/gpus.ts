// Interface strings of the GPU layer: the GPUs section, the join statement, cost.
// Spread into en.ts and zh-CN.ts, so the type check proves both languages have every key.
type PanelText = { title: string; description: string };

export const en = {
  gpuSection: 'GPUs',
  gpuJoin: (matched: number, total: number, how: string) => `GPU join: ${matched} of ${total} instances, ${how}.`,
  gpuJoinByPod: 'by pod (the engine series carry namespace/pod)',
  gpuJoinByIp: 'by IP (instance → kube_pod_info pod_ip, hostNetwork pods left out)',
  gpuJoinByNode: 'by node (the engine series’ node label = the GPUs’ Hostname; one engine and one GPU holder per node)',
  gpuJoinMixed: (pod: number, ip: number, node: number) => `${pod} by pod, ${ip} by IP through kube_pod_info, ${node} by node`,
  gpuJoinNone: (total: number) =>
    `GPU join: none of the ${total} engine instances matched a GPU. The engine series carry no namespace/pod labels matching a GPU's holder, instance IPs match no kube_pod_info pod that holds GPUs, and no engine node label names a GPU node with one engine and one GPU holder. GPU columns are left out of the tables; the charts below still show every GPU.`,
  gpuLabelsExported: 'DCGM labels: exported_pod / exported_namespace (honor_labels off; pod is the exporter’s own).',
  gpuLabelsPod: 'DCGM labels: pod / namespace as the exporter wrote them (honor_labels on).',
  gpuLabelsMixed: 'DCGM labels: both forms (scrape jobs differ in honor_labels): exported_pod where Prometheus renamed it, else pod as written; each GPU is read in its own form.',
  gpuInventory: (n: number, list: string) => `${n} GPUs: ${list}.`,
  gpuUnattributed: (n: number) => `${n} GPUs are held by no pod (idle; the exporter labels them with its own pod): never counted for an engine.`,
  gpuIdleEngines: (n: number) => `${n} GPUs belong to engine instances that produced no token in this range: paid for, unused.`,
  gpuShared: (n: number, holders: number) =>
    `${n === 1 ? 'One GPU is' : `${n} GPUs are`} shared by ${holders} engines (MIG or time slicing): per-engine figures double-count ${n === 1 ? 'it' : 'them'} (GPUs, GPU-seconds, cost); the GPU total above counts each GPU once.`,
  gpuIdleCost: (usd: string) => `Their cost: ${usd} per hour.`,
  gpuPricesMissing: (models: string) => `No price for ${models}: the $/1M columns leave those GPUs out. Set config.json "gpuPrices" or type a price below.`,
  gpuPriceLabel: (model: string) => `Dollars per GPU-hour, ${model}`,
  gpuPricesTitle: 'GPU prices ($ per GPU-hour)',
  gpuPriceFromConfig: 'from config.json',
  gpuOpenCost: 'OpenCost series are present: its llm_cost_per_million_tokens is shown below as OpenCost computes it; the $/1M columns are the board’s own (GPU prices here × GPUs held ÷ tokens).',
  gpuAbsent:
    'No GPU exporter series on this backend. For measured GPU utilisation, power and cost per token, deploy NVIDIA’s dcgm-exporter (github.com/NVIDIA/dcgm-exporter) and scrape it; see docs/gpus.md.',
  gpuMfuNote: 'MFU (Advanced) is the engine’s own estimate; the activity chart here is what DCGM measures.',
  gpuIdleRow: 'idle',
  gpuInstancesPanel: {
    title: 'GPUs by instance',
    description: 'The GPUs each engine instance holds (through the join above), what they did and what they cost. Cells that stand out from the same model’s other instances are marked.',
  },
  seriesHeatmap: {
    table: (n: number) => `Table: ${n} rows`,
    row: 'Row',
    mean: 'Mean',
    max: 'Max',
    last: 'Last',
    caption: (title: string, n: number) => `${title}: ${n} rows, mean, max and last value over the range`,
  },
  gpuPanels: {
    'gpu-util-heatmap': {
      title: 'GPU utilisation heatmap',
      description: 'DCGM_FI_DEV_GPU_UTIL per GPU over time, grouped by node; each row is labelled with the pod holding the GPU, or "idle" when no pod holds it.',
    },
    'gpu-util': { title: 'GPU utilisation by GPU', description: 'DCGM_FI_DEV_GPU_UTIL: share of time a kernel ran, per GPU (not how much of the GPU it used).' },
    'gpu-activity': { title: 'GPU activity (all GPUs)', description: 'Mean over all GPUs of graphics-engine, SM (only with a custom counter set), tensor-pipe and DRAM activity (DCGM_FI_PROF_*).' },
    'gpu-framebuffer': { title: 'GPU memory used', description: 'DCGM_FI_DEV_FB_USED per GPU. Engines preallocate their KV pool, so this stays high on a busy or idle engine.' },
    'gpu-power': { title: 'GPU power', description: 'DCGM_FI_DEV_POWER_USAGE per GPU, watts.' },
    'gpu-temperature': { title: 'GPU temperature', description: 'DCGM_FI_DEV_GPU_TEMP per GPU.' },
    'gpu-clocks': { title: 'SM clock', description: 'DCGM_FI_DEV_SM_CLOCK per GPU.' },
    'gpu-xid': { title: 'XID errors', description: 'DCGM_FI_DEV_XID_ERRORS: the last XID error code, shown only where it is not 0 (e.g. 79: GPU fell off the bus).' },
    opencost: { title: 'OpenCost $/1M tokens', description: 'llm_cost_per_million_tokens as OpenCost exports it, by model, phase and cost basis.' },
  } satisfies Record<string, PanelText>,
};

export const zh: typeof en = {
  gpuSection: 'GPU（显卡）',
  gpuJoin: (matched, total, how) => `GPU 关联：${total} 个实例中 ${matched} 个，${how}。`,
  gpuJoinByPod: '按 pod（引擎序列带 namespace/pod 标签）',
  gpuJoinByIp: '按 IP（instance → kube_pod_info 的 pod_ip，不含 hostNetwork pod）',
  gpuJoinByNode: '按节点（引擎序列的 node 标签 = GPU 的 Hostname；每节点一个引擎实例、一个 GPU 持有者）',
  gpuJoinMixed: (pod, ip, node) => `${pod} 个按 pod，${ip} 个经 kube_pod_info 按 IP，${node} 个按节点`,
  gpuJoinNone: (total) =>
    `GPU 关联：${total} 个引擎实例均未匹配到 GPU。引擎序列没有与 GPU 持有者相符的 namespace/pod 标签，instance 的 IP 也不对应任何持有 GPU 的 kube_pod_info pod，引擎的 node 标签也没有指向只有一个引擎、一个 GPU 持有者的 GPU 节点。表格不加 GPU 列；下方图表仍显示所有 GPU。`,
  gpuLabelsExported: 'DCGM 标签：exported_pod / exported_namespace（honor_labels 关闭；pod 是导出器自身）。',
  gpuLabelsPod: 'DCGM 标签：导出器写出的 pod / namespace（honor_labels 开启）。',
  gpuLabelsMixed: 'DCGM 标签：两种形式并存（各抓取任务的 honor_labels 不同）：被 Prometheus 改名处读 exported_pod，其余读原样的 pod；每块 GPU 按其自身形式读取。',
  gpuInventory: (n, list) => `${n} 块 GPU：${list}。`,
  gpuUnattributed: (n) => `${n} 块 GPU 不被任何 pod 占用（空闲；导出器给它们标上自己的 pod），不计入任何引擎。`,
  gpuIdleEngines: (n) => `${n} 块 GPU 属于本时段内未产出任何 token 的引擎实例：付了钱却没用上。`,
  gpuShared: (n, holders) => `${n} 块 GPU 由 ${holders} 个引擎共享（MIG 或时间片）：各引擎的数字会重复计算（GPU 数、GPU 秒、成本）；上方 GPU 总数每块只计一次。`,
  gpuIdleCost: (usd) => `其成本：每小时 ${usd}。`,
  gpuPricesMissing: (models) => `${models} 没有价格：$/1M 列不计这些 GPU。请在 config.json 设置 "gpuPrices"，或在下方输入价格。`,
  gpuPriceLabel: (model) => `每 GPU 小时美元价格，${model}`,
  gpuPricesTitle: 'GPU 价格（美元 / GPU 小时）',
  gpuPriceFromConfig: '来自 config.json',
  gpuOpenCost: '存在 OpenCost 序列：下方按 OpenCost 的计算显示 llm_cost_per_million_tokens；$/1M 列是本看板自己的计算（此处 GPU 价格 × 占用 GPU 数 ÷ token 数）。',
  gpuAbsent: '此后端没有 GPU 导出器序列。如需实测的 GPU 利用率、功耗和每 token 成本，请部署 NVIDIA dcgm-exporter（github.com/NVIDIA/dcgm-exporter）并抓取，见 docs/gpus.md。',
  gpuMfuNote: 'MFU（高级）是引擎自己的估计；这里的活动图是 DCGM 的实测值。',
  gpuIdleRow: '空闲',
  gpuInstancesPanel: { title: '各实例的 GPU', description: '每个引擎实例（经上方关联）占用的 GPU、其工作情况与成本。与同模型其他实例相比突出的单元格会被标出。' },
  seriesHeatmap: {
    table: (n) => `表格：${n} 行`,
    row: '行',
    mean: '均值',
    max: '最大',
    last: '最新',
    caption: (title, n) => `${title}：${n} 行，时段内的均值、最大值和最新值`,
  },
  gpuPanels: {
    'gpu-util-heatmap': { title: 'GPU 利用率热力图', description: '每块 GPU 的 DCGM_FI_DEV_GPU_UTIL 随时间变化，按节点分组；每行标出占用该 GPU 的 pod，无 pod 占用时标为"空闲"。' },
    'gpu-util': { title: '各 GPU 利用率', description: 'DCGM_FI_DEV_GPU_UTIL：每块 GPU 有 kernel 运行的时间占比（不是用掉了多少算力）。' },
    'gpu-activity': { title: 'GPU 活动（全部 GPU）', description: '全部 GPU 的图形引擎、SM（仅自定义计数器集）、Tensor 管线和显存接口活动的均值（DCGM_FI_PROF_*）。' },
    'gpu-framebuffer': { title: 'GPU 显存占用', description: '每块 GPU 的 DCGM_FI_DEV_FB_USED。引擎预分配 KV 池，因此忙闲时都偏高。' },
    'gpu-power': { title: 'GPU 功耗', description: '每块 GPU 的 DCGM_FI_DEV_POWER_USAGE，瓦。' },
    'gpu-temperature': { title: 'GPU 温度', description: '每块 GPU 的 DCGM_FI_DEV_GPU_TEMP。' },
    'gpu-clocks': { title: 'SM 时钟', description: '每块 GPU 的 DCGM_FI_DEV_SM_CLOCK。' },
    'gpu-xid': { title: 'XID 错误', description: 'DCGM_FI_DEV_XID_ERRORS：最近一次 XID 错误码，仅显示非 0 的（如 79：GPU 从总线掉线）。' },
    opencost: { title: 'OpenCost 每百万 token 成本', description: 'OpenCost 导出的 llm_cost_per_million_tokens，按模型、阶段和成本口径。' },
  },
};

/** Chinese titles of the GPU table columns, by column id (spread into COLUMN_ZH). */
export const GPU_COLUMN_ZH: Record<string, string> = {
  'gpu-count': 'GPU 数',
  'gpu-util': 'GPU 利用率',
  'gpu-memory': 'GPU 显存',
  'gpu-power': 'GPU 功耗',
  'tok-per-gpu-s': 'Tok/GPU·s',
  'tok-per-joule': 'Tok/J',
  'usd-per-1m-output': '$/百万输出 tok',
  'usd-per-1m-total': '$/百万 tok',
};
