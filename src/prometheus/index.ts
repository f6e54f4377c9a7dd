// Public API of the Prometheus client module: the only code in the app that talks HTTP.
export type * from './types';
export {
  PrometheusError,
  isAbortError,
  isPrometheusError,
  type PrometheusErrorKind,
} from './errors';
export { validateBaseUrl, describeUrl, type BaseUrlCheck } from './base-url';
export { canAskStatus, detectBackendKind, isCrossOrigin, type BackendKind } from './backend-kind';
export {
  createPrometheusClient,
  fetchMetricNames,
  isUnsupported,
  type LabelQuery,
  type PrometheusClient,
  type PrometheusClientOptions,
  type QueryAnswer,
  type RangeQueryAnswer,
  type TimeBounds,
} from './client';
export { graphUrl, type GraphRange } from './graph-url';
export {
  decodeExemplars,
  exemplarsOptions,
  readExemplarsKey,
  exemplarStorageOptions,
  hasExemplarStorage,
  type Exemplar,
  type ExemplarsParams,
} from './exemplars';
export { parseSampleValue } from './sample-value';
export { toColumnar, type ColumnarMatrix } from './columnar';
export { approveBackend, startDataWorker } from './worker/transport';
export {
  MAX_POINTS,
  NICE_STEPS_SEC,
  alignRange,
  computeStep,
  formatPromDuration,
  parsePromDuration,
  rateInterval,
  type StepInput,
} from './step';
export {
  detectScrapeInterval,
  globalScrapeIntervalFromYaml,
  intervalFromMatrix,
  intervalFromSamples,
  scrapeIntervalFromSamples,
  type DetectOptions,
  type ScrapeInterval,
} from './scrape-interval';
export {
  alertRulesOptions,
  alertsOptions,
  backendKindOptions,
  backendOfKey,
  endpointOfKey,
  apiPathOfEndpoint,
  bucketBoundsOptions,
  instantQueryOptions,
  labelNamesOptions,
  labelValuesOptions,
  metadataOptions,
  metricNamesOptions,
  prometheusKeys,
  rangeQueryOptions,
  readQueryKey,
  scrapeIntervalFromSamplesOptions,
  scrapeIntervalOptions,
  shouldRetry,
  type BucketBoundsParams,
  type InstantQueryParams,
  type LabelNamesParams,
  type LabelValuesParams,
  type MetricNamesParams,
  type QueryKeyParts,
  type RangeQueryParams,
  type ScrapeIntervalParams,
} from './query-options';
