import { Button, Popconfirm, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { docActions, signActions } from '../../models';
import { effectLoading } from '../../runtime';
import { useMessages } from '../../i18n';
import { signMessages } from './messages';
import { useToaster } from '../Shell';
import { boxAround, fromFractionPoint } from '../../services/sign/geometry';
import { documentSession } from '../../services/pdf/session';

/**
 * Below the pages while there is a signature to place or placed: in placement mode the hint,
 * `Place on current page` and `Cancel`; afterwards `Finish` (the hand-over), `Download signed
 * copy` (only with `download`) and `Clear signatures`.
 */
export function SignatureBar() {
  const t = useMessages(signMessages);
  const dispatch = useAppDispatch();
  const toaster = useToaster();
  const allowed = useAppSelector((s) => s.doc.docData.param.showSignature);
  const download = useAppSelector((s) => s.doc.docData.param.download);
  const count = useAppSelector((s) => s.doc.signDataArr.length);
  const currentPage = useAppSelector((s) => s.doc.currentPage);
  const pending = useAppSelector((s) => s.sign.pending);
  const exporting = useAppSelector(effectLoading(signActions.downloadSigned));
  if (!allowed || (!pending && count === 0)) return null;

  const placeOnCurrent = async () => {
    if (!pending) return;
    const geometry = await documentSession.pageGeometry(currentPage);
    if (!geometry) return;
    // Centred, in the lower part of the page as it reads upright: where signatures go.
    const centre = fromFractionPoint([0.5, 0.8], geometry.view, geometry.rotate);
    const box = boxAround(centre, pending.aspect, geometry.view, geometry.rotate);
    await dispatch(signActions.place({ page: currentPage, box }));
  };

  return (
    <div className="folio-sign-bar" role="toolbar" aria-label={t('sign.bar')}>
      {pending ? (
        <>
          <Typography.Text role="status">{t('sign.place.hint')}</Typography.Text>
          <Space wrap>
            <Button type="primary" onClick={() => void placeOnCurrent()}>
              {t('sign.place.current')}
            </Button>
            <Button onClick={() => dispatch(signActions.cancelPlacement())}>
              {t('sign.cancel')}
            </Button>
          </Space>
        </>
      ) : (
        <>
          <Typography.Text>{t('sign.count', { count })}</Typography.Text>
          <Space wrap>
            <Button
              type="primary"
              onClick={() =>
                void dispatch(signActions.finish()).then((payload) => {
                  if (payload) toaster.success(t('sign.finished'));
                })
              }
            >
              {t('sign.finish')}
            </Button>
            {download && (
              <Button
                loading={exporting}
                onClick={() =>
                  void dispatch(signActions.downloadSigned()).then((outcome) => {
                    if (outcome === 'unstampable') toaster.error(t('sign.exportFailed'));
                  })
                }
              >
                {t('sign.downloadSigned')}
              </Button>
            )}
            <Popconfirm
              title={t('sign.clearAll.confirm')}
              okText={t('sign.clearAll')}
              cancelText={t('sign.cancel')}
              onConfirm={() => dispatch(docActions.clearSignatures())}
            >
              <Button danger>{t('sign.clearAll')}</Button>
            </Popconfirm>
          </Space>
        </>
      )}
    </div>
  );
}
