// floatToGoString must match the Python client byte for byte (le labels, sample values).
import { describe, expect, it } from 'vitest';
import { floatToGoString, pythonFloatRepr } from './format.ts';

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
