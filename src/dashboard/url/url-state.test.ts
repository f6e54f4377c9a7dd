import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, parseUrlState, serializeUrlState, type DashboardState } from './url-state';

const cases: Array<[string, Partial<DashboardState>]> = [
  ['', {}],
  ['engine=sglang', { engine: 'sglang' }],
  ['prom=http%3A%2F%2F127.0.0.1%3A9090%2Fprometheus', { prom: 'http://127.0.0.1:9090/prometheus' }],
  ['model=a&model=b', { model: ['a', 'b'] }],
  ['model=%2Fmnt%2Fmodels%2Fllama-3%22x%5C', { model: ['/mnt/models/llama-3"x\\'] }],
  ['instance=10.0.0.1%3A8000&rank=0&rank=1', { instance: ['10.0.0.1:8000'], rank: ['0', '1'] }],
  ['cluster=east', { cluster: ['east'] }],
  ['model=a&cluster=east&cluster=%22west%22%5C', { model: ['a'], cluster: ['east', '"west"\\'] }],
  ['from=now-6h&to=now-1h', { from: 'now-6h', to: 'now-1h' }],
  ['from=1767225600000&to=1767229200000', { from: '1767225600000', to: '1767229200000' }],
  ['refresh=5s', { refresh: '5s' }],
  ['refresh=off', { refresh: 'off' }],
  ['theme=dark', { theme: 'dark' }],
  ['kiosk=1&panel=ttft', { kiosk: true, panel: 'ttft' }],
  ['lang=zh-CN', { lang: 'zh-CN' }],
  ['rate=2m', { rate: '2m' }],
  ['collapsed=advanced%2Ccache', { collapsed: ['advanced', 'cache'] }],
  ['gpu=H100', { gpu: 'H100' }],
  ['gpu=1.5e15', { gpu: '1.5e15' }],
  ['slo_ttft=0.5', { slo: { ttft: 0.5, itl: null, e2e: null } }],
  ['slo_ttft=0.25&slo_itl=0.05&slo_e2e=20&slo_objective=0.999', { slo: { ttft: 0.25, itl: 0.05, e2e: 20 }, sloObjective: 0.999 }],
  ['slo_e2e=off', { slo: { ttft: null, itl: null, e2e: 'off' } }],
  ['compare=1h', { compare: '1h' }],
  ['kiosk=1&panel=request-rate&compare=7d', { compare: '7d', panel: 'request-rate', kiosk: true }],
  ['compare=1h30m', { compare: '1h30m' }],
  ['compare=engines', { compare: 'engines' }],
  ['model=a&compare=engines', { model: ['a'], compare: 'engines' }],
  ['compare=engines:sglang', { compare: 'engines:sglang' }],
  ['engine=lmdeploy&compare=engines:vllm', { engine: 'lmdeploy', compare: 'engines:vllm' }],
  ['ab=model_name&a=llama&b=qwen', { ab: { label: 'model_name', a: ['llama'], b: ['qwen'] } }],
  ['ab=instance&a=10.0.0.1%3A8000&a=10.0.0.2%3A8000&b=10.0.0.3%3A8000', { ab: { label: 'instance', a: ['10.0.0.1:8000', '10.0.0.2:8000'], b: ['10.0.0.3:8000'] } }],
  // Any label the series carry (a version put on by relabelling), values with commas and quotes.
  ['ab=version&a=v1%2Crc%22x%5C&b=v2', { ab: { label: 'version', a: ['v1,rc"x\\'], b: ['v2'] } }],
  ['kiosk=1&panel=ttft&ab=model_name&a=m1&b=m2', { kiosk: true, panel: 'ttft', ab: { label: 'model_name', a: ['m1'], b: ['m2'] } }],
  // The Usage section's tenant: any fairness id (quotes, a newline), and '' for the requests without one.
  ['tenant=acme', { tenant: 'acme' }],
  ['tenant=a%22b%0Ac%5C', { tenant: 'a"b\nc\\' }],
  ['tenant=', { tenant: '' }],
  ['model=a&tenant=globex', { model: ['a'], tenant: 'globex' }],
];

describe('url-state codec', () => {
  it.each(cases)('round-trips %s', (search, partial) => {
    const { state, problems } = parseUrlState(search);
    expect(problems).toEqual([]);
    expect(state).toEqual({ ...DEFAULT_STATE, ...partial });
    expect(serializeUrlState(state)).toBe(search);
  });

  it.each([
    ['engine=tgi', 'engine'],
    ['from=yesterday', 'from'],
    ['to=<script>', 'to'],
    ['refresh=1s', 'refresh'],
    ['theme=neon', 'theme'],
    ['panel=%3Cimg%20src%3Dx%3E', 'panel'],
    ['rate=fast', 'rate'],
    ['lang=fr', 'lang'],
    ['slo_ttft=0', 'slo_ttft'],
    ['slo_ttft=-1', 'slo_ttft'],
    ['slo_itl=NaN', 'slo_itl'],
    ['slo_e2e=1e9', 'slo_e2e'],
    ['slo_e2e=fast', 'slo_e2e'],
    ['slo_objective=1', 'slo_objective'],
    ['slo_objective=abc', 'slo_objective'],
    ['compare=yesterday', 'compare'],
    ['compare=10s', 'compare'],
    ['compare=100d', 'compare'],
    ['compare=engine', 'compare'],
    ['compare=engines:tgi', 'compare'],
    ['compare=engines:', 'compare'],
    ['ab=model_name&a=m1', 'ab'],
    ['ab=model_name&b=m2', 'ab'],
    ['ab=%7Bx%3D%22y%22%7D&a=m1&b=m2', 'ab'],
  ])('drops invalid %s with a reason', (search, key) => {
    const { state, problems } = parseUrlState(search);
    expect(state).toEqual(DEFAULT_STATE);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(key);
  });

  it('reads the escaped spelling of compare=engines:<id> and writes the plain one', () => {
    const { state, problems } = parseUrlState('compare=engines%3Asglang');
    expect(problems).toEqual([]);
    expect(state.compare).toBe('engines:sglang');
    expect(serializeUrlState(state)).toBe('compare=engines:sglang');
  });

  it('shows one comparison at a time: an A/B replaces compare= and says so', () => {
    const { state, problems } = parseUrlState('compare=1h&ab=model_name&a=m1&b=m2');
    expect(state.compare).toBeNull();
    expect(state.ab).toEqual({ label: 'model_name', a: ['m1'], b: ['m2'] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('compare="1h"');
  });

  it('omits defaults and keeps filter order', () => {
    expect(serializeUrlState({ ...DEFAULT_STATE, model: ['z', 'a'] })).toBe('model=z&model=a');
  });

  it('deduplicates repeated filter values', () => {
    expect(parseUrlState('model=a&model=a').state.model).toEqual(['a']);
  });

  const link = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

  it('a link carries at most 20 values per filter; the rest are ignored with a note', () => {
    const models = Array.from({ length: 30 }, (_v, i) => `m${i}`);
    const { state, problems } = parseUrlState(link(models.map((m) => ['model', m])));
    expect(state.model).toEqual(models.slice(0, 20));
    expect(problems).toEqual(['Some model values were ignored: a link carries at most 20 values per filter, each up to 2048 characters, 8 KB in all.']);
    // What is kept round-trips unchanged, with no note.
    const again = parseUrlState(serializeUrlState(state));
    expect(again.state.model).toEqual(models.slice(0, 20));
    expect(again.problems).toEqual([]);
  });

  it('a link carries at most 8 KB of filter text across model, instance, rank, cluster and A/B', () => {
    const long = (c: string, i: number) => `${c}${i}-${'\\'.repeat(1500)}`;
    const pairs: Array<[string, string]> = [
      ...Array.from({ length: 4 }, (_v, i): [string, string] => ['model', long('m', i)]),
      ...Array.from({ length: 4 }, (_v, i): [string, string] => ['instance', long('i', i)]),
      ['ab', 'pod'],
      ['a', 'x'],
      ['b', long('b', 0)],
    ];
    const { state, problems } = parseUrlState(link(pairs));
    const kept = [...state.model, ...state.instance, ...(state.ab ? [...state.ab.a, ...state.ab.b] : [])];
    expect(kept.join('').length).toBeLessThanOrEqual(8 * 1024);
    expect(state.model).toHaveLength(4);
    expect(state.instance.length).toBe(1);
    expect(problems.some((p) => p.startsWith('Some instance values were ignored'))).toBe(true);
    // The A/B side with nothing left is refused as a whole, as any A/B missing a side.
    expect(state.ab).toBeNull();
    expect(problems.some((p) => p.startsWith('Ignored ab="pod": needs values on both sides'))).toBe(true);
    const round = parseUrlState(serializeUrlState(state));
    expect(round.state.model).toEqual(state.model);
    expect(round.state.instance).toEqual(state.instance);
    expect(round.problems).toEqual([]);
  });

  it('quotes an ignored value and shortens it to 32 characters, so it cannot pass for a message', () => {
    const { problems } = parseUrlState(link([['from', 'Session expired: re-enter your token at evil.example']]));
    expect(problems).toEqual(['Ignored from="Session expired: re-enter your t…": not a time (use now-1h or epoch milliseconds)']);
  });

  it('accepts SLO thresholds with units and objectives as percentages, and writes them in seconds and ratios', () => {
    const { state, problems } = parseUrlState('slo_ttft=500ms&slo_e2e=2s&slo_itl=50ms&slo_objective=99.9%25');
    expect(problems).toEqual([]);
    expect(state.slo).toEqual({ ttft: 0.5, itl: 0.05, e2e: 2 });
    expect(state.sloObjective).toBe(0.999);
    expect(serializeUrlState(state)).toBe('slo_ttft=0.5&slo_itl=0.05&slo_e2e=2&slo_objective=0.999');
    expect(parseUrlState('slo_objective=99').state.sloObjective).toBe(0.99);
  });

  it('a bad SLO threshold is dropped with a note and keeps the others', () => {
    const { state, problems } = parseUrlState('slo_ttft=-3&slo_e2e=5');
    expect(state.slo).toEqual({ ttft: null, itl: null, e2e: 5 });
    expect(problems).toEqual([expect.stringContaining('slo_ttft="-3"')]);
  });

  it('accepts language prefixes', () => {
    expect(parseUrlState('lang=zh').state.lang).toBe('zh-CN');
  });
});
