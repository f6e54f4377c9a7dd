// The generated rules pass `promtool check rules` and `promtool test rules` (input series that make
// each alert fire for one label set and stay quiet for another), for every registered engine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRules } from '../../src/rules/generate.ts';
import { ENGINES } from '../../src/catalog/index.ts';
import { buildCases, PROMTOOL, testFile, testSlo, withoutAnnotations } from './promtool-cases.ts';
import { toYaml } from '../../src/rules/yaml.ts';

const dir = mkdtempSync(join(tmpdir(), 'inferwatch-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function promtool(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(PROMTOOL, args, { encoding: 'utf8', cwd: dir });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

describe.skipIf(!existsSync(PROMTOOL))(`promtool (${PROMTOOL}; skipped when missing)`, () => {
  for (const engine of ENGINES.map((e) => e.id)) {
    it(`${engine}: the generated file passes promtool check rules, with and without SLO settings`, () => {
      for (const [suffix, slo] of [['plain', undefined], ['slo', testSlo(engine)]] as const) {
        const file = join(dir, `${engine}-${suffix}.yml`);
        writeFileSync(file, generateRules({ engine, slo }).yaml);
        const r = promtool(['check', 'rules', file]);
        expect(r.out).toMatch(/SUCCESS: \d+ rules found/);
        expect(r.ok, r.out).toBe(true);
      }
    });

    it(`${engine}: every alert fires on its input series and stays quiet on the healthy ones (promtool test rules)`, { timeout: 60_000 }, () => {
      const rules = generateRules({ engine, slo: testSlo(engine) });
      writeFileSync(join(dir, `${engine}-test-rules.yml`), toYaml(withoutAnnotations(rules.groups)));
      const cases = buildCases(engine);
      // Every alert of the file is exercised by some case.
      const alerts = rules.groups.flatMap((g) => g.rules.flatMap((r) => ('alert' in r ? [r.alert] : [])));
      const tested = new Set(cases.flatMap((c) => c.checks.map((ch) => ch.alertname)));
      expect(alerts.filter((a) => !tested.has(a))).toEqual([]);
      writeFileSync(join(dir, `${engine}-tests.yml`), toYaml(testFile(`${engine}-test-rules.yml`, cases)));
      const r = promtool(['test', 'rules', `${engine}-tests.yml`]);
      expect(r.out).not.toMatch(/FAILED/);
      expect(r.ok, r.out).toBe(true);
    });
  }
});
