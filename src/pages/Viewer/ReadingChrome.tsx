import { createPortal } from 'react-dom';
import { HeaderBar } from '../../components/HeaderBar';
import { Footer } from '../../components/Footer';
import { TitleHeader } from '../../components/TitleHeader';
import { SharedTooltipProvider } from '../../components/SharedTooltip';
// The toolbar's buttons from their own files: the panels beside them in their folders are the
// `reading-panels` chunk's (ReadingPanels.ts), which an import of the folder would pull in here.
import { SidePanelToggles } from '../../components/SidePanel/SidePanelToggles';
import { SearchButton } from '../../components/Search/SearchButton';
import { DownloadControls } from '../../components/Download/DownloadControls';
import { FullscreenButton } from '../../components/Fullscreen/FullscreenButton';
import { PrintControls } from '../../components/Print/PrintControls';
import { PrintNotice } from '../../components/Print/PrintNotice';
import { ShortcutsHelpButton } from '../../components/ShortcutsHelp/ShortcutsHelpButton';
import { SignButton } from '../../components/Signature/SignButton';
import type { ReadingPanels } from './useReadingPanels';

/** The elements the chrome renders into: above, left and right of the pages, and below. */
export interface ChromeSlots {
  top: HTMLElement;
  start: HTMLElement;
  end: HTMLElement;
  bottom: HTMLElement;
  /** Below `bottom`: the footer stays the last bar whatever the panels add above it. */
  footer: HTMLElement;
}

/**
 * Everything around the pages. Its bars — the title, the toolbar and the footer — are plain markup
 * without antd, in the page's own chunk, so the controls work as soon as the pages show; antd and
 * everything made with it (panels, dialogs, menus, the tooltip) come in `reading-panels` once page
 * 1 is drawn or a part of it is wanted (useReadingPanels;
 * docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
export function ReadingChrome({
  slots,
  panels,
  wantPanels,
}: {
  slots: ChromeSlots;
  panels: ReadingPanels | undefined;
  wantPanels: () => void;
}) {
  return (
    <SharedTooltipProvider Tip={panels?.TooltipOver}>
      {createPortal(
        <>
          <TitleHeader />
          <HeaderBar
            menus={panels}
            onWantMenus={wantPanels}
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
        </>,
        slots.top,
      )}
      {createPortal(
        <>
          <Footer />
          {/* What the browser's own print prints instead of the pages (Print.css). */}
          <PrintNotice />
        </>,
        slots.footer,
      )}
      {panels && <panels.ChromePanels slots={slots} />}
    </SharedTooltipProvider>
  );
}
