// Starts what the end-to-end tests run against: simulated engines scraped by a real Prometheus
// (a default stack and a `--features all,extra-family` stack), and the built dashboard served by Vite's
// static preview server. Ports are picked free at run time (two runs on one machine do not
// collide); URLs reach the tests through environment variables.
import { preview } from 'vite';
import { startStack, type Stack } from '../scripts/lib/stack';
import { freePortBlock } from './support/ports';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;
  // One block per stack: prom, then vLLM instances, then SGLang instances.
  const [a, b] = [await freePortBlock(12), await freePortBlock(12)];
  const stacks: Stack[] = await Promise.all([
    startStack({ promPort: a, vllmPort: a + 2, sglangPort: a + 7, backfillMinutes: 60, seed: 7, log }),
    startStack({ promPort: b, vllmPort: b + 2, sglangPort: b + 7, backfillMinutes: 60, features: 'all,extra-family', seed: 11, log }),
  ]);
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
