import { Result } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { AntdConfig } from '../../components/Shell';
import { useBootBarReplaced } from '../../boot/bootBar';
import { useFirstFrameReplaced } from '../../boot/firstFrame/replaced';

/** No usable `?doc=`: a friendly explanation, not an error page. */
export function EmptyState({ invalid = false }: { invalid?: boolean }) {
  const t = useT();
  useBootBarReplaced();
  useFirstFrameReplaced();
  return (
    <AntdConfig>
      <Result
        icon={<FileSearchOutlined />}
        title={t(invalid ? 'empty.invalid' : 'empty.title')}
        subTitle={t('empty.detail')}
        role="status"
      />
    </AntdConfig>
  );
}
