import { describe, expect, it } from 'vitest';
import { cpuMsOf, descendants, splitCpus } from './cpu.ts';

describe('splitCpus', () => {
  it('gives the backend the lower half and the browser the rest, disjoint', () => {
    expect(splitCpus(2)).toEqual({ backend: '0', browser: '1' });
    expect(splitCpus(4)).toEqual({ backend: '0-1', browser: '2-3' });
    expect(splitCpus(3)).toEqual({ backend: '0', browser: '1-2' });
  });
  it('cannot split one CPU', () => {
    expect(splitCpus(1)).toBeNull();
  });
});

describe('process CPU', () => {
  it('reads this process’s CPU time, and nothing for a process that is not there', () => {
    const before = cpuMsOf(process.pid);
    let x = 0;
    for (const end = Date.now() + 60; Date.now() < end; ) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(cpuMsOf(process.pid)).toBeGreaterThan(before);
    expect(cpuMsOf(2 ** 22 + 7)).toBe(0);
  });
  it('does not count this process among its own descendants', () => {
    expect(descendants(process.pid)).not.toContain(process.pid);
  });
});
