// Interface strings of the GPU layer: the GPUs section, the join statement, cost.
// Spread into en.ts and zh-CN.ts, so the type check proves both languages have every key.
type PanelText = { title: string; description: string };

export const en = {
  gpuSection: 'GPUs',
  gpuLoading: 'Looking for DCGM exporter series…',
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
  gpuFaultyFree: (n: number) => `${n === 1 ? '1 of them is' : `${n} of them are`} out of service (a critical XID or a row-remap failure, see Diagnosis): not idle capacity, and left out of the idle cost.`,
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
      description: 'DCGM_FI_DEV_GPU_UTIL per GPU over time, grouped by node; each row is labelled with the pod holding the GPU, or "idle" when no pod holds it; a GPU out of service (a critical XID, a row-remap failure) is labelled with its fault ("XID 79"), never "idle".',
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
