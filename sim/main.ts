// `npm run sim`: start the simulated engine servers alone (vLLM and SGLang unless --engines says
// otherwise), for pointing any Prometheus at.
import { ENGINE_USAGE, engineArgs, leFormatArg, numArg, parseArgs, profileArg } from './cli-args.ts';
import { FEATURES } from './engines/presets.ts';
import { startSim } from './index.ts';
import { SCENARIOS } from './scenarios/index.ts';

const USAGE = `Usage: npm run sim -- [flags]
  --host 127.0.0.1         listen address
${ENGINE_USAGE}
  --models a,b             model names, assigned round-robin
  --features ''            'all' or a comma list of: ${FEATURES.join(', ')}
                           (opt-in, not in 'all': extra-family = families no catalog knows)
  --profile default        default | legacy | underscore | nim (vLLM unprefixed) | early (SGLang ≈0.4);
                           legacy/early: LMDeploy ≈0.10, trtllm-serve's first (unprefixed) collector
  --le-format python       histogram le spelling: python ("1.0") | int ("1", as Prometheus 3 stores it)
  --load 1                 load multiplier
  --scenario kv-bound      a bottleneck on purpose (all instances, or name@model,…): ${SCENARIOS.join(', ')}
  --seed 42                PRNG seed
  --exemplars              trace_id exemplars on the latency histograms, served to OpenMetrics scrapes`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), ['help', 'exemplars']);
  if (args.has('help')) {
    console.log(USAGE);
    return;
  }
  const sim = await startSim({
    host: args.get('host'),
    engines: engineArgs(args),
    models: args.get('models')?.split(',').map((m) => m.trim()).filter(Boolean),
    features: args.get('features'),
    profile: profileArg(args),
    leFormat: leFormatArg(args),
    load: numArg(args, 'load'),
    scenario: args.get('scenario'),
    seed: numArg(args, 'seed'),
    exemplars: args.has('exemplars'),
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
