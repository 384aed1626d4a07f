import { Modal, Typography } from 'antd';
import { Fragment } from 'react';
import { useAppDispatch, useAppSelector } from '../../app';
import { selectParam } from '../../models/doc/selectors';
import { selectShortcutsHelpOpen, shortcutsHelpActions } from '../../models/shortcutsHelp';
import { useMessages } from '../../i18n';
import { shortcutsMessages } from './messages';
import { useOpenedOnce } from '../common/useOpenedOnce';
import { shortcutRows } from './shortcutRows';

/**
 * The keyboard shortcuts help (`?`, or the `Keyboard shortcuts` control): an antd Modal listing
 * the shortcuts that exist for this document, in the reader's language. Esc closes it.
 */
export function ShortcutsHelp() {
  const t = useMessages(shortcutsMessages);
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShortcutsHelpOpen);
  const param = useAppSelector(selectParam);
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Modal
      open={open}
      title={t('shortcuts.title')}
      footer={null}
      destroyOnHidden
      onCancel={() => dispatch(shortcutsHelpActions.setOpen(false))}
    >
      <table className="folio-shortcuts">
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.keys')}</th>
            <th scope="col">{t('shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutRows(param).map(({ id, keys }) => (
            <tr key={id}>
              <td>
                {keys.map((combo, i) => (
                  <Fragment key={combo.join('+')}>
                    {i > 0 && ` ${t('shortcuts.or')} `}
                    {combo.map((key, j) => (
                      <Fragment key={key}>
                        {j > 0 && '+'}
                        <Typography.Text keyboard>{key}</Typography.Text>
                      </Fragment>
                    ))}
                  </Fragment>
                ))}
              </td>
              <td>{t(`shortcuts.${id}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
