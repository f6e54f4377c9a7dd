// `npm run rules`: writes the inferwatch rules pack (recording rules, alerts, SLO burn rates) for
// one engine, with names resolved against a backend when --prom is given.
import { writeFileSync } from 'node:fs';
import { numArg, parseArgs } from '../sim/cli-args.ts';
import { ENGINES, engineIdList, isEngineId } from '../src/catalog/index.ts';
import { createPrometheusClient } from '../src/prometheus/index.ts';
import { generateRules, leSeriesNames, RulesInputError, sloMetrics, type GenerateOptions, type SloMetric, type SloSettings } from '../src/rules/index.ts';

const USAGE = `Usage: npm run rules -- --engine ${ENGINES.map((e) => e.id).join('|')} [flags]
  --prom URL             resolve metric names and bucket bounds against this backend
  --out FILE             write here instead of stdout
  --slo-ttft SECONDS     SLO thresholds (each must be a bucket bound): burn-rate alerts
  --slo-itl SECONDS
  --slo-e2e SECONDS
  --slo-objective 0.99   fraction that must meet the thresholds (default 0.99)
  --gpus                 add the GPU rules (DCGM joined to the engine instances; docs/gpus.md)
  --routers              add the router rules (with --prom: the routers found there; else every family; docs/routing.md)
  --rate-window 1m       window of the recorded rates (default 1m; 4 × the scrape interval)
  --runbook-base URL     where runbook_url points: an http(s) URL or a relative path (default docs/alerts.md)
  --for DURATION         override every alert's "for" (testing)`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), ['help', 'gpus', 'routers']);
  if (args.has('help')) {
    console.log(USAGE);
    return;
  }
  const engine = args.get('engine');
  if (engine === undefined || !isEngineId(engine)) throw new RulesInputError(`--engine must be ${engineIdList()}\n${USAGE}`);
  const slo: SloSettings = {};
  for (const m of ['ttft', 'itl', 'e2e', 'objective'] as const) {
    const v = numArg(args, `slo-${m}`);
    if (v !== undefined) slo[m] = v;
  }
  const opts: GenerateOptions = { engine, slo, gpus: args.has('gpus'), routers: args.has('routers') };
  const runbook = args.get('runbook-base');
  if (runbook) opts.runbookBase = runbook;
  const rateWindow = args.get('rate-window');
  if (rateWindow) opts.rateWindow = rateWindow;
  const forOverride = args.get('for');
  if (forOverride) opts.forOverride = forOverride;
  const prom = args.get('prom');
  if (prom) {
    const client = createPrometheusClient({ baseUrl: prom, timeoutMs: 30_000 });
    opts.metricNames = await client.metricNames();
    const series = leSeriesNames(engine, opts.metricNames, sloMetrics(slo));
    const le: Partial<Record<SloMetric, string[]>> = {};
    for (const [m, name] of Object.entries(series) as [SloMetric, string][]) {
      le[m] = await client.labelValues('le', { match: [`{__name__="${name}"}`] });
    }
    opts.leValues = le;
  }
  const r = generateRules(opts);
  const out = args.get('out');
  if (out) {
    writeFileSync(out, r.yaml);
    const count = r.groups.reduce((n, g) => n + g.rules.length, 0);
    console.error(`wrote ${out}: ${r.groups.length} groups, ${count} rules`);
  } else {
    process.stdout.write(r.yaml);
  }
  for (const n of r.notes) console.error(`note: ${n}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof RulesInputError || (err instanceof Error && err.name === 'PrometheusError') ? `rules: ${err.message}` : err);
  process.exit(1);
});
