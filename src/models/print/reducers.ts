import type { Action } from '../../runtime';
import { MAX_RANGE_LENGTH } from '../../services/print';
import { initialPrintState, isPrintBusy } from './state';
import type { PrintChoice, PrintState } from './state';

/** Back to no job, the dialog closed; the reader's choices are kept for the next time. */
const idle = (state: PrintState): PrintState => ({
  ...state,
  dialogOpen: false,
  status: 'idle',
  progress: initialPrintState.progress,
  failedPage: undefined,
});

export const printReducers = {
  /** The Print control, Ctrl/⌘+P: the dialog opens (a job already running is left alone). */
  openDialog: (state: PrintState): PrintState =>
    isPrintBusy(state) ? state : { ...idle(state), dialogOpen: true },
  /** The dialog's Cancel or close with no job running (a running job is stopped by `cancel`). */
  closeDialog: (state: PrintState): PrintState => (isPrintBusy(state) ? state : idle(state)),
  setChoice: (state: PrintState, { payload }: Action<PrintChoice>): PrintState => ({
    ...state,
    choice: payload,
  }),
  setRangeText: (state: PrintState, { payload }: Action<string>): PrintState => ({
    ...state,
    rangeText: payload.slice(0, MAX_RANGE_LENGTH),
    choice: 'range',
  }),
  /** Internal (print): drawing `total` pages starts. */
  started: (state: PrintState, { payload: total }: Action<number>): PrintState => ({
    ...state,
    status: 'rendering',
    progress: { done: 0, total },
    failedPage: undefined,
  }),
  /** Internal (print): a grid's `count` pages are made; the reader chooses which to print. */
  choosing: (state: PrintState, { payload: count }: Action<number>): PrintState => ({
    ...state,
    status: 'choosing',
    sheetPageCount: count,
  }),
  /** The grid's print dialog: the pages chosen are printed (the `print` effect waits for this). */
  pagesChosen: (state: PrintState): PrintState => state,
  /** Internal (print): `done` pages are drawn. */
  progressed: (state: PrintState, { payload: done }: Action<number>): PrintState => ({
    ...state,
    progress: { ...state.progress, done },
  }),
  /** Internal (print): every page is drawn and the browser's print takes over. */
  printing: (state: PrintState): PrintState => ({
    ...state,
    status: 'printing',
    dialogOpen: false,
  }),
  /** Internal (print): printed and cleaned up. */
  finished: (state: PrintState): PrintState => idle(state),
  /** Internal (print): a page (or the printing step) failed; the dialog stays open to say so. */
  failed: (state: PrintState, { payload: page }: Action<number | undefined>): PrintState => ({
    ...state,
    status: 'failed',
    dialogOpen: true,
    failedPage: page,
  }),
  /** Stops a running job at once (the `print` effect races this action) and closes the dialog. */
  cancel: (state: PrintState): PrintState => idle(state),
};
