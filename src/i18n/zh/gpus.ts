// The Chinese half of gpus.ts (the GPU layer): the same keys as its `en` (the type says so).
import type { en } from '../gpus';

export const zh: typeof en = {
  gpuSection: 'GPU（显卡）',
  gpuLoading: '正在查找 DCGM 导出器序列…',
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
  gpuFaultyFree: (n) => `其中 ${n} 块已停止服务（严重 XID 错误或行重映射失败，见“诊断”）：不是空闲算力，不计入空闲成本。`,
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
    'gpu-util-heatmap': { title: 'GPU 利用率热力图', description: '每块 GPU 的 DCGM_FI_DEV_GPU_UTIL 随时间变化，按节点分组；每行标出占用该 GPU 的 pod，无 pod 占用时标为"空闲"；已停止服务的 GPU（严重 XID、行重映射失败）标出其故障（"XID 79"），不标为"空闲"。' },
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
