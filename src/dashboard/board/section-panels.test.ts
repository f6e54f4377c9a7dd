import { describe, expect, it } from 'vitest';
import { resolveMetrics, sglangCatalog, vllmCatalog } from '../../catalog';
import { SECTION_IDS } from '../../catalog/types';
import { currentSeries } from '../../../test-support/catalog';
import { sectionPanels } from './section-panels';

const ids = (ps: { id: string }[]) => ps.map((p) => p.id);

describe('sectionPanels', () => {
  const everything = resolveMetrics(sglangCatalog.metrics, new Set(currentSeries('sglang')));

  it('leaves the panels SGLang can never have out of its board and names them', () => {
    const latency = sectionPanels(sglangCatalog.panels, 'latency', everything);
    expect(ids(latency.notReported)).toEqual(['prefill-time', 'decode-time']);
    expect(ids(latency.shown)).not.toContain('prefill-time');
    expect(ids(latency.shown)).toContain('ttft');
    expect(ids(sectionPanels(sglangCatalog.panels, 'cache', everything).notReported)).toEqual(['external-prefix-cache-hit-rate']);
    expect(ids(sectionPanels(sglangCatalog.panels, 'advanced', everything).notReported)).toEqual(['spec-per-position-acceptance']);
  });

  it('does so before metric names are known too (they never depend on the backend)', () => {
    const latency = sectionPanels(sglangCatalog.panels, 'latency', null);
    expect(ids(latency.notReported)).toEqual(['prefill-time', 'decode-time']);
    expect(latency.absentFeatures).toEqual([]);
  });

  it('every panel of the six sections lands in exactly one place', () => {
    for (const catalog of [vllmCatalog, sglangCatalog]) {
      const inSections = catalog.panels.filter((p) => (SECTION_IDS as readonly string[]).includes(p.section));
      const placed = SECTION_IDS.flatMap((s) => {
        const r = sectionPanels(catalog.panels, s, new Map());
        return [...ids(r.shown), ...ids(r.notReported)];
      });
      const absentPanels = inSections.filter((p) => p.feature && p.notAvailable === undefined).map((p) => p.id);
      expect(new Set([...placed, ...absentPanels]).size).toBe(inSections.length);
      expect(placed.length + absentPanels.length).toBe(inSections.length);
    }
  });

  it('folds optional panels whose metrics are absent into one entry per feature, with their flags', () => {
    const core = resolveMetrics(vllmCatalog.metrics, new Set(['vllm:num_requests_running', 'vllm:generation_tokens_total']));
    const cache = sectionPanels(vllmCatalog.panels, 'cache', core);
    const kv = cache.absentFeatures.find((a) => a.feature === 'kv-cache-metrics');
    expect(kv?.flags).toEqual(['--kv-cache-metrics']);
    expect(ids(cache.shown)).not.toContain('kv-block-lifetime');
    expect(ids(cache.shown)).toContain('prefix-cache-hit-rate');
  });
});
