// Opens the board, expands the Diagnosis breakdown, screenshots the region (and optionally a chart).
import { chromium } from '@playwright/test';
const [url, out, what = 'region'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
await page.goto(url);
const region = page.getByRole('region', { name: /Diagnosis|诊断/ });
await region.waitFor();
await page.waitForTimeout(8000);
if (what === 'region') {
  await region.getByTestId('diagnosis-breakdown').locator('summary').click();
  await page.waitForTimeout(500);
  await region.screenshot({ path: out });
} else {
  const chart = page.locator(`[role="figure"][data-panel-id="${what}"]`);
  await chart.scrollIntoViewIfNeeded();
  await page.waitForTimeout(4000);
  const box = await chart.locator('canvas').first().boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.93, box.y + box.height * 0.5);
  await page.waitForTimeout(1000);
  console.log(await chart.getByRole('img').getAttribute('aria-label'));
  await page.screenshot({ path: out });
}
await browser.close();
