// The router rules (src/rules/routers.ts) under `promtool test rules`, generated without a backend
// (every family, each role its name alternatives joined by `or`): the EPP's dual emission (v0.9:
// `llm_d_epp_*` beside the GIE names) is read once, its skewed split (80 %: 1.6× its fair share) fires the imbalance alert on
// the hot endpoint only; production-stack's 10 % errors fire, sgl-router's 1 % does not, nor does
// its even split; EPP flow-control saturation and Dynamo's queued requests (summed over replicas) fire.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRules } from '../../src/rules/generate.ts';
import { toYaml } from '../../src/rules/yaml.ts';
import { withoutAnnotations } from './promtool-cases.ts';
import { PROMTOOL, sel } from './promtool-cases.ts';

const dir = mkdtempSync(join(tmpdir(), 'inferwatch-router-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 200;
const s = (name: string, labels: Record<string, string>, values: string) => ({ series: sel(name, labels), values });

describe.skipIf(!existsSync(PROMTOOL))('router rules under promtool', () => {
  it('error ratio, endpoint imbalance, flow-control saturation and queued requests fire and stay quiet', () => {
    const rules = generateRules({ engine: 'vllm', routers: true });
    const groups = rules.groups.filter((g) => g.name.includes('-router-'));
    expect(groups.map((g) => g.name)).toEqual(['inferwatch-vllm-router-recording', 'inferwatch-vllm-router-alerts']);
    writeFileSync(join(dir, 'router-rules.yml'), toYaml(withoutAnnotations(groups)));
    const epp = { job: 'epp', instance: 'epp-0:9090' };
    const ps = { job: 'production-stack', instance: 'router:8001' };
    const sgl = { job: 'sgl-router', instance: 'sgl:29000' };
    const input = [
      // EPP v0.9: new and legacy names at once, same counts; 80 % to vllm-0.
      s('llm_d_epp_request_total', epp, `0+75x${N}`),
      s('inference_objective_request_total', epp, `0+75x${N}`),
      s('llm_d_epp_scheduler_attempts_total', { ...epp, status: 'success', endpoint_name: 'vllm-0', namespace: 'llm' }, `0+60x${N}`),
      s('llm_d_epp_scheduler_attempts_total', { ...epp, status: 'success', endpoint_name: 'vllm-1', namespace: 'llm' }, `0+15x${N}`),
      s('inference_extension_scheduler_attempts_total', { ...epp, status: 'success', pod_name: 'vllm-0', namespace: 'llm' }, `0+60x${N}`),
      s('inference_extension_scheduler_attempts_total', { ...epp, status: 'success', pod_name: 'vllm-1', namespace: 'llm' }, `0+15x${N}`),
      s('llm_d_epp_flow_control_pool_saturation', { ...epp, inference_pool: 'p', stage: 'effective' }, `0.95x${N}`),
      s('llm_d_epp_flow_control_pool_saturation', { ...epp, inference_pool: 'p', stage: 'prefill' }, `0.2x${N}`),
      // production-stack: an even split, 10 % errors.
      s('vllm:num_incoming_requests_total', ps, `0+10x${N}`),
      s('vllm:request_errors_total', { ...ps, server: 'http://a:8000' }, `0+1x${N}`),
      s('vllm:request_latency_seconds_count', { ...ps, server: 'http://a:8000' }, `0+5x${N}`),
      s('vllm:request_latency_seconds_count', { ...ps, server: 'http://b:8000' }, `0+5x${N}`),
      // sgl-router: 1 % errors.
      s('sgl_router_requests_total', sgl, `0+100x${N}`),
      s('sgl_router_request_errors_total', sgl, `0+1x${N}`),
      // Dynamo: two frontend replicas with 40 queued each.
      s('dynamo_frontend_queued_requests', { job: 'dynamo', instance: 'fe-0:8000' }, `40x${N}`),
      s('dynamo_frontend_queued_requests', { job: 'dynamo', instance: 'fe-1:8000' }, `40x${N}`),
    ];
    const alert = (job: string, router: string, extra: Record<string, string> = {}) => ({
      exp_labels: { severity: 'warning', inferwatch_engine: 'vllm', job, router, ...extra },
    });
    const rec = (name: string, labels: Record<string, string>, value: number) => ({ labels: sel(name, labels), value });
    const file = {
      rule_files: ['router-rules.yml'],
      evaluation_interval: '15s',
      tests: [
        {
          interval: '15s',
          input_series: input,
          alert_rule_test: [
            { eval_time: '10m', alertname: 'VLLMRouterEndpointImbalance', exp_alerts: [] },
            { eval_time: '30m', alertname: 'VLLMRouterEndpointImbalance', exp_alerts: [alert('epp', 'epp', { endpoint: 'vllm-0' })] },
            { eval_time: '15m', alertname: 'VLLMRouterHighErrorRatio', exp_alerts: [alert('production-stack', 'production-stack')] },
            { eval_time: '15m', alertname: 'VLLMRouterFlowControlSaturated', exp_alerts: [alert('epp', 'epp')] },
            { eval_time: '15m', alertname: 'VLLMRouterRequestsQueued', exp_alerts: [alert('dynamo', 'dynamo')] },
          ],
          promql_expr_test: [
            {
              expr: 'inferwatch:vllm_router_requests:rate5m{router="epp"}',
              eval_time: '20m',
              exp_samples: [rec('inferwatch:vllm_router_requests:rate5m', { job: 'epp', router: 'epp' }, 5)],
            },
            {
              expr: 'inferwatch:vllm_router_endpoint_requests:rate5m{router="epp"}',
              eval_time: '20m',
              exp_samples: [
                rec('inferwatch:vllm_router_endpoint_requests:rate5m', { job: 'epp', router: 'epp', endpoint: 'vllm-0' }, 4),
                rec('inferwatch:vllm_router_endpoint_requests:rate5m', { job: 'epp', router: 'epp', endpoint: 'vllm-1' }, 1),
              ],
            },
            {
              expr: 'inferwatch:vllm_router_queued_requests:sum',
              eval_time: '20m',
              exp_samples: [rec('inferwatch:vllm_router_queued_requests:sum', { job: 'dynamo', router: 'dynamo' }, 80)],
            },
          ],
        },
      ],
    };
    writeFileSync(join(dir, 'router-tests.yml'), toYaml(file));
    const check = spawnSync(PROMTOOL, ['check', 'rules', 'router-rules.yml'], { encoding: 'utf8', cwd: dir });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    const r = spawnSync(PROMTOOL, ['test', 'rules', 'router-tests.yml'], { encoding: 'utf8', cwd: dir });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  });

  it('with the backend’s names, only the routers it holds, each role under the one name the board reads', () => {
    const names = ['vllm:num_requests_running', 'llm_d_epp_request_total', 'inference_objective_request_total', 'llm_d_epp_scheduler_attempts_total', 'inference_extension_scheduler_attempts_total'];
    const groups = generateRules({ engine: 'vllm', routers: true, metricNames: names }).groups.filter((g) => g.name.includes('-router-'));
    const text = JSON.stringify(groups);
    expect(text).toContain('llm_d_epp_scheduler_attempts_total');
    expect(text).not.toContain('inference_extension_scheduler_attempts_total');
    expect(text).not.toContain('production-stack');
    expect(generateRules({ engine: 'vllm', routers: true, metricNames: ['vllm:num_requests_running'] }).groups.some((g) => g.name.includes('-router-'))).toBe(false);
  });
});
