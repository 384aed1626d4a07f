/** What the print job and its dialog derive from the store. */
import { allPages, parsePageRange } from '../../services/print';
import type { PrintDecorations, RangeResult } from '../../services/print';
import { selectWatermark } from '../doc/selectors';
import type { DocState } from '../doc/state';
import { VIEW_TRAITS } from '../../domain/view';
import type { PrintState } from './state';

interface WithDoc {
  doc: DocState;
}
interface WithPrint {
  print: PrintState;
}

/**
 * Printing is allowed: a document is shown, its view prints (a listing or a player does not), and
 * its `param.print` (policy, contracts §5b) is on.
 */
export const selectPrintAllowed = ({ doc }: WithDoc): boolean =>
  doc.status === 'ready' && VIEW_TRAITS[doc.docData.view].prints && doc.docData.param.print;

/** The pages a choice names in a document of `pageCount` pages, or why the range names none. */
export function pagesToPrint(
  { choice, rangeText }: Pick<PrintState, 'choice' | 'rangeText'>,
  pageCount: number,
  currentPage: number,
): RangeResult {
  switch (choice) {
    case 'all':
      return { ok: true, pages: allPages(pageCount) };
    case 'current':
      return { ok: true, pages: [Math.min(Math.max(1, currentPage), pageCount)] };
    case 'range':
      return parsePageRange(rangeText, pageCount);
  }
}

/** The pages the dialog's choice names (a new object each time: not for useSelector). */
export const selectPrintPages = ({ doc, print }: WithDoc & WithPrint): RangeResult =>
  pagesToPrint(print, doc.docData.pageCount, doc.currentPage);

/** What is drawn over each printed page (a signature layer adds its items here, behaviour.md, "Signatures"). */
export const selectPrintDecorations = (state: WithDoc): PrintDecorations => ({
  watermark: selectWatermark(state),
  signatures: state.doc.docData.param.showSignature ? state.doc.signDataArr : [],
  comments: state.doc.docData.param.showComment,
});
