import { describe, expect, it } from 'vitest';
import { throttleReasons } from '../../catalog/gpus/health';
import type { QueryAnswer } from '../../prometheus';
import { gpuHealthFindings, readGpuHealth } from './gpu-verdict';

const answer = (rows: Array<[Record<string, string>, string]>): QueryAnswer =>
  ({ status: 'success', result: { resultType: 'vector', result: rows.map(([metric, v]) => ({ metric, value: [0, v] })) } }) as unknown as QueryAnswer;

const gpu = (n: string, g: string, extra: Record<string, string> = {}) => ({ Hostname: n, gpu: g, UUID: `U-${n}-${g}`, modelName: 'NVIDIA A100-SXM4-80GB', ...extra });

describe('GPU health (gpu-health)', () => {
  it('XID 79 on a GPU no pod holds is a critical finding naming node, GPU and code', () => {
    const h = readGpuHealth(answer([[{ iw_health: 'gpus' }, '18'], [{ iw_health: 'xid', ...gpu('gpu-node-2', '1') }, '79']]));
    expect(h?.gpus).toBe(18);
    const [f, ...rest] = gpuHealthFindings(h);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ id: 'gpu-health', severity: 'critical', instance: 'gpu-node-2 · gpu 1', panel: 'gpu-xid' });
    expect(f?.gpu).toMatchObject({ node: 'gpu-node-2', gpu: '1', xid: 79, holder: null });
  });

  it('an application XID (13) and hardware throttling are warnings; signals of one GPU are one finding', () => {
    const h = readGpuHealth(
      answer([
        [{ iw_health: 'gpus' }, '8'],
        [{ iw_health: 'xid', ...gpu('n0', '3', { pod: 'vllm-server-0' }) }, '13'],
        [{ iw_health: 'throttle', ...gpu('n0', '3', { pod: 'vllm-server-0' }) }, String(0x40 | 0x4)],
        [{ iw_health: 'throttle', ...gpu('n0', '4') }, '16'],
      ]),
    );
    const fs = gpuHealthFindings(h);
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ severity: 'warning', gpu: { holder: 'vllm-server-0', xid: 13, throttle: ['hwThermal'] } });
  });

  it('a row-remap failure or a double-bit ECC error puts the GPU out of service', () => {
    const h = readGpuHealth(answer([[{ iw_health: 'row_remap_failure', ...gpu('n1', '0') }, '1'], [{ iw_health: 'ecc_dbe', ...gpu('n1', '2') }, '3']]));
    expect(gpuHealthFindings(h).map((f) => [f.instance, f.severity])).toEqual([
      ['n1 · gpu 0', 'critical'],
      ['n1 · gpu 2', 'critical'],
    ]);
  });

  it('throttling reasons: power cap, idle and sync boost are not hardware reasons', () => {
    expect(throttleReasons(0x1 | 0x4 | 0x10)).toEqual([]);
    expect(throttleReasons(0x8 | 0x80)).toEqual(['hwSlowdown', 'hwPowerBrake']);
  });
});
