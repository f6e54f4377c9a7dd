import { describe, expect, it } from 'vitest';
import { buildSeriesHeatmapOption, seriesHeatmapHeight, seriesToRows, type RowNaming } from './series-heatmap';
import type { ChartSeries } from '../core/types';

const s = (labels: Record<string, string>, ys: Array<number | null>): ChartSeries => ({
  id: JSON.stringify(labels),
  name: '',
  labels,
  points: ys.map((y, i) => [i * 60_000, y]),
});

const naming: RowNaming = {
  group: (x) => x.labels.Hostname ?? '',
  order: (x) => x.labels.gpu ?? '',
  label: (x) => `${x.labels.Hostname ?? ''} · gpu ${x.labels.gpu ?? ''} · ${x.labels.pod ?? 'idle'}`,
};

describe('series heatmap', () => {
  it('groups rows by node and orders GPUs as numbers; gaps stay gaps', () => {
    const d = seriesToRows([s({ Hostname: 'node-10', gpu: '0' }, [0.1, 0.2]), s({ Hostname: 'node-2', gpu: '10', pod: 'vllm-0' }, [1, null]), s({ Hostname: 'node-2', gpu: '2', pod: 'vllm-0' }, [0.5, 0.7])], naming);
    expect(d.rows.map((r) => r.label)).toEqual(['node-2 · gpu 2 · vllm-0', 'node-2 · gpu 10 · vllm-0', 'node-10 · gpu 0 · idle']);
    expect(d.times).toEqual([0, 60_000]);
    // The null step of node-2/gpu 10 has no cell (a gap, not 0 %).
    expect(d.cells.filter(([, y]) => y === 1)).toEqual([[0, 1, 1]]);
    expect(d.rows[0]).toMatchObject({ mean: 0.6, max: 0.7, last: 0.7 });
  });

  it('the tooltip escapes label values and uses classes, no inline style', () => {
    const d = seriesToRows([s({ Hostname: '<img src=x onerror=alert(1)>', gpu: '0', pod: 'p' }, [0.42])], naming);
    const opt = buildSeriesHeatmapOption({ data: d, unit: 'ratio', min: 0, max: 1, theme: 'light', valueLabel: 'Util', locale: 'en' });
    const tooltip = opt.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter({ value: [0, 0, 0.42] });
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('style=');
    expect(html).toContain('42');
    expect(tooltip.formatter({ value: [0, 9, 0.42] })).toBe('');
  });

  it('shows a colour scale from min to max, and grows with the rows', () => {
    const opt = buildSeriesHeatmapOption({ data: { times: [], rows: [], cells: [] }, unit: 'ratio', min: 0, max: 1, theme: 'dark', valueLabel: 'Util', locale: 'en' });
    expect(opt.visualMap).toMatchObject({ show: true, min: 0, max: 1 });
    expect(seriesHeatmapHeight(2)).toBe(220);
    expect(seriesHeatmapHeight(50)).toBeGreaterThan(seriesHeatmapHeight(20));
  });
});
