import { describe, expect, it } from 'vitest';
import { parseRunbookBase, sloFieldValues } from './rules-dialog';

describe('sloFieldValues', () => {
  it('starts the Rules dialog from the board’s SLO settings (URL slo_*, then config.json)', () => {
    expect(sloFieldValues({ thresholds: { ttft: 0.5, itl: null, e2e: 10 }, objective: 0.995 })).toEqual({ ttft: '0.5', itl: '', e2e: '10', objective: '0.995' });
    // No SLO on the board: empty fields (the default objective is not written into an empty form).
    expect(sloFieldValues({ thresholds: { ttft: null, itl: null, e2e: null }, objective: 0.99 })).toEqual({ ttft: '', itl: '', e2e: '', objective: '' });
    expect(sloFieldValues(undefined)).toEqual({ ttft: '', itl: '', e2e: '', objective: '' });
  });
});

describe('parseRunbookBase', () => {
  it('takes an absolute http(s) URL, leaves empty for the relative default, refuses anything else', () => {
    expect(parseRunbookBase('  https://docs.example/inferwatch/alerts.md ')).toBe('https://docs.example/inferwatch/alerts.md');
    expect(parseRunbookBase('http://10.0.0.1:8080/alerts.md')).toBe('http://10.0.0.1:8080/alerts.md');
    expect(parseRunbookBase('')).toBeUndefined();
    for (const bad of ['docs/alerts.md', 'javascript:alert(1)', 'ftp://x/alerts.md', 'https://x/alerts.md#targetdown']) expect(parseRunbookBase(bad)).toBeNull();
  });
});
