// Escaping round trips and template expansion details (grouping, matchers, missing metrics).
import { describe, expect, it } from 'vitest';
import { escapeLabelValue, escapeRegex, expandQuery, matcherFor, referencedMetrics, type ExpandContext } from './promql';
import type { ResolvedMetric } from './resolve';
import { promqlErrors } from '../../test-support/catalog';
import { TemplateError, tokenize } from '../lib/template';
import { atEnd } from './define';
import { catalogs } from './index';
import type { EngineCatalog, QuerySpec } from './types';

/** The Go/PromQL unquoting of a double-quoted string body (the subset escapeLabelValue emits). */
function unescape(s: string): string {
  return s.replace(/\\(x[0-9a-f]{2}|.)/g, (_m, e: string) => {
    if (e.startsWith('x') && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t' } as Record<string, string>)[e] ?? e;
  });
}

const VALUES = ['plain', 'a"b\\c\n<script>', 'tab\there\rcr', 'ünïcødé 模型 🚀', '\u0000\u001f\u007f', '', 'back\\slash\\', '{{x}} $__by'];

describe('escapeLabelValue', () => {
  it.each(VALUES)('round-trips %j and parses inside a matcher', (v) => {
    const escaped = escapeLabelValue(v);
    expect(unescape(escaped)).toBe(v);
    expect([...escaped].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f')).toBe(false);
    expect(promqlErrors(`up{job="${escaped}"}`)).toEqual([]);
  });

  it('escapes exactly backslash, quote and control characters', () => {
    expect(escapeLabelValue('a"b\\c\n<script>')).toBe(String.raw`a\"b\\c\n<script>`);
    expect(escapeLabelValue('模型')).toBe('模型');
  });
});

describe('escapeRegex', () => {
  it.each(['a.b', 'x|y', '(a)+[b]*{c}?^$', 'back\\slash', 'llama-3.1-8b', '模型.v2'])('matches %j literally', (v) => {
    const re = new RegExp(`^(?:${escapeRegex(v)})$`, 'u');
    expect(re.test(v)).toBe(true);
    expect(re.test(`${v}x`)).toBe(false);
  });
});

describe('matcherFor', () => {
  it('builds =, =~ or nothing', () => {
    expect(matcherFor('model_name', [])).toBe('');
    expect(matcherFor('model_name', ['a.b'])).toBe('model_name="a.b"');
    expect(matcherFor('model_name', ['a.b', 'c|d'])).toBe(String.raw`model_name=~"a\\.b|c\\|d"`);
    expect(matcherFor('model_name', ['x', 'x'])).toBe('model_name="x"');
  });

  it('keeps a hostile model name literal in = and =~ matchers (the e2e value)', () => {
    const hostile = '/mnt/models/"evil"\\<script>alert(1)</script>\n(x|y).*';
    const one = matcherFor('model_name', [hostile]);
    expect(promqlErrors(`up{${one}}`)).toEqual([]);
    expect(unescape(one.slice('model_name="'.length, -1))).toBe(hostile);
    const many = matcherFor('model_name', [hostile, 'meta-llama/Llama-3.1-8B-Instruct']);
    expect(promqlErrors(`up{${many}}`)).toEqual([]);
    // What RE2 receives after PromQL unquoting matches each value exactly, and nothing else.
    const re = new RegExp(`^(?:${unescape(many.slice('model_name=~"'.length, -1))})$`, 'u');
    expect(re.test(hostile)).toBe(true);
    expect(re.test('meta-llama/Llama-3.1-8B-Instruct')).toBe(true);
    expect(re.test('/mnt/models/"evil"\\<script>alert(1)</script>\nx')).toBe(false);
  });

  it('regex-escapes, then string-escapes, values with quotes and backslashes', () => {
    const m = matcherFor('model_name', ['a"b', 'c\\d']);
    expect(m).toBe(String.raw`model_name=~"a\"b|c\\\\d"`);
    expect(promqlErrors(`up{${m}}`)).toEqual([]);
  });
});

const metric = (id: string, labels: string[]) => ({ id, variants: [id], kind: 'counter' as const, labels, enabledBy: '' });
const catalog: EngineCatalog = {
  engine: 'vllm',
  label: 'test',
  filterLabels: { model: 'model_name', instance: 'instance', rank: ['engine'] },
  presenceMetric: 'a',
  metrics: { a: metric('a', ['model_name', 'instance']), b: metric('b', ['instance']), g: metric('g', ['model_name']) },
  stats: [],
  panels: [],
};
const resolved = (entries: Array<[string, string]>) =>
  new Map<string, ResolvedMetric>(entries.map(([id, name]) => [id, { id, name, variantIndex: 0, rewrite: 'none' }]));
const ctx = (over: Partial<ExpandContext> = {}): ExpandContext => ({
  resolved: resolved([
    ['a', 'vllm:a_total'],
    ['b', 'vllm:b_total'],
  ]),
  filters: { model_name: ['m1', 'm2'], instance: ['i:1'], engine: ['0'] },
  rateInterval: '2m',
  by: ['model_name'],
  ...over,
});
const q = (...exprs: string[]): QuerySpec => ({ id: 'q', legend: '', alternatives: exprs.map((expr) => ({ expr, note: `n:${expr}` })) });

describe('expandQuery', () => {
  it('applies only the filters a metric carries, plus its own matchers', () => {
    const out = expandQuery(q('sum by ($__by) (rate({{a}}[$__rate_interval])) / sum(rate({{b|handler="/v1"}}[$__rate_interval]))'), catalog, ctx());
    expect(out).toMatchObject({
      alternativeIndex: 0,
      expr:
        'sum by (model_name) (rate(vllm:a_total{model_name=~"m1|m2", instance="i:1"}[2m])) / ' +
        'sum(rate(vllm:b_total{instance="i:1", handler="/v1"}[2m]))',
    });
  });

  it('applies a topology label (cluster) to every metric, escaped', () => {
    const out = expandQuery(q('sum({{a}}) / sum({{b}})'), catalog, ctx({ filters: { instance: ['i:1'], cluster: ['east', 'we"st'] } }));
    expect(out).toMatchObject({
      expr: 'sum(vllm:a_total{instance="i:1", cluster=~"east|we\\"st"}) / sum(vllm:b_total{instance="i:1", cluster=~"east|we\\"st"})',
    });
    expect(promqlErrors('expr' in out ? out.expr : '')).toEqual([]);
  });

  it('matches a selected label (A/B) on every metric, replacing the filter on that label', () => {
    const out = expandQuery(q('sum({{a}}) / sum({{b}})'), catalog, ctx({ select: { model_name: ['m"3'], version: ['v1', 'v2'] } }));
    expect(out).toMatchObject({
      expr:
        'sum(vllm:a_total{instance="i:1", model_name="m\\"3", version=~"v1|v2"}) / ' +
        'sum(vllm:b_total{instance="i:1", model_name="m\\"3", version=~"v1|v2"})',
    });
    expect(promqlErrors('expr' in out ? out.expr : '')).toEqual([]);
  });

  it('writes no braces without matchers', () => {
    const out = expandQuery(q('sum({{a}})'), catalog, ctx({ filters: {} }));
    expect('expr' in out && out.expr).toBe('sum(vllm:a_total)');
  });

  it('keeps grouping valid when by is empty and drops duplicates', () => {
    const tpl = q('histogram_quantile(0.5, sum by (le, $__by) (rate({{a}}[$__rate_interval]))) + sum by ($__by) ({{a}}) + sum by ($__by, instance) ({{a}})');
    const empty = expandQuery(tpl, catalog, ctx({ by: [], filters: {} }));
    expect('expr' in empty && empty.expr).toBe(
      'histogram_quantile(0.5, sum by (le) (rate(vllm:a_total[2m]))) + sum by () (vllm:a_total) + sum by (instance) (vllm:a_total)',
    );
    const dup = expandQuery(tpl, catalog, ctx({ by: ['instance', 'bad label', 'model_name'], filters: {} }));
    expect('expr' in dup && dup.expr).toBe(
      'histogram_quantile(0.5, sum by (le, instance, model_name) (rate(vllm:a_total[2m]))) + ' +
        'sum by (instance, model_name) (vllm:a_total) + sum by (instance, model_name) (vllm:a_total)',
    );
    for (const out of [empty, dup]) expect('expr' in out && promqlErrors(out.expr)).toEqual([]);
  });

  it('expands on ($__by) group_left () for per-position ratios', () => {
    const out = expandQuery(q('sum by ($__by, position) ({{a}}) / on ($__by) group_left () (sum by ($__by) ({{a}}) > 0)'), catalog, ctx({ by: [], filters: {} }));
    expect('expr' in out && out.expr).toBe('sum by (position) (vllm:a_total) / on () group_left () (sum by () (vllm:a_total) > 0)');
    expect('expr' in out && promqlErrors(out.expr)).toEqual([]);
  });

  it('never re-reads placeholders that arrive in filter values', () => {
    const out = expandQuery(q('rate({{a}}[$__rate_interval])'), catalog, ctx({ filters: { model_name: ['$__rate_interval {{b}} $__by'] } }));
    expect('expr' in out && out.expr).toBe('rate(vllm:a_total{model_name="$__rate_interval {{b}} $__by"}[2m])');
  });

  it('takes the first alternative whose metrics resolve, and reports the first one’s gaps', () => {
    expect(expandQuery(q('sum({{g}})', 'sum({{a}})'), catalog, ctx())).toMatchObject({ alternativeIndex: 1, note: 'n:sum({{a}})' });
    expect(expandQuery(q('sum({{g}}) + {{nope}}', 'sum({{g}})'), catalog, ctx())).toEqual({ missing: ['g', 'nope'] });
  });

  it('substitutes the GPU peak or reports it missing', () => {
    const tpl = q('sum(rate({{a}}[$__rate_interval])) / $gpu_peak_flops');
    expect(expandQuery(tpl, catalog, ctx({ filters: {} }))).toEqual({ missing: ['gpu_peak'] });
    expect(expandQuery(tpl, catalog, ctx({ filters: {}, gpuPeakFlops: NaN }))).toEqual({ missing: ['gpu_peak'] });
    const out = expandQuery(tpl, catalog, ctx({ filters: {}, gpuPeakFlops: 989e12 }));
    expect('expr' in out && out.expr).toBe('sum(rate(vllm:a_total[2m])) / 989000000000000');
  });

  it('selects names PromQL cannot take bare through __name__', () => {
    const out = expandQuery(q('sum({{a}})'), catalog, ctx({ resolved: resolved([['a', 'odd.name"x']]), filters: { instance: ['i'] } }));
    expect('expr' in out && out.expr).toBe(String.raw`sum({__name__="odd.name\"x", instance="i"})`);
  });

  it('rejects a rate window that is not a PromQL duration', () => {
    expect(() => expandQuery(q('{{a}}'), catalog, ctx({ rateInterval: '1m]) or vector(1' }))).toThrow(RangeError);
  });

  it('lists referenced metrics per alternative or per query', () => {
    expect(referencedMetrics({ expr: '{{a}} / {{b|x="1"}} + {{ a }}' })).toEqual(['a', 'b']);
    expect(referencedMetrics(q('{{a}}', '{{g}}'))).toEqual(['a', 'g']);
  });
});

describe('the catalogs’ templates', () => {
  const all = Object.values(catalogs).flatMap((c) => [
    ...c.panels.flatMap((p) => [...p.queries, ...(p.table?.columns ?? []).flatMap((col) => [col.query, { ...col.query, legend: col.title }])]),
    ...c.stats.flatMap((s) => [s.query, ...(s.details ?? []).map((d) => d.query)]),
  ]);

  it('every expression and legend tokenizes, and legends hold labels only', () => {
    expect(all.length).toBeGreaterThan(200);
    for (const query of all) {
      for (const alt of query.alternatives) expect(() => tokenize(alt.expr), alt.expr).not.toThrow();
      expect(tokenize(query.legend).every((t) => t.kind !== 'ref' || t.matcher === undefined), query.legend).toBe(true);
    }
  });

  it('a malformed reference is a TemplateError naming the template, not a PromQL error later', () => {
    expect(() => expandQuery(q('sum({{a)'), catalog, ctx())).toThrow(TemplateError);
    expect(() => referencedMetrics('rate({{a b}}[1m])')).toThrow(/unexpected "b" in a reference .* at offset 9/);
  });
});

describe('atEnd', () => {
  it('puts `@ end()` on every selector and on the rate window, not inside the window', () => {
    expect(atEnd('sum by (instance) (rate({{a|x="}"}}[$__rate_interval]))')).toBe('sum by (instance) (rate({{a|x="}"}}[$__rate_interval] @ end()))');
    expect(atEnd('max by (instance) ({{ g }}) / {{b}}')).toBe('max by (instance) ({{ g }} @ end()) / {{b}} @ end()');
    // Other windows keep their own evaluation time (as before: only the rate window is moved).
    expect(atEnd('rate({{a}}[$__range])')).toBe('rate({{a}}[$__range])');
    expect(atEnd('rate({{a}}[ $__rate_interval ])')).toBe('rate({{a}}[ $__rate_interval ])');
  });

  it('gives valid PromQL once expanded', () => {
    const expanded = expandQuery(q(atEnd('sum by (instance) (rate({{a}}[$__rate_interval])) / sum by (instance) ({{b}})')), catalog, ctx({ filters: {} }));
    expect('expr' in expanded && expanded.expr).toBe('sum by (instance) (rate(vllm:a_total[2m] @ end())) / sum by (instance) (vllm:b_total @ end())');
    expect('expr' in expanded && promqlErrors(expanded.expr)).toEqual([]);
  });
});
