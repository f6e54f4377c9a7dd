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
