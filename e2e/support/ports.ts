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

/** The first port of `count` consecutive free ports, searched from a random start in [low, high). */
export async function freePortBlock(count: number, low = 40000, high = 60000): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = low + Math.floor(Math.random() * (high - low - count));
    let ok = true;
    for (let p = base; p < base + count && ok; p++) ok = await isFree(p);
    if (ok) return base;
  }
  throw new Error(`no ${count} consecutive free ports in [${low}, ${high})`);
}
