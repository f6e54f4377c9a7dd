import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs, resolveMetrics, type EngineId, type ExpandContext, type ExpandedQuery, type QuerySpec } from '../catalog';
import { currentSeries, promqlErrors } from '../../test-support/catalog';
import { generateRules } from './generate';
import { loadRecordedGrammar, preferRecorded } from './recorded';

beforeAll(loadRecordedGrammar);

/** A backend with the engine's current series and the recording rules of the generated file. */
function backend(engine: EngineId, extraNames: string[] = []) {
  const rules = generateRules({ engine });
  const recorded = rules.groups.flatMap((g) => g.rules.flatMap((r) => ('record' in r ? [r.record] : [])));
  const names = new Set([...currentSeries(engine), ...recorded, ...extraNames]);
  return { names, resolved: resolveMetrics(catalogs[engine].metrics, names) };
}

function ctxFor(engine: EngineId, over: Partial<ExpandContext> = {}): ExpandContext {
  return { resolved: backend(engine).resolved, filters: { model_name: [], instance: [] }, rateInterval: '1m', by: ['model_name'], ...over };
}

function panelQuery(engine: EngineId, panelId: string, queryId?: string): QuerySpec {
  const p = catalogs[engine].panels.find((x) => x.id === panelId);
  const q = queryId ? p?.queries.find((x) => x.id === queryId) : p?.queries[0];
  if (!q) throw new Error(`no query ${panelId}/${queryId ?? ''}`);
  return q;
}

function run(engine: EngineId, panelId: string, over: Partial<ExpandContext> = {}, queryId?: string, names = backend(engine).names): ExpandedQuery {
  const r = preferRecorded(panelQuery(engine, panelId, queryId), catalogs[engine], ctxFor(engine, over), names);
  if ('missing' in r) throw new Error(`missing ${r.missing.join(', ')}`);
  return r;
}

describe('preferRecorded: catalog queries onto recorded series', () => {
  it('reads the recorded rate when the rate window is the recorded one', () => {
    const r = run('vllm', 'request-rate');
    expect(r.expr).toBe('sum by (model_name) (model_name_finished_reason:vllm_request_success:rate1m)');
    expect(r.recorded).toEqual(['model_name_finished_reason:vllm_request_success:rate1m']);
    // 60s is the same window as 1m.
    expect(run('vllm', 'request-rate', { rateInterval: '60s' }).recorded).toHaveLength(1);
  });

  it('stays raw for any other window: a 2m rate is not a function of 1m rates', () => {
    const r = run('vllm', 'request-rate', { rateInterval: '1m15s' });
    expect(r.expr).toBe('sum by (model_name) (rate(vllm:request_success_total[1m15s]))');
    expect(r.recorded).toBeUndefined();
  });

  it('finds a recorded window other than 1m by its name (rules generated with another --rate-window)', () => {
    const names = new Set([...currentSeries('vllm'), 'model_name_finished_reason:vllm_request_success:rate2m']);
    expect(run('vllm', 'request-rate', { rateInterval: '2m' }, undefined, names).expr).toBe('sum by (model_name) (model_name_finished_reason:vllm_request_success:rate2m)');
    expect(run('vllm', 'request-rate', { rateInterval: '1m' }, undefined, names).recorded).toBeUndefined();
  });

  it('quantiles read recorded bucket rates grouped by le and model', () => {
    const r = run('vllm', 'ttft', {}, 'p95');
    expect(r.expr).toBe('histogram_quantile(0.95, sum by (le, model_name) (model_name:vllm_time_to_first_token_seconds_bucket:rate1m))');
    expect(run('sglang', 'ttft-heatmap').expr).toBe('sum by (le) (model_name:sglang_time_to_first_token_seconds_bucket:rate1m)');
  });

  it('divides recorded numerators by recorded denominators, never a recorded ratio', () => {
    expect(run('vllm', 'prefix-cache-hit-rate').expr).toBe(
      'sum by (model_name) (model_name:vllm_prefix_cache_hits:rate1m) / (sum by (model_name) (model_name:vllm_prefix_cache_queries:rate1m) > 0)',
    );
    expect(run('vllm', 'kv-cache-usage', {}, 'mean').expr).toBe(
      '(sum by (model_name) (model_name:vllm_kv_cache_usage_perc:sum) / sum by (model_name) (model_name:vllm_kv_cache_usage_perc:count))',
    );
    expect(run('vllm', 'kv-cache-usage', {}, 'max').expr).toBe('max by (model_name) (model_name:vllm_kv_cache_usage_perc:max)');
  });

  it('keeps filters: a model filter on either level, an instance filter on the per-instance series', () => {
    expect(run('vllm', 'request-rate', { filters: { model_name: ['a"b'], instance: [] } }).expr).toBe(
      'sum by (model_name) (model_name_finished_reason:vllm_request_success:rate1m{model_name="a\\"b"})',
    );
    expect(run('vllm', 'waiting-requests', { filters: { model_name: [], instance: ['h:1', 'h:2'] } }).expr).toBe(
      'sum by (model_name) (instance_model_name:vllm_num_requests_waiting:sum{instance=~"h:1|h:2"})',
    );
    // The mean KV usage is recorded per model only: an instance filter keeps it raw.
    expect(run('vllm', 'kv-cache-usage', { filters: { instance: ['h:1'] } }, 'mean').recorded).toBeUndefined();
  });

  it('stays raw when a filter or grouping needs a label the recording summed away', () => {
    // vLLM's rank label `engine` on the scheduler gauges.
    expect(run('vllm', 'running-requests', { filters: { engine: ['0'] } }).recorded).toBeUndefined();
    expect(run('vllm', 'running-requests', { filters: { cluster: ['east'] } }).recorded).toBeUndefined();
    expect(run('vllm', 'running-requests', { by: ['job'] }).recorded).toBeUndefined();
  });

  it('keeps extra matchers on kept labels and requires the recording’s own matcher', () => {
    expect(run('vllm', 'abort-error-rate').expr).toBe(
      'sum by (model_name, finished_reason) (model_name_finished_reason:vllm_request_success:rate1m{finished_reason=~"abort|error"})',
    );
    // SGLang's running total is recorded under priority="": the query asks the same.
    expect(run('sglang', 'running-requests').expr).toBe('sum by (model_name) (model_name:sglang_num_running_reqs:sum)');
  });

  it('all or nothing per query: one unrecorded part keeps the whole query raw', () => {
    // http_requests is joined to a bare selector; the per-GPU views use `@ end()`.
    expect(run('vllm', 'http-requests-by-status').recorded).toBeUndefined();
    // Output tokens recorded, prompt tokens not (a backend with part of the rules).
    const names = new Set([...currentSeries('vllm'), 'model_name:vllm_generation_tokens:rate1m']);
    expect(run('vllm', 'total-tokens-rate', {}, undefined, names).recorded).toBeUndefined();
    expect(run('vllm', 'output-tokens-rate', {}, undefined, names).recorded).toEqual(['model_name:vllm_generation_tokens:rate1m']);
  });

  it('without recorded series every query is the raw one', () => {
    const names = new Set(currentSeries('vllm'));
    for (const p of catalogs.vllm.panels) {
      for (const q of p.queries) {
        const r = preferRecorded(q, catalogs.vllm, ctxFor('vllm', { gpuPeakFlops: 1e15, range: 3600 }), names);
        if (!('missing' in r)) expect(r.recorded).toBeUndefined();
      }
    }
  });

  it('every rewritten catalog query is valid PromQL and reads only recorded series', () => {
    for (const engine of ['vllm', 'sglang'] as const) {
      const { names } = backend(engine);
      const recordedNames = [...names].filter((n) => /^[a-z_]+:[a-z0-9_]+:(rate1m|sum|max|count)$/.test(n));
      let rewritten = 0;
      for (const p of catalogs[engine].panels) {
        for (const q of p.queries) {
          const r = preferRecorded(q, catalogs[engine], ctxFor(engine, { gpuPeakFlops: 1e15, range: 3600 }), names);
          if ('missing' in r || !r.recorded) continue;
          rewritten++;
          expect(promqlErrors(r.expr), r.expr).toEqual([]);
          // No raw engine series left in a rewritten expression.
          const selectors = [...r.expr.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?=\{|\)|$| )/g)].map((m) => m[0]).filter((s) => s.includes(':'));
          for (const s of selectors) expect(recordedNames, `${p.id}: ${s}`).toContain(s);
          expect(r.expr).not.toContain('rate(');
        }
      }
      // The first screen's core panels: request rate, tokens, the three latencies, queue, KV.
      expect(rewritten).toBeGreaterThanOrEqual(engine === 'vllm' ? 15 : 12);
    }
  });
});

/** A query of our own over the vLLM catalog's metrics, on a backend with every recorded series. */
function runExpr(expr: string, over: Partial<ExpandContext> = {}): ExpandedQuery {
  const r = preferRecorded({ id: 'q', legend: '', alternatives: [{ expr }] }, catalogs.vllm, ctxFor('vllm', over), backend('vllm').names);
  if ('missing' in r) throw new Error(`missing ${r.missing.join(', ')}`);
  return r;
}

describe('preferRecorded reads the query’s shape, not its spelling', () => {
  const RATE = 'model_name_finished_reason:vllm_request_success:rate1m';

  it('`by` before or after the aggregated expression, spaces anywhere', () => {
    const want = 'sum by (model_name) (model_name_finished_reason:vllm_request_success:rate1m)';
    expect(runExpr('sum by ($__by) (rate({{request_success}}[$__rate_interval]))').expr).toBe(want);
    expect(runExpr('sum(rate({{request_success}}[$__rate_interval])) by ($__by)').expr).toBe(want);
    expect(runExpr('sum (\n  rate( {{ request_success }} [$__rate_interval] )\n) by (model_name)').expr).toBe(want);
    expect(runExpr('max(sum_over_time({{running}}[1m])) + sum({{running}}) by (model_name)').recorded).toBeUndefined();
    expect(runExpr('sum({{running}}) by (model_name) / sum by ($__by) ({{waiting}})').expr).toBe(
      'sum by (model_name) (model_name:vllm_num_requests_running:sum) / sum by (model_name) (model_name:vllm_num_requests_waiting:sum)',
    );
  });

  it('gauges: sum, max and avg (as sum / count), either spelling', () => {
    expect(runExpr('avg({{kv_cache_usage}}) by ($__by)').expr).toBe(
      '(sum by (model_name) (model_name:vllm_kv_cache_usage_perc:sum) / sum by (model_name) (model_name:vllm_kv_cache_usage_perc:count))',
    );
    expect(runExpr('max({{kv_cache_usage}}) by ($__by)').recorded).toEqual(['model_name:vllm_kv_cache_usage_perc:max']);
  });

  it.each([
    ['an offset', 'sum by ($__by) (rate({{request_success}}[$__rate_interval] offset 1h))'],
    ['an @ modifier', 'sum by ($__by) (rate({{request_success}}[$__rate_interval] @ end()))'],
    ['a gauge at an offset', 'sum by ($__by) ({{running}} offset 5m)'],
    ['another window', 'sum by ($__by) (rate({{request_success}}[5m]))'],
    ['the whole range', 'sum by ($__by) (rate({{request_success}}[$__range]))'],
    ['a subquery', 'sum by ($__by) (rate({{request_success}}[$__rate_interval:]))'],
    ['irate', 'sum by ($__by) (irate({{request_success}}[$__rate_interval]))'],
    ['increase', 'sum by ($__by) (increase({{request_success}}[$__rate_interval]))'],
    ['a max of rates (not recorded)', 'max by ($__by) (rate({{request_success}}[$__rate_interval]))'],
    ['a non-sum aggregation', 'min by ($__by) ({{running}})'],
    ['count', 'count by ($__by) ({{running}})'],
    ['without', 'sum without (instance) ({{running}})'],
    ['a selector the template adds to', 'sum by ($__by) ({{running}}{engine="0"})'],
    ['a bare reference beside a recorded one', 'sum by ($__by) ({{running}}) + {{waiting}}'],
    ['a rate outside any sum', 'rate({{request_success}}[$__rate_interval])'],
    ['a parenthesised body', 'sum by ($__by) (({{running}}))'],
    ['a matcher on a label summed away', 'sum by ($__by) ({{running|engine="0"}})'],
    ['a matcher that is not one', 'sum by ($__by) ({{running|nonsense}})'],
    ['PromQL the grammar refuses', 'sum by ($__by) ({{running}}'],
  ])('stays raw with %s', (_what, expr) => {
    expect(runExpr(expr).recorded).toBeUndefined();
  });

  it('keeps matchers on recorded labels, in any quoting', () => {
    expect(runExpr('sum by ($__by, finished_reason) (rate({{request_success|finished_reason=\'abort\'}}[$__rate_interval]))').expr).toBe(
      `sum by (model_name, finished_reason) (${RATE}{finished_reason='abort'})`,
    );
    expect(runExpr('sum(rate({{request_success|finished_reason!~"a|b", model_name="m"}}[$__rate_interval]))').expr).toBe(
      `sum (${RATE}{finished_reason!~"a|b", model_name="m"})`,
    );
  });

  it('rewrites nested sites and leaves the rest of the expression as written', () => {
    expect(runExpr('topk(3, sum(rate({{request_success}}[$__rate_interval])) by ($__by)) / 60').expr).toBe(`topk(3, sum by (model_name) (${RATE})) / 60`);
    expect(runExpr('histogram_quantile(0.9, sum(rate({{ttft_bucket}}[$__rate_interval])) by (le, $__by))').expr).toBe(
      'histogram_quantile(0.9, sum by (le, model_name) (model_name:vllm_time_to_first_token_seconds_bucket:rate1m))',
    );
  });
});
