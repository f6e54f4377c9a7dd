// Starts what the end-to-end tests run against: simulated engines scraped by a real Prometheus
// (a default stack and a `--features all` stack), and the built dashboard served by Vite's
// static preview server. URLs reach the tests through environment variables.
import { preview } from 'vite';
import { startStack, type Stack } from '../scripts/lib/stack';

export const PORTS = {
  app: 4173,
  defaultProm: 29090,
  featuresProm: 29091,
};

export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;
  const stacks: Stack[] = [];
  const started = await Promise.all([
    startStack({ promPort: PORTS.defaultProm, vllmPort: 28000, sglangPort: 23000, backfillMinutes: 60, seed: 7, log }),
    startStack({ promPort: PORTS.featuresProm, vllmPort: 28100, sglangPort: 23100, backfillMinutes: 60, features: 'all', seed: 11, log }),
  ]);
  stacks.push(...started);
  const [def, all] = started;
  process.env.PROM_DEFAULT = def!.promUrl;
  process.env.PROM_FEATURES = all!.promUrl;

  const server = await preview({ preview: { port: PORTS.app, host: '127.0.0.1', strictPort: true }, logLevel: 'warn' });
  process.env.APP_URL = `http://127.0.0.1:${PORTS.app}/`;

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await Promise.all(stacks.map((s) => s.stop()));
  };
}
