import { describe, expect, it } from 'vitest';
import { sloFieldValues } from './rules-dialog';

describe('sloFieldValues', () => {
  it('starts the Rules dialog from the board’s SLO settings (URL slo_*, then config.json)', () => {
    expect(sloFieldValues({ thresholds: { ttft: 0.5, itl: null, e2e: 10 }, objective: 0.995 })).toEqual({ ttft: '0.5', itl: '', e2e: '10', objective: '0.995' });
    // No SLO on the board: empty fields (the default objective is not written into an empty form).
    expect(sloFieldValues({ thresholds: { ttft: null, itl: null, e2e: null }, objective: 0.99 })).toEqual({ ttft: '', itl: '', e2e: '', objective: '' });
    expect(sloFieldValues(undefined)).toEqual({ ttft: '', itl: '', e2e: '', objective: '' });
  });
});
