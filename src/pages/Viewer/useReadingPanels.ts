import { useCallback, useState } from 'react';
import { CHROME_WAIT_MS } from '../../../config/defaults';
import { useAppSelector } from '../../app';
import type { RootState } from '../../models';
import { selectPdfOpenFailed } from '../../models/doc/selectors';
import { selectTokenExpired } from '../../models/token';
import { selectDownloadFailure } from '../../models/download';
import { selectShortcutsHelpOpen } from '../../models/shortcutsHelp';
import { useChunk } from '../../runtime';
import { useTimeElapsed } from '../../components/common/useTimeElapsed';
import type * as PanelsModule from './ReadingPanels';

export type ReadingPanels = typeof PanelsModule;

/** A panel, pad, dialog, menu or message the reader (or the link) has opened, or signatures to show. */
function panelWanted(state: RootState): boolean {
  const { doc, search, print } = state;
  return (
    search.open ||
    doc.showThumbnail ||
    doc.showOutline ||
    doc.signState ||
    doc.mobileSignState ||
    doc.signDataArr.length > 0 ||
    doc.showMobileMenu ||
    selectShortcutsHelpOpen(state) ||
    selectDownloadFailure(state) !== undefined ||
    print.dialogOpen ||
    print.status !== 'idle' ||
    selectTokenExpired(state)
  );
}

/**
 * The reading chrome's antd part (`reading-panels`: panels, pads, dialogs, the toolbar's menus
 * and tooltip): asked for once pdf.js has drawn page 1, as soon as one of its parts is wanted (in
 * the store, or `want()` for what is not: the zoom menu), when the document cannot be opened, or
 * CHROME_WAIT_MS after the pages' layout. Until then undefined: the toolbar's controls come
 * without antd (docs/decisions/2026-11-27-toolbar-without-antd.md).
 */
export function useReadingPanels(): [panels: ReadingPanels | undefined, want: () => void] {
  const pageShown = useAppSelector((state) => state.doc.pageShown);
  const wanted = useAppSelector(panelWanted);
  const openFailed = useAppSelector(selectPdfOpenFailed);
  const waited = useTimeElapsed(CHROME_WAIT_MS);
  const [asked, setAsked] = useState(false);
  const want = useCallback(() => {
    setAsked(true);
  }, []);

  const panels = useChunk(
    pageShown || wanted || asked || openFailed || waited ? loadPanels : undefined,
  );
  return [panels, want];
}

/** After the next frame: evaluating antd must not hold back the one that shows page 1. */
function loadPanels(): Promise<ReadingPanels> {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  }).then(() => import(/* webpackChunkName: "reading-panels" */ './ReadingPanels'));
}
