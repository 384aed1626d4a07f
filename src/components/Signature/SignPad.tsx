import { Button, Modal, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { docModel, signModel } from '../../models';
import { useNarrowScreen } from '../HeaderBar/useNarrowScreen';
import { useT } from '../../i18n';
import { useOpenedOnce } from '../useOpenedOnce';
import { usePad } from './usePad';
import './Signature.css';

/**
 * The signature panel (DESIGN §5 `Sign`): a drawing pad with `Clear`, `Undo` and `Confirm`, in a
 * dialog on desktop (`signState`) and full screen on phones (`mobileSignState`).
 */
export function SignPad() {
  const narrow = useNarrowScreen();
  const open = useAppSelector(
    (s) => s.doc.docData.param.showSignature && (narrow ? s.doc.mobileSignState : s.doc.signState),
  );
  const dispatch = useAppDispatch();
  const close = () => {
    dispatch(
      narrow ? docModel.actions.toggleMobileSignState() : docModel.actions.toggleSignState(),
    );
  };
  const t = useT();
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Modal
      open={open}
      title={t('sign.pad.title')}
      onCancel={close}
      destroyOnHidden
      centered={!narrow}
      width={narrow ? '100vw' : 600}
      rootClassName={narrow ? 'folio-sign-modal folio-sign-modal--full' : 'folio-sign-modal'}
      footer={null}
      mask={{ closable: false }}
    >
      {open && <PadBody narrow={narrow} onCancel={close} />}
    </Modal>
  );
}

function PadBody({ narrow, onCancel }: { narrow: boolean; onCancel: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { canvasRef, strokes, clear, undo, result } = usePad();
  const confirm = () => {
    const drawing = result();
    if (drawing) void dispatch(signModel.actions.confirm({ ...drawing, mobile: narrow }));
  };
  return (
    <div className="folio-sign-pad-body">
      <Typography.Text type="secondary">{t('sign.pad.hint')}</Typography.Text>
      <canvas
        ref={canvasRef}
        className="folio-sign-pad"
        aria-label={t('sign.pad.canvas')}
        role="img"
      />
      <Space className="folio-sign-pad-actions" wrap>
        <Button onClick={clear} disabled={strokes === 0}>
          {t('sign.clear')}
        </Button>
        <Button onClick={undo} disabled={strokes === 0}>
          {t('sign.undo')}
        </Button>
        <Button onClick={onCancel}>{t('sign.cancel')}</Button>
        <Button type="primary" onClick={confirm} disabled={strokes === 0}>
          {t('sign.confirm')}
        </Button>
      </Space>
    </div>
  );
}
