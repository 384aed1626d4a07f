import { Button, Form, Input, Modal, Progress, Result } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n';
import type { OpenFailure } from '../../services/pdf/openDocument';
import { usePdfDocument } from './usePdfDocument';
import type { PasswordRequest } from './usePdfDocument';
import { PdfView } from './PdfView';
import { useReportOpenFailed } from './EngineContext';

/** Opens the PDF and shows it, or says why it cannot, always with a way out. */
export function PdfDocument({ url }: { url: string }) {
  const { load, reload } = usePdfDocument(url);
  const t = useT();
  useReportOpenFailed(load.kind === 'failed');
  if (load.kind === 'ready') return <PdfView pdf={load.pdf} />;
  if (load.kind === 'failed') return <OpenFailed failure={load.failure} onRetry={reload} />;
  const percent = load.total > 0 ? Math.min(100, Math.round((100 * load.loaded) / load.total)) : 0;
  return (
    <div className="folio-opening" role="status" aria-live="polite">
      <span>{t('engine.opening')}</span>
      {load.total > 0 && <Progress percent={percent} size="small" />}
      {load.password && <PasswordPrompt request={load.password} />}
    </div>
  );
}

function OpenFailed({ failure, onRetry }: { failure: OpenFailure; onRetry: () => void }) {
  const t = useT();
  if (failure.kind === 'passwordCancelled') {
    return (
      <Result
        status="warning"
        title={t('engine.password.title')}
        subTitle={t('engine.password.required')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('engine.password.enter')}
          </Button>
        }
      />
    );
  }
  const status = failure.kind === 'unavailable' ? (failure.status ?? '?') : '';
  return (
    <Result
      status="error"
      title={t(`engine.${failure.kind}.title`)}
      subTitle={t(`engine.${failure.kind}.detail`, { status })}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}

/** The password never leaves this form except to pdf.js: not logged, not stored, not in a URL. */
function PasswordPrompt({ request }: { request: PasswordRequest }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const submit = () => {
    request.submit(password);
    setPassword('');
  };
  return (
    <Modal
      open
      title={t('engine.password.title')}
      okText={t('engine.password.open')}
      cancelText={t('engine.password.cancel')}
      onOk={submit}
      onCancel={request.cancel}
      okButtonProps={{ disabled: password === '' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <p>{t('engine.password.prompt')}</p>
      <Form onFinish={submit} layout="vertical" autoComplete="off">
        <Form.Item
          label={t('engine.password.label')}
          validateStatus={request.reason === 'incorrect' ? 'error' : undefined}
          help={request.reason === 'incorrect' ? t('engine.password.incorrect') : undefined}
        >
          <Input.Password
            autoFocus
            value={password}
            aria-label={t('engine.password.label')}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
