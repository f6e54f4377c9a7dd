// The Chinese half of traces.ts: the same keys as its `en` (the type says so).
import type { TracesText } from '../traces';

const zh_: TracesText = {
  exemplar: 'Exemplar 样本',
  value: '值',
  time: '时间',
  traceId: 'Trace 标识',
  clickHint: '点击查看 trace 链接',
  shown: (n) => `${n} 个 exemplar（圆点）：带 trace ID 的请求。点击圆点或单元格查看其 trace。`,
  noStorage: '无 exemplar：此 Prometheus 未存储 exemplar（需以 --enable-feature=exemplar-storage 启动）。',
  noOpenMetrics:
    '无 exemplar：引擎未为此指标提供 exemplar（target 须以 OpenMetrics 格式返回带 trace_id 的 exemplar；vLLM 与 SGLang 目前无法提供，OTel spanmetrics connector 可以）。',
  noneInRange: (newest) => `此时间范围内无 exemplar；已存储的最新一个来自 ${newest}。`,
  unsupported: '无 exemplar：此后端没有 /api/v1/query_exemplars。',
  notAsked: '未请求 exemplar：VictoriaMetrics 对 query_exemplars 的响应不带跨源浏览器所需的 CORS 头。',
  failed: (m) => `无法读取 exemplar：${m}`,
  loading: '正在查找 exemplar…',
  sampled: 'Trace 是采样的：找不到不代表没有请求。',
  notConfigured: '在 config.json 中设置 "traces" 即可从这里打开 trace。',
  listSummary: (n) => `Exemplar 样本（${n}）`,
  openTrace: '打开 trace',
  openSearch: '打开这些请求的 trace',
  selected: (time, range) => `已选：${time}，${range}。`,
  boundAttribute: '搜索按该延迟的 span 属性限定范围。',
  boundDuration: '搜索按请求 span 的时长（E2E）限定范围。',
  boundDurationLower: 'Jaeger 只能按 span 时长（E2E）搜索：只查找时长超过该 bucket 下界的请求。',
  boundTimeOnly: '没有 span 属性记录此延迟：搜索只限定时间段。',
  clearSelection: '清除',
};

export const zh = { traces: zh_ };
