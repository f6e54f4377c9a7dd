// One stack (scripts/lib/stack.ts) in a child Node process, so the e2e global setup generates two
// stacks' backfills on two cores at once: the generation is synchronous work in one thread, and two
// stacks in one process took turns on one core (10–15 s of the setup).
//
// Parent side: `startStackChild(options)` spawns this file under tsx, resolves with the stack's
// Prometheus URL once it is ready, and `stop()` ends it. Child side (run as a script): starts the
// stack from the JSON options in argv[2], prints one `READY <url>` line, and stops the stack when
// its stdin closes (the parent stopped it, or died) or on SIGTERM.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startStack, type StackOptions } from '../../scripts/lib/stack';

type ChildOptions = Omit<StackOptions, 'log'>;

export interface StackChild {
  promUrl: string;
  stop(): Promise<void>;
}

const READY = 'READY ';

export function startStackChild(opts: ChildOptions, log?: (line: string) => void): Promise<StackChild> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, JSON.stringify(opts)], { stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.stdin.end();
    await exited;
  };
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith(READY)) resolve({ promUrl: line.slice(READY.length), stop });
        else log?.(line);
      }
    });
    void exited.then((code) => reject(new Error(`stack child exited (code ${code}) before it was ready: ${stderr.trim() || 'no output'}`)));
  });
}

async function main(): Promise<void> {
  const opts = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
  const stack = await startStack({ ...opts, log: (l) => console.log(l) });
  let stopping: Promise<void> | null = null;
  const stop = (): void => {
    stopping ??= stack.stop().then(() => process.exit(0));
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.on('SIGTERM', stop);
  process.stdin.resume();
  console.log(`${READY}${stack.promUrl}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  });
}
