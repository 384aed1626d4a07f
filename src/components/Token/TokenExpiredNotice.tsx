import { Alert } from 'antd';
import { useAppSelector } from '../../app';
import { selectTokenExpired } from '../../models/token';
import { useT } from '../../i18n';

/**
 * The signed link ran out and the host did not renew it (docs/embedding.md, "Signed links"): a
 * banner over the pages, which stay, as do the reader's signatures; nothing more can be loaded.
 */
export function TokenExpiredNotice() {
  const t = useT();
  const expired = useAppSelector(selectTokenExpired);
  if (!expired) return null;
  return (
    <Alert
      className="folio-link-expired"
      banner
      type="warning"
      role="alert"
      title={t('link.expired.title')}
      description={t('link.expired.detail')}
    />
  );
}
