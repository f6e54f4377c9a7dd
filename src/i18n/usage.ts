// Interface strings of the usage windows (requests and tokens per model over 1 h, 24 h, 7 d), in
// the Diagnosis region. Spread into en.ts and zh-CN.ts.
export const en = {
  usage: {
    title: 'Usage: last hour, day and week',
    caption: (end: string) => `Requests and tokens (prompt + generated) per model, counted with increase() up to ${end}.`,
    model: 'Model',
    requests: (w: string) => `Requests, ${w}`,
    tokens: (w: string) => `Tokens, ${w}`,
    windows: { '1h': '1 h', '24h': '24 h', '7d': '7 d' },
    partial: (held: string) => `only ${held} of data`,
    partialNote: 'A window longer than the history the backend holds counts only that history (marked).',
    none: 'No requests in the last week.',
    loading: 'Counting…',
    failed: (why: string) => `Usage unavailable: ${why}`,
  },
};

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
