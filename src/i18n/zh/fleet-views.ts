// The Chinese half of fleet-views.ts (the fleet views): the same keys as its `en` (the type says so).
import type { en } from '../fleet-views';

export const zh: typeof en = {
  fleetViews: {
    abCaption: (label: string) =>
      `按 ${label}：B 相对 A，相对差异最大者在前。分位数（p50、p95、p99）按整个区间计算，与“模型”表相同；其他行为面板曲线在区间内的平均值。`,
    abOverRange: '整个区间：区间内全部请求的分位数（即“模型”表的数值），而非曲线的平均值。',
    abOverMean: '面板曲线在区间内的平均值。',
    abSmall: (floor: string) => `差值小于 ${floor}：无论比例多大，都排在差值较大的行之后。`,
    abSuggestions: (n: number) => `区间内出现过 ${n} 个取值；输入以选择，多个值用英文逗号分隔。`,
    heatmapScale: '每个 bucket 的请求数/秒',
    columnsShown: (n: number, total: number) => `此宽度下显示 ${total} 列中的 ${n} 列；完整看板显示全部列。`,
  },
};
