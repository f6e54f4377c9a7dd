import { describe, expect, it } from 'vitest';
import { catalogs } from '../../catalog';
import { SIGNAL_LABEL } from './signals';
import { usageRows, usageSignals } from './usage';

const s = (id: string, model: string, v: number) => ({ metric: { [SIGNAL_LABEL]: id, model_name: model }, value: [0, String(v)] as [number, string] });

describe('usage windows', () => {
  it('asks increase over 1 h, 24 h and 7 d for requests and both token counters, and the history held', () => {
    const sig = usageSignals(catalogs.vllm);
    expect(sig.map((x) => x.id)).toEqual(expect.arrayContaining(['requests_1h', 'requests_24h', 'requests_7d', 'prompt_24h', 'generation_7d', 'since']));
    expect(sig.find((x) => x.id === 'requests_24h')?.expr).toMatch(/^sum by \(\$__by\) \(increase\(\{\{\w+\}\}\[24h\]\)\)$/);
    expect(sig.every((x) => !x.expr.includes('delta('))).toBe(true);
  });

  it('SGLang without a request counter falls back to its e2e histogram count', () => {
    const ids = usageSignals(catalogs.sglang).map((x) => x.id);
    if (catalogs.sglang.roles?.requestsFallback) expect(ids).toContain('requests_fallback_1h');
  });

  it('sums prompt and generated tokens, and says how much of each window the backend holds', () => {
    const end = 1_000_000;
    const rows = usageRows(
      [
        s('requests_1h', 'a', 10),
        s('requests_24h', 'a', 30),
        s('requests_7d', 'a', 30),
        s('prompt_1h', 'a', 1000),
        s('generation_1h', 'a', 500),
        s('since', 'a', end - 3 * 3600),
        s('requests_24h', 'b', 90),
      ],
      'model_name',
      end,
    );
    expect(rows.map((r) => r.model)).toEqual(['b', 'a']);
    const a = rows[1]!;
    expect(a.cells['1h']).toEqual({ requests: 10, tokens: 1500, coveredSec: 3600 });
    expect(a.cells['24h'].coveredSec).toBe(3 * 3600);
    expect(a.cells['7d'].coveredSec).toBe(3 * 3600);
    expect(a.cells['24h'].tokens).toBeNull();
  });

  it('prefers the request counter to the fallback, and leaves out a model with nothing', () => {
    const rows = usageRows([s('requests_1h', 'a', 4), s('requests_fallback_1h', 'a', 9), s('since', 'z', 1)], 'model_name', 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cells['1h'].requests).toBe(4);
  });
});
