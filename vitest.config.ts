import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'sim/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    // At least two test files at a time. Vitest's default (one fewer than the cores) runs the files
    // one after another on a 2-core machine (CI), and the files that wait on a child process
    // (promtool, a real Prometheus) leave the second core idle meanwhile.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
