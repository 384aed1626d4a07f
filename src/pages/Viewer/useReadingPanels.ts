import { CHROME_WAIT_MS } from '../../../config/defaults';
import { useAppSelector } from '../../app';
import type { RootState } from '../../models';
import { selectPdfOpenFailed } from '../../models/doc/selectors';
import { useChunk } from '../../runtime';
import { useTimeElapsed } from '../../components/common/useTimeElapsed';
import type * as PanelsModule from './ReadingPanels';

export type ReadingPanels = typeof PanelsModule;

/** A panel, pad or dialog the reader (or the link) has opened, or signatures to show. */
function panelWanted({ doc, search, print }: RootState): boolean {
  return (
    search.open ||
    doc.showThumbnail ||
    doc.showOutline ||
    doc.signState ||
    doc.mobileSignState ||
    doc.signDataArr.length > 0 ||
    print.dialogOpen ||
    print.status !== 'idle'
  );
}

/**
 * The reading chrome's panels, pads and dialogs (`reading-panels`): asked for once pdf.js has
 * drawn page 1, as soon as one of them is wanted, when the document cannot be opened, or
 * CHROME_WAIT_MS after the chrome itself. Until then undefined: the toolbar's controls come
 * without their code (docs/decisions/2026-11-27-reading-panels-chunk.md).
 */
export function useReadingPanels(): ReadingPanels | undefined {
  const pageShown = useAppSelector((state) => state.doc.pageShown);
  const wanted = useAppSelector(panelWanted);
  const openFailed = useAppSelector(selectPdfOpenFailed);
  const waited = useTimeElapsed(CHROME_WAIT_MS);

  return useChunk(pageShown || wanted || openFailed || waited ? loadPanels : undefined);
}

function loadPanels(): Promise<ReadingPanels> {
  return import(/* webpackChunkName: "reading-panels" */ './ReadingPanels');
}
