// A tiny YAML emitter for Prometheus rule files and promtool test files: mappings, sequences,
// strings, numbers and booleans, nothing else. Strings are written double-quoted (JSON escapes are
// valid YAML escapes), PromQL spanning lines as literal blocks, so no value can change the structure.

export type YamlValue = string | number | boolean | YamlValue[] | { [key: string]: YamlValue | undefined };

const KEY_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

function quote(s: string): string {
  // JSON.stringify leaves U+2028/U+2029 raw; YAML 1.1 parsers treat them as line breaks.
  return JSON.stringify(s).replace(/\u0085/g, '\\u0085').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function scalar(v: string | number | boolean): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return quote(v);
}

/** A literal block is readable for PromQL; used only when every line is safe inside one. */
function blockable(s: string): boolean {
  if (!s.includes('\n')) return false;
  const lines = s.split('\n');
  // U+0085 (NEL) too: go-yaml, which Prometheus loads rules with, reads it as a line break.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u2028\u2029\ufeff]/;
  return !/^\s/.test(lines[0] ?? '') && lines.every((l) => !/\s$/.test(l) && !unsafe.test(l));
}

const isEmpty = (v: YamlValue): boolean =>
  Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.values(v).every((x) => x === undefined);

/** Lines of a mapping or sequence, unindented (the caller indents). */
function block(v: YamlValue[] | { [key: string]: YamlValue | undefined }): string[] {
  const out: string[] = [];
  if (Array.isArray(v)) {
    for (const item of v) {
      if (typeof item === 'object' && !isEmpty(item)) {
        const [first = '', ...rest] = block(item);
        out.push(`- ${first}`, ...rest.map((l) => (l === '' ? l : `  ${l}`)));
      } else {
        out.push(`- ${inline(item)}`);
      }
    }
    return out;
  }
  for (const [k, val] of Object.entries(v)) {
    if (val === undefined) continue;
    const head = `${KEY_RE.test(k) ? k : quote(k)}:`;
    if (typeof val === 'string' && blockable(val)) {
      out.push(`${head} |-`, ...val.split('\n').map((l) => (l === '' ? l : `  ${l}`)));
    } else if (typeof val === 'object' && !isEmpty(val)) {
      out.push(head, ...block(val).map((l) => (l === '' ? l : `  ${l}`)));
    } else {
      out.push(`${head} ${inline(val)}`);
    }
  }
  return out;
}

function inline(v: YamlValue): string {
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object') return '{}';
  return scalar(v);
}

/** The document as YAML text, ending with a newline. */
export function toYaml(doc: YamlValue): string {
  if (typeof doc !== 'object' || isEmpty(doc)) return `${inline(doc)}\n`;
  return `${block(doc).join('\n')}\n`;
}
