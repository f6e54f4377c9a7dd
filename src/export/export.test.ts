// The export's mapping (sections, units, variables, thresholds, what is left out) and its bad
// inputs, on the engines' ground-truth names; the backend is a fake fetch (faults on demand).
import { describe, expect, it } from 'vitest';
import { catalogs, expandQuery, resolveMetrics, SECTION_IDS, type EngineId } from '../catalog';
import { createPrometheusClient } from '../prometheus';
import { currentSeries, promqlErrors } from '../../test-support/catalog';
import { boardForm, exportDashboard, ExportInputError, persesCrYaml, planExport, toGrafana, toPerses, type ExportPlan, type PlanInput } from './index';
import { GRAFANA_UNIT } from './units';

const NOW = new Date('2026-12-07T12:00:00Z');

function input(engine: EngineId, over: Partial<PlanInput> = {}): PlanInput {
  const catalog = catalogs[engine];
  return {
    catalog,
    resolved: resolveMetrics(catalog.metrics, new Set(currentSeries(engine))),
    rateInterval: '1m',
    rangeSec: 3600,
    backendKind: 'promql',
    generatedAt: NOW,
    ...over,
  };
}

const items = (plan: ExportPlan) => plan.sections.flatMap((s) => s.items);
const values = (plan: ExportPlan) => plan.variables.map((v) => ({ name: v.name, label: v.label, values: v.current }));

describe('planExport', () => {
  it('keeps the board order: the stat row first, then the sections in their order', () => {
    const plan = planExport(input('vllm'));
    expect(plan.sections[0]?.id).toBe('overview');
    expect(plan.sections[0]?.items[0]?.kind).toBe('stat');
    const ids = plan.sections.slice(1).map((s) => s.id);
    expect(ids).toEqual(SECTION_IDS.filter((s) => ids.includes(s)));
    expect(ids).toEqual(expect.arrayContaining(['requests', 'latency', 'saturation']));
  });

  it.each(['vllm', 'sglang'] as const)('%s: each query, with the board\'s values for the variables, is the expression the board sends', (engine) => {
    const cases: Array<Record<string, string[]>> = [{}, { model_name: ['m-1'], instance: ['a:1', 'b:2'] }];
    for (const filters of cases) {
      const inp = input(engine, { filters });
      const plan = planExport(inp);
      for (const item of items(plan).filter((i) => i.kind !== 'stat' && i.kind !== 'table')) {
        const panel = inp.catalog.panels.find((p) => p.id === item.id);
        expect(panel, item.id).toBeDefined();
        const range = item.queries.some((q) => q.instant) ? 3600 : undefined;
        for (const q of item.queries) {
          const spec = panel!.queries.find((x) => x.id === q.id)!;
          const board = expandQuery(spec, inp.catalog, { resolved: new Map(inp.resolved), filters: { ...filters }, rateInterval: '1m', by: [inp.catalog.filterLabels.model], ...(range ? { range } : {}) });
          expect('expr' in board && board.expr, `${item.id}/${q.id}`).toBe(boardForm(q.expr, { rateInterval: '1m', rangeSec: 3600, variables: values(plan) }));
          expect(promqlErrors(boardForm(q.expr, { rateInterval: '1m', rangeSec: 3600, variables: values(plan) })), q.expr).toEqual([]);
        }
      }
    }
  });

  it('writes the filters as variables and the rate window as $__rate_interval', () => {
    const plan = planExport(input('vllm'));
    expect(plan.variables.map((v) => [v.name, v.label, v.source])).toEqual([
      ['model', 'model_name', 'vllm:num_requests_running'],
      ['instance', 'instance', 'vllm:num_requests_running'],
      ['engine', 'engine', 'vllm:num_requests_running'],
    ]);
    const rate = items(plan).find((i) => i.id === 'request-rate')!.queries[0]!.expr;
    expect(rate).toContain('[$__rate_interval]');
    expect(rate).toContain('model_name=~"$model"');
    expect(rate).not.toContain('77777s');
    expect(rate).not.toContain('__iw_var_');
  });

  it('lists what cannot be exported with the board\'s reason', () => {
    const plan = planExport(input('sglang'));
    const prefill = plan.dropped.find((d) => d.id === 'prefill-time');
    expect(prefill?.reason).toMatch(/SGLang has no per-request prefill latency/);
    expect(plan.notes.join(' ')).toMatch(/Diagnosis/);
    const nothing = planExport(input('vllm', { resolved: resolveMetrics(catalogs.vllm.metrics, new Set(['vllm:num_requests_running'])) }));
    expect(nothing.dropped.find((d) => d.id === 'request-rate')?.reason).toMatch(/not exposed by this backend: vllm:request_success_total/);
  });

  it('draws an SLO threshold on a bucket bound, and lists one between bounds', () => {
    const slo = (ttft: number) => ({ thresholds: { ttft, itl: null, e2e: null }, objective: 0.99 });
    const on = planExport(input('vllm', { slo: slo(0.5), leBounds: { ttft: [0.1, 0.25, 0.5, 1] } }));
    expect(items(on).find((i) => i.id === 'ttft')?.sloLine).toBe(0.5);
    const ttftTitle = items(on).find((i) => i.id === 'ttft')!.title;
    const g = toGrafana(on).panels!.find((p) => p.title === ttftTitle && 'fieldConfig' in p) as unknown as { fieldConfig: { defaults: { thresholds: { steps: Array<{ value: number | null }> }; custom: { thresholdsStyle: { mode: string } } } } };
    expect(g.fieldConfig.defaults.thresholds.steps.map((s) => s.value)).toEqual([null, 0.5]);
    expect(g.fieldConfig.defaults.custom.thresholdsStyle.mode).toBe('line');
    const between = planExport(input('vllm', { slo: slo(0.3), leBounds: { ttft: [0.1, 0.25, 0.5, 1] } }));
    expect(items(between).find((i) => i.id === 'ttft')?.sloLine).toBeUndefined();
    expect(between.dropped.find((d) => d.id === 'ttft-slo')?.reason).toMatch(/between the bucket bounds 0.25 and 0.5/);
  });

  it('keeps label values with quotes, backslashes and newlines out of the PromQL and intact in the files', () => {
    const hostile = 'a"b\\c\nd}{x=~".*';
    const plan = planExport(input('vllm', { filters: { model_name: [hostile] } }));
    expect(plan.variables[0]?.current).toEqual([hostile]);
    const g = JSON.parse(JSON.stringify(toGrafana(plan))) as { templating: { list: Array<{ name: string; current?: { value: string[] } }> } };
    expect(g.templating.list.find((v) => v.name === 'model')?.current?.value).toEqual([hostile]);
    for (const item of items(plan))
      for (const q of item.queries) {
        expect(q.expr).not.toContain(hostile);
        expect(promqlErrors(boardForm(q.expr, { rateInterval: '1m', rangeSec: 3600, variables: values(plan) })), q.expr).toEqual([]);
      }
    const yaml = persesCrYaml(plan);
    expect(yaml).toContain(JSON.stringify(hostile));
    expect(JSON.parse(JSON.stringify(toPerses(plan))).spec.variables[0].spec.defaultValue).toEqual([hostile]);
  });
});

describe('the formats', () => {
  const plan = planExport(input('vllm'));

  it('Grafana: schemaVersion 39, the DS_PROMETHEUS input, no datasource UID, rows per section, 24 columns', () => {
    const d = toGrafana(plan);
    expect(d.schemaVersion).toBe(39);
    expect(d.__inputs[0]?.name).toBe('DS_PROMETHEUS');
    const text = JSON.stringify(d);
    expect([...text.matchAll(/"uid":"([^"]*)"/g)].map((m) => m[1])).toEqual(expect.arrayContaining(['${DS_PROMETHEUS}']));
    expect(new Set([...text.matchAll(/"datasource":\{"type":"prometheus","uid":"([^"]*)"\}/g)].map((m) => m[1]))).toEqual(new Set(['${DS_PROMETHEUS}']));
    const panels = d.panels ?? [];
    expect(panels[0]?.type).toBe('text');
    expect(panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual(plan.sections.map((s) => s.title));
    for (const p of panels) expect((p.gridPos?.x ?? 0) + (p.gridPos?.w ?? 0)).toBeLessThanOrEqual(24);
    const types = new Set(panels.map((p) => p.type));
    for (const t of ['stat', 'timeseries', 'heatmap', 'table']) expect(types).toContain(t);
    const ttft = panels.find((p) => p.title === items(plan).find((i) => i.id === 'ttft')!.title) as { fieldConfig: { defaults: { unit: string } } };
    expect(ttft.fieldConfig.defaults.unit).toBe(GRAFANA_UNIT.seconds);
    expect(d.templating?.list?.find((v) => v.name === 'model')).toMatchObject({ type: 'query', multi: true, includeAll: true, allValue: '.*', query: { query: 'label_values(vllm:num_requests_running, model_name)' } });
  });

  it('Perses: grids of 24 columns whose $refs resolve, heatmaps as p50/p95/p99 lines, PrometheusLabelValuesVariable', () => {
    const p = toPerses(plan);
    expect(p.kind).toBe('Dashboard');
    for (const l of p.spec.layouts)
      for (const it of l.spec.items) {
        expect(it.x + it.width).toBeLessThanOrEqual(24);
        expect(p.spec.panels[it.content.$ref.replace('#/spec/panels/', '')]).toBeDefined();
      }
    const heat = Object.values(p.spec.panels).find((x) => x.spec.display.name === 'TTFT heatmap')!;
    expect(heat.spec.plugin.kind).toBe('TimeSeriesChart');
    expect(heat.spec.queries?.map((q) => q.spec.plugin.spec.seriesNameFormat)).toEqual(['p50', 'p95', 'p99']);
    expect(heat.spec.queries?.[2]?.spec.plugin.spec.query).toMatch(/^histogram_quantile\(0\.99, sum by \(le\) \(rate\(vllm:time_to_first_token_seconds_bucket/);
    expect(p.spec.variables[0]?.spec.plugin).toMatchObject({ kind: 'PrometheusLabelValuesVariable', spec: { labelName: 'model_name' } });
    const md = p.spec.panels.about?.spec.plugin;
    expect(md?.kind === 'Markdown' && md.spec.text).toMatch(/Heatmaps drawn as p50\/p95\/p99 lines/);
  });

  it('PersesDashboard: perses.dev/v1alpha2, the dashboard under spec.config', () => {
    const y = persesCrYaml(plan);
    expect(y).toMatch(/^apiVersion: "perses\.dev\/v1alpha2"$/m);
    expect(y).toMatch(/^kind: "PersesDashboard"$/m);
    expect(y).toMatch(/^spec:\n {2}config:\n {4}display:/m);
  });
});

// A backend on demand: names, an `le` list, and queries that fail when they read `failing`.
function backend(names: string[], failing?: string) {
  const fetchFn = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const u = new URL(String(url));
    const params = init?.body ? new URLSearchParams(String(init.body)) : u.searchParams;
    const ok = (data: unknown) => new Response(JSON.stringify({ status: 'success', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (u.pathname === '/api/v1/label/__name__/values') return ok(names);
    if (u.pathname === '/api/v1/label/le/values') return ok(['0.1', '0.25', '0.5', '+Inf']);
    if (u.pathname === '/api/v1/query') {
      const q = params.get('query') ?? '';
      if (q === '1') return ok({ resultType: 'scalar', result: [1, '1'] });
      if (failing && q.includes(failing))
        return new Response(JSON.stringify({ status: 'error', errorType: 'execution', error: 'query processing would load too many samples into memory' }), { status: 422, headers: { 'Content-Type': 'application/json' } });
      return ok({ resultType: 'vector', result: [] });
    }
    return new Response('not found', { status: 404 });
  };
  return createPrometheusClient({ baseUrl: 'http://prom.test', fetch: fetchFn as typeof fetch });
}

describe('exportDashboard against a backend', () => {
  it('refuses an unreachable backend with the client\'s error', async () => {
    const client = createPrometheusClient({ baseUrl: 'http://prom.test', fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch });
    await expect(exportDashboard({ client, engine: 'vllm', format: 'grafana', now: NOW })).rejects.toMatchObject({ name: 'PrometheusError', kind: 'network' });
  });

  it('refuses a backend with none of the engine\'s names', async () => {
    await expect(exportDashboard({ client: backend(currentSeries('sglang')), engine: 'vllm', format: 'grafana', now: NOW })).rejects.toThrow(ExportInputError);
    await expect(exportDashboard({ client: backend(['up']), engine: 'vllm', format: 'grafana', now: NOW })).rejects.toThrow(/no vLLM server/);
  });

  it('leaves out a query the backend refuses, with its message, and keeps the rest', async () => {
    const r = await exportDashboard({ client: backend(currentSeries('vllm'), 'vllm:generation_tokens_total'), engine: 'vllm', format: 'grafana', now: NOW, rateInterval: '1m' });
    const d = JSON.parse(r.text) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> };
    expect(d.panels.some((p) => p.targets?.some((t) => t.expr.includes('vllm:generation_tokens_total')))).toBe(false);
    expect(d.panels.some((p) => p.title === 'Requests/s')).toBe(true);
    const left = r.plan.dropped.find((x) => x.id === 'output-tokens-rate');
    expect(left?.reason).toMatch(/too many samples/);
    expect(JSON.stringify(d.panels[0])).toMatch(/too many samples/);
    expect(r.checked).toBeGreaterThan(50);
    expect(r.fileName).toBe('inferwatch-vllm.grafana.json');
  });
});

describe('boardForm and the grammar check', () => {
  const vars = [{ name: 'model', label: 'model_name', values: [] as string[] }];
  it('drops a variable matcher wherever it sits, as the board writes no matcher for no filter', () => {
    const opts = { rateInterval: '1m', rangeSec: 3600, variables: vars };
    expect(boardForm('rate(x{model_name=~"$model"}[$__rate_interval])', opts)).toBe('rate(x[1m])');
    expect(boardForm('x{model_name=~"$model", a="b"}', opts)).toBe('x{a="b"}');
    expect(boardForm('x{a="b", model_name=~"$model"}', opts)).toBe('x{a="b"}');
    expect(boardForm('increase(x[$__range]) / $__range_s', opts)).toBe('increase(x[3600s]) / 3600');
    expect(boardForm('x{model_name=~"$model"}', { ...opts, variables: [{ ...vars[0]!, values: ['a', 'b.c'] }] })).toBe('x{model_name=~"a|b\\\\.c"}');
  });

  it('finds a syntax error with Prometheus\' grammar', async () => {
    const { loadGrammar, syntaxError } = await import('./check');
    const parser = await loadGrammar();
    expect(syntaxError(parser, 'sum(rate(x[1m]))')).toBeNull();
    expect(syntaxError(parser, 'sum(rate(x{,a="b"}[1m]))')).not.toBeNull();
  });
});

describe('recorded series', () => {
  it('reads them where the board does (its rate window is the recorded one), with the filters as variables', async () => {
    const { generateRules } = await import('../rules');
    const { loadRecordedGrammar, preferRecorded } = await import('../rules/recorded');
    await loadRecordedGrammar();
    const recordedNames = new Set(generateRules({ engine: 'vllm' }).groups.flatMap((g) => g.rules.flatMap((r) => ('record' in r ? [r.record] : []))));
    const names = new Set([...currentSeries('vllm'), ...recordedNames]);
    const inp = input('vllm', { resolved: resolveMetrics(catalogs.vllm.metrics, names), recordedNames, filters: { model_name: ['m-1'] } });
    const plan = planExport(inp);
    const q = items(plan).find((i) => i.id === 'request-rate' && i.kind !== 'stat')!.queries[0]!;
    expect(q.recorded).toEqual(['model_name_finished_reason:vllm_request_success:rate1m']);
    expect(q.expr).toContain('model_name=~"$model"');
    const spec = catalogs.vllm.panels.find((p) => p.id === 'request-rate')!.queries[0]!;
    const board = preferRecorded(spec, catalogs.vllm, { resolved: new Map(inp.resolved), filters: { model_name: ['m-1'] }, rateInterval: '1m', by: ['model_name'], range: 3600 }, recordedNames);
    expect('expr' in board && board.expr).toBe(boardForm(q.expr, { rateInterval: '1m', rangeSec: 3600, variables: values(plan) }));
    // The recorded rate keeps no instance or engine label: those variables do not filter it, and the file says so.
    expect(q.unfiltered).toEqual(['instance', 'engine']);
    expect(plan.notes.join(' ')).toMatch(/do not filter .*\$instance, \$engine/);
    // Another rate window: the board reads raw series, and so does the export.
    expect(items(planExport({ ...inp, rateInterval: '5m' })).find((i) => i.id === 'request-rate' && i.kind !== 'stat')!.queries[0]!.recorded).toBeUndefined();
  });
});

describe('recorded series with no filter set', () => {
  it('keeps every variable whose label the recorded series keep', async () => {
    const { generateRules } = await import('../rules');
    const { loadRecordedGrammar } = await import('../rules/recorded');
    await loadRecordedGrammar();
    const recordedNames = new Set(generateRules({ engine: 'vllm' }).groups.flatMap((g) => g.rules.flatMap((r) => ('record' in r ? [r.record] : []))));
    const names = new Set([...currentSeries('vllm'), ...recordedNames]);
    const plan = planExport(input('vllm', { resolved: resolveMetrics(catalogs.vllm.metrics, names), recordedNames }));
    const q = items(plan).find((i) => i.id === 'request-rate' && i.kind !== 'stat')!.queries[0]!;
    expect(q.expr).toBe('sum by (model_name) (model_name_finished_reason:vllm_request_success:rate1m{model_name=~"$model"})');
    expect(q.unfiltered).toEqual(['instance', 'engine']);
  });
});
