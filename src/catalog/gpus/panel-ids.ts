// The GPUs section's panel ids, apart from the panels' PromQL so the boot path can tell
// `panel=gpu-…` (one GPU panel alone) without loading them.

export type GpuPanelId = 'gpu-util-heatmap' | 'gpu-util' | 'gpu-activity' | 'gpu-framebuffer' | 'gpu-power' | 'gpu-temperature' | 'gpu-clocks' | 'gpu-xid' | 'opencost';
export const GPU_PANEL_IDS: readonly GpuPanelId[] = ['gpu-util-heatmap', 'gpu-util', 'gpu-activity', 'gpu-framebuffer', 'gpu-power', 'gpu-temperature', 'gpu-clocks', 'gpu-xid', 'opencost'];

/** The GPUs by instance table (columns.ts, `gpuInstancePanel`). */
export const GPU_INSTANCES_ID = 'gpu-instances';

/** Whether `panel=<id>` names a panel of the GPUs section (the table or a chart). */
export const isGpuPanelId = (id: string): boolean => id === GPU_INSTANCES_ID || (GPU_PANEL_IDS as readonly string[]).includes(id);
