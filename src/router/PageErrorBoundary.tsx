import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useT } from '../i18n';
import { describeChunkError } from './chunkError';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a page that failed to load or render and offers a way out. */
export class PageErrorBoundary extends Component<Props, { error?: unknown }> {
  override state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[folio] page failed:', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <PageError error={this.state.error} onRetry={this.props.onRetry} />;
  }
}

function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const chunk = describeChunkError(error);
  if (chunk) {
    return (
      <Result
        status="warning"
        title={t('chunk.title')}
        subTitle={t('chunk.detail', {
          chunk: chunk.chunk,
          reason: t(`chunk.reason.${chunk.reason}`),
        })}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('action.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title={t('crash.title')}
      subTitle={t('crash.detail')}
      extra={
        <Button
          type="primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('action.reload')}
        </Button>
      }
    />
  );
}
