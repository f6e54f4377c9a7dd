// The catalog's template syntax, read in one place: `{{name}}` / `{{name|matchers}}` references and
// `$variables` in PromQL templates (catalog), `{{label}}` placeholders in legends (charts).

/** Text copied as it is. */
export interface TextToken {
  kind: 'text';
  from: number;
  to: number;
  text: string;
}

/** `{{name}}` or `{{name|matchers}}`: a logical metric id in a PromQL template, a label in a legend. */
export interface RefToken {
  kind: 'ref';
  from: number;
  to: number;
  name: string;
  /** The matchers after `|`, trimmed (`finished_reason=~"abort|error"`); absent when none. */
  matcher?: string;
}

/** `$name`, e.g. `$__rate_interval`; `name` is without the `$`. Unknown names are the reader's call. */
export interface VariableToken {
  kind: 'variable';
  from: number;
  to: number;
  name: string;
}

export type TemplateToken = TextToken | RefToken | VariableToken;

/** A template the tokenizer cannot read, with where and why. */
export class TemplateError extends Error {
  readonly template: string;
  /** Offset of the offending `{{` or character. */
  readonly at: number;
  constructor(template: string, at: number, what: string) {
    super(`template ${JSON.stringify(template)}: ${what} at offset ${at}`);
    this.name = 'TemplateError';
    this.template = template;
    this.at = at;
  }
}

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_]/;
const NAME_STOP = /[\s{}|]/;
const SPACE = /\s/;

/** End of the quoted string opening at `at` (PromQL quotes: `"` and `'` with `\` escapes, raw backticks). */
function skipQuoted(s: string, at: number): number {
  const quote = s[at];
  for (let j = at + 1; j < s.length; j++) {
    if (s[j] === '\\' && quote !== '`') j++;
    else if (s[j] === quote) return j + 1;
  }
  throw new TemplateError(s, at, 'unterminated string in a reference');
}

function readRef(s: string, at: number): RefToken {
  let j = at + 2;
  while (j < s.length && SPACE.test(s[j] ?? '')) j++;
  const nameStart = j;
  while (j < s.length && !NAME_STOP.test(s[j] ?? '')) j++;
  if (j === s.length) throw new TemplateError(s, at, 'unclosed "{{"');
  if (j === nameStart) throw new TemplateError(s, at, 'a reference without a name');
  const name = s.slice(nameStart, j);
  while (j < s.length && SPACE.test(s[j] ?? '')) j++;
  if (s.startsWith('}}', j)) return { kind: 'ref', from: at, to: j + 2, name };
  if (s[j] !== '|') {
    if (!s.includes('}}', j)) throw new TemplateError(s, at, 'unclosed "{{"');
    throw new TemplateError(s, j, `unexpected ${JSON.stringify(s[j])} in a reference (expected "}}" or "|")`);
  }
  const matcherStart = ++j;
  while (j < s.length && !s.startsWith('}}', j)) j = s[j] === '"' || s[j] === "'" || s[j] === '`' ? skipQuoted(s, j) : j + 1;
  if (j >= s.length) throw new TemplateError(s, at, 'unclosed "{{"');
  const matcher = s.slice(matcherStart, j).trim();
  return matcher === '' ? { kind: 'ref', from: at, to: j + 2, name } : { kind: 'ref', from: at, to: j + 2, name, matcher };
}

function scan(s: string): TemplateToken[] {
  const out: TemplateToken[] = [];
  let textStart = 0;
  const flush = (end: number) => {
    if (end > textStart) out.push({ kind: 'text', from: textStart, to: end, text: s.slice(textStart, end) });
  };
  let i = 0;
  while (i < s.length) {
    if (s.startsWith('{{', i)) {
      flush(i);
      const ref = readRef(s, i);
      out.push(ref);
      i = textStart = ref.to;
    } else if (s[i] === '$' && IDENT_START.test(s[i + 1] ?? '')) {
      flush(i);
      let j = i + 2;
      while (j < s.length && IDENT.test(s[j] ?? '')) j++;
      out.push({ kind: 'variable', from: i, to: j, name: s.slice(i + 1, j) });
      i = textStart = j;
    } else i++;
  }
  flush(s.length);
  return out;
}

// Templates are a few hundred constant strings read on every refresh (and legends once per series).
const cache = new Map<string, readonly TemplateToken[]>();
const CACHE_MAX = 2000;

/**
 * The tokens of a template, in order; their `from`/`to` cover it end to end, so the source of any
 * token is `template.slice(from, to)`. `{{` always opens a reference; a malformed one throws a
 * TemplateError.
 *
 * @example
 * tokenize('sum(rate({{req|code="5xx"}}[$__rate_interval]))')
 * // text 'sum(rate(', ref {name: 'req', matcher: 'code="5xx"'}, text '[', variable '__rate_interval', text ']))'
 */
export function tokenize(template: string): readonly TemplateToken[] {
  const hit = cache.get(template);
  if (hit) return hit;
  const tokens = Object.freeze(scan(template));
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(template, tokens);
  return tokens;
}

/** A reference as the tokenizer reads it back: `{{name}}` or `{{name|matcher}}`. */
export function refText(name: string, matcher?: string): string {
  return matcher ? `{{${name}|${matcher}}}` : `{{${name}}}`;
}

/**
 * A legend template filled from a series' labels; a label the series lacks becomes ''. Variables
 * and other text stay as written.
 *
 * @example
 * fillLabels('{{model_name}} p95', { model_name: 'llama' }) // 'llama p95'
 */
export function fillLabels(template: string, labels: Readonly<Record<string, string>>): string {
  let out = '';
  for (const t of tokenize(template)) {
    if (t.kind === 'ref') {
      if (t.matcher !== undefined) throw new TemplateError(template, t.from, 'a legend label takes no matcher');
      out += labels[t.name] ?? '';
    } else out += t.kind === 'text' ? t.text : template.slice(t.from, t.to);
  }
  return out;
}
