import { describe, expect, it } from 'vitest';
import { createFleet } from '../../sim/fleet.ts';
import { parseExposition } from '../../sim/parse-exposition.ts';
import { engineTargetLabels, gpuPlan, gpuPortCount, gpuScrapeJobs, renderGpuBackfill, storedDcgmLabels } from './gpu-stack.ts';
import { scrapeConfig } from './prometheus.ts';

const fleet = () => createFleet({ seed: 3, startMs: 1_700_000_000_000 });

describe('the simulated GPU layer', () => {
  it('gives each engine server ranks × TP GPUs, packed on 8-GPU nodes, plus idle GPUs and a node with no engine', () => {
    const plan = gpuPlan(fleet(), { port: 9400 });
    const held = plan.layout.gpus.filter((g) => g.inst);
    // vLLM 8B (1), vLLM 32B DP2×TP2 (4), SGLang 8B (1), SGLang 32B DP2×TP2 (4).
    expect(held).toHaveLength(10);
    expect(plan.layout.gpus).toHaveLength(18);
    expect(plan.layout.nodes).toHaveLength(3);
    expect(plan.layout.gpus.filter((g) => g.node === 2).every((g) => !g.inst && g.modelName.includes('A100'))).toBe(true);
    expect(gpuPortCount(plan)).toBe(4);
  });

  it('stores the exporter labels per form: exported_pod when honor_labels is off, pod as written when on; idle GPUs keep the exporter pod', () => {
    const plan = gpuPlan(fleet(), { port: 9400 });
    const node = plan.layout.nodes[0]!;
    const held = { gpu: '0', pod: 'vllm-server-0', namespace: 'llm', container: 'vllm' };
    const scrape = { instance: '127.0.0.1:9400', job: 'dcgm-exporter' };
    expect(storedDcgmLabels('exported', held, node, scrape)).toMatchObject({ pod: node.exporterPod, namespace: 'gpu-operator', exported_pod: 'vllm-server-0', exported_namespace: 'llm' });
    expect(storedDcgmLabels('pod', held, node, scrape)).toMatchObject({ pod: 'vllm-server-0', namespace: 'llm' });
    expect(storedDcgmLabels('pod', { gpu: '7' }, node, scrape)).toMatchObject({ pod: node.exporterPod, namespace: 'gpu-operator' });
    expect(storedDcgmLabels('pod', held, node, scrape)).not.toHaveProperty('exported_pod');
  });

  it('writes the scrape jobs with honor_labels per form and the exporter pod as target labels', () => {
    const plan = gpuPlan(fleet(), { port: 9400, labels: 'pod' });
    const yaml = scrapeConfig(gpuScrapeJobs(plan, '127.0.0.1'), '5s');
    expect(yaml).toContain('job_name: dcgm-exporter\n    honor_labels: true');
    expect(yaml).toContain(`pod: "${plan.layout.nodes[0]!.exporterPod}"`);
    expect(yaml).toContain("targets: ['127.0.0.1:9403']");
  });

  it('mixes the forms per node in two jobs, and the identity per engine', () => {
    const f = fleet();
    const plan = gpuPlan(f, { port: 9400, labels: ['exported', 'pod'], engineIdentity: { sglang: 'ip' } });
    expect(plan.forms).toEqual(['exported', 'pod', 'pod']);
    const jobs = gpuScrapeJobs(plan, '127.0.0.1');
    expect(jobs.map((j) => [j.job, j.targets.length, j.honorLabels ?? false])).toEqual([
      ['dcgm-exporter', 1, false],
      ['dcgm-exporter-honor', 2, true],
      ['kube-state-metrics', 1, true],
    ]);
    const sglang = f.instances.find((i) => i.spec.engine === 'sglang')!;
    expect(engineTargetLabels(plan, sglang).instance).toMatch(/^10\.42\./);
    expect(engineTargetLabels(plan, f.instances[0]!)).toHaveProperty('pod');
    const lines: string[] = [];
    renderGpuBackfill(plan, '127.0.0.1', lines, 1_700_000_005_000, '1700000005');
    expect(lines.some((l) => l.startsWith('DCGM_FI_DEV_FB_USED{') && l.includes('exported_pod='))).toBe(true);
    expect(lines.some((l) => l.startsWith('DCGM_FI_DEV_FB_USED{') && l.includes('job="dcgm-exporter-honor"') && l.includes('pod="sglang-server-1"'))).toBe(true);
  });

  it('engine identity: pod labels, or instance = the pod IP', () => {
    const f = fleet();
    const inst = f.instances[0]!;
    expect(engineTargetLabels(gpuPlan(f, { port: 1, engineIdentity: 'pod' }), inst)).toEqual({ namespace: 'llm', pod: 'vllm-server-0' });
    expect(engineTargetLabels(gpuPlan(f, { port: 1, engineIdentity: 'ip' }), inst).instance).toMatch(/^10\.42\.0\.\d+:8000$/);
    expect(engineTargetLabels(gpuPlan(f, { port: 1, engineIdentity: 'none' }), inst)).toEqual({});
  });

  it('follows the load: busy GPUs draw more power, the energy counter only grows, one field reads the unsupported sentinel', () => {
    const f = fleet();
    const plan = gpuPlan(f, { port: 9400 });
    let t = 1_700_000_000_000;
    const energy: number[] = [];
    for (let i = 0; i < 20; i++) {
      t += 5000;
      for (const inst of f.instances) inst.advanceTo(t);
      const lines: string[] = [];
      renderGpuBackfill(plan, '127.0.0.1', lines, t, String(t / 1000));
      const e = lines.find((l) => l.startsWith('DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{') && l.includes('gpu="0"') && l.includes('gpu-node-0'));
      energy.push(Number(e?.slice(e.indexOf('} ') + 2).split(' ')[0]));
    }
    expect(energy.every((e, i) => i === 0 || e > energy[i - 1]!)).toBe(true);
    const body = plan.dcgm.renderText(0);
    expect(body).toContain('DCGM_FI_DEV_MEMORY_TEMP{');
    expect(body).toContain(' 9223372036854775794');
    const fams = parseExposition(body);
    expect(fams.types.get('DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION')).toBe('counter');
  });
});
