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
