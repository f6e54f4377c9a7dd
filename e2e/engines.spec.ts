// The engines beyond vLLM and SGLang (LMDeploy, trtllm-serve), each one catalog entry and one
// simulator profile: on one stack running all four engines, scraped by a real Prometheus, each new
// engine's board fills every panel its metrics can feed and explains the rest; its fleet tables,
// SLO tiles, compare against another engine and rules pack work.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { catalogs, ENGINES, type EngineId } from '../src/catalog';
import { appUrl, expect, panel, test } from './fixtures';
import { useStack } from './support/own-stack';

const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
const NEW: EngineId[] = ENGINES.map((e) => e.id).filter((id) => !['vllm', 'sglang'].includes(id));

test.describe('engines beyond vLLM and SGLang', () => {
  test.describe.configure({ timeout: 180_000 });
  const stack = useStack({
    engines: [{ id: 'vllm', instances: 1 }, { id: 'sglang', instances: 1 }, ...NEW.map((id) => ({ id, instances: 2 }))],
    backfillMinutes: 15,
    seed: 44,
  });

  async function openBoard(page: Page, engine: string, extra: Record<string, string> = {}): Promise<void> {
    await page.goto(appUrl({ prom: stack().promUrl, engine, from: 'now-15m', refresh: 'off', ...extra }));
    await expect(page.locator(`.iw-app[data-engine="${engine}"]`)).toBeVisible();
  }

  for (const engine of NEW) {
    const catalog = catalogs[engine];
    const label = ENGINES.find((e) => e.id === engine)?.label ?? engine;

    test(`${label}: the Engine list offers all four engines, and every panel is ok or says why not`, async ({ page }) => {
      await openBoard(page, engine);
      const select = page.getByRole('combobox', { name: 'Engine' });
      await expect(select).toHaveValue(engine);
      await expect(select.locator('option')).toHaveCount(ENGINES.length);
      // Mount every section (they mount below the first screen once it is in, or on scrolling).
      await page.keyboard.press('End');
      await expect(page.locator('[data-section-id="advanced"]')).toBeVisible();
      const states: Record<string, string> = {};
      for (const p of catalog.panels) {
        const el = panel(page, p.id);
        if ((await el.count()) === 0) {
          // A panel the board does not draw is accounted for under its section heading: never on
          // this engine (named, opening it alone explains why), or a feature this backend lacks.
          const section = page.locator(`[data-section-id="${p.section}"]`);
          if (p.notAvailable) await expect(section.getByTestId(`not-reported-${p.section}`), p.id).toBeVisible();
          else await expect(section.getByTestId(`absent-${p.section}`), p.id).toBeVisible();
          continue;
        }
        await el.scrollIntoViewIfNeeded({ timeout: 10_000 });
        await expect(el, p.id).toHaveAttribute('data-state', /^(ok|unavailable|empty)$/, { timeout: 30_000 });
        const state = (await el.getAttribute('data-state')) ?? '';
        states[p.id] = state;
        // A drawn panel without data says why: what enables it, or which metrics are missing.
        if (state === 'unavailable') expect((await el.locator('.iw-panel-message').textContent())?.trim().length ?? 0, p.id).toBeGreaterThan(20);
      }
      // The panels every engine's roles feed have data from the simulated servers.
      for (const id of ['request-rate', 'output-tokens-rate', 'prompt-tokens-rate', 'ttft', 'e2e-latency', 'kv-cache-usage']) {
        if (id in states) expect(states[id], id).toBe('ok');
      }
      const ok = Object.values(states).filter((s) => s === 'ok').length;
      expect(ok).toBeGreaterThanOrEqual(8);
    });

    test(`${label}: fleet tables list its models and servers, SLO tiles read its buckets`, async ({ page }) => {
      await openBoard(page, engine, { slo_ttft: '0.5', slo_e2e: '20' });
      // A tile of the stat row this engine has no metric for is there, and says so.
      for (const s of catalog.absentStats ?? []) {
        const tile = page.locator(`[data-stat-id="${s.id}"]`);
        await expect(tile).toHaveAttribute('data-state', 'unavailable');
        await expect(tile).toContainText(`${label} exposes no metric for this.`);
      }
      const models = panel(page, 'model-summary');
      await expect(models).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
      expect(await models.locator('tbody tr[data-row-key]').count()).toBeGreaterThanOrEqual(1);
      const servers = panel(page, 'instance-table');
      await servers.scrollIntoViewIfNeeded();
      await expect(servers).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
      // One row per server, or per rank where the engine reports ranks: two servers, all up.
      const keys = await servers.locator('tbody tr[data-row-key]').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-row-key') ?? '', r.getAttribute('data-status')]));
      expect(new Set(keys.map(([k]) => k?.split('|')[0])).size).toBe(2);
      expect(keys.every(([, status]) => status === 'up')).toBe(true);
      for (const id of ['ttft-slo', 'e2e-slo']) {
        const tile = page.locator(`[data-stat-id="${id}"]`);
        await expect(tile).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
        const v = Number(await tile.getAttribute('data-value'));
        expect(v).toBeGreaterThan(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    });

    test(`${label}: compared against vLLM, a panel draws both engines`, async ({ page }) => {
      await openBoard(page, engine, { compare: 'engines:vllm' });
      const p = panel(page, 'request-rate');
      await expect(p).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
      await expect(p).toHaveAttribute('data-compare', /engines/);
      await expect(p.locator('.iw-legend')).toContainText('vLLM ·');
    });

    test(`${label}: the rules pack resolved against this backend passes promtool`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'iw-rules-'));
      try {
        const out = join(dir, `${engine}.yml`);
        const gen = spawnSync('npx', ['tsx', 'scripts/rules.ts', '--engine', engine, '--prom', stack().promUrl, '--slo-ttft', '0.5', '--out', out], { encoding: 'utf8' });
        expect(gen.status, gen.stderr).toBe(0);
        const check = spawnSync(PROMTOOL, ['check', 'rules', out], { encoding: 'utf8' });
        expect(check.status, check.stdout + check.stderr).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
