import { describe, expect, it } from 'vitest';
import type { Alert } from '../../prometheus';
import { alertMarkers, markersAriaLabel } from './markers';
import type { BoardFilter } from './match';

const F: BoardFilter = { engine: 'vllm', modelLabel: 'model_name', instanceLabel: 'instance', models: [], instances: [] };

describe('alertMarkers', () => {
  it('marks this board’s firing and pending alerts at their start, named with their place', () => {
    const alerts: Alert[] = [
      { labels: { alertname: 'VLLMTargetDown', inferwatch_engine: 'vllm', instance: 'h:1', severity: 'critical' }, annotations: { summary: 'h:1 is down' }, state: 'pending', activeAt: '2026-12-01T08:00:00Z' },
      { labels: { alertname: 'SGLangTargetDown', inferwatch_engine: 'sglang', instance: 'h:2' }, annotations: {}, state: 'firing', activeAt: '2026-12-01T08:00:00Z' },
      { labels: { alertname: 'VLLMHighTTFT', inferwatch_engine: 'vllm', model_name: 'm' }, annotations: {}, state: 'inactive' },
      { labels: { alertname: 'VLLMMetricsAbsent', inferwatch_engine: 'vllm' }, annotations: {}, state: 'firing' },
    ];
    expect(alertMarkers(alerts, F)).toEqual([
      { t: Date.parse('2026-12-01T08:00:00Z'), label: 'VLLMTargetDown', place: 'h:1', detail: 'h:1 is down', severity: 'critical', pending: true },
    ]);
  });

  it('names the marked alerts in the chart’s accessible name, only those in the range', () => {
    const text = (title: string, alerts: string) => `${title}: ${alerts}`;
    const markers = [{ t: 1000, label: 'A', place: 'h:1', severity: '' }, { t: 10_000_000, label: 'B', severity: '' }];
    expect(markersAriaLabel('Request rate', markers, 0, 3_600_000, text)).toBe('Request rate: A · h:1');
    expect(markersAriaLabel('Request rate', [], 0, 3_600_000, text)).toBe('Request rate');
  });
});
