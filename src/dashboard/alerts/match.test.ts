import { describe, expect, it } from 'vitest';
import type { Alert, RulesData } from '../../prometheus';
import { decodeAlerts, decodeRules } from '../../prometheus/decoders';
import { boardAlerts, matchesBoard, type BoardFilter } from './match';

const F: BoardFilter = { engine: 'vllm', modelLabel: 'model_name', instanceLabel: 'instance', models: [], instances: [] };
const alert = (labels: Record<string, string>, state: Alert['state'], activeAt?: string, summary = ''): Alert => ({
  labels,
  annotations: summary ? { summary } : {},
  state,
  ...(activeAt ? { activeAt } : {}),
});

describe('matchesBoard', () => {
  it('keeps this engine’s pack alerts and others about a model or instance; drops other engines and unrelated alerts', () => {
    expect(matchesBoard({ alertname: 'VLLMTargetDown', inferwatch_engine: 'vllm', instance: 'a' }, F)).toBe(true);
    expect(matchesBoard({ alertname: 'SGLangTargetDown', inferwatch_engine: 'sglang', instance: 'a' }, F)).toBe(false);
    expect(matchesBoard({ alertname: 'Custom', model_name: 'm' }, F)).toBe(true);
    expect(matchesBoard({ alertname: 'PrometheusRuleFailures' }, F)).toBe(false);
  });

  it('a selected model or instance narrows alerts carrying that label; fleet-wide ones stay', () => {
    const f = { ...F, models: ['m1'], instances: ['a:1'] };
    expect(matchesBoard({ inferwatch_engine: 'vllm', model_name: 'm2' }, f)).toBe(false);
    expect(matchesBoard({ inferwatch_engine: 'vllm', model_name: 'm1', instance: 'b:1' }, f)).toBe(false);
    expect(matchesBoard({ inferwatch_engine: 'vllm', model_name: 'm1', instance: 'a:1' }, f)).toBe(true);
    expect(matchesBoard({ inferwatch_engine: 'vllm' }, f)).toBe(true); // MetricsAbsent has no place labels
  });
});

describe('boardAlerts', () => {
  const rules: RulesData = {
    groups: [{ name: 'g', file: 'f', interval: 5, rules: [{ type: 'alerting', name: 'VLLMTargetDown', query: 'up == 0', duration: 60, labels: {}, annotations: {}, alerts: [], health: 'ok' }] }],
  };
  it('lists firing before pending, oldest first, with the rule’s `for` and summary; inactive ones are left out', () => {
    const list = boardAlerts(
      [
        alert({ alertname: 'VLLMTargetDown', inferwatch_engine: 'vllm', instance: 'b' }, 'pending', '2026-01-01T00:00:10Z'),
        alert({ alertname: 'VLLMHighTTFT', inferwatch_engine: 'vllm', model_name: 'm' }, 'firing', '2026-01-01T00:00:20Z', 'TTFT p99 is 12s'),
        alert({ alertname: 'VLLMTargetDown', inferwatch_engine: 'vllm', instance: 'a' }, 'firing', '2026-01-01T00:00:00Z'),
        alert({ alertname: 'VLLMRequestsWaiting', inferwatch_engine: 'vllm', instance: 'a' }, 'inactive'),
      ],
      rules,
      F,
    );
    expect(list.map((a) => `${a.state} ${a.name} ${a.labels.instance ?? a.labels.model_name}`)).toEqual(['firing VLLMTargetDown a', 'firing VLLMHighTTFT m', 'pending VLLMTargetDown b']);
    expect(list[0]?.forSec).toBe(60);
    expect(list[1]?.forSec).toBeNull();
    expect(list[1]?.summary).toBe('TTFT p99 is 12s');
    expect(list[2]?.activeAtMs).toBe(Date.UTC(2026, 0, 1, 0, 0, 10));
  });
});

describe('alert decoders', () => {
  it('accept Prometheus answers, default missing annotations, and refuse a wrong shape', () => {
    expect(decodeAlerts({ alerts: [{ labels: { alertname: 'x' }, state: 'firing' }] })).toEqual({ alerts: [{ labels: { alertname: 'x' }, annotations: {}, state: 'firing' }] });
    expect(decodeAlerts({ alerts: null })).toEqual({ alerts: [] });
    expect(decodeAlerts({ alerts: [{ labels: { a: 1 }, state: 'firing' }] })).toBeUndefined();
    expect(decodeRules({ groups: [] })).toEqual({ groups: [] });
    expect(decodeRules({ groups: [{ name: 'g', rules: [{ type: 'alerting', name: 'A', alerts: null }] }] })?.groups[0]?.rules[0]).toMatchObject({ alerts: [], labels: {}, annotations: {} });
    expect(decodeRules({ groups: [{ name: 'g', rules: [{ type: 'weird', name: 'A' }] }] })).toBeUndefined();
  });
});
