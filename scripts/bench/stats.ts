import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { helpText } from './options.ts';
// Figures: one JSON line per figure on stdout (median and spread over runs), progress on stderr.
export interface Figure {
  figure: string;
  dataset?: 'demo' | 'fleet' | 'build';
  unit: string;
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, in percent. */
  spreadPct: number;
  runs: number;
  method: string;
  [extra: string]: unknown;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
}

/**
 * The order of `n` alternatives (builds, kinds of load) in `round` of a run: rotated by the round
 * (the warm-up round, -1, as round 0), so that over a multiple of `n` rounds each takes each place
 * equally often (the first load of a round is the slower).
 */
export function roundOrder(n: number, round: number): number[] {
  return Array.from({ length: n }, (_, j) => (j + Math.max(0, round)) % n);
}

export function mean(xs: number[]): number {
  return xs.length === 0 ? NaN : xs.reduce((a, x) => a + x, 0) / xs.length;
}

const round = (x: number, d = 1): number => Math.round(x * 10 ** d) / 10 ** d;

export function summarize(figure: string, values: number[], rest: { unit: string; method: string; dataset?: Figure['dataset']; [extra: string]: unknown }): Figure {
  const m = median(values);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { figure, ...rest, median: round(m), min: round(min), max: round(max), spreadPct: m ? round(((max - min) / m) * 100) : 0, runs: values.length };
}

export function emit(f: Figure): void {
  process.stdout.write(`${JSON.stringify(f)}\n`);
}

export function progress(msg: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

/**
 * Runs `main` when the module at `moduleUrl` is the script node was started with (a bench module
 * can run alone or be imported by scripts/bench.ts); exit code 1 with the error on failure.
 * With --help (or -h) it prints the knobs table (options.ts) instead and exits 0.
 */
export function runAsScript(moduleUrl: string, main: () => Promise<void>, log: (msg: string) => void = progress): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    process.stdout.write(helpText());
    process.exit(0);
  }
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    },
  );
}

/** Runs every cleanup in order; one that fails is reported and does not stop the others. */
export async function runCleanups(cleanups: ReadonlyArray<() => Promise<void> | void>): Promise<void> {
  for (const c of cleanups) {
    try {
      await c();
    } catch (err) {
      progress(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
