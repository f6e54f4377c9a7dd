// `npm run demo -- --gpus [--dcgm-labels pod|exported] [--engine-identity pod|ip|none] [--dcgm-port N]`.
import type { ParsedArgs } from '../../sim/cli-args.ts';
import { DCGM_LABEL_FORMS, type DcgmLabelForm, type EngineIdentity, type GpuStackOptions } from './gpu-stack.ts';

export const GPU_USAGE = `  --gpus                   add simulated DCGM exporters (one per node) and kube-state-metrics
  --dcgm-labels exported   exported (exported_pod, honor_labels off) | pod (honor_labels on)
  --engine-identity pod    pod (namespace/pod target labels on the engines) | ip (instance = pod IP) | none
  --dcgm-port 9400         first exporter port (one per node, kube-state-metrics after them)`;

const IDENTITIES: readonly EngineIdentity[] = ['pod', 'ip', 'none'];

export function gpuArgs(args: ParsedArgs): GpuStackOptions | undefined {
  const given = ['dcgm-labels', 'engine-identity', 'dcgm-port'].filter((f) => args.has(f));
  if (!args.has('gpus')) {
    if (given.length) throw new Error(`--${given[0] ?? ''} needs --gpus`);
    return undefined;
  }
  const labels = args.get('dcgm-labels') ?? 'exported';
  if (!(DCGM_LABEL_FORMS as readonly string[]).includes(labels)) throw new Error(`--dcgm-labels must be pod or exported, got "${labels}"`);
  const identity = args.get('engine-identity') ?? 'pod';
  if (!(IDENTITIES as readonly string[]).includes(identity)) throw new Error(`--engine-identity must be pod, ip or none, got "${identity}"`);
  const port = Number(args.get('dcgm-port') ?? 9400);
  if (!Number.isInteger(port) || port <= 0) throw new Error('--dcgm-port must be a port number');
  return { labels: labels as DcgmLabelForm, engineIdentity: identity as EngineIdentity, port };
}
