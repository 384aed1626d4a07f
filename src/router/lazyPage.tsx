import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { PageErrorBoundary } from './PageErrorBoundary';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A lazily loaded page. React.lazy caches a rejected import forever, so Retry builds a fresh lazy
 * component, which asks webpack for the chunk again.
 */
export function lazyPage(load: Loader): ComponentType {
  return function LazyPage() {
    const [{ attempt, Page }, setState] = useState(() => ({ attempt: 0, Page: lazy(load) }));
    return (
      <PageErrorBoundary
        key={attempt}
        onRetry={() => {
          setState({ attempt: attempt + 1, Page: lazy(load) });
        }}
      >
        <Suspense
          fallback={<div className="folio-page-spin" role="progressbar" aria-busy="true" />}
        >
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  };
}
