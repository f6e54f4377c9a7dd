import { describe, expect, it } from 'vitest';
import { validateConfig } from './runtime-config';

describe('config.json gpuPrices', () => {
  it('takes model → dollars per GPU-hour', () => {
    expect(validateConfig({ gpuPrices: { H100: 2.9, 'NVIDIA L4': 0 } }).gpuPrices).toEqual({ H100: 2.9, 'NVIDIA L4': 0 });
  });
  it.each([[{ gpuPrices: [1] }, '"gpuPrices" must be an object'], [{ gpuPrices: { H100: -1 } }, 'gpuPrices["H100"]'], [{ gpuPrices: { H100: '3' } }, 'gpuPrices["H100"]']])('rejects %j', (raw, problem) => {
    expect(() => validateConfig(raw)).toThrow(problem);
  });
});
