import { HeaderBar } from '../../components/HeaderBar';
import { Footer } from '../../components/Footer';
import { TitleHeader } from '../../components/TitleHeader';
import { SidePanel, SidePanelToggles } from '../../components/SidePanel';
import { SearchButton, SearchPanel } from '../../components/Search';
import { DownloadControls } from '../../components/Download';
import { FullscreenButton } from '../../components/Fullscreen';
import { PrintControls, PrintDialog, PrintNotice } from '../../components/Print';
import { ShortcutsHelp, ShortcutsHelpButton } from '../../components/ShortcutsHelp';
import { SignatureBar, SignatureLayer, SignButton, SignPad } from '../../components/Signature';

/**
 * Everything around the pages: bars, panels, dialogs. useReadingChrome loads this module once
 * page 1 is on screen, so none of it (nor the antd components it alone uses) runs before then.
 */

/** Above the pages: the title header and the toolbar with every feature's control. */
export function ChromeTop() {
  return (
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
    </>
  );
}

/** Left of the pages: thumbnails or outline. */
export function ChromeStart() {
  return <SidePanel />;
}

/** Right of the pages: the find bar's results. */
export function ChromeEnd() {
  return <SearchPanel />;
}

/** Below the pages: the signature bar and footer, then the layers and dialogs. */
export function ChromeBottom() {
  return (
    <>
      <SignatureBar />
      <SignatureLayer />
      <SignPad />
      <Footer />
      <ShortcutsHelp />
      <PrintDialog />
      <PrintNotice />
    </>
  );
}
