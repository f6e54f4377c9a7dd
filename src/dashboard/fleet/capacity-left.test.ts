import { describe, expect, it } from 'vitest';
import { capacityLeft, goneExpr, seenExpr } from './capacity-left';
import { promqlErrors } from '../../../test-support/catalog';

describe('capacityLeft', () => {
  it('says nothing while every instance seen still reports', () => {
    expect(capacityLeft(3, [])).toBeNull();
    expect(capacityLeft(null, [100])).toBeNull();
  });
  it('counts the gone and keeps the latest last sample', () => {
    expect(capacityLeft(3, [1000, 1200])).toEqual({ seen: 3, gone: 2, lastSeenSec: 1200 });
  });
  it('never says more gone than seen', () => {
    expect(capacityLeft(1, [1000, 1200])).toMatchObject({ seen: 2, gone: 2 });
  });
  it('is valid PromQL once expanded', () => {
    for (const e of [seenExpr('x'), goneExpr('x')]) expect(promqlErrors(e.replace('$__lifetime_window', '2100s:9s').replace('$__lifetime_step', '9s').replaceAll('$__range', '1800s'))).toEqual([]);
  });
});
