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
  ])('drops invalid %s with a reason', (search, key) => {
    const { state, problems } = parseUrlState(search);
    expect(state).toEqual(DEFAULT_STATE);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(key);
  });

  it('omits defaults and keeps filter order', () => {
    expect(serializeUrlState({ ...DEFAULT_STATE, model: ['z', 'a'] })).toBe('model=z&model=a');
  });

  it('deduplicates repeated filter values', () => {
    expect(parseUrlState('model=a&model=a').state.model).toEqual(['a']);
  });

  it('accepts language prefixes', () => {
    expect(parseUrlState('lang=zh').state.lang).toBe('zh-CN');
  });
});
