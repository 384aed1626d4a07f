import { createPortal } from 'react-dom';
import { Shell } from '../../components/Shell';
import { SidePanel } from '../../components/SidePanel/SidePanel';
import { SearchPanel } from '../../components/Search/SearchPanel';
import { SignatureBar } from '../../components/Signature/SignatureBar';
import { SignatureLayer } from '../../components/Signature/SignatureLayer';
import { SignPad } from '../../components/Signature/SignPad';
import { PrintDialog } from '../../components/Print/PrintDialog';
import { TokenExpiredNotice } from '../../components/Token';
import { ShortcutsHelp } from '../../components/ShortcutsHelp/ShortcutsHelp';
import { useDownloadFeedback } from '../../components/Download/useDownloadFeedback';
import { useLocale } from '../../i18n';
import type { ChromeSlots } from './ReadingChrome';

/**
 * The reading chrome's antd part, in its places: the side, search and signature panels, the
 * signature pad, the print and shortcut dialogs, the expired-link banner and the toasts, under
 * antd's Shell. They render through portals into the chrome's slots after the bars, so their
 * arrival moves nothing already there.
 */
export function ChromePanels({ slots }: { slots: ChromeSlots }) {
  return (
    <Shell locale={useLocale()}>
      <DownloadFeedback />
      {createPortal(<TokenExpiredNotice />, slots.top)}
      {createPortal(<SidePanel />, slots.start)}
      {createPortal(<SearchPanel />, slots.end)}
      {createPortal(
        <>
          <SignatureBar />
          <SignatureLayer />
          <SignPad />
          <ShortcutsHelp />
          <PrintDialog />
        </>,
        slots.bottom,
      )}
    </Shell>
  );
}

/** A failed download is told as a toast, however it was started (the toolbar or Ctrl/⌘+S). */
function DownloadFeedback() {
  useDownloadFeedback();
  return null;
}
