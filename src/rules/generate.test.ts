import { describe, expect, it } from 'vitest';
import { generateRules } from './generate';
import { leSeriesNames, RulesInputError } from './index';
import { promqlErrors } from '../../test-support/catalog';
import { toYaml } from './yaml';

const exprs = (r: ReturnType<typeof generateRules>): string[] => r.groups.flatMap((g) => g.rules.map((x) => x.expr));
const names = (r: ReturnType<typeof generateRules>): string[] => r.groups.flatMap((g) => g.rules.map((x) => ('record' in x ? x.record : x.alert)));

describe('generateRules', () => {
  it('records per-model and per-instance aggregations by Prometheus naming, never a ratio', () => {
    const r = generateRules({ engine: 'vllm' });
    const n = names(r);
    expect(n).toContain('model_name_finished_reason:vllm_request_success:rate1m');
    expect(n).toContain('instance_model_name:vllm_num_requests_waiting:sum');
    expect(n).toContain('model_name:vllm_time_to_first_token_seconds_bucket:rate1m');
    const rec = r.groups.flatMap((g) => g.rules).find((x) => 'record' in x && x.record === 'model_name:vllm_time_to_first_token_seconds_bucket:rate1m');
    expect(rec?.expr).toBe('sum by (le, model_name) (rate(vllm:time_to_first_token_seconds_bucket[1m]))');
    // Numerators and denominators apart: no recording rule divides.
    for (const g of r.groups) for (const x of g.rules) if ('record' in x) expect(x.expr).not.toContain('/');
  });

  it('resolves names against the backend: legacy names, `_` spellings and vendor prefixes', () => {
    const legacy = generateRules({ engine: 'vllm', metricNames: ['vllm:gpu_cache_usage_perc', 'vllm:num_requests_running', 'vllm:num_requests_waiting'] });
    expect(exprs(legacy).join('\n')).toContain('max by (instance, model_name) (vllm:gpu_cache_usage_perc)');
    // The recorded name stays the current one, so the board finds it on any backend.
    expect(names(legacy)).toContain('instance_model_name:vllm_kv_cache_usage_perc:max');
    expect(legacy.notes.join(' ')).toMatch(/not recorded.*request_success/);
    expect(legacy.notes.join(' ')).toMatch(/alerts left out.*VLLMHighErrorRatio/);

    const under = generateRules({ engine: 'sglang', metricNames: ['ray_sglang_num_running_reqs', 'sglang_num_queue_reqs'] });
    const all = exprs(under).join('\n');
    expect(all).toContain('sum by (model_name) (ray_sglang_num_running_reqs{priority=""})');
    expect(all).toContain('absent(ray_sglang_num_running_reqs)');
    expect(all).toContain('sglang_num_queue_reqs{priority="", worker_addr=""}');
    expect(all).not.toMatch(/sglang:/);
  });

  it('SLO thresholds must be bucket bounds, matched in every spelling the backend stores', () => {
    expect(() => generateRules({ engine: 'vllm', slo: { ttft: 0.3 } })).toThrow(RulesInputError);
    expect(() => generateRules({ engine: 'vllm', slo: { ttft: 0.3 } })).toThrow(/between 0.25 and 0.5/);
    expect(() => generateRules({ engine: 'vllm', slo: { ttft: 1, objective: 1 } })).toThrow(/objective/);
    const r = generateRules({ engine: 'vllm', slo: { ttft: 1 }, metricNames: ['vllm:time_to_first_token_seconds_bucket', 'vllm:time_to_first_token_seconds_count'], leValues: { ttft: ['0.5', '1.0', '1', '+Inf'] } });
    const good = r.groups.flatMap((g) => g.rules).find((x) => 'record' in x && x.record === 'model_name:vllm_time_to_first_token_seconds_bucket:rate5m');
    expect(good?.expr).toBe('sum by (le, model_name) (rate(vllm:time_to_first_token_seconds_bucket{le=~"1\\\\.0|1"}[5m]))');
    expect(names(r)).toEqual(expect.arrayContaining(['VLLMTTFTBudgetBurnFast', 'VLLMTTFTBudgetBurnSlow']));
    // Burn threshold = factor × budget (1 − 0.99 by default).
    const fast = r.groups.flatMap((g) => g.rules).find((x) => 'alert' in x && x.alert === 'VLLMTTFTBudgetBurnFast');
    expect(fast?.expr).toContain('> 0.144');
  });

  it('a threshold between this engine’s bounds names the nearest bounds to offer (0.5 s on SGLang: 0.4 and 0.6)', () => {
    const refused = (() => {
      try {
        generateRules({ engine: 'sglang', slo: { ttft: 0.5 } });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(RulesInputError);
    expect((refused as RulesInputError).nearest).toEqual({ metric: 'ttft', bounds: [0.4, 0.6] });
    // Both burn alerts page, as in the SRE workbook (14.4× over 1 h, 6× over 6 h).
    const r = generateRules({ engine: 'sglang', slo: { ttft: 0.4 } });
    const severities = r.groups.flatMap((g) => g.rules).flatMap((x) => ('alert' in x && x.alert.includes('BudgetBurn') ? [`${x.alert} ${x.labels.severity}`] : []));
    expect(severities).toEqual(['SGLangTTFTBudgetBurnFast critical', 'SGLangTTFTBudgetBurnSlow critical']);
  });

  it('every alert links a runbook section and carries the engine label', () => {
    for (const engine of ['vllm', 'sglang'] as const) {
      const r = generateRules({ engine, runbookBase: 'https://example.test/alerts.md' });
      for (const g of r.groups)
        for (const x of g.rules)
          if ('alert' in x) {
            expect(x.annotations.runbook_url).toMatch(/^https:\/\/example\.test\/alerts\.md#[a-z]+$/);
            expect(x.labels.inferwatch_engine).toBe(engine);
          }
    }
  });

  it('odd `le` spellings from the backend (a line break, a leading space) are escaped: every expr still parses', () => {
    const r = generateRules({
      engine: 'vllm',
      metricNames: ['vllm:time_to_first_token_seconds_bucket', 'vllm:time_to_first_token_seconds_count'],
      slo: { ttft: 0.5 },
      leValues: { ttft: ['0.25', '0.5\n', ' 0.5', '0.5', '1', '+Inf'] },
    });
    const all = exprs(r);
    for (const e of all) expect(promqlErrors(e), e).toEqual([]);
    const good = all.find((e) => e.includes('le=~'));
    // All three spellings of 0.5 are matched, the line break as PromQL's `\n` escape.
    expect(good).toContain('le=~"0\\\\.5\\n| 0\\\\.5|0\\\\.5"');
    expect(r.yaml).not.toMatch(/[\u0085\u2028\u2029]/);
  });

  it('a runbook base must be an http(s) URL or a relative path', () => {
    for (const ok of ['https://wiki.example/runbooks/inferwatch.md', 'http://wiki.local/a', 'docs/alerts.md', '/runbooks/x', '../alerts.md']) {
      expect(() => generateRules({ engine: 'vllm', runbookBase: ok }), ok).not.toThrow();
    }
    for (const bad of ['javascript:alert(1)//', 'data:text/html,x', '//evil.example/x', 'JavaScript:x', 'https://a.example/\n  evil: yes', '/\\evil.example', 'vbscript:x', '']) {
      expect(() => generateRules({ engine: 'vllm', runbookBase: bad }), bad).toThrow(/must be an http\(s\) URL or a relative path/);
    }
  });

  it('leSeriesNames asks for the bucket series under the backend spelling', () => {
    expect(leSeriesNames('vllm', ['vllm_time_to_first_token_seconds_bucket'], ['ttft', 'itl'])).toEqual({ ttft: 'vllm_time_to_first_token_seconds_bucket' });
  });
});

describe('toYaml', () => {
  it('quotes every string so a value cannot change the structure', () => {
    const y = toYaml({ a: 'x: y\n- z', b: ['#c', "'q'"], c: { 'odd key': 1.5, e: true }, d: [] });
    expect(y).toBe('a: |-\n  x: y\n  - z\nb:\n  - "#c"\n  - "\'q\'"\nc:\n  "odd key": 1.5\n  e: true\nd: []\n');
    expect(toYaml({ s: ' lead\nx' })).toBe('s: " lead\\nx"\n');
  });

  it('NEL (a line break to go-yaml) never appears raw, in a block or a quoted string', () => {
    const y = toYaml({ a: { b: 'x\ny\u0085c: 1' }, d: 'e\u0085f: 2' });
    expect(y).not.toContain('\u0085');
    expect(y).toBe('a:\n  b: "x\\ny\\u0085c: 1"\nd: "e\\u0085f: 2"\n');
  });
});

describe('generateRules rate window', () => {
  it('records rates over the given window, named by it, and the alerts build on those names', () => {
    const r = generateRules({ engine: 'vllm', rateWindow: '2m' });
    const all = r.groups.flatMap((g) => g.rules);
    const rec = all.find((x) => 'record' in x && x.record === 'model_name_finished_reason:vllm_request_success:rate2m');
    expect(rec?.expr).toBe('sum by (model_name, finished_reason) (rate(vllm:request_success_total[2m]))');
    expect(all.some((x) => 'record' in x && x.record.endsWith(':rate1m'))).toBe(false);
    expect(r.yaml).toContain('model_name_finished_reason:vllm_request_success:rate2m{finished_reason=~');
    expect(() => generateRules({ engine: 'vllm', rateWindow: '2 minutes' })).toThrow(RulesInputError);
  });
});
