// The GPU rules (src/rules/gpus.ts) under `promtool test rules`: an engine instance whose two GPUs
// (stored form exported_pod) produced no token fires GpusIdle, the busy one does not, an idle GPU
// labelled with the exporter's own pod is never counted for an engine, an XID error fires, and
// the recorded tokens per GPU-second is tokens/s ÷ GPUs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRules } from '../../src/rules/generate.ts';
import { toYaml } from '../../src/rules/yaml.ts';
import { withoutAnnotations } from './promtool-cases.ts';
import { PROMTOOL, sel } from './promtool-cases.ts';

const dir = mkdtempSync(join(tmpdir(), 'inferwatch-gpu-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 280;
const engine = (instance: string, pod: string) => ({ job: 'vllm', instance, namespace: 'llm', pod, model_name: 'm' });
const gpu = (i: number, holder: string | null) => ({
  job: 'dcgm-exporter',
  instance: 'exp:9400',
  namespace: 'gpu-operator',
  pod: 'nvidia-dcgm-exporter-x',
  ...(holder ? { exported_namespace: 'llm', exported_pod: holder } : {}),
  gpu: String(i),
  UUID: `GPU-${i}`,
  Hostname: 'node-0',
  modelName: 'NVIDIA H100 80GB HBM3',
});

describe.skipIf(!existsSync(PROMTOOL))('GPU rules under promtool', () => {
  it('idle engine GPUs, XID errors and tokens per GPU-second', () => {
    const rules = generateRules({ engine: 'vllm', gpus: true, forOverride: undefined });
    const groups = rules.groups.filter((g) => g.name.includes('-gpu-'));
    expect(groups.map((g) => g.name)).toEqual(['inferwatch-vllm-gpu-recording', 'inferwatch-vllm-gpu-alerts']);
    writeFileSync(join(dir, 'gpu-rules.yml'), toYaml(withoutAnnotations(groups)));
    const holders = ['vllm-server-0', 'vllm-server-1', 'vllm-server-1', null];
    const input = [
      { series: sel('vllm:num_requests_running', engine('a:8000', 'vllm-server-0')), values: `3x${N}` },
      { series: sel('vllm:num_requests_running', engine('b:8000', 'vllm-server-1')), values: `0x${N}` },
      { series: sel('vllm:generation_tokens_total', engine('a:8000', 'vllm-server-0')), values: `0+1500x${N}` },
      { series: sel('vllm:generation_tokens_total', engine('b:8000', 'vllm-server-1')), values: `0x${N}` },
      ...holders.map((h, i) => ({ series: sel('DCGM_FI_DEV_FB_USED', gpu(i, h)), values: `40000x${N}` })),
      ...holders.map((h, i) => ({ series: sel('DCGM_FI_DEV_XID_ERRORS', gpu(i, h)), values: `${i === 3 ? 79 : 0}x${N}` })),
    ];
    const vllm = { severity: 'warning', inferwatch_engine: 'vllm' };
    const file = {
      rule_files: ['gpu-rules.yml'],
      evaluation_interval: '15s',
      tests: [
        {
          interval: '15s',
          input_series: input,
          alert_rule_test: [
            { eval_time: '20m', alertname: 'VLLMGpusIdle', exp_alerts: [] },
            { eval_time: '45m', alertname: 'VLLMGpusIdle', exp_alerts: [{ exp_labels: { ...vllm, instance: 'b:8000' } }] },
            { eval_time: '10m', alertname: 'VLLMGpuXidError', exp_alerts: [{ exp_labels: { severity: 'critical', inferwatch_engine: 'vllm', Hostname: 'node-0', gpu: '3', UUID: 'GPU-3' } }] },
          ],
          promql_expr_test: [
            {
              expr: 'inferwatch:vllm_output_tokens_per_gpu_second:rate5m_by_instance',
              eval_time: '30m',
              exp_samples: [
                { labels: 'inferwatch:vllm_output_tokens_per_gpu_second:rate5m_by_instance{instance="a:8000"}', value: 100 },
                { labels: 'inferwatch:vllm_output_tokens_per_gpu_second:rate5m_by_instance{instance="b:8000"}', value: 0 },
              ],
            },
            {
              expr: 'inferwatch:vllm_gpus:by_instance',
              eval_time: '30m',
              exp_samples: [
                { labels: 'inferwatch:vllm_gpus:by_instance{instance="a:8000"}', value: 1 },
                { labels: 'inferwatch:vllm_gpus:by_instance{instance="b:8000"}', value: 2 },
              ],
            },
          ],
        },
      ],
    };
    writeFileSync(join(dir, 'gpu-tests.yml'), toYaml(file));
    const check = spawnSync(PROMTOOL, ['check', 'rules', 'gpu-rules.yml'], { encoding: 'utf8', cwd: dir });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    const r = spawnSync(PROMTOOL, ['test', 'rules', 'gpu-tests.yml'], { encoding: 'utf8', cwd: dir });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  });
});
