// The demo's router flags: `--router epp|production-stack|sgl-router|dynamo` and its options.
import type { ParsedArgs } from '../../sim/cli-args.ts';
import { numArg } from '../../sim/cli-args.ts';
import { DEFAULT_MODELS } from '../../sim/engines/presets.ts';
import { EPP_GENERATIONS, parseEppGeneration, parsePolicy, parseRouterKind, parseTenants, POLICIES, ROUTER_KINDS, SGL_FORMS } from '../../sim/routers/index.ts';
import type { StackOptions } from './stack.ts';

export const ROUTER_USAGE = `  --router none            simulated routers in front of the engines (comma list): ${ROUTER_KINDS.join(' | ')}
                           (each scraped as a job named after it; one model unless --models)
  --router-policy round-robin   ${POLICIES.join(' | ')} (skewed: 85 % to the first server)
                           (--scenario router-skew: an EPP with the skewed policy unless --router is given)
  --router-port 19220      the router's metrics port
  --epp-generation llm-d-0.9    ${EPP_GENERATIONS.join(' | ')}
  --sgl-form 2025          ${SGL_FORMS.join(' | ')} (smg also serves /engine_metrics, scraped as "router-engine-metrics")
  --tenants ''             EPP tenant mix, id:share[:priority] list, e.g. acme:0.6:1,globex:0.3,initech:0.1
                           (fairness_id/priority labels, flow control; 5 % of requests carry no id)
                           (--scenario noisy-tenant: the first tenant floods, the others queue and are rejected;
                           brings an EPP and acme:0.6,globex:0.3,initech:0.1 unless given)`;

export function routerDemoOptions(args: ParsedArgs, topology: string): Pick<StackOptions, 'router' | 'models'> {
  // `--scenario router-skew` brings its router: the EPP (it reports TTFT, and joins by pod), skewed.
  const scenarios = (args.get('scenario') ?? '').split(',').map((s) => s.trim().split('@')[0]);
  const skew = scenarios.includes('router-skew');
  const noisy = scenarios.includes('noisy-tenant');
  const kind = args.get('router') ?? (skew || noisy ? 'epp' : undefined);
  const tenantSpec = args.get('tenants') ?? (noisy ? 'acme:0.6,globex:0.3,initech:0.1' : undefined);
  const tenants = tenantSpec ? parseTenants(tenantSpec) : undefined;
  if (kind === undefined || kind === 'none') return {};
  if (topology !== 'single') throw new Error('--router applies to --topology single only');
  const sglForm = args.get('sgl-form') ?? '2025';
  if (sglForm !== '2025' && sglForm !== 'smg') throw new Error(`--sgl-form must be one of ${SGL_FORMS.join(', ')}`);
  const models = args.get('models')?.split(',').map((m) => m.trim()).filter(Boolean);
  const port = numArg(args, 'router-port') ?? 19220;
  return {
    // Several (`--router production-stack,epp`): the first splits the stream, the others report it.
    router: kind.split(',').map((k, i) => ({
      kind: parseRouterKind(k.trim()),
      port: port + i,
      policy: parsePolicy(args.get('router-policy') ?? (skew ? 'skewed' : 'round-robin')),
      eppGeneration: parseEppGeneration(args.get('epp-generation') ?? 'llm-d-0.9'),
      sglForm,
      ...(tenants ? { tenants, noisyTenant: noisy } : {}),
    })),
    // A router splits one model's traffic across that model's servers: one model unless told.
    models: models && models.length > 0 ? models : DEFAULT_MODELS.slice(0, 1),
  };
}
