// floatToGoString must match the Python client byte for byte (le labels, sample values).
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { floatToGoString, formatLe, pythonFloatRepr } from './format.ts';

describe('floatToGoString', () => {
  it.each([
    [0.001, '0.001'],
    [1, '1.0'],
    [2.5, '2.5'],
    [0, '0.0'],
    [Infinity, '+Inf'],
    [524288, '524288.0'],
    [1e6, '1e+06'],
    [1.1e6, '1.1e+06'],
    [2097152, '2.097152e+06'],
    [2147483648, '2.147483648e+09'],
    [1e-5, '1e-05'],
    [5e-5, '5e-05'],
    [0.0001, '0.0001'],
    [0.0016200000000000001, '0.0016200000000000001'],
    [1735732800.123, '1.735732800123e+09'],
    [123456, '123456.0'],
  ])('%s -> %s', (x, s) => {
    expect(floatToGoString(x)).toBe(s);
  });

  it('repr uses exponents from 1e16', () => {
    expect(pythonFloatRepr(1e16)).toBe('1e+16');
    expect(pythonFloatRepr(123.25)).toBe('123.25');
  });
});

describe('formatLe', () => {
  it.each([
    [1, '1.0', '1'],
    [5, '5.0', '5'],
    [0.005, '0.005', '0.005'],
    [2.5, '2.5', '2.5'],
    [1e6, '1e+06', '1e+06'],
    [Infinity, '+Inf', '+Inf'],
  ])('%s -> python %s, int %s', (x, py, int) => {
    expect(formatLe(x, 'python')).toBe(py);
    expect(formatLe(x, 'int')).toBe(int);
  });

  it('a fleet asked for int-form le writes "1", never "1.0"', () => {
    const fleet = createFleet({ startMs: 1_767_225_600_000, vllmInstances: 1, sglangInstances: 1, leFormat: 'int' });
    for (const inst of fleet.instances) {
      inst.advanceTo(1_767_225_660_000);
      const text = inst.renderText();
      expect(text).toMatch(/_bucket\{[^}]*le="1"/);
      expect(text).not.toMatch(/le="\d+\.0"/);
    }
  });
});
