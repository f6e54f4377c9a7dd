import { describe, expect, it } from 'vitest';
import { parseModelPrices, type ModelPrices } from './model-prices';
import { validateConfig } from './runtime-config';

describe('config.json prices', () => {
  it('takes a number (input = output) or {input, output}, and names each bad entry', () => {
    const out: ModelPrices = {};
    const problems: string[] = [];
    parseModelPrices({ a: 0.1, b: { input: 0.05, output: 0.2 }, c: -1, d: { input: 1 }, '': 1 }, out, problems);
    expect(out).toEqual({ a: { input: 0.1, output: 0.1 }, b: { input: 0.05, output: 0.2 } });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toContain('prices["c"]');
  });

  it('is a known key of the runtime config', () => {
    expect(validateConfig({ prices: { m: 2 } }).prices).toEqual({ m: { input: 2, output: 2 } });
    expect(() => validateConfig({ prices: { m: 'free' } })).toThrow(/prices\["m"\]/);
  });
});
