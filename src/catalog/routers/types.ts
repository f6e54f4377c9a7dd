// Router and gateway catalogs as data (docs/routing.md): which stored names play which part, the
// label that names an engine endpoint, and the shape of its values (how they map to the engine's
// own `instance` or `pod`). A role lists alternatives in order of preference: the first whose name
// the backend holds is used, so a router that emits old and new names at once (the llm-d EPP's dual
// emission) is read under one prefix only, never both.

/** How an endpoint label's values relate to the engine's own series. */
export type EndpointShape =
  /** `http://10.0.0.5:8000` (scheme, trailing `/`, `@<dp rank>` stripped) → the engine's `instance`. */
  | 'url'
  /** A Kubernetes pod name → the engine's `pod` (and `namespace` when the router's series has it). */
  | 'pod'
  /** `<pod>-rank-<i>` → `pod` after stripping the rank suffix. */
  | 'pod-rank'
  /** An opaque id no metric maps to a pod or address (Dynamo's `worker_id`): never joined. */
  | 'opaque';

export interface RouterSeries {
  /** Stored name (histograms: the base name, without `_bucket`). */
  name: string;
  /** Extra matchers, e.g. `status="success"`. */
  matcher?: string;
  /** The label naming the engine endpoint (per-endpoint roles only). */
  endpoint?: string;
  shape?: EndpointShape;
  /** Histograms in milliseconds: divide by 1000 for seconds. */
  scale?: number;
  /** What this name tells (shown in the column's tooltip), e.g. "queue the EPP last scraped". */
  note?: string;
  /** A 0–1 fraction of capacity (flow-control saturation), not a count of requests. */
  saturation?: boolean;
}

/** Roles a router family may fill; a role it lacks is left out, and the section says so. */
export interface RouterRoles {
  /** Requests the router took in (counter). */
  requests?: RouterSeries[];
  /** Requests the router failed (counter). */
  errors?: RouterSeries[];
  /** End-to-end and first-token latency measured at the router (histograms). */
  e2e?: RouterSeries[];
  ttft?: RouterSeries[];
  /** Time the router itself spends per request (histogram). */
  overhead?: RouterSeries[];
  /** Queue or flow-control saturation at the router (gauge). */
  queue?: RouterSeries[];
  /** Per endpoint: requests sent (counter): the router's share of traffic. */
  routed?: RouterSeries[];
  /** Per endpoint: requests the router has in flight (gauge). */
  inflight?: RouterSeries[];
  /** Per endpoint: health (1 healthy, 0 not; smg parks removed workers at −1). */
  health?: RouterSeries[];
}

export interface RouterCatalog {
  id: string;
  label: string;
  /** Any of these names present means the router is (the first match names the generation). */
  detect: ReadonlyArray<{ name: string; generation?: string }>;
  roles: RouterRoles;
  /** Said in the section when the family cannot be joined at all, or only by model. */
  joinNote?: string;
}

export type RouterRole = keyof RouterRoles;
