// Interface strings of exemplars and trace links (src/dashboard/traces/), spread into en.ts and zh-CN.ts.

export interface TracesText {
  /** Tooltip title of an exemplar dot. */
  exemplar: string;
  value: string;
  time: string;
  traceId: string;
  clickHint: string;
  /** The one-line explanation under a latency panel. */
  shown: (n: number) => string;
  noStorage: string;
  noOpenMetrics: string;
  noneInRange: (newest: string) => string;
  unsupported: string;
  notAsked: string;
  failed: (message: string) => string;
  loading: string;
  sampled: string;
  notConfigured: string;
  /** The list of exemplars (keyboard access to what the dots show). */
  listSummary: (n: number) => string;
  openTrace: string;
  openSearch: string;
  /** What was selected (a cell or an exemplar) and what the search can bound. */
  selected: (time: string, range: string) => string;
  boundAttribute: string;
  boundDuration: string;
  boundDurationLower: string;
  boundTimeOnly: string;
  clearSelection: string;
}

const en_: TracesText = {
  exemplar: 'Exemplar',
  value: 'Value',
  time: 'Time',
  traceId: 'Trace id',
  clickHint: 'Click for trace links',
  shown: (n) => `${n} exemplar${n === 1 ? '' : 's'} (dots): requests with a trace id. Click a dot or a cell for its traces.`,
  noStorage: 'No exemplars: this Prometheus stores none (start it with --enable-feature=exemplar-storage).',
  noOpenMetrics:
    'No exemplars: the engines serve none for this metric (a target must answer OpenMetrics with trace_id exemplars; vLLM and SGLang cannot today, an OTel spanmetrics connector can).',
  noneInRange: (newest) => `No exemplars in this range; the newest stored is from ${newest}.`,
  unsupported: 'No exemplars: this backend has no /api/v1/query_exemplars.',
  notAsked: 'No exemplars asked: VictoriaMetrics answers query_exemplars without the CORS headers a browser on another origin needs.',
  failed: (m) => `Exemplars could not be read: ${m}`,
  loading: 'Looking for exemplars…',
  sampled: 'Traces are sampled: none found does not mean no request.',
  notConfigured: 'Set "traces" in config.json to open traces from here.',
  listSummary: (n) => `Exemplars (${n})`,
  openTrace: 'Open trace',
  openSearch: 'Open traces for these requests',
  selected: (time, range) => `Selected: ${time}, ${range}.`,
  boundAttribute: 'The search bounds the span attribute of this latency.',
  boundDuration: 'The search bounds the request span’s duration (E2E).',
  boundDurationLower: 'Jaeger bounds only span duration (E2E): the search asks for requests longer than the bucket’s lower bound.',
  boundTimeOnly: 'No span attribute holds this latency: the search covers the time slice only.',
  clearSelection: 'Clear',
};

export const en = { traces: en_ };
