// `npm run demo`: simulated engines + a real Prometheus (with 3 h of backfilled history) + the
// dashboard's Vite dev server, then prints the URL to open. Ctrl-C stops all and cleans up.
// `--topology sharded|federated` puts several Prometheus servers in front of the engines instead
// (scripts/lib/topology.ts; docs/scaling.md).
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { ENGINE_USAGE, engineArgs, leFormatArg, numArg, parseArgs, profileArg } from '../sim/cli-args.ts';
import { DEFAULT_MODELS } from '../sim/engines/presets.ts';
import { DEFAULT_INSTANCES } from '../sim/fleet.ts';
import { FEATURES } from '../sim/index.ts';
import { withScenarioPeers } from '../sim/scenarios/index.ts';
import { GPU_USAGE, gpuArgs } from './lib/gpu-args.ts';
import { startTopologyStack, TOPOLOGIES, type Topology, type TopologyStack } from './lib/topology.ts';
import { routerDemoOptions, ROUTER_USAGE } from './lib/router-demo.ts';

const USAGE = `Usage: npm run demo -- [flags]
  --port 5173              dashboard (Vite dev server) port
  --prom-port 9090         Prometheus port
${ENGINE_USAGE}
                           (e.g. --engines vllm,sglang,lmdeploy,trtllm; one scrape job per engine, named after it)
  --features ''            'all' or a comma list of: ${FEATURES.join(', ')}
                           (opt-in, not in 'all': extra-family = families no catalog knows)
  --profile default        default | legacy | underscore | nim (vLLM unprefixed) | early (SGLang ≈0.4);
                           legacy/early: LMDeploy ≈0.10, trtllm-serve's first (unprefixed) collector
  --le-format python       histogram le spelling: python ("1.0") | int ("1", as Prometheus 3 stores it)
  --backfill-minutes 180   history to backfill before going live (0 = none)
  --scrape-interval 5s --load 1 --seed 42
  --no-exemplars           engines serve no exemplars, Prometheus stores none (default: both on)
  --scenario kv-bound      a bottleneck on purpose (sim/scenarios; all instances or name@model,…)
  --backend prometheus     prometheus | victoria-metrics (topology single only)
  --topology single        single | sharded (2 hashmod shards remote_write into VictoriaMetrics)
                           | federated (2 cluster servers, a global one federating them);
                           the extra servers take the ports after --prom-port; live data only
${GPU_USAGE}
${ROUTER_USAGE}`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), ['help', 'no-exemplars', 'gpus']);
  if (args.has('help')) {
    console.log(USAGE);
    return;
  }
  const backend = args.get('backend') ?? 'prometheus';
  if (backend !== 'prometheus' && backend !== 'victoria-metrics') throw new Error('--backend must be prometheus or victoria-metrics');
  const topology = (args.get('topology') ?? 'single') as Topology;
  if (!TOPOLOGIES.includes(topology)) throw new Error(`--topology must be one of ${TOPOLOGIES.join(', ')}`);
  if (topology !== 'single' && args.get('backend') !== undefined) throw new Error('--backend applies to --topology single only');
  const port = numArg(args, 'port') ?? 5173;
  const log = (l: string): void => console.log(l);
  let stack: TopologyStack | null = null;
  let vite: ViteDevServer | null = null;
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await vite?.close();
    await stack?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    console.log(topology === 'single' ? 'starting simulated engines and Prometheus (backfilling history first)…' : `starting simulated engines and the ${topology} topology…`);
    const router = routerDemoOptions(args, topology);
    // `--scenario outlier` brings the peers it is judged against (two servers per model).
    const engines = withScenarioPeers(engineArgs(args), args.get('scenario'), (router.models ?? DEFAULT_MODELS).length, DEFAULT_INSTANCES);
    stack = await startTopologyStack({
      topology,
      promPort: numArg(args, 'prom-port') ?? 9090,
      engines,
      features: args.get('features'),
      profile: profileArg(args),
      leFormat: leFormatArg(args),
      backfillMinutes: numArg(args, 'backfill-minutes'),
      scrapeInterval: args.get('scrape-interval'),
      seed: numArg(args, 'seed'),
      load: numArg(args, 'load'),
      scenario: args.get('scenario'),
      backend,
      exemplars: !args.has('no-exemplars'),
      gpus: gpuArgs(args),
      ...router,
      log,
    });
    if (stopping) return;
    const root = fileURLToPath(new URL('..', import.meta.url));
    vite = await createServer({ root, configFile: `${root}vite.config.ts`, server: { port, host: '127.0.0.1', strictPort: true } });
    await vite.listen();
    for (const s of stack.servers) console.log(`${s.role.padEnd(18)} ${s.url}`);
    console.log(`\nThe board reads: ${stack.promUrl}`);
    console.log(`Targets:    ${stack.simTargets.join(', ')}`);
    console.log(`\nOpen: http://127.0.0.1:${port}/?prom=${stack.promUrl}\n(Ctrl-C to stop)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop(1);
  }
}

void main();
