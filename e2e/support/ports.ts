// Free loopback ports for the shared e2e stacks, so two test runs (or a demo) on one machine
// never collide: a block of consecutive ports is probed by binding each one.
import { createServer } from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * The first port of `count` consecutive free ports, searched from a random start in [low, high).
 * The default range sits below Linux's ephemeral range (32768–60999): a port probed free there can
 * be taken by an outgoing connection (a scrape, the browser) before Prometheus binds it, which
 * failed a clean-clone CI run's global setup with EADDRINUSE. It is also clear of the fixed ports
 * of the demo and the bench (4190, 5173, 8000, 9090, 23500–29495, 30000).
 */
export async function freePortBlock(count: number, low = 10000, high = 20000): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = low + Math.floor(Math.random() * (high - low - count));
    let ok = true;
    for (let p = base; p < base + count && ok; p++) ok = await isFree(p);
    if (ok) return base;
  }
  throw new Error(`no ${count} consecutive free ports in [${low}, ${high})`);
}
