// End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here).
// A global setup starts the simulated engines, a real Prometheus and the built dashboard.
//
// Two workers: most of a test's time is waiting (for Prometheus, a scrape, a refresh tick), so two
// spec files at a time shorten the suite on two cores. Each spec file stays in one worker (its own
// stack is started once, its tests run in order; ports are picked free at random, so two stacks
// never collide). E2E_WORKERS=1 runs one file at a time.
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',

  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
