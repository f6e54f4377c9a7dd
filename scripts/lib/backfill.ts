// Backfill: runs the simulation from the past up to now in virtual time, writes a snapshot of
// every target of every engine per scrape interval as OpenMetrics (instance label, job = engine id
// as the live scrape jobs name them, `# EOF`), and turns it into TSDB blocks with `promtool tsdb create-blocks-from openmetrics`.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { advanceFleet, type Fleet, targetOf } from '../../sim/index.ts';

export interface BackfillResult {
  samples: number;
  snapshots: number;
  endMs: number;
}

/** Writes snapshots from fleet's current time until (a moving) now; the fleet ends at now. */
export async function writeBackfill(
  fleet: Fleet,
  file: string,
  intervalMs: number,
  now: () => number = Date.now,
  /** Target labels the live scrape config adds per target (the router stack's `namespace`/`pod`). */
  targetLabels: (inst: Fleet['instances'][number]) => Record<string, string> = () => ({}),
): Promise<BackfillResult> {
  const out = createWriteStream(file);
  let samples = 0;
  let snapshots = 0;
  const first = fleet.instances[0];
  if (!first) throw new Error('empty fleet');
  let t = Math.ceil(first.nowMs / intervalMs) * intervalMs + intervalMs;
  // Catch up with wall-clock time as it moves while we simulate (we run much faster than real time).
  while (t <= now()) {
    advanceFleet(fleet, t);
    const lines: string[] = [];
    const ts = (t / 1000).toFixed(3);
    for (const inst of fleet.instances) {
      inst.renderOpenMetrics(lines, { ...targetLabels(inst), instance: targetOf(fleet, inst), job: inst.spec.engine }, ts);
    }
    samples += lines.length;
    snapshots++;
    if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
    t += intervalMs;
  }
  out.write('# EOF\n');
  out.end();
  await once(out, 'finish');
  return { samples, snapshots, endMs: t - intervalMs };
}

export function runPromtool(promtool: string, file: string, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // One block covering the whole window: promtool re-reads the input once per block.
    const p = spawn(promtool, ['tsdb', 'create-blocks-from', 'openmetrics', '--max-block-duration=24h', '-q', file, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`promtool exited with ${code}: ${err.slice(-2000)}`))));
  });
}
