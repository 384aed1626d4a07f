// antd's styles for Shell's components, made at build time: none is generated as they render.
// First, so Folio's own rules for antd's elements (Signature.css's full-screen pad, …) come after
// them and win at equal specificity, as they did over antd's runtime styles.
import '../../components/antd-styles.css';
import { createPortal } from 'react-dom';
import { Shell } from '../../components/Shell';
import { HeaderBar } from '../../components/HeaderBar';
import { Footer } from '../../components/Footer';
import { TitleHeader } from '../../components/TitleHeader';
import { SidePanel, SidePanelToggles } from '../../components/SidePanel';
import { SearchButton, SearchPanel } from '../../components/Search';
import { DownloadControls } from '../../components/Download';
import { useDownloadFeedback } from '../../components/Download/useDownloadFeedback';
import { FullscreenButton } from '../../components/Fullscreen';
import { LinkExpiredNotice } from '../../components/Link';
import { PrintControls, PrintDialog, PrintNotice } from '../../components/Print';
import { ShortcutsHelp, ShortcutsHelpButton } from '../../components/ShortcutsHelp';
import { SignatureBar, SignatureLayer, SignButton, SignPad } from '../../components/Signature';
import { useLocale } from '../../i18n';

/** The elements the chrome renders into: above, left and right of the pages, and below. */
export interface ChromeSlots {
  top: HTMLElement;
  start: HTMLElement;
  end: HTMLElement;
  bottom: HTMLElement;
}

/**
 * Everything around the pages: bars, panels, dialogs, and antd's providers for them.
 * useReadingChrome loads this module once page 1 is on screen, so none of it (nor the antd
 * components only it uses) runs before then.
 */
export function ReadingChrome({ slots }: { slots: ChromeSlots }) {
  return (
    <Shell locale={useLocale()}>
      <DownloadFeedback />
      {createPortal(
        <>
          <TitleHeader />
          <HeaderBar
            right={
              <>
                <SearchButton />
                <SidePanelToggles />
                <FullscreenButton />
                <SignButton />
                <PrintControls />
                <DownloadControls />
                <ShortcutsHelpButton />
              </>
            }
          />
          <LinkExpiredNotice />
        </>,
        slots.top,
      )}
      {createPortal(<SidePanel />, slots.start)}
      {createPortal(<SearchPanel />, slots.end)}
      {createPortal(
        <>
          <SignatureBar />
          <SignatureLayer />
          <SignPad />
          <Footer />
          <ShortcutsHelp />
          <PrintDialog />
          <PrintNotice />
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
