// A stack (simulated engines scraped by a real Prometheus) of a describe block's own, started
// before its tests and stopped after them, for what the global setup's two stacks do not cover.
import { startStack, type Stack, type StackOptions } from '../../scripts/lib/stack';
import type { StackRouter } from '../../scripts/lib/router-stack';
import { test } from '../fixtures';
import { freePortBlock } from './ports';

type Ports = 'promPort' | 'vllmPort' | 'sglangPort';
const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;

/** Ports not given are taken from a free block (prom, 3 vLLM, 4 SGLang, then the other engines'). */
export function useStack(opts: Omit<StackOptions, Ports> & Partial<Pick<StackOptions, Ports>>): () => Stack {
  let stack: Stack | null = null;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // More than three vLLM servers would run into the SGLang and router ports: they go after the block.
    const vllm = opts.engines?.find((e) => e === 'vllm' || (typeof e === 'object' && e.id === 'vllm'));
    const vllmN = (typeof vllm === 'object' ? vllm.instances : undefined) ?? opts.vllmInstances ?? 0;
    const wide = vllmN > 3 ? vllmN : 0;
    const base = opts.promPort === undefined ? await freePortBlock(16 + wide) : null;
    const ports = base === null ? {} : { promPort: base, vllmPort: wide ? base + 16 : base + 1, sglangPort: base + 4 };
    // Engines listed without ports take the rest of the block, in order, as many as they run.
    let next = (base ?? 0) + 8;
    const engines = opts.engines?.map((e) => {
      const f = typeof e === 'string' ? { id: e } : e;
      if (base === null || f.port !== undefined || f.id === 'vllm' || f.id === 'sglang') return f;
      const port = next;
      next += f.instances ?? 2;
      return { ...f, port };
    });
    // The GPU layer (exporters, kube-state-metrics) given port 0 takes the block's last four ports.
    const gpus = opts.gpus && !opts.gpus.port && base !== null ? { gpus: { ...opts.gpus, port: base + 12 } } : {};
    // Routers given port 0 take the block's ports from 13 on.
    const given = opts.router === undefined ? [] : Array.isArray(opts.router) ? opts.router : [opts.router];
    const router = base !== null && given.length > 0 ? { router: given.map((r: StackRouter, i) => (r.port ? r : { ...r, port: base + 13 + i })) } : {};
    stack = await startStack({ backfillMinutes: 20, seed: 21, log, ...ports, ...opts, ...(engines ? { engines } : {}), ...gpus, ...router } as StackOptions);
  });
  test.afterAll(async () => {
    await stack?.stop();
    stack = null;
  });
  return () => {
    if (!stack) throw new Error('stack not started');
    return stack;
  };
}
