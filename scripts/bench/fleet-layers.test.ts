import { describe, expect, it } from 'vitest';
import { cloneLine, stamp, type Identity } from './fleet-layers.ts';

const ids: Identity[] = [
  {
    tokens: ['"vllm-server-1"', '"10.42.0.11"'],
    clones: [
      { values: ['"vllm-fleet-0"', '"10.0.0.10"'], scale: 2 },
      { values: ['"vllm-fleet-16"', '"10.0.0.26"'], scale: 0.5 },
    ],
  },
];

describe('fleet layers: one prototype line, once per clone', () => {
  it('writes a line naming a prototype once per clone, with every identity token replaced', () => {
    const out: string[] = [];
    const series = new Set<string>();
    const n = cloneLine('kube_pod_info{pod="vllm-server-1",pod_ip="10.42.0.11"} 1 100.000', ids, out, series);
    expect(n).toBe(2);
    expect(out).toEqual(['kube_pod_info{pod="vllm-fleet-0",pod_ip="10.0.0.10"} 1 100.000', 'kube_pod_info{pod="vllm-fleet-16",pod_ip="10.0.0.26"} 1 100.000']);
    expect(series.size).toBe(2);
  });

  it('scales counters and histogram series by the clone factor, never gauges', () => {
    const out: string[] = [];
    cloneLine('x_total{pod="vllm-server-1"} 10 1.000', ids, out, new Set());
    cloneLine('DCGM_FI_DEV_GPU_UTIL{pod="vllm-server-1"} 40 1.000', ids, out, new Set());
    expect(out).toEqual(['x_total{pod="vllm-fleet-0"} 20 1.000', 'x_total{pod="vllm-fleet-16"} 5 1.000', 'DCGM_FI_DEV_GPU_UTIL{pod="vllm-fleet-0"} 40 1.000', 'DCGM_FI_DEV_GPU_UTIL{pod="vllm-fleet-16"} 40 1.000']);
  });

  it('a quoted token never matches a longer value ("vllm-server-1" is not "vllm-server-10")', () => {
    const out: string[] = [];
    expect(cloneLine('up{pod="vllm-server-10"} 1 1.000', ids, out, new Set())).toBe(1);
    expect(out).toEqual(['up{pod="vllm-server-10"} 1 1.000']);
  });

  it('stamps a text-format body with the scrape labels and time, dropping comments and _created', () => {
    const out: string[] = [];
    stamp('# HELP a x\na 1\nb{k="v"} 2\nc_created 5\n', 'job="r"', '7.000', out);
    expect(out).toEqual(['a{job="r"} 1 7.000', 'b{job="r",k="v"} 2 7.000']);
  });
});
