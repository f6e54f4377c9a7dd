// The Chinese half of usage.ts (the usage windows): the same keys as its `en` (the type says so).
import type { en } from '../usage';

export const zh: typeof en = {
  usage: {
    title: '用量：最近 1 小时、1 天、1 周',
    caption: (end: string) => `每个模型的请求数与 token 数（prompt + 生成），以 increase() 统计至 ${end}。`,
    model: '模型',
    requests: (w: string) => `请求数（${w}）`,
    tokens: (w: string) => `token 数（${w}）`,
    windows: { '1h': '1 小时', '24h': '24 小时', '7d': '7 天' },
    partial: (held: string) => `仅有 ${held} 的数据`,
    partialNote: '窗口长于后端保存的历史时，只统计已有的历史（已标注）。',
    none: '最近一周没有请求。',
    loading: '统计中…',
    failed: (why: string) => `用量不可用：${why}`,
  },
};
