// Starts what the end-to-end tests run against: simulated engines scraped by a real Prometheus
// (a default stack and a `--features all,extra-family` stack with integer-form `le`), and the built dashboard served by Vite's
// static preview server. Ports are picked free at run time (two runs on one machine do not
// collide); URLs reach the tests through environment variables.
import { preview } from 'vite';
import { startStack } from '../scripts/lib/stack';
import { freePortBlock } from './support/ports';
import { startStackChild } from './support/stack-child';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;
  // One block per stack: prom, then vLLM instances, then SGLang instances.
  const [a, b] = [await freePortBlock(12), await freePortBlock(12)];
  // The features stack runs in a child process: each backfill is synchronous work in one thread, so
  // two stacks in this process took turns on one core; in two processes they use both.
  const started = await Promise.allSettled([
    startStack({ promPort: a, vllmPort: a + 2, sglangPort: a + 7, backfillMinutes: 60, seed: 7, log }),
    // The features stack: its users look at most 32 minutes back (dashboard and other-metrics at
    // now-30m, slo at a fixed 30 minutes ending a minute ago), so 35 minutes of history, not the 60
    // the default stack keeps for compare=1h (backfill is most of the setup's time). It writes `le`
    // as Prometheus 3 stores it ("1", not "1.0"): slo's integer-form test runs here, and every
    // feature panel is checked against that spelling too.
    startStackChild({ promPort: b, vllmPort: b + 2, sglangPort: b + 7, backfillMinutes: 35, features: 'all,extra-family', leFormat: 'int', seed: 11 }, log),
  ]);
  // If one stack failed to start, stop the one that did (its simulator and Prometheus would
  // otherwise outlive the run), then fail with the first reason.
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    throw failed.reason;
  }
  const stacks = started.map((r) => (r as PromiseFulfilledResult<{ promUrl: string; stop(): Promise<void> }>).value);
  const [def, all] = stacks;
  process.env.PROM_DEFAULT = def!.promUrl;
  process.env.PROM_FEATURES = all!.promUrl;

  const appPort = await freePortBlock(1, 61000, 62000);
  const server = await preview({ preview: { port: appPort, host: '127.0.0.1', strictPort: true }, logLevel: 'warn' });
  process.env.APP_URL = `http://127.0.0.1:${appPort}/`;

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await Promise.all(stacks.map((s) => s.stop()));
  };
}
