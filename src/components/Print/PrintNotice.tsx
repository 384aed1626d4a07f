import { useAppSelector } from '../../app';
import { selectPrintAllowed } from '../../models/print';
import { useMessages } from '../../i18n';
import { printMessages } from './messages';

/**
 * What the viewer prints when the browser prints it (its menu, not our job): one line saying that
 * printing is not allowed, or where to print from. Shown by print media only (Print.css).
 */
export function PrintNotice() {
  const t = useMessages(printMessages);
  const allowed = useAppSelector(selectPrintAllowed);
  return (
    <p className="folio-print-notice">{t(allowed ? 'print.useButton' : 'print.notAllowed')}</p>
  );
}
