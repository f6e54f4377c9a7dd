// Sleep mode set from outside (the stack's sleepEngine): the engines stop taking requests and
// `vllm:engine_sleep_state` says so; waking restores both.
import { describe, expect, it } from 'vitest';
import { advanceFleet, createFleet } from './fleet.ts';

const awake = (text: string): number[] => [...text.matchAll(/^vllm:engine_sleep_state\{[^}]*sleep_state="awake"[^}]*\} (\S+)/gm)].map((m) => Number(m[1]));

describe('sleep mode on demand', () => {
  it('puts every engine of the instance to sleep and wakes it', () => {
    const t0 = Date.UTC(2026, 0, 1, 12);
    // The second vLLM server runs two DP engines.
    const fleet = createFleet({ engines: [{ id: 'vllm', instances: 2 }], models: ['m'], startMs: t0, seed: 3 });
    const inst = fleet.instances[1]!;
    advanceFleet(fleet, t0 + 30_000);
    expect(awake(inst.renderText())).toEqual([1, 1]);
    inst.sleeping = true;
    const arrived = inst.models.map((m) => m.arrived);
    advanceFleet(fleet, t0 + 90_000);
    expect(awake(inst.renderText())).toEqual([0, 0]);
    expect(inst.models.map((m) => m.arrived)).toEqual(arrived);
    inst.sleeping = false;
    advanceFleet(fleet, t0 + 150_000);
    expect(awake(inst.renderText())).toEqual([1, 1]);
    expect(inst.models[0]!.arrived).toBeGreaterThan(arrived[0]!);
  });
});
