// The board's GPU-health PromQL evaluated by Prometheus itself (`promtool test rules`): the
// Diagnosis's health query (XID, row-remap failure, hardware throttling; power cap left out), the
// heatmap's fault labels on a held and on a free GPU ("vllm-a · XID 79", "row-remap failure", never
// "idle"), and the inventory's count of free GPUs out of service.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from '../../src/catalog/define.ts';
import { healthQuery } from '../../src/catalog/gpus/health.ts';
import { utilByGpu } from '../../src/catalog/gpus/panels.ts';
import { expandQuery } from '../../src/catalog/promql.ts';
import { resolveMetrics } from '../../src/catalog/resolve.ts';
import { vllmCatalog } from '../../src/catalog/vllm/catalog.ts';
import { inventoryQuery } from '../../src/dashboard/gpus/probe.ts';
import { toYaml } from '../../src/rules/yaml.ts';
import { PROMTOOL, sel } from './promtool-cases.ts';

const dir = mkdtempSync(join(tmpdir(), 'inferwatch-gpu-health-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 120;
const resolved = resolveMetrics(vllmCatalog.metrics, new Set(['vllm:num_requests_running']));
const expand = (template: string): string => {
  const r = expandQuery(query('t', '', template), vllmCatalog, { resolved, filters: {}, rateInterval: '1m', by: [], range: 600 });
  if (!('expr' in r)) throw new Error(`missing ${r.missing.join(',')}`);
  return r.expr;
};

const exporter = { job: 'dcgm-exporter', instance: 'exp-n0:9400', namespace: 'gpu-operator', pod: 'dcgm-n0' };
const gpu = (i: number, holder?: string) => ({ ...exporter, ...(holder ? { exported_namespace: 'llm', exported_pod: holder } : {}), gpu: String(i), UUID: `GPU-n0-${i}`, Hostname: 'n0', modelName: 'H100' });

describe.skipIf(!existsSync(PROMTOOL))('GPU health under promtool', () => {
  it('names the faults per GPU, labels faulty heatmap rows with their fault and counts free faulty GPUs apart', () => {
    // GPU 0 (held by vllm-a): XID 79; GPU 1 (held): hardware thermal throttling; GPU 2 (free): row
    // remap failure; GPU 3 (free): healthy, power-capped.
    const gpus = [gpu(0, 'vllm-a'), gpu(1, 'vllm-a'), gpu(2), gpu(3)];
    const v = (per: number[]) => gpus.map((g, i) => ({ g, value: per[i] ?? 0 }));
    const input = [
      ...gpus.map((g) => ({ series: sel('DCGM_FI_DEV_FB_USED', g), values: `40000x${N}` })),
      ...gpus.map((g) => ({ series: sel('DCGM_FI_DEV_GPU_UTIL', g), values: `50x${N}` })),
      ...v([79, 0, 0, 0]).map(({ g, value }) => ({ series: sel('DCGM_FI_DEV_XID_ERRORS', g), values: `${value}x${N}` })),
      ...v([0, 0, 1, 0]).map(({ g, value }) => ({ series: sel('DCGM_FI_DEV_ROW_REMAP_FAILURE', g), values: `${value}x${N}` })),
      ...v([0, 0, 0, 0]).map(({ g }) => ({ series: sel('DCGM_FI_DEV_ECC_DBE_VOL_TOTAL', g), values: `0x${N}` })),
      ...v([0, 64, 0, 4]).map(({ g, value }) => ({ series: sel('DCGM_FI_DEV_CLOCK_THROTTLE_REASONS', g), values: `${value}x${N}` })),
      { series: sel('up', exporter), values: `1x${N}` },
    ];
    const at = (i: number, extra: string) => `{Hostname="n0", gpu="${i}", UUID="GPU-n0-${i}", modelName="H100"${extra}}`;
    const file = {
      rule_files: [],
      evaluation_interval: '15s',
      tests: [
        {
          interval: '15s',
          input_series: input,
          promql_expr_test: [
            {
              expr: expand(healthQuery()),
              eval_time: '20m',
              exp_samples: [
                { labels: at(0, ', pod="vllm-a", iw_health="xid"'), value: 79 },
                { labels: at(2, ', iw_health="row_remap_failure"'), value: 1 },
                { labels: at(1, ', pod="vllm-a", iw_health="throttle"'), value: 64 },
                { labels: '{iw_health="gpus"}', value: 4 },
              ],
            },
            {
              expr: expand(utilByGpu()),
              eval_time: '20m',
              exp_samples: [
                { labels: '{Hostname="n0", gpu="0", pod="vllm-a · XID 79", fault="XID 79"}', value: 0.5 },
                { labels: '{Hostname="n0", gpu="1", pod="vllm-a"}', value: 0.5 },
                { labels: '{Hostname="n0", gpu="2", pod="row-remap failure", fault="row-remap failure"}', value: 0.5 },
                { labels: '{Hostname="n0", gpu="3"}', value: 0.5 },
              ],
            },
            {
              expr: expand(inventoryQuery()),
              eval_time: '20m',
              exp_samples: [
                { labels: '{modelName="H100"}', value: 4 },
                { labels: '{modelName="H100", held="false"}', value: 2 },
                { labels: '{modelName="H100", held="faulty"}', value: 1 },
              ],
            },
          ],
        },
      ],
    };
    writeFileSync(join(dir, 'health.yml'), toYaml(file));
    const r = spawnSync(PROMTOOL, ['test', 'rules', 'health.yml'], { encoding: 'utf8', cwd: dir });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  });
});
