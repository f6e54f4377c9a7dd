// The lifetime rates' start, the form before against the one the board asks now, on a real
// Prometheus: `npx tsx scripts/lifetime-compare.ts --prom http://127.0.0.1:9090 [--time <unix s>]
// [--ranges 900,3600] [--metrics a,b]` (metrics default: the counters of the lifetime-rate columns
// the backend has). For each metric and range it prints, per instance, how far the two lifetimes
// are apart (the new start is the first subquery step at which the instance reports; the old one
// the sample's own time at that step, so the new lifetime is shorter by less than one step, and
// equal once the instance is older than the range), the largest change of the per-instance rate,
// and both queries' times. Exits 1 if a lifetime differs by a step or more, or the other way.
// docs/performance.md, "Lifetime rates".
import { lifetimeSeconds } from '../src/catalog/lifetime-rate.ts';
import { lifetimeWindowFor } from '../src/catalog/promql.ts';
import { parseArgs } from '../sim/cli-args.ts';

const INSTANCE = 'cluster, job, instance';
const DEFAULT_METRICS = [
  'vllm:request_success_total',
  'vllm:generation_tokens_total',
  'vllm:num_preemptions_total',
  'sglang:num_requests_total',
  'sglang:generation_tokens_total',
  'llm_d_epp_request_total',
  'inference_objective_request_total',
  'vllm:num_incoming_requests_total',
];

/** The form before this change (kept here only to compare against). */
const oldLifetime = (sel: string): string =>
  `max by (${INSTANCE}) (clamp_min(clamp_max(time() - min_over_time(timestamp(${sel})[$__lifetime_window]), $__range_seconds), 1))`;

const expand = (tpl: string, range: number): string => tpl.replaceAll('$__range_seconds', String(range)).replaceAll('$__lifetime_window', lifetimeWindowFor(range));

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function instant(prom: string, query: string, time: number): Promise<{ byInstance: Map<string, number>; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${prom}/api/v1/query`, { method: 'POST', body: new URLSearchParams({ query, time: String(time) }) });
  const body = (await res.json()) as { status: string; error?: string; data?: { result: Sample[] } };
  const ms = performance.now() - t0;
  if (body.status !== 'success' || !body.data) throw new Error(`${query}: ${body.error ?? res.status}`);
  const byInstance = new Map<string, number>();
  for (const s of body.data.result) byInstance.set(`${s.metric.cluster ?? ''}/${s.metric.job ?? ''}/${s.metric.instance ?? ''}`, Number(s.value[1]));
  return { byInstance, ms };
}

async function present(prom: string, name: string, time: number): Promise<boolean> {
  const { byInstance } = await instant(prom, `count(last_over_time(${name}[7d]))`, time);
  return byInstance.size > 0;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const prom = args.get('prom');
  if (!prom) throw new Error('--prom <url> is required');
  const time = Number(args.get('time') ?? Date.now() / 1000);
  const ranges = (args.get('ranges') ?? '900,3600').split(',').map(Number);
  const wanted = args.get('metrics')?.split(',') ?? DEFAULT_METRICS;
  const metrics: string[] = [];
  for (const m of wanted) if (await present(prom, m, time)) metrics.push(m);
  if (metrics.length === 0) throw new Error(`none of ${wanted.join(', ')} at ${prom}`);

  let bad = 0;
  console.log('metric | range s | step s | instances | younger than the range | max old−new lifetime s | max |Δrate|/rate | old ms | new ms');
  for (const m of metrics) {
    for (const range of ranges) {
      const step = Number(/:(\d+)s$/.exec(lifetimeWindowFor(range))?.[1]);
      const old = await instant(prom, expand(oldLifetime(m), range), time);
      const now = await instant(prom, expand(lifetimeSeconds(m), range), time);
      const rate = (life: string) => `sum by (${INSTANCE}) (increase(${m}[${range}s]) / on (${INSTANCE}) group_left () ${expand(life, range)})`;
      const oldRate = await instant(prom, rate(oldLifetime(m)), time);
      const newRate = await instant(prom, rate(lifetimeSeconds(m)), time);
      let young = 0;
      let maxDiff = 0;
      let maxRel = 0;
      for (const [inst, o] of old.byInstance) {
        const n = now.byInstance.get(inst);
        if (n === undefined) {
          console.log(`  ${inst}: missing from the new form`);
          bad++;
          continue;
        }
        if (o < range) young++;
        const d = o - n;
        maxDiff = Math.max(maxDiff, Math.abs(d));
        if (d < -1e-6 || d >= step) {
          console.log(`  ${inst}: old ${o} s, new ${n} s (step ${step} s)`);
          bad++;
        }
        const [ro, rn] = [oldRate.byInstance.get(inst), newRate.byInstance.get(inst)];
        if (ro !== undefined && rn !== undefined && ro > 0) maxRel = Math.max(maxRel, Math.abs(rn - ro) / ro);
      }
      if (now.byInstance.size !== old.byInstance.size) bad++;
      console.log(`${m} | ${range} | ${step} | ${old.byInstance.size} | ${young} | ${maxDiff.toFixed(3)} | ${(maxRel * 100).toFixed(2)} % | ${old.ms.toFixed(0)} | ${now.ms.toFixed(0)}`);
    }
  }
  if (bad > 0) {
    console.log(`${bad} differences beyond one step`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
