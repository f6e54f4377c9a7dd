// @vitest-environment jsdom
// public/boot.js is a plain script (no imports): it decides on its own which of the board's chunks
// to preload for the URL. Its choice must be the app's (partsShown over the URL codec), or the page
// asks a chunk it never shows, or shows one it did not preload (one more round trip).
import BOOT from '../../public/boot.js?raw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partsShown } from '../dashboard/board/chunks';
import { parseUrlState } from '../dashboard/url/url-state';

/** The parts boot.js preloads for `search`, read from the links it adds. */
function bootParts(search: string): string[] {
  window.history.replaceState(null, '', `/${search}`);
  document.head.innerHTML = '<meta name="inferwatch:chunks-board" content="./assets/board.js"><meta name="inferwatch:chunks-header" content="./assets/header.js">';
  // A plain script run in the page's global scope, as the browser runs it.
  (0, eval)(BOOT);
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => /assets\/(\w+)\.js/.exec(l.href)?.[1] ?? l.href);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('public/boot.js preloads the board chunks the app shows', () => {
  const cases = ['', '?panel=ttft', '?kiosk=1', '?kiosk=true', '?kiosk=0', '?kiosk=yes', '?panel=ttft&kiosk=1', '?panel=Not%20a%20panel!', '?panel=', '?panel=auto-vllm-foo&kiosk=1', '?prom=http%3A%2F%2Fh%3A9090&from=now-1h'];
  for (const search of cases) {
    it(`for "${search}"`, () => {
      const app = partsShown(parseUrlState(search).state).filter((p) => p === 'board' || p === 'header');
      expect(bootParts(search)).toEqual(app);
    });
  }
});

describe('public/boot.js starts the data worker for the app to adopt', () => {
  class FakeWorker {
    static made: Array<{ url: string; opts: WorkerOptions }> = [];
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
    constructor(url: URL, opts: WorkerOptions) {
      FakeWorker.made.push({ url: url.href, opts });
    }
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
    delete (globalThis as { __inferwatchWorker?: unknown }).__inferwatchWorker;
  });

  it('from the build\'s meta, as a module worker, keeping what it says and how it fails until then', () => {
    vi.stubGlobal('Worker', FakeWorker);
    document.head.innerHTML = '<meta name="inferwatch:data-worker" content="./assets/data-worker-x.js">';
    (0, eval)(BOOT);
    expect(FakeWorker.made).toEqual([{ url: new URL('./assets/data-worker-x.js', document.baseURI).href, opts: { type: 'module', name: 'inferwatch-data' } }]);
    const boot = (globalThis as { __inferwatchWorker?: { worker: FakeWorker; early: unknown[]; failed: string | null } }).__inferwatchWorker!;
    boot.worker.onmessage?.({ data: { type: 'ready' } });
    boot.worker.onerror?.({ message: 'gone', preventDefault: () => undefined });
    expect(boot.early).toEqual([{ type: 'ready' }]);
    expect(boot.failed).toBe('gone');
  });

  it('no meta (the dev server) or no Worker: none started, the app makes its own', () => {
    vi.stubGlobal('Worker', FakeWorker);
    (0, eval)(BOOT);
    expect(FakeWorker.made).toEqual([]);
    vi.stubGlobal('Worker', undefined);
    document.head.innerHTML = '<meta name="inferwatch:data-worker" content="./assets/data-worker-x.js">';
    (0, eval)(BOOT);
    expect((globalThis as { __inferwatchWorker?: unknown }).__inferwatchWorker).toBeUndefined();
  });
});
