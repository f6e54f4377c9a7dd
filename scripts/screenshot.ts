// Takes a screenshot of the dashboard (for the README and for looking at a change):
//   npx tsx scripts/screenshot.ts <url> <out.png> [width] [height] [--full]
import { chromium } from '@playwright/test';

const [url, out = 'screenshot.png', w = '1440', h = '900'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const full = process.argv.includes('--full');
if (!url) {
  console.error('usage: tsx scripts/screenshot.ts <url> <out.png> [width] [height] [--full]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') console.log(`console.${m.type()}: ${m.text()}`);
});
page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT_MS ?? 6000));
if (full) {
  // Panels far off screen do not query: scroll through once so every panel loads.
  for (let y = 0; y < 20000; y += 700) {
    await page.evaluate((yy) => window.scrollTo(0, yy), y);
    await page.waitForTimeout(400);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(1500);
}
const states = await page.locator('[role="figure"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-panel-id')}=${e.getAttribute('data-state')}`));
console.log(states.join(' '));
const clip = process.argv.find((a) => a.startsWith('--clip='));
if (clip) {
  // --clip=y,height: one slice of the full page, to look at a long board piece by piece.
  const [y = 0, ch = 1200] = clip.slice(7).split(',').map(Number);
  await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y, width: Number(w), height: ch } });
} else await page.screenshot({ path: out, fullPage: full });
await browser.close();
