// The Chinese half of fleet-health.ts (the fleet health): the same keys as its `en` (the type says so).
import type { en } from '../fleet-health';

export const zh: typeof en = {
  fleetHealth: {
    sloMet: (v: string, objective: string) => `${v} 达到目标（${objective}）。`,
    sloBelow: (v: string, objective: string, burn: string) => `${v} 低于目标（${objective}）：在所选区间内错误预算的消耗速度是其累积速度的 ${burn} 倍。`,
    sloPaging: (page: string) => `1 小时窗口达到 ${page} 倍及以上即告警（page）。`,
    sloBetween: (lower: string, upper: string) => `≈：阈值位于 bucket 边界 ${lower} 与 ${upper} 之间，占比由这两个边界处的占比线性插值得到。`,
    left: (since: string) => `最后一个于 ${since} 停止上报。它们的负载和延迟已不计入总量和分位数：统计卡片只反映仍在运行的实例。`,
    leftShort: (down: number, seen: number) => `${seen} 个实例中 ${down} 个已下线`,
    noDataBefore: (d: string) => `${d}前无数据`,
    deltaTitle: (d: string) => `本区间的平均值与 ${d}前同长度区间的平均值相比；占比以百分点（pp）计。红色：该指标变差的方向；绿色：变好的方向。`,
  },
};
