// A component whose code is a separate chunk, rendered at once when the chunk is in. React.lazy
// with Suspense reveals resolved content in batches (at most every 300 ms), so a chart whose chunk
// had long arrived still waited up to 300 ms after its data; this loads the chunk outside React
// and draws synchronously from the first render after it is in.
import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

export interface LazyComponent<P> {
  /** Starts (once) the chunk's download. */
  preload(): Promise<ComponentType<P>>;
  /** The component, or `fallback(props)` until its chunk is in; a failed chunk throws to the error boundary. */
  Component: (props: P) => ReactNode;
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode): LazyComponent<P> {
  let promise: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  let failed: Error | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const settle = () => {
    version++;
    for (const l of listeners) l();
  };
  const preload = (): Promise<ComponentType<P>> => {
    promise ??= load().then(
      (c) => {
        loaded = c;
        settle();
        return c;
      },
      (e: unknown) => {
        failed = e instanceof Error ? e : new Error(String(e));
        settle();
        throw failed;
      },
    );
    return promise;
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const snapshot = () => version;

  function Component(props: P): ReactNode {
    useSyncExternalStore(subscribe, snapshot, snapshot);
    useEffect(() => {
      preload().catch(() => {});
    }, []);
    if (failed) throw failed;
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : fallback(props);
  }
  return { preload, Component };
}
