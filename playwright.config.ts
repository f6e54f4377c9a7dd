// End-to-end tests in Debian's Chromium (Playwright cannot download its own browser here).
// A global setup starts the simulated engines, a real Prometheus and the built dashboard.
//
// One worker by default: two (E2E_WORKERS=2) were tried on this 2-core machine and nearly doubled
// each test's time (the suite is CPU-bound: Chromium, Prometheus and the simulators), saving ~4 of
// ~29 minutes, and the CPU contention moved the simulated scenarios off their verdicts. Ports are
// picked free at random, so two spec files in two workers never collide.
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
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
