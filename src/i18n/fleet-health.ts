// Strings of the fleet-health fixes: SLO cells against the objective, capacity that
// left the fleet. Spread into en.ts and zh-CN.ts with one line each.

export const en = {
  fleetHealth: {
    sloMet: (v: string, objective: string) => `${v} meets the objective (${objective}).`,
    sloBelow: (v: string, objective: string, burn: string) => `${v} is below the objective (${objective}): the error budget goes ${burn}× as fast as it accrues over the range.`,
    sloPaging: (page: string) => ` At ${page}× or more a 1 h window pages.`,
    sloBetween: (lower: string, upper: string) => `≈: the threshold lies between the bucket bounds ${lower} and ${upper}; the share is interpolated between the shares at those bounds.`,
    left: (since: string) => `the last stopped reporting at ${since}. Their load and latency left the totals and quantiles: the tiles describe the instances that remain.`,
    leftShort: (down: number, seen: number) => `${down} of ${seen} instances down`,
    noDataBefore: (d: string) => `no data ${d} ago`,
    deltaTitle: (d: string) => `The mean over the range against the mean over the same range ${d} earlier; shares in percentage points; table cells likewise (counts get none). Red: the bad way for this metric; green: the good way.`,
  },
};

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
