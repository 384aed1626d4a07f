import { useState } from 'react';
import type { ComponentType } from 'react';
import { chunkComponent } from '../runtime';
import { PageErrorBoundary } from './PageErrorBoundary';

/**
 * A lazily loaded page. Retry remounts the loader, which asks webpack for the chunk again (webpack
 * forgets a chunk that failed).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const PageLoader = chunkComponent(
    load,
    (module) => module.default,
    <div className="folio-page-spin" role="progressbar" aria-busy="true" />,
  );
  return function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    return (
      <PageErrorBoundary
        key={attempt}
        onRetry={() => {
          setAttempt(attempt + 1);
        }}
      >
        <PageLoader />
      </PageErrorBoundary>
    );
  };
}
