import { useLayoutEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

type Loaded<T> =
  { kind: 'loading' } | { kind: 'ready'; module: T } | { kind: 'failed'; error: unknown };

/**
 * A module from a lazily loaded chunk: undefined until `load` has given it (and while `load` is
 * undefined: not due yet). A failure is thrown to the nearest error boundary, whose Retry mounts
 * this again, which asks for the chunk again: webpack forgets a chunk that failed, where
 * React.lazy would keep the rejection for the page's life. Not Suspense either: React renders
 * what a boundary waited for in a low-priority lane, in slices with frames in between.
 */
export function useChunk<T>(load: (() => Promise<T>) | undefined): T | undefined {
  const [loaded, setLoaded] = useState<Loaded<T>>({ kind: 'loading' });
  // A layout effect: the chunk is asked for in the commit that mounts this, not a frame later.
  useLayoutEffect(() => {
    if (!load) return undefined;
    let live = true;
    load().then(
      (module) => {
        if (live) setLoaded({ kind: 'ready', module });
      },
      (error: unknown) => {
        if (live) setLoaded({ kind: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (loaded.kind === 'failed') throw loaded.error;
  return loaded.kind === 'ready' ? loaded.module : undefined;
}

/** A component of a lazily loaded chunk (useChunk), showing `fallback` until it has loaded. */
export function chunkComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode = null,
): ComponentType<P> {
  return function ChunkComponent(props: P) {
    const module = useChunk(load);
    if (module === undefined) return fallback;
    const Loaded = pick(module);
    return <Loaded {...props} />;
  };
}
