// `npm run export`: the board as a Grafana or Perses dashboard file, with the names this backend
// has, every expression checked against it first (src/export, the module the header's Export menu uses).
import { writeFileSync } from 'node:fs';
import { numArg, parseArgs } from '../sim/cli-args.ts';
import { engineIdList, isEngineId } from '../src/catalog/index.ts';
import { EXPORT_FORMATS, ExportInputError, exportDashboard, type ExportFormat } from '../src/export/index.ts';
import { createPrometheusClient, detectScrapeInterval, formatPromDuration, rateInterval } from '../src/prometheus/index.ts';

const USAGE = `Usage: npm run export -- --prom URL --engine ID --format ${EXPORT_FORMATS.join('|')} [flags]
  --prom URL              the Prometheus-compatible API base the board reads
  --engine ID             ${engineIdList()}
  --format F              grafana (classic JSON), perses (Dashboard JSON), perses-cr (PersesDashboard YAML)
  --out FILE              write here instead of stdout
  --header 'Name: value'  an HTTP header for the backend (repeatable), e.g. 'Authorization: Bearer …'
  --rate-window 1m        the board's rate window, for the check and recorded series (default 4 × the scrape interval)
  --gpu-peak FLOPS        the GPU peak FLOP/s MFU divides by (without it, MFU is left out)
  --slo-ttft S --slo-itl S --slo-e2e S   SLO thresholds (seconds): threshold lines where they sit on a bucket bound`;

/** `--header` may repeat; parseArgs keeps the last of a flag, so headers are read here. */
function headersOf(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  argv.forEach((a, i) => {
    const v = a === '--header' ? argv[i + 1] : a.startsWith('--header=') ? a.slice('--header='.length) : undefined;
    if (v === undefined) return;
    const colon = v.indexOf(':');
    if (colon <= 0) throw new ExportInputError(`--header must be 'Name: value', got "${v}"`);
    out[v.slice(0, colon).trim()] = v.slice(colon + 1).trim();
  });
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv, ['help']);
  if (args.has('help')) {
    console.log(USAGE);
    return;
  }
  const prom = args.get('prom');
  const engine = args.get('engine');
  const format = args.get('format');
  if (!prom) throw new ExportInputError(`--prom is required\n${USAGE}`);
  if (engine === undefined || !isEngineId(engine)) throw new ExportInputError(`--engine must be ${engineIdList()}\n${USAGE}`);
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw new ExportInputError(`--format must be ${EXPORT_FORMATS.join(', ')}\n${USAGE}`);
  const client = createPrometheusClient({ baseUrl: prom, headers: headersOf(argv), timeoutMs: 30_000 });
  let rate = args.get('rate-window');
  if (!rate) {
    const scrape = (await detectScrapeInterval(client).catch(() => null))?.seconds ?? 15;
    rate = formatPromDuration(rateInterval({ stepSec: scrape, scrapeIntervalSec: scrape }));
  }
  const slo = { ttft: numArg(args, 'slo-ttft') ?? null, itl: numArg(args, 'slo-itl') ?? null, e2e: numArg(args, 'slo-e2e') ?? null };
  const r = await exportDashboard({
    client,
    engine,
    format: format as ExportFormat,
    rateInterval: rate,
    gpuPeakFlops: numArg(args, 'gpu-peak') ?? null,
    slo: { thresholds: slo, objective: 0.99 },
  });
  const out = args.get('out');
  if (out) writeFileSync(out, r.text);
  else process.stdout.write(r.text);
  const panels = r.plan.sections.reduce((n, s) => n + s.items.length, 0);
  console.error(`export: ${out ? `wrote ${out}: ` : ''}${panels} panels, ${r.checked} queries checked, ${r.plan.dropped.length} left out`);
  for (const d of r.plan.dropped) console.error(`  left out: ${d.section} › ${d.title}: ${d.reason}`);
}

main().catch((err: unknown) => {
  const known = err instanceof ExportInputError || (err instanceof Error && err.name === 'PrometheusError');
  const msg = err instanceof Error ? err.message : String(err);
  // One line: the reason, first line only (usage follows on stderr for a bad flag).
  console.error(`export: ${known ? msg.split('\n')[0] : msg}`);
  if (known && msg.includes('\n')) console.error(msg.slice(msg.indexOf('\n') + 1));
  process.exit(1);
});
