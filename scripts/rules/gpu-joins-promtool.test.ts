// The board's GPU join and probes evaluated by Prometheus itself (`promtool test rules`, PromQL
// tests only): the node join (engine `node` label = GPU `Hostname`) on a bare-metal host whose GPUs
// carry no pod and on a Kubernetes node whose engine series carry no pod; a node with two engines is
// left unmatched; a GPU time-sliced between two pods is detected as shared, and counted once in
// the inventory total.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from '../../src/catalog/define.ts';
import { gpuInstanceColumns } from '../../src/catalog/gpus/columns.ts';
import { expandQuery } from '../../src/catalog/promql.ts';
import { resolveMetrics } from '../../src/catalog/resolve.ts';
import { vllmCatalog } from '../../src/catalog/vllm/catalog.ts';
import { inventoryQuery, joinQuery } from '../../src/dashboard/gpus/probe.ts';
import type { QuerySpec } from '../../src/catalog/types.ts';
import { toYaml } from '../../src/rules/yaml.ts';
import { PROMTOOL, sel } from './promtool-cases.ts';

const dir = mkdtempSync(join(tmpdir(), 'inferwatch-gpu-joins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 120;
const names = new Set(['vllm:num_requests_running', 'vllm:generation_tokens_total', 'vllm:prompt_tokens_total']);
const resolved = resolveMetrics(vllmCatalog.metrics, names);
const expand = (template: string | QuerySpec): string => {
  const r = expandQuery(typeof template === 'string' ? query('t', '', template) : template, vllmCatalog, { resolved, filters: {}, rateInterval: '1m', by: ['instance'], range: 600 });
  if (!('expr' in r)) throw new Error(`missing ${r.missing.join(',')}`);
  return r.expr;
};

const engine = (instance: string, node: string) => ({ job: 'vllm', instance, node, model_name: 'm' });
const exporter = (node: string, k8s: boolean) => ({ job: 'dcgm-exporter', instance: `exp-${node}:9400`, ...(k8s ? { namespace: 'gpu-operator', pod: `dcgm-${node}` } : {}) });
const gpu = (node: string, i: number, k8s: boolean, holder?: string) => ({
  ...exporter(node, k8s),
  ...(holder ? { exported_namespace: 'llm', exported_pod: holder } : {}),
  gpu: String(i),
  UUID: `GPU-${node}-${i}`,
  Hostname: node,
  modelName: 'H100',
});

describe.skipIf(!existsSync(PROMTOOL))('GPU joins under promtool', () => {
  it('joins by node where one engine and one GPU holder share it, never splits a node by guess, and says a shared GPU', () => {
    const gpus = [
      // bare-metal n0: no pods anywhere; k8s n1: the engine pod holds both GPUs, its series have no pod.
      gpu('n0', 0, false),
      gpu('n0', 1, false),
      gpu('n1', 0, true, 'vllm-b'),
      gpu('n1', 1, true, 'vllm-b'),
      // n2 runs two engines: not joined. n3: GPU 0 time-sliced between two pods.
      gpu('n2', 0, true, 'vllm-c'),
      gpu('n3', 0, true, 'job-x'),
      gpu('n3', 0, true, 'job-y'),
    ];
    const input = [
      ...[engine('a:8000', 'n0'), engine('b:8000', 'n1'), engine('c:8000', 'n2'), engine('d:8000', 'n2')].flatMap((e) => [
        { series: sel('vllm:num_requests_running', e), values: `4x${N}` },
        { series: sel('vllm:generation_tokens_total', e), values: `0+600x${N}` },
      ]),
      ...gpus.map((g) => ({ series: sel('DCGM_FI_DEV_FB_USED', g), values: `40000x${N}` })),
      ...gpus.map((g) => ({ series: sel('DCGM_FI_DEV_GPU_UTIL', g), values: `50x${N}` })),
      ...['n0', 'n1', 'n2', 'n3'].map((n) => ({ series: sel('up', exporter(n, n !== 'n0')), values: `1x${N}` })),
    ];
    const count = gpuInstanceColumns(vllmCatalog.roles!, null).find((c) => c.id === 'gpu-count')!;
    const tps = gpuInstanceColumns(vllmCatalog.roles!, null).find((c) => c.id === 'tok-per-gpu-s')!;
    const file = {
      rule_files: [],
      evaluation_interval: '15s',
      tests: [
        {
          interval: '15s',
          input_series: input,
          promql_expr_test: [
            {
              expr: expand(count.query),
              eval_time: '20m',
              exp_samples: [
                { labels: '{instance="a:8000"}', value: 2 },
                { labels: '{instance="b:8000"}', value: 2 },
              ],
            },
            // 600 tokens per 15 s = 40 tok/s over 2 GPUs.
            { expr: expand(tps.query), eval_time: '20m', exp_samples: [{ labels: '{instance="a:8000"}', value: 20 }, { labels: '{instance="b:8000"}', value: 20 }] },
            {
              expr: expand(joinQuery('running', 'generation_tokens')),
              eval_time: '20m',
              exp_samples: [
                { labels: '{what="instances"}', value: 4 },
                { labels: '{what="matched"}', value: 2 },
                // by_pod: no series (count of nothing); the board reads it as 0.
                { labels: '{what="by_node"}', value: 2 },
                { labels: '{what="exported"}', value: 3 },
                { labels: '{what="shared_gpus"}', value: 1 },
                { labels: '{what="shared_holders"}', value: 2 },
              ],
            },
            // The time-sliced GPU counts once: 7 series, 6 GPUs.
            { expr: expand(inventoryQuery()), eval_time: '20m', exp_samples: [{ labels: '{modelName="H100"}', value: 6 }, { labels: '{modelName="H100", held="false"}', value: 2 }] },
          ],
        },
      ],
    };
    writeFileSync(join(dir, 'joins.yml'), toYaml(file));
    const r = spawnSync(PROMTOOL, ['test', 'rules', 'joins.yml'], { encoding: 'utf8', cwd: dir });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  });
});
