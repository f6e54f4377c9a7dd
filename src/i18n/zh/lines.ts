// The Chinese half of lines.ts: the same keys as its `en` (the type says so).
import type { LinesText } from '../lines';

const zh_: LinesText = {
  shown: (n) => `${n} 个 exemplar（圆点）：带 trace ID 的请求。`,
  clickHint: '点击圆点或曲线上的点查看其 trace。',
  point: (line, time, value) => `${line} 在 ${time} 的值：${value}。`,
  asksAbove: (bound, share) => `搜索此步长内慢于 ${bound}（该值所在 bucket 的下界）的请求：包含最慢的 ${share}，以及一些较快的请求。`,
  asksAboveNoShare: (bound) => `搜索此步长内慢于 ${bound}（该值所在 bucket 的下界）的请求。`,
  asksAll: '该值位于第一个 bucket：搜索此步长内的全部请求。',
  peaks: (n) => `各曲线的最高点（${n}）：trace 搜索`,
  slo: (objective, value) => `SLO 目标：${objective} ≤ ${value}`,
};

export const zh = { lines: zh_ };
