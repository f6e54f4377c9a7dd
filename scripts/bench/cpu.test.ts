import { describe, expect, it } from 'vitest';
import { allowedCpuList, cpuMsOf, descendants, parseCpuList, splitCpus } from './cpu.ts';

describe('splitCpus', () => {
  it('gives the backend the lower half of the allowed CPUs and the browser the rest, disjoint', () => {
    expect(splitCpus([0, 1])).toEqual({ backend: '0', browser: '1' });
    expect(splitCpus([0, 1, 2, 3])).toEqual({ backend: '0,1', browser: '2,3' });
    expect(splitCpus([0, 1, 2])).toEqual({ backend: '0', browser: '1,2' });
  });
  it('splits the CPUs a container allows, not 0…n−1', () => {
    expect(splitCpus(parseCpuList('4-5'))).toEqual({ backend: '4', browser: '5' });
    expect(splitCpus(parseCpuList('0-1,8-9\n'))).toEqual({ backend: '0,1', browser: '8,9' });
  });
  it('cannot split one CPU', () => {
    expect(splitCpus([3])).toBeNull();
    expect(splitCpus(parseCpuList(''))).toBeNull();
  });
  it('reads this process’s allowed CPUs', () => {
    expect(parseCpuList(allowedCpuList()).length).toBeGreaterThan(0);
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
