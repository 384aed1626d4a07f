import { Button, Input, Modal, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions, signActions } from '../../models';
import { selectParam, selectSignPadOpen } from '../../models/doc/selectors';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { useMessages } from '../../i18n';
import { signMessages } from './messages';
import { useOpenedOnce } from '../common/useOpenedOnce';
import { useTapAction } from '../common/useTapAction';
import { usePad } from './usePad';
import './Signature.css';

/**
 * The signature panel (contracts §5 `Sign`): a drawing pad with `Clear`, `Undo` and `Confirm`, in a
 * dialog on desktop (`signState`) and full screen on phones (`mobileSignState`).
 */
export function SignPad() {
  const narrow = useNarrowScreen();
  const allowed = useAppSelector((s) => selectParam(s).showSignature);
  const open = useAppSelector(selectSignPadOpen(narrow)) && allowed;
  const dispatch = useAppDispatch();
  const close = () => {
    dispatch(narrow ? docActions.toggleMobileSignState() : docActions.toggleSignState());
  };
  const t = useMessages(signMessages);
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
  const t = useMessages(signMessages);
  const dispatch = useAppDispatch();
  const { canvasRef, strokes, typed, type, clear, undo, result } = usePad();
  const empty = strokes === 0 && typed.trim() === '';
  // The first finger tap after a stroke must act (useTapAction says why).
  const confirm = useTapAction(() => {
    const drawing = result();
    if (drawing) void dispatch(signActions.confirm({ ...drawing, mobile: narrow }));
  });
  const cancel = useTapAction(onCancel);
  const clearTap = useTapAction(clear);
  const undoTap = useTapAction(undo);
  return (
    <div className="folio-sign-pad-body">
      <Typography.Text type="secondary">{t('sign.pad.hint')}</Typography.Text>
      <canvas
        ref={canvasRef}
        className="folio-sign-pad"
        aria-label={t('sign.pad.canvas')}
        role="img"
      />
      {/* The keyboard's way to sign: a typed name, drawn on the pad as it is typed. */}
      <label className="folio-sign-typed">
        <span>{t('sign.pad.typed')}</span>
        <Input
          value={typed}
          maxLength={80}
          autoComplete="name"
          onChange={(event) => {
            type(event.target.value);
          }}
        />
      </label>
      <Space className="folio-sign-pad-actions" wrap>
        <Button {...clearTap} disabled={empty}>
          {t('sign.clear')}
        </Button>
        <Button {...undoTap} disabled={strokes === 0}>
          {t('sign.undo')}
        </Button>
        <Button {...cancel}>{t('sign.cancel')}</Button>
        <Button type="primary" {...confirm} disabled={empty}>
          {t('sign.confirm')}
        </Button>
      </Space>
    </div>
  );
}
