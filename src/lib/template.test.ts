import { describe, expect, it } from 'vitest';
import { fillLabels, refText, TemplateError, tokenize, type TemplateToken } from './template';

/** Tokens without offsets, for readable expectations. */
const plain = (template: string) =>
  tokenize(template).map((t: TemplateToken) => (t.kind === 'text' ? t.text : t.kind === 'variable' ? `$${t.name}` : { ref: t.name, ...(t.matcher !== undefined ? { matcher: t.matcher } : {}) }));

function errorOf(template: string): TemplateError {
  try {
    tokenize(template);
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
  throw new Error(`no error for ${template}`);
}

describe('tokenize: the catalog forms', () => {
  it('a reference without a matcher, with the rate window', () => {
    expect(plain('sum by ($__by) (rate({{request_success}}[$__rate_interval]))')).toEqual([
      'sum by (',
      '$__by',
      ') (rate(',
      { ref: 'request_success' },
      '[',
      '$__rate_interval',
      ']))',
    ]);
  });

  it('a reference with a matcher, `|` inside the matcher included', () => {
    expect(plain('{{request_success|finished_reason=~"abort|error"}}')).toEqual([{ ref: 'request_success', matcher: 'finished_reason=~"abort|error"' }]);
    expect(plain('{{running|priority=""}}')).toEqual([{ ref: 'running', matcher: 'priority=""' }]);
  });

  it('spaces inside the braces are not part of the name or matcher', () => {
    expect(plain('{{ running }}')).toEqual([{ ref: 'running' }]);
    expect(plain('{{ running | priority="" }}')).toEqual([{ ref: 'running', matcher: 'priority=""' }]);
    // An empty matcher is no matcher.
    expect(plain('{{running|}}')).toEqual([{ ref: 'running' }]);
  });

  it('quoted matcher values may hold braces and escaped quotes', () => {
    expect(plain(String.raw`{{x|path="a}}b\"c"}} + 1`)).toEqual([{ ref: 'x', matcher: String.raw`path="a}}b\"c"` }, ' + 1']);
    expect(plain("{{x|a='}}'}}")).toEqual([{ ref: 'x', matcher: "a='}}'" }]);
    expect(plain('{{x|a=~`\\d}}`}}')).toEqual([{ ref: 'x', matcher: 'a=~`\\d}}`' }]);
  });

  it('every variable the catalogs use; `$` that starts no name is text', () => {
    expect(plain('$__range $__by $gpu_peak_flops $__rate_interval')).toEqual(['$__range', ' ', '$__by', ' ', '$gpu_peak_flops', ' ', '$__rate_interval']);
    expect(plain('label_replace(x, "d", "$1", "s", "(.*)$")')).toEqual(['label_replace(x, "d", "$1", "s", "(.*)$")']);
    // The longest name: `$__by_x` is not `$__by`.
    expect(plain('$__by_x')).toEqual(['$__by_x']);
  });

  it('legend labels', () => {
    expect(plain('{{model_name}} · {{reason}}')).toEqual([{ ref: 'model_name' }, ' · ', { ref: 'reason' }]);
    expect(plain('{{__name__}}')).toEqual([{ ref: '__name__' }]);
    expect(plain('others')).toEqual(['others']);
    expect(plain('')).toEqual([]);
  });

  it('offsets cover the template end to end', () => {
    const template = 'a {{b|c="}}"}} $d e';
    const tokens = tokenize(template);
    expect(tokens.map((t) => template.slice(t.from, t.to)).join('')).toBe(template);
    for (const [i, t] of tokens.entries()) expect(t.from).toBe(i === 0 ? 0 : tokens[i - 1]?.to);
  });

  it('a single brace is text (PromQL matchers)', () => {
    expect(plain('{__name__="x"} }')).toEqual(['{__name__="x"} }']);
  });
});

describe('tokenize: malformed templates', () => {
  it.each([
    ['sum({{running)', 'unclosed "{{"', 4],
    ['{{', 'unclosed "{{"', 0],
    ['{{}}', 'a reference without a name', 0],
    ['{{ | x }}', 'a reference without a name', 0],
    ['{{a b}}', 'unexpected "b" in a reference', 4],
    ['{{{x}}}', 'a reference without a name', 0],
    ['{{x|a="b}}', 'unterminated string in a reference', 6],
    ['x {{y|a="b"', 'unclosed "{{"', 2],
  ])('%j: %s', (template, what, at) => {
    const e = errorOf(template);
    expect(e.message).toContain(what);
    expect(e.message).toContain(JSON.stringify(template));
    expect(e.at).toBe(at);
  });
});

describe('refText', () => {
  it('writes what tokenize reads', () => {
    expect(refText('running')).toBe('{{running}}');
    expect(refText('running', 'priority=""')).toBe('{{running|priority=""}}');
    expect(plain(refText('x', 'a=~"b|c"'))).toEqual([{ ref: 'x', matcher: 'a=~"b|c"' }]);
  });
});

describe('fillLabels', () => {
  it('fills labels, empties the missing ones, leaves the rest as written', () => {
    expect(fillLabels('{{model_name}} p95', { model_name: 'llama' })).toBe('llama p95');
    expect(fillLabels('{{ model_name }} · {{reason}}', { model_name: 'm' })).toBe('m · ');
    expect(fillLabels('$5 per {{unit}}', { unit: 'hour' })).toBe('$5 per hour');
    // Label values are not templates.
    expect(fillLabels('{{a}}', { a: '{{b}}' })).toBe('{{b}}');
  });

  it('refuses a matcher in a legend', () => {
    expect(() => fillLabels('{{a|b="c"}}', {})).toThrow(TemplateError);
  });
});
