import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { pngContext, type PngContextInput } from './export-context';

const base: PngContextInput = {
  title: 'Time to first token',
  engine: 'vllm',
  baseUrl: 'http://prom:9090',
  filters: { model_name: ['llama', 'qwen'], instance: [] },
  rateInterval: '1m',
  startMs: Date.UTC(2026, 11, 1, 2, 0),
  endMs: Date.UTC(2026, 11, 1, 3, 0),
  series: [
    { id: 'a', name: 'llama p95', labels: { model_name: 'llama' }, points: [[0, 0.2], [15_000, 0.25]] },
    { id: 'b', name: 'qwen p95', labels: { model_name: 'qwen' }, points: [[0, 0.4], [15_000, null]] },
  ],
  hidden: new Set(['b']),
  colors: new Map([['a', '#2563eb'], ['b', '#d97706']]),
  unit: 'seconds',
  theme: 'light',
  locale: 'en-US',
  nowMs: Date.UTC(2026, 11, 1, 3, 0, 5),
  t: en,
};

describe('pngContext (TZ=UTC)', () => {
  it('says what the picture is: title, range with time zone, engine and backend, filters', () => {
    const c = pngContext(base);
    expect(c.title).toBe('Time to first token');
    expect(c.lines).toEqual([
      '2026-12-01 02:00:00 → 03:00:00 UTC',
      'vLLM · http://prom:9090 · rate window 1m',
      'model_name = llama, qwen',
    ]);
    expect(c.footer).toBe('inferwatch · exported 2026-12-01 03:00:05 UTC');
  });

  it('lists every series with its colour, last value (at the last complete step) and whether it is hidden', () => {
    expect(pngContext(base).legend).toEqual([
      { name: 'llama p95', color: '#2563eb', last: '200 ms', hidden: false },
      { name: 'qwen p95', color: '#d97706', last: '400 ms', hidden: true },
    ]);
  });

  it('says when nothing is filtered', () => {
    expect(pngContext({ ...base, filters: { model_name: [] } }).lines[2]).toBe('Filters: none (all models and instances)');
  });
});
