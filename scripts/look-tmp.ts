import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { startStack } from './lib/stack.ts';

const stacks = await Promise.all([
  startStack({ promPort: 28500, vllmPort: 28502, sglangPort: 28507, backfillMinutes: 20, features: 'all,extra-family', seed: 3 }),
  startStack({ promPort: 28520, vllmPort: 28522, sglangPort: 28527, backfillMinutes: 0, features: 'extra-family', seed: 4, backend: 'victoria-metrics' }),
]);
const server = await preview({ preview: { port: 28540, host: '127.0.0.1', strictPort: true }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  const shots: Array<[string, string, string]> = [
    [stacks[0]!.promUrl, 'vllm', 'prom-vllm'],
    [stacks[0]!.promUrl, 'sglang', 'prom-sglang'],
    [stacks[1]!.promUrl, 'vllm', 'vm-vllm'],
  ];
  if (process.env.WAIT_VM) await new Promise((r) => setTimeout(r, 60_000));
  for (const [prom, engine, name] of shots) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (m) => { if (m.type() === 'error') console.log(`${name} console.error: ${m.text()}`); });
    await page.goto(`http://127.0.0.1:28540/?prom=${encodeURIComponent(prom)}&engine=${engine}&from=now-20m`, { timeout: 120_000 });
    const btn = page.getByRole('button', { name: /^Other metrics/ });
    await btn.scrollIntoViewIfNeeded({ timeout: 90_000 });
    await btn.click();
    await page.waitForTimeout(25_000);
    const sec = page.locator('[data-section-id="other"]');
    const states = await sec.locator('[role="figure"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-panel-id')}=${e.getAttribute('data-state')}`));
    console.log(name, await sec.getByTestId('other-summary').innerText());
    console.log(name, states.join(' '));
    await sec.screenshot({ path: `/tmp/look-${name}.png` });
    if (name === 'prom-vllm') {
      for (const id of ['tool-call-parser', 'kv-cache-config', 'prompt-vs-computed-tokens', 'inference-time']) {
        const p = page.locator(`[data-panel-id="${id}"]`);
        await p.scrollIntoViewIfNeeded();
        await page.waitForTimeout(4000);
        console.log(id, await p.getAttribute('data-state'));
        await p.screenshot({ path: `/tmp/look-${id}.png` });
      }
    }
    if (name === 'prom-sglang') {
      for (const id of ['func-latency', 'kv-cache-tokens']) {
        const p = page.locator(`[data-panel-id="${id}"]`);
        await p.scrollIntoViewIfNeeded();
        await page.waitForTimeout(4000);
        console.log(id, await p.getAttribute('data-state'));
        await p.screenshot({ path: `/tmp/look-${id}.png` });
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
  await Promise.all(stacks.map((s) => s.stop()));
}
