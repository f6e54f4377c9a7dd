// Starts and stops a real Prometheus (or VictoriaMetrics) scraping the simulated targets, and
// waits, through the HTTP API, until every target has been scraped successfully.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ScrapeJob {
  job: string;
  targets: string[];
  /** Scrape path when it is not /metrics (trtllm-serve: /prometheus/metrics). */
  metricsPath?: string;
  /** Labels per target (`host:port` → labels), as service discovery attaches them (GPU layer). */
  targetLabels?: Record<string, Record<string, string>>;
  /** `honor_labels: true`: the target's own labels win over target labels (no `exported_` renames). */
  honorLabels?: boolean;
}

/** The job's `metrics_path:` line, if it needs one (indented for a scrape_configs entry). */
export const metricsPathLines = (j: ScrapeJob): string[] => (j.metricsPath && j.metricsPath !== '/metrics' ? [`    metrics_path: ${j.metricsPath}`] : []);

export function scrapeConfig(jobs: ScrapeJob[], interval: string): string {
  const lines = ['global:', `  scrape_interval: ${interval}`, `  evaluation_interval: ${interval}`, 'scrape_configs:'];
  for (const j of jobs) {
    if (j.targets.length === 0) continue;
    if (j.targetLabels || j.honorLabels !== undefined) {
      lines.push(...labelledJobLines(j));
      continue;
    }
    lines.push(`  - job_name: ${j.job}`, ...metricsPathLines(j), '    static_configs:', `      - targets: [${j.targets.map((t) => `'${t}'`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

/** A job whose targets carry labels of their own (one static config per target), and honor_labels. */
function labelledJobLines(j: ScrapeJob): string[] {
  const lines = [`  - job_name: ${j.job}`, ...metricsPathLines(j)];
  if (j.honorLabels !== undefined) lines.push(`    honor_labels: ${j.honorLabels}`);
  lines.push('    static_configs:');
  for (const t of j.targets) {
    lines.push(`      - targets: ['${t}']`);
    const labels = Object.entries(j.targetLabels?.[t] ?? {});
    if (labels.length) lines.push('        labels:', ...labels.map(([k, v]) => `          ${k}: ${JSON.stringify(v)}`));
  }
  return lines;
}

export interface BackendProcess {
  url: string;
  proc: ChildProcess;
  /** Rejects if the process exits on its own (so callers fail fast instead of timing out). */
  died: Promise<never>;
  stop(): Promise<void>;
}

export function startProcess(bin: string, args: string[], url: string, log: (l: string) => void, name: string): BackendProcess {
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (d: Buffer): void => {
    tail = (tail + d.toString()).slice(-4000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let stopping = false;
  const died = new Promise<never>((_, reject) => {
    proc.on('exit', (code, signal) => {
      if (stopping) return;
      const msg = `${name} exited (${code ?? signal}): ${tail.split('\n').slice(-5).join(' | ')}`;
      log(msg);
      reject(new Error(msg));
    });
  });
  died.catch(() => {});
  const stop = async (): Promise<void> => {
    stopping = true;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { url, proc, died, stop };
}

/** `extraArgs`: e.g. EXEMPLAR_STORAGE_FLAG. */
export function startPrometheus(bin: string, dir: string, dataDir: string, port: number, config: string, log: (l: string) => void, extraArgs: readonly string[] = []): BackendProcess {
  const configFile = join(dir, 'prometheus.yml');
  writeFileSync(configFile, config);
  const args = [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${dataDir}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--web.cors.origin=.*',
    '--storage.tsdb.retention.time=15d',
    '--log.level=warn',
    ...extraArgs,
  ];
  return startProcess(bin, args, `http://127.0.0.1:${port}`, log, 'prometheus');
}

/** Prometheus 2.x keeps scraped exemplars (and answers /api/v1/query_exemplars with them) only with this. */
export const EXEMPLAR_STORAGE_FLAG = '--enable-feature=exemplar-storage';

export function startVictoriaMetrics(bin: string, dir: string, dataDir: string, port: number, config: string, log: (l: string) => void): BackendProcess {
  const configFile = join(dir, 'scrape.yml');
  writeFileSync(configFile, config);
  const args = [`-promscrape.config=${configFile}`, `-storageDataPath=${dataDir}`, `-httpListenAddr=127.0.0.1:${port}`, '-retentionPeriod=30d', '-loggerLevel=WARN', '-promscrape.config.strictParse=false'];
  // VictoriaMetrics serves the Prometheus API under the /prometheus prefix too.
  return startProcess(bin, args, `http://127.0.0.1:${port}/prometheus`, log, 'victoria-metrics');
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface QueryResponse {
  status: string;
  data?: { result?: { value?: [number, string] }[] };
}

/** Resolves once `count(up == 1)` reaches `count`, i.e. every target's first scrape succeeded. */
export async function waitForTargetsUp(promUrl: string, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent('count(up == 1)')}`);
      if (res.ok) {
        const body = (await res.json()) as QueryResponse;
        const v = Number(body.data?.result?.[0]?.value?.[1] ?? 0);
        if (v >= count) return;
        last = `${v}/${count} targets up`;
      } else {
        last = `HTTP ${res.status}`;
      }
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(250);
  }
  throw new Error(`targets not up after ${timeoutMs} ms at ${promUrl}: ${last}`);
}
