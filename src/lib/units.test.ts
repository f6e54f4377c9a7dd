import { describe, expect, it } from 'vitest';
import { NO_VALUE, axisFormatter, formatValue, type Unit } from './units';

const en = { locale: 'en-US' };

describe('formatValue', () => {
  it.each<[number, Unit, string]>([
    [0.85, 'seconds', '850 ms'],
    [1.2399, 'seconds', '1.24 s'],
    [125, 'seconds', '2m 5s'],
    [120, 'seconds', '2m'],
    [3900, 'seconds', '1h 5m'],
    [93_600, 'seconds', '1d 2h'],
    [0.00042, 'seconds', '420 µs'],
    [0.0009996, 'seconds', '1 ms'],
    [59.99, 'seconds', '1m'],
    [0, 'seconds', '0 s'],
    [-0.5, 'seconds', '-500 ms'],
    [850, 'ms', '850 ms'],
    [1240, 'ms', '1.24 s'],
    [0.5, 'ms', '500 µs'],
    [125_000, 'ms', '2m 5s'],
    [0.934, 'ratio', '93.4 %'],
    [1, 'ratio', '100 %'],
    [0, 'ratio', '0 %'],
    [93.4, 'percent', '93.4 %'],
    [1200, 'tokps', '1.2k tok/s'],
    [3_400_000, 'tokps', '3.4M tok/s'],
    [999.7, 'tokps', '1k tok/s'],
    [12.34, 'reqps', '12.3 req/s'],
    [0.25, 'ops', '0.25 /s'],
    [1234, 'tokens', '1.23k'],
    [12, 'count', '12'],
    [1200, 'requests', '1.2k'],
    [1.5 * 2 ** 30, 'bytes', '1.5 GiB'],
    [512, 'bytes', '512 B'],
    [1.5e9, 'bytesps', '1.5 GB/s'],
    [3.12e14, 'flops', '312 TFLOP/s'],
    [12.5, 'gbps', '12.5 GB/s'],
    [0.5, 'gbps', '500 MB/s'],
  ])('%s %s → %s', (v, unit, want) => {
    expect(formatValue(v, unit, en)).toBe(want);
  });

  it.each([null, NaN, Infinity, -Infinity])('%s is a gap, not a number', (v) => {
    expect(formatValue(v, 'count', en)).toBe(NO_VALUE);
    expect(formatValue(v, 'seconds', en)).toBe('–');
  });

  it('prints float noise as 0, never -0', () => {
    expect(formatValue(-1e-20, 'count', en)).toBe('0');
    expect(formatValue(2.7e-17, 'reqps', en)).toBe('0 req/s');
    expect(formatValue(1e-5, 'ops', en)).toBe('0.00001 /s');
  });

  it('uses the locale for digits', () => {
    expect(formatValue(1.24, 'seconds', { locale: 'de-DE' })).toBe('1,24 s');
    expect(formatValue(0.934, 'ratio', { locale: 'de-DE' })).toBe('93,4 %');
    expect(formatValue(1.24, 'seconds', { locale: 'zh-CN' })).toBe('1.24 s');
    expect(formatValue(1200, 'tokps', { locale: 'zh-CN' })).toBe('1.2k tok/s');
  });

  it('takes a digits option (significant digits)', () => {
    expect(formatValue(1.23456, 'count', { ...en, digits: 5 })).toBe('1.2346');
    expect(formatValue(0.934, 'ratio', { ...en, digits: 2 })).toBe('93 %');
  });

  it('keeps the largest prefix when values exceed it', () => {
    expect(formatValue(5e21, 'count', en)).toBe('5,000E');
  });
});

describe('axisFormatter', () => {
  it('uses one unit per duration label', () => {
    const f = axisFormatter('seconds', 'en-US');
    expect(f(0)).toBe('0');
    expect(f(0.25)).toBe('250 ms');
    expect(f(1.5)).toBe('1.5 s');
    expect(f(180)).toBe('3 min');
    expect(f(7200)).toBe('2 h');
    expect(f(0.0005)).toBe('500 µs');
    expect(axisFormatter('ms', 'en-US')(250)).toBe('250 ms');
  });

  it('formats other units compactly', () => {
    expect(axisFormatter('ratio', 'en-US')(0.9)).toBe('90 %');
    expect(axisFormatter('tokps', 'en-US')(1500)).toBe('1.5k tok/s');
    expect(axisFormatter('count', 'en-US')(0)).toBe('0');
    expect(axisFormatter('count', 'en-US')(NaN)).toBe('');
  });
});
