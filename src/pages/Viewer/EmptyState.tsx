import { Result } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';

/** No `?doc=`: a friendly explanation, not an error page. */
export function EmptyState() {
  const t = useT();
  return (
    <Result
      icon={<FileSearchOutlined />}
      title={t('empty.title')}
      subTitle={t('empty.detail')}
      role="status"
    />
  );
}
