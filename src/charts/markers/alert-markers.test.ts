import { describe, expect, it } from 'vitest';
import { alertMarkerSeries, groupMarkers, markerTooltipHtml, withAlertMarkers, type ChartMarker } from './alert-markers';
import { buildTimeSeriesOption } from '../timeseries/options';

const H = 3_600_000;
const m = (t: number, label: string, severity = 'warning', pending = false): ChartMarker => ({ t, label, severity, pending, detail: `${label} summary` });

describe('alert markers', () => {
  it('draws one vertical line per alert start inside the range, coloured by severity, dashed while pending', () => {
    const s = alertMarkerSeries([m(10 * 60_000, 'A', 'critical'), m(40 * 60_000, 'B', 'warning', true), m(2 * H, 'late')], 'light', 0, H);
    const data = s?.markLine?.data as Array<{ xAxis: number; lineStyle: { color: string; type: string }; label: { formatter: () => string } }>;
    expect(data.map((d) => d.xAxis)).toEqual([10 * 60_000, 40 * 60_000]);
    expect(data[0]?.lineStyle).toMatchObject({ color: '#dc2626', type: 'solid' });
    expect(data[1]?.lineStyle).toMatchObject({ color: '#d97706', type: 'dashed' });
    expect(data.map((d) => d.label.formatter())).toEqual(['A', 'B']);
  });

  it('a name that looks like an ECharts template is drawn as written (a function formatter, not a template)', () => {
    const s = alertMarkerSeries([m(10 * 60_000, '{b}{c}{x|big}')], 'light', 0, H);
    const label = (s?.markLine?.data as Array<{ label: { formatter: unknown } }>)[0]?.label;
    expect(typeof label?.formatter).toBe('function');
    expect((label?.formatter as () => string)()).toBe('{b}{c}{x|big}');
  });

  it('merges alerts that start together into one line named after the worst', () => {
    const groups = groupMarkers([m(1000, 'w1'), m(1000 + 20_000, 'c1', 'critical'), m(30 * 60_000, 'w2')], 0, H);
    expect(groups.map((g) => g.markers.map((x) => x.label))).toEqual([['w1', 'c1'], ['w2']]);
    const s = alertMarkerSeries([m(1000, 'w1'), m(1000 + 20_000, 'c1', 'critical')], 'dark', 0, H);
    expect((s?.markLine?.data as Array<{ label: { formatter: () => string } }>)[0]?.label.formatter()).toBe('c1 +1');
  });

  it('escapes names and summaries in the tooltip', () => {
    const html = markerTooltipHtml({ t: 0, markers: [{ t: 0, label: '<img src=x onerror=alert(1)>', detail: '"x" & <b>', severity: '' }] }, 'en-US');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('adds a carrier series to the option and leaves the option as it was without markers in range', () => {
    const option = buildTimeSeriesOption({ series: [{ id: 'a', name: 'a', labels: {}, points: [[0, 1], [H, 2]] }], unit: 'reqps', theme: 'light', kind: 'line', startMs: 0, endMs: H });
    expect(withAlertMarkers(option, [], 'light', 0, H)).toBe(option);
    expect(withAlertMarkers(option, [m(2 * H, 'late')], 'light', 0, H)).toBe(option);
    const withOne = withAlertMarkers(option, [m(60_000, 'A')], 'light', 0, H);
    const series = withOne.series as Array<{ id: string }>;
    expect(series.map((x) => x.id)).toEqual(['a', 'alert-markers']);
  });

  it('adds the alerts near the pointer to the axis tooltip, escaped, and leaves it as it was elsewhere', () => {
    const option = buildTimeSeriesOption({ series: [{ id: 'a', name: 'a', labels: {}, points: [[0, 1], [H, 2]] }], unit: 'reqps', theme: 'light', kind: 'line', startMs: 0, endMs: H });
    const marked = withAlertMarkers(option, [{ t: 600_000, label: 'VLLMTargetDown', place: 'h:1', detail: '<b>down</b>', severity: 'critical' }], 'light', 0, H, 'en-US');
    const format = (o: typeof option) => (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    const at = (x: number) => [{ axisValue: x, seriesId: 'a', seriesName: 'a', value: [x, 1], color: '#2563eb', dataIndex: 0 }];
    expect(format(marked)(at(600_000 + 20_000))).toContain('<strong>VLLMTargetDown</strong> · h:1');
    expect(format(marked)(at(600_000 + 20_000))).toContain('&lt;b&gt;down&lt;/b&gt;');
    expect(format(marked)(at(1_800_000))).toBe(format(option)(at(1_800_000)));
  });

  it('names only lines far enough apart to read; the tooltip still lists every one, with what a marker time means', () => {
    // 1 min apart in an hour: two lines, but vertical names 1.7 % of the width apart would overlap.
    const s = alertMarkerSeries([m(10 * 60_000, 'A'), m(11 * 60_000, 'B'), m(30 * 60_000, 'C')], 'light', 0, H);
    const data = s?.markLine?.data as Array<{ xAxis: number; label: { show: boolean; formatter: () => string } }>;
    expect(data.map((d) => [d.label.formatter(), d.label.show])).toEqual([['A', true], ['B', false], ['C', true]]);
    const option = buildTimeSeriesOption({ series: [{ id: 'a', name: 'a', labels: {}, points: [[0, 1], [H, 2]] }], unit: 'reqps', theme: 'light', kind: 'line', startMs: 0, endMs: H });
    const marked = withAlertMarkers(option, [m(11 * 60_000, 'B')], 'light', 0, H, 'en-US', 'activeAt <is> the rule start');
    const html = (marked.tooltip as { formatter: (p: unknown) => string }).formatter([{ axisValue: 11 * 60_000, seriesId: 'a', seriesName: 'a', value: [0, 1], color: '#000', dataIndex: 0 }]);
    expect(html).toContain('<strong>B</strong>');
    expect(html).toContain('class="iw-marker-note">activeAt &lt;is&gt; the rule start</div>');
  });
});

