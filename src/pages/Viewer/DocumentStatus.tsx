import { Button, Progress, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { BackToList } from '../../components/BackToList';
import { PasswordPrompt } from '../../components/PdfView/OpenStatus';
import { AntdConfig } from '../../components/Shell';
import { useT } from '../../i18n';
import type { DocError } from '../../models/doc/state';
import { useBootBarReplaced } from '../../boot/bootBar';

/** A document that is not ready: the facility failed, or is still converting it. */
export type DocumentStatusShown =
  | {
      kind: 'error';
      error: DocError;
      docId: string;
      onRetry: () => void;
      /** The reader's answer to the facility's question for the file's password. */
      onPassword: (password: string) => void;
    }
  | { kind: 'converting'; loadedCount: number; pageCount: number };

/**
 * What DocumentView shows instead of the pages while they cannot be shown. Loaded only when
 * needed (DocumentView), so a document that opens straight away never evaluates it.
 */
export function DocumentStatus({ shown }: { shown: DocumentStatusShown }) {
  useBootBarReplaced();
  return (
    <AntdConfig>
      {shown.kind === 'error' ? <DocErrorResult {...shown} /> : <Converting {...shown} />}
    </AntdConfig>
  );
}

function Converting({ loadedCount, pageCount }: { loadedCount: number; pageCount: number }) {
  const t = useT();
  return (
    <div className="folio-converting" role="status">
      {/* Nothing converted yet: the page count may be the facility's placeholder (contracts §3). */}
      {loadedCount === 0 ? (
        <Spin description={t('doc.convertingStarted')} />
      ) : (
        <>
          <Typography.Text>
            {t('doc.converting', { loaded: loadedCount, total: pageCount })}
          </Typography.Text>
          <Progress
            percent={Math.round((100 * loadedCount) / pageCount)}
            status="active"
            aria-label={t('doc.converting', { loaded: loadedCount, total: pageCount })}
          />
        </>
      )}
    </div>
  );
}

/**
 * An encrypted file the facility asked the password of (contracts §3, "Passwords"): the PDF's
 * password dialog (components/PdfView/OpenStatus.tsx) opens at once, and again from the button
 * once cancelled; a wrong password asks again, saying so.
 */
function PasswordResult({
  error,
  onPassword,
}: {
  error: DocError;
  onPassword: (password: string) => void;
}) {
  const t = useT();
  const [asking, setAsking] = useState(true);
  return (
    <>
      <Result
        status="warning"
        title={t(`error.${error.kind}.title`)}
        subTitle={t(`error.${error.kind}.detail`)}
        extra={[
          <Button
            key="password"
            type="primary"
            onClick={() => {
              setAsking(true);
            }}
          >
            {t('engine.password.enter')}
          </Button>,
          <BackToList key="back" />,
        ]}
      />
      {asking && (
        <PasswordPrompt
          reason={error.kind === 'passwordIncorrect' ? 'incorrect' : 'needed'}
          onAnswer={(password) => {
            setAsking(false);
            if (password !== null) onPassword(password);
          }}
        />
      )}
    </>
  );
}

function DocErrorResult({
  error,
  docId,
  onRetry,
  onPassword,
}: {
  error: DocError;
  docId: string;
  onRetry: () => void;
  onPassword: (password: string) => void;
}) {
  const t = useT();
  if (error.kind === 'passwordRequired' || error.kind === 'passwordIncorrect') {
    return <PasswordResult error={error} onPassword={onPassword} />;
  }
  const notFound = error.kind === 'notFound';
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={t(`error.${error.kind}.title`)}
      subTitle={t(`error.${error.kind}.detail`, {
        id: docId,
        status: error.status ?? '?',
        reason: error.reason ?? '',
      }).trim()}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('action.retry')}
        </Button>,
        // An archive's entry or an attachment that cannot be shown: the way back to its listing.
        <BackToList key="back" />,
      ]}
    />
  );
}
