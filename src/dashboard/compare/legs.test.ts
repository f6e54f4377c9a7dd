import { describe, expect, it } from 'vitest';
import { catalogs, ENGINES, expandQuery, resolveEngines, type ExpandContext } from '../../catalog';
import { currentSeries, promqlErrors } from '../../../test-support/catalog';
import type { ChartSeries } from '../../charts';
import { rankDifferences, rangeMean } from './ab';
import { comparability, COMPARED_PANELS, notePair, otherEngine, requestedOther } from './engines';
import { compareAttr, compareModeOf, mergeLegs, primaryContext, secondLeg, taggedQueries, type CompareMode, type LegParts } from './legs';
import { patchFromMessage } from '../embed/use-embed-api';
import { DEFAULT_STATE } from '../url/url-state';

const both = resolveEngines(ENGINES, new Set([...currentSeries('vllm'), ...currentSeries('sglang')]));
const vllmOnly = resolveEngines(ENGINES, new Set(currentSeries('vllm')));
const base: ExpandContext = { resolved: both.vllm, filters: { model_name: ['m1', 'm2'], instance: ['i:8000'] }, rateInterval: '1m', by: ['model_name'] };
const vllm = catalogs.vllm;
const panelOf = (id: string) => {
  const p = vllm.panels.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return p;
};
const AB: CompareMode = { kind: 'ab', ab: { label: 'model_name', a: ['m1'], b: ['m2', 'm"3'] } };
const ENGINES_MODE: CompareMode = { kind: 'engines', engine: 'vllm', other: 'sglang', requested: null };
const state = { model: ['m1'], cluster: [] };

describe('compare legs: which comparison a panel shows', () => {
  it('one comparison at a time, time-series panels only', () => {
    const ab = { label: 'instance', a: ['x'], b: ['y'] };
    expect(compareModeOf({ compare: null, ab }, 'vllm', { chart: 'timeseries' })).toEqual({ kind: 'ab', ab });
    expect(compareModeOf({ compare: 'engines', ab: null }, 'sglang', { chart: 'stacked' })).toEqual({ kind: 'engines', engine: 'sglang', other: 'vllm', requested: null });
    expect(compareModeOf({ compare: 'engines:lmdeploy', ab: null }, 'vllm', { chart: 'timeseries' })).toEqual({ kind: 'engines', engine: 'vllm', other: 'lmdeploy', requested: 'lmdeploy' });
    expect(compareModeOf({ compare: '1h', ab: null }, 'vllm', { chart: 'timeseries' })).toEqual({ kind: 'shift', compare: '1h', shiftSec: 3600 });
    expect(compareModeOf({ compare: null, ab }, 'vllm', { chart: 'heatmap' })).toBeNull();
    expect(compareModeOf({ compare: '1h', ab: null }, 'vllm', { chart: 'distribution' })).toBeNull();
    expect(compareAttr(compareModeOf({ compare: 'engines', ab: null }, 'vllm', { chart: 'timeseries' }))).toBe('engines');
  });
});

describe('compare legs: A/B by selection', () => {
  it('runs the panel query once per side, each side matched on its values and taken as a whole', () => {
    const panel = panelOf('request-rate');
    const q = panel.queries[0]!;
    const a = expandQuery(q, vllm, primaryContext(AB, base));
    const [b] = secondLeg(AB, panel, vllm, base, state, both).queries;
    expect('expr' in a && a.expr).toBe('sum by () (rate(vllm:request_success_total{instance="i:8000", model_name="m1"}[1m]))');
    expect(b?.expanded.expr).toBe('sum by () (rate(vllm:request_success_total{instance="i:8000", model_name=~"m2|m\\"3"}[1m]))');
    expect(promqlErrors(b!.expanded.expr)).toEqual([]);
    // The query dialog lists B's query apart from A's.
    expect(b?.query.id).toBe('b~rate');
    expect(taggedQueries(secondLeg(AB, panel, vllm, base, state, both))[0]?.query.legend).toBe('B: {{model_name}}');
  });

  it('names series "A: …" / "B: …" with the selection and draws B dashed in its A counterpart’s colour', () => {
    const panel = panelOf('ttft');
    const pts: Array<[number, number | null]> = [[0, 1]];
    const legA: LegParts = panel.queries.map((query) => ({ query, series: [{ id: `${query.id}{}`, name: query.id, labels: {}, points: pts }] }));
    const legB: LegParts = panel.queries.map((query) => ({ query: { ...query, id: `b~${query.id}` }, series: [{ id: `b~${query.id}{}`, name: query.id, labels: {}, points: pts }] }));
    const out = mergeLegs(AB, legA, legB, '');
    expect(out.map((s) => s.name)).toEqual(['A: m1 · p50', 'B: m2, m"3 · p50', 'A: m1 · p95', 'B: m2, m"3 · p95', 'A: m1 · p99', 'B: m2, m"3 · p99']);
    expect(out[1]?.shiftOf).toBe(out[0]?.id);
    expect(out[0]?.shiftOf).toBeUndefined();
    expect(new Set(out.map((s) => s.id)).size).toBe(out.length);
  });

  it('ranks panels by the relative difference of their range means, figures-less rows last', () => {
    expect(rangeMean({ points: [[0, 1], [1, null], [2, 3]] })).toBe(2);
    expect(rangeMean({ points: [[0, null]] })).toBeNull();
    const rows = rankDifferences([
      { key: 'rate', panelId: 'request-rate', queryId: 'rate', a: 2, b: 2.1 },
      { key: 'idle', panelId: 'preemptions', queryId: 'rate', a: 0, b: 1 },
      { key: 'ttft', panelId: 'ttft', queryId: 'p95', a: 0.4, b: 0.2 },
    ]);
    expect(rows.map((r) => [r.key, r.diff])).toEqual([
      ['ttft', -0.5],
      ['rate', expect.closeTo(0.05, 9)],
      ['idle', null],
    ]);
  });
});

describe('compare legs: vLLM against SGLang', () => {
  it('runs the other engine’s own PromQL for the same panel, with the model filter only, and says what differs', () => {
    const leg = secondLeg(ENGINES_MODE, panelOf('ttft'), vllm, base, state, both);
    expect(leg.note).toBe('buckets');
    expect(leg.queries.map((q) => q.query.id)).toEqual(['sglang~p50', 'sglang~p95', 'sglang~p99']);
    expect(leg.queries[1]?.expanded.expr).toBe(
      'histogram_quantile(0.95, sum by (le, model_name) (rate(sglang:time_to_first_token_seconds_bucket{model_name="m1"}[1m])))',
    );
    expect(secondLeg(ENGINES_MODE, panelOf('request-rate'), vllm, base, state, both).note).toBeNull();
  });

  it('draws no misleading lines: a panel measured differently gets a note instead, and so does a backend without the other engine', () => {
    expect(secondLeg(ENGINES_MODE, panelOf('kv-cache-usage'), vllm, base, state, both)).toMatchObject({ queries: [], note: 'perRank' });
    expect(secondLeg(ENGINES_MODE, panelOf('prefix-cache-hit-rate'), vllm, base, state, both)).toMatchObject({ queries: [], note: 'gaugeVsCounter' });
    expect(secondLeg(ENGINES_MODE, panelOf('tpot'), vllm, base, state, both).note).toBe('notOnOther');
    expect(secondLeg(ENGINES_MODE, panelOf('ttft'), vllm, base, state, vllmOnly)).toMatchObject({ queries: [], note: 'otherAbsent' });
  });

  it('pairs the engines’ series by name: same model and quantile, same colour, the other engine dashed', () => {
    const s = (id: string, name: string): ChartSeries => ({ id, name, labels: {}, points: [] });
    const q = panelOf('ttft').queries[0]!;
    const out = mergeLegs(ENGINES_MODE, [{ query: q, series: [s('p50{m1}', 'm1 p50')] }], [{ query: q, series: [s('sglang~p50{m1}', 'm1 p50'), s('sglang~p50{m9}', 'm9 p50')] }], '');
    expect(out.map((x) => [x.name, x.shiftOf])).toEqual([
      ['vLLM · m1 p50', undefined],
      ['SGLang · m1 p50', 'vllm~p50{m1}'],
      ['SGLang · m9 p50', 'sglang~sglang~p50{m9}'],
    ]);
  });

  it('lists only panels both engines have (a renamed panel id would silently drop out)', () => {
    for (const id of COMPARED_PANELS) {
      expect(catalogs.vllm.panels.some((p) => p.id === id), `vllm ${id}`).toBe(true);
      expect(catalogs.sglang.panels.some((p) => p.id === id && !p.notAvailable), `sglang ${id}`).toBe(true);
    }
  });
});

describe('compare legs: any two engines of the registry', () => {
  it('picks the other engine: the one the URL names, else the one the backend holds, else the first other', () => {
    expect(requestedOther('engines')).toBeNull();
    expect(requestedOther('engines:lmdeploy')).toBe('lmdeploy');
    expect(requestedOther('engines:toy')).toBeUndefined();
    expect(requestedOther('1h')).toBeUndefined();
    expect(otherEngine('vllm')).toBe('sglang');
    expect(otherEngine('vllm', 'lmdeploy')).toBe('lmdeploy');
    const withLmdeploy = resolveEngines(ENGINES, new Set([...currentSeries('vllm'), ...currentSeries('lmdeploy')]));
    expect(otherEngine('vllm', null, withLmdeploy)).toBe('lmdeploy');
    expect(otherEngine('lmdeploy', null, both)).toBe('vllm');
    expect(otherEngine('vllm', null, both)).toBe('sglang');
  });

  it('derives the notes from the two engines roles, either way round', () => {
    const { vllm: v, sglang: s, lmdeploy: l } = catalogs;
    for (const [a, b] of [[v, s], [s, v]] as const) {
      expect(comparability('kv-cache-usage', a, b)).toEqual({ kind: 'apart', note: 'perRank' });
      expect(comparability('preemptions', a, b)).toEqual({ kind: 'caveat', note: 'retractions' });
      expect(comparability('output-tokens-rate', a, b)).toEqual({ kind: 'caveat', note: 'countedAtFinish' });
      expect(notePair('retractions', a, b).map((c) => c.engine)).toEqual(['sglang', 'vllm']);
    }
    // LMDeploy copies vLLM's buckets and KV usage: the same measure, no caveat.
    expect(comparability('ttft', v, l)).toEqual({ kind: 'same' });
    expect(comparability('kv-cache-usage', l, v)).toEqual({ kind: 'same' });
    expect(comparability('prefix-cache-hit-rate', l, v)).toEqual({ kind: 'apart', note: 'gaugeVsCounter' });
    expect(notePair('gaugeVsCounter', v, l).map((c) => c.engine)).toEqual(['lmdeploy', 'vllm']);
    expect(comparability('ttft', s, l)).toEqual({ kind: 'caveat', note: 'buckets' });
  });

  it('draws the engine the URL names, its series tagged with its label', () => {
    const all = resolveEngines(ENGINES, new Set([...currentSeries('vllm'), ...currentSeries('sglang'), ...currentSeries('lmdeploy')]));
    const mode = compareModeOf({ compare: 'engines:lmdeploy', ab: null }, 'vllm', { chart: 'timeseries' });
    const leg = secondLeg(mode, panelOf('ttft'), vllm, { ...base, resolved: all.vllm }, state, all);
    expect(leg.tag).toBe('LMDeploy:');
    expect(leg.note).toBeNull();
    expect(leg.queries.every((q) => q.query.id.startsWith('lmdeploy~') && q.expanded.expr.includes('lmdeploy:'))).toBe(true);
  });
});

describe('embed API carries the comparison', () => {
  it('sets compare or an A/B (one at a time), and null turns either off', () => {
    expect(patchFromMessage({ compare: 'engines' }, DEFAULT_STATE)).toMatchObject({ compare: 'engines', ab: null });
    const ab = { label: 'model_name', a: ['m1'], b: ['m2'] };
    const withCompare = { ...DEFAULT_STATE, compare: '1h' };
    expect(patchFromMessage({ ab }, withCompare)).toEqual({ ab, compare: null });
    expect(patchFromMessage({ ab: null }, { ...DEFAULT_STATE, ab })).toEqual({ ab: null });
    expect(patchFromMessage({ compare: 'soon' }, withCompare)).toEqual({ compare: '1h' });
    expect(patchFromMessage({ cluster: ['east'] }, DEFAULT_STATE)).toEqual({ cluster: ['east'] });
  });
});
