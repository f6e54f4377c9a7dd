// A bare Chrome DevTools Protocol client over `--remote-debugging-pipe` (fd 3 in, fd 4 out, one
// JSON message per NUL-terminated chunk): no Playwright, so no CDP domain is on in the page unless
// this client turns it on. Playwright always enables the Network domain on its pages, which records
// every request with its initiator stack on the page's main thread: the bench's "raw" refresh mode
// uses this client to measure the app without that instrumentation.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { VIEWPORT } from './browser.ts';
import { knob } from './options.ts';

type Params = Record<string, unknown>;
type Listener = (params: Params, sessionId: string | undefined) => void;

export interface RawBrowser {
  send<T = Params>(method: string, params?: Params, sessionId?: string): Promise<T>;
  on(event: string, fn: Listener): () => void;
  close(): Promise<void>;
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions', '--mute-audio', '--hide-scrollbars', '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'];

export async function launchRaw(): Promise<RawBrowser> {
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-raw-cdp-'));
  const bin = knob('CHROMIUM_BIN');
  const jsFlags = knob('CHROMIUM_JS_FLAGS');
  const logFile = knob('CHROMIUM_LOG');
  const logFd = logFile ? openSync(logFile, 'a') : undefined;
  const proc: ChildProcess = spawn(bin, [...ARGS, ...(jsFlags ? [`--js-flags=${jsFlags}`] : []), '--remote-debugging-pipe', `--user-data-dir=${dir}`, `--window-size=${VIEWPORT.width},${VIEWPORT.height}`, 'about:blank'], {
    // CHROMIUM_LOG=<file>: the browser's and renderers' stdout/stderr there (e.g. --js-flags=--trace-deopt output).
    stdio: ['ignore', logFd ?? 'ignore', logFd ?? 'ignore', 'pipe', 'pipe'],
  });
  const out = proc.stdio[3] as Writable;
  const inp = proc.stdio[4] as Readable;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: Params) => void; reject: (e: Error) => void; method: string }>();
  const listeners = new Map<string, Set<Listener>>();
  let buf = '';
  inp.setEncoding('utf8');
  inp.on('data', (chunk: string) => {
    buf += chunk;
    for (let end = buf.indexOf('\0'); end >= 0; end = buf.indexOf('\0')) {
      const msg = JSON.parse(buf.slice(0, end)) as { id?: number; result?: Params; error?: { message: string }; method?: string; params?: Params; sessionId?: string };
      buf = buf.slice(end + 1);
      if (msg.id !== undefined) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
        else p?.resolve(msg.result ?? {});
      } else if (msg.method) {
        for (const fn of listeners.get(msg.method) ?? []) fn(msg.params ?? {}, msg.sessionId);
      }
    }
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.once('exit', () => {
    for (const p of pending.values()) p.reject(new Error(`chromium exited during ${p.method}`));
    pending.clear();
  });
  return {
    send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
      const id = nextId++;
      out.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (v: Params) => void, reject, method }));
    },
    on(event, fn) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(fn);
      listeners.set(event, set);
      return () => set.delete(fn);
    },
    async close() {
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      // Chromium's last writes can race the removal: retry, and never fail a bench over a temp dir.
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch {
        /* left in the temp dir */
      }
    },
  };
}
