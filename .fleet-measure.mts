import { chromium } from '@playwright/test';
const [url, w = '1440', h = '900'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.goto(url!);
await page.waitForTimeout(5000);
const out = await page.evaluate(() => {
  const row = document.querySelector('.iw-header-row')!;
  const r0 = row.getBoundingClientRect();
  return { row: [r0.width, r0.height], kids: [...row.children].map((c) => { const r = c.getBoundingClientRect(); return `${c.tagName}.${(c.className || '').toString().slice(0, 40)} x=${Math.round(r.x)} y=${Math.round(r.y)} w=${Math.round(r.width)}`; }) };
});
console.log(JSON.stringify(out, null, 1));
await browser.close();
