// `promtool check metrics` must find no errors in any engine's output. Lint warnings are accepted
// only where the real engines trigger them too: colons in names, abbreviated units (_gb, _ms),
// "histogram" in a name (SGLang), and the non-counters vllm:iteration_tokens_total (histogram)
// and sglang:lora_pool_slots_total (gauge), lmdeploy:iteration_tokens_total (histogram, as vLLM's).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { ENGINES } from './spec.ts';

const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
const T0 = Date.UTC(2025, 0, 1, 12);
const ACCEPTED = [
  /metric names should not contain ':'/,
  /metric names should not contain abbreviated units/,
  /metric name should not include type 'histogram'/,
  /^(vllm[:_]iteration_tokens_total|sglang[:_]lora_pool_slots_total|lmdeploy[:_]iteration_tokens_total) non-counter metrics should not have "_total" suffix$/,
];

describe.skipIf(!existsSync(PROMTOOL))(`promtool check metrics (${PROMTOOL}; skipped when missing)`, () => {
  for (const profile of ['default', 'legacy', 'underscore'] as const) {
    it(`passes for every instance, features=all, profile=${profile}`, () => {
      const fleet = createFleet({ startMs: T0, features: 'all', profile, seed: 9, engines: ENGINES });
      for (const inst of fleet.instances) {
        inst.advanceTo(T0 + 10 * 60_000);
        const r = spawnSync(PROMTOOL, ['check', 'metrics'], { input: inst.renderText(), encoding: 'utf8' });
        const lines = `${r.stdout}${r.stderr}`.split('\n').filter(Boolean);
        const bad = lines.filter((l) => !ACCEPTED.some((re) => re.test(l)));
        expect(bad, `${inst.spec.engine}:${inst.spec.port}`).toEqual([]);
      }
    });
  }
});
