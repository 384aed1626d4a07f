import { SignatureOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions } from '../../models';
import { selectSignPadOpen } from '../../models/doc/selectors';
import { ToolButton } from '../common/ToolButton';
import { useNarrowScreen } from '../common/useNarrowScreen';
import { useMessages } from '../../i18n';
import { signMessages } from './messages';

/**
 * The toolbar's `Sign` control (contracts §5), present only with `showSignature`: it toggles
 * `signState` on desktop and `mobileSignState` on phones (≤ 768 px), spec §4.
 */
export function SignButton() {
  const t = useMessages(signMessages);
  const dispatch = useAppDispatch();
  const narrow = useNarrowScreen();
  const allowed = useAppSelector((s) => s.doc.docData.param.showSignature);
  const open = useAppSelector(selectSignPadOpen(narrow));
  if (!allowed) return null;
  return (
    <ToolButton
      label={t('sign.label')}
      icon={<SignatureOutlined />}
      pressed={open}
      onClick={() => {
        dispatch(narrow ? docActions.toggleMobileSignState() : docActions.toggleSignState());
      }}
    />
  );
}
