/**
 * The `print` model's state (behaviour.md, "The facility's policy", contracts §5b `print`): the print dialog's choices and the
 * print job's progress. The rendered pages themselves are never in the store (they are blobs the
 * job holds until the browser has printed them).
 */

/** All pages, the page on screen, or the pages the range text names. */
export type PrintChoice = 'all' | 'current' | 'range';

/**
 * `rendering`: pages are being drawn (progress counts them); `choosing`: a grid's pages are made
 * and the reader chooses which to print (docs/decisions/2026-12-07-sheet-comments-and-drawings.md);
 * `printing`: the browser's print has them; `failed`: a page could not be drawn (the dialog says
 * which).
 */
export type PrintStatus = 'idle' | 'rendering' | 'choosing' | 'printing' | 'failed';

/** A job is under way: its pages are being made or drawn, chosen, or the browser's print has them. */
export const isPrintBusy = ({ status }: Pick<PrintState, 'status'>): boolean =>
  status === 'rendering' || status === 'choosing' || status === 'printing';

export interface PrintState {
  dialogOpen: boolean;
  choice: PrintChoice;
  /** The range as typed, e.g. `2-4, 7`. */
  rangeText: string;
  status: PrintStatus;
  /** Pages drawn so far and pages to draw. */
  progress: { done: number; total: number };
  /** A grid's pages, once the facility has made them for its print (0 before). */
  sheetPageCount: number;
  /** With `failed`: the page that could not be drawn (undefined: the printing step failed). */
  failedPage?: number;
}

export const initialPrintState: PrintState = {
  dialogOpen: false,
  choice: 'all',
  rangeText: '',
  status: 'idle',
  progress: { done: 0, total: 0 },
  sheetPageCount: 0,
};
