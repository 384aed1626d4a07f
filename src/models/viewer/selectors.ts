import { normaliseRotation } from '../../services/pdf/layout';
import type { EngineView } from '../../services/pdf/pageEngine';
import type { DocState } from '../doc/state';
import { isPrintBusy } from '../print/state';
import type { PrintState } from '../print/state';
import type { OutlineItem } from '../../domain/document';
import type { ViewerState } from './state';

interface WithViewer {
  viewer: ViewerState;
}

export const selectViewer = (state: WithViewer): ViewerState => state.viewer;

/** The view the engine is asked to show: the doc model's, in pdf.js's terms. */
export const selectEngineView = ({
  doc,
  viewer,
  print,
}: WithViewer & { doc: DocState; print: PrintState }): EngineView => ({
  zoom: doc.zoom,
  rotate: normaliseRotation(doc.rotate),
  currentPage: doc.currentPage,
  onePage: viewer.onePage,
  printing: isPrintBusy(print),
});

/** Both views are the same. */
export function sameView(a: EngineView, b: EngineView): boolean {
  return (
    a.zoom === b.zoom &&
    a.rotate === b.rotate &&
    a.currentPage === b.currentPage &&
    a.onePage === b.onePage &&
    a.printing === b.printing
  );
}

export type OutlineLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; items: readonly OutlineItem[] }
  | { kind: 'failed' }
  // The PDF could not be opened and the facility gave no outline: nothing is coming.
  | { kind: 'unavailable' };

/**
 * The outline panel's entries: the facility's `docOutline` when it gave one, else the PDF's own
 * (read by `readOutline`). A new object each time: compare with shallowEqual.
 */
export function selectOutline({ doc, viewer }: WithViewer & { doc: DocState }): OutlineLoad {
  const facility = doc.docData.docOutline;
  if (facility.length > 0) return { kind: 'ready', items: facility };
  if (viewer.engine === 0) {
    return doc.pdfFailure !== undefined ? { kind: 'unavailable' } : { kind: 'loading' };
  }
  const read = viewer.outline;
  if (read?.engine !== viewer.engine) return { kind: 'loading' };
  return read.items ? { kind: 'ready', items: read.items } : { kind: 'failed' };
}
