import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { downloadActions, selectDownloadUrl } from '../../models/download';
import { effectLoading } from '../../runtime';
import { selectOpenInTabUrl } from '../../models/doc/selectors';
import { useMessages } from '../../i18n';
import { policyMessages } from './messages';
import { ToolButton } from '../common/ToolButton';
import { openInNewTab } from '../../services/download';

/**
 * The toolbar's `Download` and `Open in new tab` controls (behaviour.md, "The facility's policy", contracts §5b): each present only
 * when the policy allows it; Download runs the model's `download` effect (as Ctrl/⌘+S does) and
 * shows it running.
 */
export function DownloadControls() {
  const t = useMessages(policyMessages);
  const dispatch = useAppDispatch();
  const downloadUrl = useAppSelector(selectDownloadUrl);
  const openUrl = useAppSelector(selectOpenInTabUrl);
  const saving = useAppSelector(effectLoading(downloadActions.download));

  return (
    <>
      {downloadUrl !== undefined && (
        <ToolButton
          label={t('policy.download')}
          icon={<DownloadOutlined />}
          loading={saving}
          onClick={() => {
            void dispatch(downloadActions.download());
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
