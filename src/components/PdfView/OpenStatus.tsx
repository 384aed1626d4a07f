import { Button, Form, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { AntdConfig } from '../Shell';
import { useT } from '../../i18n';
import type { OpenFailure } from '../../services/pdf/openFailure';

/** The password dialog's question, and where its answer goes (null: cancelled). */
interface PasswordRequest {
  reason: 'needed' | 'incorrect';
  onAnswer: (password: string | null) => void;
}

/**
 * The antd parts of opening a PDF: its failure, and the password dialog. PdfDocument loads this
 * module only when one of them shows, so a PDF that simply opens never evaluates it.
 */

export function OpenFailed({ failure, onRetry }: { failure: OpenFailure; onRetry: () => void }) {
  return (
    <AntdConfig>
      <OpenFailedResult failure={failure} onRetry={onRetry} />
    </AntdConfig>
  );
}

export function PasswordPrompt(request: PasswordRequest) {
  return (
    <AntdConfig>
      <PasswordDialog request={request} />
    </AntdConfig>
  );
}

function OpenFailedResult({ failure, onRetry }: { failure: OpenFailure; onRetry: () => void }) {
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

/**
 * The password leaves this form only for the doc model's `pages` effect, which hands it to pdf.js:
 * not stored (the reducer keeps no payload of `answerPassword`), not logged, not in a URL.
 */
function PasswordDialog({ request }: { request: PasswordRequest }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const submit = () => {
    request.onAnswer(password);
    setPassword('');
  };
  return (
    <Modal
      open
      title={t('engine.password.title')}
      okText={t('engine.password.open')}
      cancelText={t('engine.password.cancel')}
      onOk={submit}
      onCancel={() => {
        request.onAnswer(null);
      }}
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
