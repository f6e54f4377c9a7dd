// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sameMembers, useStable } from './use-stable';

afterEach(cleanup);

describe('useStable', () => {
  it('keeps the first Set while later ones have the same members, and takes a changed one', () => {
    const first = new Set(['vllm:num_requests_running', 'vllm:kv_cache_usage_perc']);
    const { result, rerender } = renderHook(({ v }) => useStable(v, sameMembers), { initialProps: { v: first } });
    expect(result.current).toBe(first);
    // A refetch of an unchanged list: a new Set, same names (other order).
    rerender({ v: new Set(['vllm:kv_cache_usage_perc', 'vllm:num_requests_running']) });
    expect(result.current).toBe(first);
    // A name appears (an engine upgrade): the new list is taken.
    const grown = new Set([...first, 'vllm:request_success_total']);
    rerender({ v: grown });
    expect(result.current).toBe(grown);
    // A name disappears.
    const shrunk = new Set(['vllm:kv_cache_usage_perc']);
    rerender({ v: shrunk });
    expect(result.current).toBe(shrunk);
  });
});

describe('sameMembers', () => {
  it('compares members, not order or identity', () => {
    expect(sameMembers(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameMembers(new Set([1, 2]), new Set([1, 3]))).toBe(false);
    expect(sameMembers(new Set([1]), new Set([1, 2]))).toBe(false);
  });
});
