// antd's styles for Shell's components, made at build time: none is generated as they render.
// First, so Folio's own rules for antd's elements (Signature.css's full-screen pad, …) come after
// them and win at equal specificity, as they did over antd's runtime styles.
import '../../components/antd-styles.css';
import { createPortal } from 'react-dom';
import { Shell } from '../../components/Shell';
import { HeaderBar } from '../../components/HeaderBar';
import { Footer } from '../../components/Footer';
import { TitleHeader } from '../../components/TitleHeader';
// The toolbar's buttons from their own files: the panels beside them in their folders are the
// `reading-panels` chunk's (ReadingPanels.ts), which an import of the folder would pull in here.
import { SidePanelToggles } from '../../components/SidePanel/SidePanelToggles';
import { SearchButton } from '../../components/Search/SearchButton';
import { DownloadControls } from '../../components/Download';
import { useDownloadFeedback } from '../../components/Download/useDownloadFeedback';
import { FullscreenButton } from '../../components/Fullscreen';
import { LinkExpiredNotice } from '../../components/Link';
import { PrintControls } from '../../components/Print/PrintControls';
import { ShortcutsHelp, ShortcutsHelpButton } from '../../components/ShortcutsHelp';
import { SignButton } from '../../components/Signature/SignButton';
import { useLocale } from '../../i18n';
import { useReadingPanels } from './useReadingPanels';

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
 * components only it uses) runs before then. The panels, pads and dialogs come in a chunk of their
 * own (useReadingPanels), each in its place once it has.
 */
export function ReadingChrome({ slots }: { slots: ChromeSlots }) {
  const panels = useReadingPanels();
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
      {createPortal(panels && <panels.SidePanel />, slots.start)}
      {createPortal(panels && <panels.SearchPanel />, slots.end)}
      {createPortal(
        <>
          {panels && <panels.SignatureBar />}
          {panels && <panels.SignatureLayer />}
          {panels && <panels.SignPad />}
          <Footer />
          <ShortcutsHelp />
          {panels && <panels.PrintDialog />}
          {panels && <panels.PrintNotice />}
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
