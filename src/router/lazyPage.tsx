import { useLayoutEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { PageErrorBoundary } from './PageErrorBoundary';

type Loader = () => Promise<{ default: ComponentType }>;

type Loaded =
  { kind: 'loading' } | { kind: 'ready'; Page: ComponentType } | { kind: 'failed'; error: unknown };

/**
 * A lazily loaded page. Retry remounts the loader, which asks webpack for the chunk again (webpack
 * forgets a chunk that failed).
 */
export function lazyPage(load: Loader): ComponentType {
  return function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    return (
      <PageErrorBoundary
        key={attempt}
        onRetry={() => {
          setAttempt(attempt + 1);
        }}
      >
        <PageLoader load={load} />
      </PageErrorBoundary>
    );
  };
}

/**
 * Not React.lazy: React renders what a Suspense boundary was waiting for in a low-priority lane,
 * in slices with frames in between (≈ 100 ms before pdf.js could start on the document); the
 * state update here renders the page at once.
 */
function PageLoader({ load }: { load: Loader }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  // A layout effect: the chunk is asked for in the commit that mounts this, not a frame later.
  useLayoutEffect(() => {
    let live = true;
    load().then(
      (module) => {
        if (live) setLoaded({ kind: 'ready', Page: module.default });
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
  if (loaded.kind === 'loading') {
    return <div className="folio-page-spin" role="progressbar" aria-busy="true" />;
  }
  return <loaded.Page />;
}
