// A stack (simulated engines scraped by a real Prometheus) of a describe block's own, started
// before its tests and stopped after them, for what the global setup's two stacks do not cover.
import { startStack, type Stack, type StackOptions } from '../../scripts/lib/stack';
import { test } from '../fixtures';
import { freePortBlock } from './ports';

type Ports = 'promPort' | 'vllmPort' | 'sglangPort';
const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;

/** Ports not given are taken from a free block (prom, then 3 vLLM, then the SGLang ones). */
export function useStack(opts: Omit<StackOptions, Ports> & Partial<Pick<StackOptions, Ports>>): () => Stack {
  let stack: Stack | null = null;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const base = opts.promPort === undefined ? await freePortBlock(8) : null;
    const ports = base === null ? {} : { promPort: base, vllmPort: base + 1, sglangPort: base + 4 };
    stack = await startStack({ backfillMinutes: 20, seed: 21, log, ...ports, ...opts } as StackOptions);
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
