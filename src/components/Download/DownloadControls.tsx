import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { docModel } from '../../models/doc';
import { effectLoading } from '../../runtime';
import { selectDownloadUrl, selectOpenInTabUrl } from '../../models/doc/selectors';
import { useT } from '../../i18n';
import { ToolButton } from '../common/ToolButton';
import { openInNewTab } from '../../services/download';

/**
 * The toolbar's `Download` and `Open in new tab` controls (issue 5, contracts §5b): each present only
 * when the policy allows it; Download runs the model's `download` effect (as Ctrl/⌘+S does) and
 * shows it running.
 */
export function DownloadControls() {
  const t = useT();
  const dispatch = useAppDispatch();
  const downloadUrl = useAppSelector(selectDownloadUrl);
  const openUrl = useAppSelector(selectOpenInTabUrl);
  const saving = useAppSelector(effectLoading(docModel.actions.download));

  return (
    <>
      {downloadUrl !== undefined && (
        <ToolButton
          label={t('policy.download')}
          icon={<DownloadOutlined />}
          loading={saving}
          onClick={() => {
            void dispatch(docModel.actions.download());
          }}
        />
      )}
      {openUrl !== undefined && (
        <ToolButton
          label={t('policy.openInNewTab')}
          icon={<ExportOutlined />}
          onClick={() => {
            openInNewTab(openUrl);
          }}
        />
      )}
    </>
  );
}
