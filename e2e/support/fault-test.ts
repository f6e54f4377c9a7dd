// The shared `test` (which fails on any console error or uncaught page error), extended for specs
// that inject faults on purpose. Chromium logs every failed fetch as a console error of its own
// ("Failed to load resource: net::ERR_CONNECTION_REFUSED", "… the server responded with a status
// of 502"); those lines are the browser reporting the fault the test injected, not the app
// failing, so they — and only they — are removed before the shared fixture checks the rest.
// Every other console error, and every uncaught error or unhandled rejection, still fails the test.
import { test as base } from '../fixtures';

export const FAILED_LOAD = /^Failed to load resource: (net::ERR_[A-Z_]+|the server responded with a status of \d{3}\b.*)$/;

export const test = base.extend<{ allowFailedLoads: void }>({
  allowFailedLoads: [
    async ({ consoleErrors }, use) => {
      await use();
      // Torn down before `consoleErrors` (which it depends on), so the filter runs before its check.
      const kept = consoleErrors.filter((line) => !FAILED_LOAD.test(line));
      consoleErrors.splice(0, consoleErrors.length, ...kept);
    },
    { auto: true },
  ],
});

export { expect } from '../fixtures';
