import { describe, expect, it } from 'vitest';
import { fitColumns } from './fit-columns';

const cols = [
  { id: 'instances', width: 80 },
  { id: 'req-rate', width: 90 },
  { id: 'prompt-tokens', width: 110 },
  { id: 'output-tokens', width: 100 },
  { id: 'ttft-p95', width: 80 },
  { id: 'failed-share', width: 100 },
];

describe('fitColumns', () => {
  it('keeps every column when all fit', () => {
    expect(fitColumns(cols, 200, 800)).toEqual(cols.map((c) => c.id));
  });
  it('keeps whole columns only, the most telling first, in the table’s order', () => {
    // 600 px embed, a 220 px model column: req/s, TTFT p95, instances, failures = 350 px → 570 ≤ 600.
    expect(fitColumns(cols, 220, 600)).toEqual(['instances', 'req-rate', 'ttft-p95', 'failed-share']);
    // A column that does not fit is skipped, a smaller later one may still fit.
    expect(fitColumns(cols, 220, 500)).toEqual(['instances', 'req-rate', 'ttft-p95']);
  });
  it('a row header wider than the panel leaves no column rather than half of one', () => {
    expect(fitColumns(cols, 700, 600)).toEqual([]);
  });
});
