import { describe, expect, it } from 'vitest';
import { dragRange, spanAround } from './drag-zoom';

describe('spanAround', () => {
  it('finds the run of pixels inside the grid around the pointer', () => {
    expect(spanAround(50, 200, (p) => p >= 40 && p <= 180)).toEqual({ lo: 40, hi: 180 });
  });
  it('stops at the canvas edges', () => {
    expect(spanAround(3, 10, () => true)).toEqual({ lo: 0, hi: 10 });
  });
});

describe('dragRange', () => {
  const toValue = (px: number) => 1_000_000 + px * 1000;
  it('orders a right-to-left drag', () => {
    expect(dragRange(300, 100, toValue)).toEqual([1_100_000, 1_300_000]);
  });
  it('treats a few pixels as a click, not a zoom', () => {
    expect(dragRange(100, 102, toValue)).toBeNull();
  });
  it('refuses a range the axis cannot convert', () => {
    expect(dragRange(100, 200, () => NaN)).toBeNull();
  });
});
