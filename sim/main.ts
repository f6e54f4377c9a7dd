// `npm run sim`: start the simulated vLLM and SGLang servers alone, for pointing any Prometheus at.
import { leFormatArg, numArg, parseArgs, profileArg } from './cli-args.ts';
import { FEATURES } from './engines/presets.ts';
import { startSim } from './index.ts';

const USAGE = `Usage: npm run sim -- [flags]
  --host 127.0.0.1         listen address
  --vllm-port 8000         first vLLM port (instances take consecutive ports)
  --sglang-port 30000      first SGLang port
  --vllm-instances 2       number of vLLM servers (the 2nd has 2 data-parallel engines)
  --sglang-instances 2     number of SGLang servers (the 2nd runs DP attention, 2 ranks)
  --models a,b             model names, assigned round-robin
  --features ''            'all' or a comma list of: ${FEATURES.join(', ')}
                           (opt-in, not in 'all': extra-family = families no catalog knows)
  --profile default        default | legacy | underscore | nim (vLLM unprefixed) | early (SGLang ≈0.4)
  --le-format python       histogram le spelling: python ("1.0") | int ("1", as Prometheus 3 stores it)
  --load 1                 load multiplier
  --seed 42                PRNG seed`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), ['help']);
  if (args.has('help')) {
    console.log(USAGE);
    return;
  }
  const sim = await startSim({
    host: args.get('host'),
    vllmPort: numArg(args, 'vllm-port'),
    sglangPort: numArg(args, 'sglang-port'),
    vllmInstances: numArg(args, 'vllm-instances'),
    sglangInstances: numArg(args, 'sglang-instances'),
    models: args.get('models')?.split(',').map((m) => m.trim()).filter(Boolean),
    features: args.get('features'),
    profile: profileArg(args),
    leFormat: leFormatArg(args),
    load: numArg(args, 'load'),
    seed: numArg(args, 'seed'),
    log: (l) => console.log(l),
  });
  console.log(`sim: ${sim.targets.length} targets up; Ctrl-C to stop`);
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(2);
});
