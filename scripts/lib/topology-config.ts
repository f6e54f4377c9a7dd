// Configuration of the multi-Prometheus topologies (pure: YAML text and target splits, no I/O).
//   sharded:   N Prometheus servers, each keeping the targets whose address hashes to its shard
//              (`hashmod` relabelling, as a real sharded setup does it), each with an external
//              `shard` label, all `remote_write` into one central store (VictoriaMetrics).
//   federated: one Prometheus per "cluster" (external label `cluster`), and a global Prometheus
//              scraping their `/federate` for the engine series with `honor_labels`.
import { createHash } from 'node:crypto';
import { ENGINES } from '../../sim/spec.ts';
import { metricsPathLines, type ScrapeJob } from './prometheus.ts';

export const TOPOLOGIES = ['single', 'sharded', 'federated'] as const;
export type Topology = (typeof TOPOLOGIES)[number];

/** The external label each shard adds to everything it sends; the board must never split by it. */
export const SHARD_LABEL = 'shard';
/** The external label of each per-cluster Prometheus; the board offers it as a filter. */
export const CLUSTER_LABEL = 'cluster';
export const CLUSTER_NAMES = ['east', 'west'] as const;

/** `up` of every engine job (job name = engine id). */
export const ENGINE_JOBS_UP = `up{job=~"${ENGINES.join('|')}"}`;

/**
 * What the global Prometheus federates: every spelling of an engine metric (the same pattern the
 * board discovers vLLM and SGLang names with, then LMDeploy's and trtllm-serve's prefixed names),
 * vLLM's API-server counter, and the engines' `up`, so the board can still say which engine
 * targets are down. trtllm's first, unprefixed collector is not federated.
 */
export const FEDERATE_MATCH = ['{__name__=~".*(vllm|sglang).*"}', '{__name__=~".*(lmdeploy|trtllm).*"}', '{__name__="http_requests_total"}', ENGINE_JOBS_UP];

const q = (s: string): string => `'${s.replace(/'/g, "''")}'`;

function header(interval: string, external: Record<string, string>): string[] {
  const lines = ['global:', `  scrape_interval: ${interval}`, `  evaluation_interval: ${interval}`];
  const labels = Object.entries(external);
  if (labels.length > 0) lines.push('  external_labels:', ...labels.map(([k, v]) => `    ${k}: ${q(v)}`));
  return lines;
}

/**
 * Prometheus's `hashmod`: md5 of the source label values joined by `;`, the low 8 bytes as a
 * big-endian integer, modulo `modulus`. Lets the launcher know which shard scrapes what before
 * Prometheus does (to wait for it, and to log an empty shard).
 */
export function shardOf(address: string, modulus: number): number {
  const digest = createHash('md5').update(address).digest();
  return Number(digest.readBigUInt64BE(8) % BigInt(modulus));
}

/** The target label hashed with the address; `__` labels are gone after relabelling. */
export const SHARD_KEY_LABEL = '__tmp_shard_key';

/**
 * A key per target (every job's, in order) so that hashing address and key deals the targets
 * round robin across the shards. Four addresses alone may all hash to one shard (the demo's
 * 8000/8001/30000/30001 all do), which would show a "sharded" store fed by one Prometheus.
 */
export function shardKeys(jobs: ScrapeJob[], shards: number): Map<string, string> {
  const keys = new Map<string, string>();
  jobs
    .flatMap((j) => j.targets)
    .forEach((t, i) => {
      let n = 0;
      while (shardOf(`${t};${n}`, shards) !== i % shards) n++;
      keys.set(t, String(n));
    });
  return keys;
}

/** The shard that scrapes `target`: hashmod of its address and key, as Prometheus joins them (`;`). */
export const shardOfTarget = (target: string, keys: ReadonlyMap<string, string>, shards: number): number => shardOf(`${target};${keys.get(target) ?? ''}`, shards);

/** One shard's config: every target listed with its key, `hashmod` keeps this shard's share. */
export function shardConfig(jobs: ScrapeJob[], interval: string, shard: number, shards: number, writeUrl: string): string {
  const lines = [...header(interval, { [SHARD_LABEL]: String(shard) }), 'scrape_configs:'];
  const keys = shardKeys(jobs, shards);
  for (const j of jobs) {
    if (j.targets.length === 0) continue;
    lines.push(
      `  - job_name: ${j.job}`,
      ...metricsPathLines(j),
      '    static_configs:',
      ...j.targets.flatMap((t) => [`      - targets: [${q(t)}]`, `        labels: { ${SHARD_KEY_LABEL}: ${q(keys.get(t) ?? '')} }`]),
      '    relabel_configs:',
      `      - source_labels: [__address__, ${SHARD_KEY_LABEL}]`,
      `        modulus: ${shards}`,
      '        target_label: __tmp_hash',
      '        action: hashmod',
      '      - source_labels: [__tmp_hash]',
      `        regex: '${shard}'`,
      '        action: keep',
    );
  }
  lines.push('remote_write:', `  - url: ${q(writeUrl)}`);
  return `${lines.join('\n')}\n`;
}

/** The targets of `jobs` split across clusters, round robin within each job (both engines in each). */
export function splitByCluster(jobs: ScrapeJob[], clusters: number): ScrapeJob[][] {
  return Array.from({ length: clusters }, (_, c) => jobs.map((j) => ({ ...j, targets: j.targets.filter((_, i) => i % clusters === c) })));
}

/** A per-cluster Prometheus: scrapes its own targets, labels everything with its cluster. */
export function clusterConfig(jobs: ScrapeJob[], interval: string, cluster: string): string {
  const lines = [...header(interval, { [CLUSTER_LABEL]: cluster }), 'scrape_configs:'];
  for (const j of jobs) {
    if (j.targets.length === 0) continue;
    lines.push(`  - job_name: ${j.job}`, ...metricsPathLines(j), '    static_configs:', `      - targets: [${j.targets.map(q).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

/** The global Prometheus: scrapes `/federate` of each cluster server, keeping their labels. */
export function globalConfig(clusterAddresses: string[], interval: string): string {
  const lines = [
    ...header(interval, {}),
    'scrape_configs:',
    '  - job_name: federate',
    '    honor_labels: true',
    '    metrics_path: /federate',
    '    params:',
    "      'match[]':",
    ...FEDERATE_MATCH.map((m) => `        - ${q(m)}`),
    '    static_configs:',
    `      - targets: [${clusterAddresses.map(q).join(', ')}]`,
  ];
  return `${lines.join('\n')}\n`;
}
