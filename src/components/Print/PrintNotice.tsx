import { useAppSelector } from '../../app';
import { selectPrintAllowed } from '../../models/print';
import { useT } from '../../i18n';

/**
 * What the viewer prints when the browser prints it (its menu, not our job): one line saying that
 * printing is not allowed, or where to print from. Shown by print media only (Print.css).
 */
export function PrintNotice() {
  const t = useT();
  const allowed = useAppSelector(selectPrintAllowed);
  return (
    <p className="folio-print-notice">{t(allowed ? 'print.useButton' : 'print.notAllowed')}</p>
  );
}
