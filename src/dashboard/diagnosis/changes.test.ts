// Change detection on hand-made range answers: a counter reset is one restart at the first step
// that sees it; an info gauge's new label set is a config change saying what changed; sleep/wake.
import { describe, expect, it } from 'vitest';
import type { ColumnarSeries } from '../../prometheus';
import { col } from '../../../test-support/matrix';
import { infoChanges, resetRestarts, sleepChanges } from './changes';
import { beforeAfter } from './changes-list';

const series = (metric: Record<string, string>, values: Array<[number, number]>): ColumnarSeries => col(metric, values.map(([t, v]) => [t, String(v)]));

describe('change detection', () => {
  it('a reset seen by several overlapping windows is one restart, at the first step that sees it', () => {
    const s = series({ instance: 'a:1' }, [[100, 0], [110, 0], [120, 1], [130, 1], [140, 1], [150, 0], [160, 0]]);
    expect(resetRestarts([s], 'instance', 10)).toEqual([{ kind: 'restart', instance: 'a:1', t: 120_000 }]);
    // Two restarts apart, and a gap in the answer, are two.
    const two = series({ instance: 'b:1' }, [[100, 1], [110, 0], [120, 1], [150, 1]]);
    expect(resetRestarts([two], 'instance', 10).map((e) => e.t)).toEqual([100_000, 120_000, 150_000]);
    expect(resetRestarts([series({}, [[100, 1]])], 'instance', 10)).toEqual([]);
  });

  it('a new label set of one instance and engine inside the range is a config change; what changed is said', () => {
    const base = { __name__: 'vllm:cache_config_info', instance: 'a:1', engine: '0', block_size: '16', num_gpu_blocks: '1000' };
    const old = series(base, [[0, 1], [10, 1], [20, 1]]);
    const neu = series({ ...base, num_gpu_blocks: '250' }, [[30, 1], [40, 1]]);
    expect(infoChanges([neu, old], 'instance', 0)).toEqual([{ kind: 'config', instance: 'a:1', t: 30_000, what: 'num_gpu_blocks: 1000 → 250' }]);
    // Two DP engines changing together: one marker.
    const old1 = series({ ...base, engine: '1' }, [[0, 1]]);
    const neu1 = series({ ...base, engine: '1', num_gpu_blocks: '250' }, [[30, 1]]);
    expect(infoChanges([old, neu, old1, neu1], 'instance', 0)).toHaveLength(1);
    // A first series, or one that began before the range, is no change; other instances are not compared.
    expect(infoChanges([old], 'instance', 0)).toEqual([]);
    expect(infoChanges([old, series({ ...base, instance: 'b:1', num_gpu_blocks: '5' }, [[30, 1]])], 'instance', 0)).toEqual([]);
    expect(infoChanges([old, neu], 'instance', 30)).toEqual([]);
  });

  it('the awake series going 1 → 0 → 1 is a sleep then a wake', () => {
    const s = series({ instance: 'a:1', sleep_state: 'awake' }, [[0, 1], [10, 0], [20, 0], [30, 1]]);
    expect(sleepChanges([s], 'instance')).toEqual([
      { kind: 'sleep', instance: 'a:1', t: 10_000 },
      { kind: 'wake', instance: 'a:1', t: 30_000 },
    ]);
  });

  it('before vs after: the window from the change as long as the time since (whole minutes, within the range), compared with as long before', () => {
    const t = Date.UTC(2026, 0, 1, 12);
    expect(beforeAfter(t, t + 10 * 60_000, 3600)).toEqual({ from: String(t), to: String(t + 10 * 60_000), compare: '10m' });
    expect(beforeAfter(t, t + 5 * 3600_000, 3600).compare).toBe('60m');
    expect(beforeAfter(t, t + 10_000, 3600).compare).toBe('1m');
  });
});
