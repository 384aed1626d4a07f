import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useT } from '../i18n';
import { describeChunkError } from './chunkError';
import { useBootBarReplaced } from '../boot/bootBar';
import { useFirstFrameReplaced } from '../boot/firstFrame/replaced';
import { reloadPage } from '../url/location';

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

/** Plain markup on purpose: this must render even when the chunk holding antd did not load. */
function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  useBootBarReplaced();
  useFirstFrameReplaced();
  const chunk = describeChunkError(error);
  const [title, detail, action, act] = chunk
    ? [
        t('chunk.title'),
        t('chunk.detail', { chunk: chunk.chunk, reason: t(`chunk.reason.${chunk.reason}`) }),
        t('action.retry'),
        onRetry,
      ]
    : [
        t('crash.title'),
        t('crash.detail'),
        t('action.reload'),
        () => {
          reloadPage();
        },
      ];
  return (
    <div className="folio-page-failure" role="alert">
      <h1>{title}</h1>
      <p>{detail}</p>
      <button type="button" onClick={act}>
        {action}
      </button>
    </div>
  );
}
