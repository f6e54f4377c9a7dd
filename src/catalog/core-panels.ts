// The logical panels every engine has (docs/url-contract.md, panel ids): the same ids on vLLM and SGLang, so a
// comparison (A/B, vLLM vs SGLang) and the e2e checks can name them once.
export const CORE_PANEL_IDS = [
  'request-rate',
  'output-tokens-rate',
  'prompt-tokens-rate',
  'ttft',
  'itl',
  'e2e-latency',
  'queue-time',
  'running-requests',
  'waiting-requests',
  'kv-cache-usage',
  'preemptions',
  'prefix-cache-hit-rate',
] as const;
