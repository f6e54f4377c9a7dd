// Kubernetes-style identity of the simulated engine servers: the namespace and pod a cluster's
// service discovery would attach to each target. Shared by the simulated routers and GPU exporter.
export const SIM_NAMESPACE = 'llm';

/** Pod of the `index`-th (0-based) server of an engine, e.g. `vllm-server-0`. */
export function simPodName(engine: string, index: number): string {
  return `${engine}-server-${index}`;
}
