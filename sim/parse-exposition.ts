// A small parser for the text exposition format, used by the tests to read back what the
// simulated servers emit (series name, labels, value, and the # TYPE of each family).

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  types: Map<string, string>;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function parseValue(v: string): number {
  if (v === '+Inf') return Infinity;
  if (v === '-Inf') return -Infinity;
  if (v === 'NaN') return NaN;
  return Number(v);
}

/** One pass, so an escaped backslash followed by `n` stays a backslash and an `n`. */
export function unescapeLabelValue(v: string): string {
  return v.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    if (line.startsWith('# TYPE ')) {
      const [, , name = '', type = ''] = line.split(' ');
      types.set(name, type);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`unparsable line: ${line}`);
    const labels: Record<string, string> = {};
    for (const lm of (m[3] ?? '').matchAll(LABEL)) labels[lm[1] ?? ''] = unescapeLabelValue(lm[2] ?? '');
    samples.push({ name: m[1] ?? '', labels, value: parseValue(m[4] ?? '') });
  }
  return { samples, types };
}

/** Sum of the values of series `name` whose labels include `match`. */
export function sumOf(exp: Exposition, name: string, match: Record<string, string> = {}): number {
  return exp.samples
    .filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}
