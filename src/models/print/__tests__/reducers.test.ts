/** The print model's reducers, one row per rule (behaviour.md, "The facility's policy": dialog, choice, progress, cancel). */
import { printReducers } from '../reducers';
import { initialPrintState } from '../state';
import type { PrintState } from '../state';
import { MAX_RANGE_LENGTH } from '../../../services/print';

type Row = [
  rule: string,
  before: Partial<PrintState>,
  reduce: (state: PrintState) => PrintState,
  after: Partial<PrintState>,
];

const state = (fields: Partial<PrintState>): PrintState =>
  Object.freeze({ ...initialPrintState, ...fields });
const r = printReducers;
const act = <P>(payload: P) => ({ type: 'x', payload });
const running = { status: 'rendering' as const, dialogOpen: true, progress: { done: 2, total: 5 } };

const rows: Row[] = [
  ['the dialog opens', {}, (s) => r.openDialog(s), { dialogOpen: true, status: 'idle' }],
  [
    'opening again after a failure clears it',
    { status: 'failed', failedPage: 3 },
    (s) => r.openDialog(s),
    { dialogOpen: true, status: 'idle', failedPage: undefined },
  ],
  ['a running job is left alone by openDialog', running, (s) => r.openDialog(s), running],
  ['a running job is not closed by closeDialog', running, (s) => r.closeDialog(s), running],
  [
    'closing keeps the reader’s choices',
    { dialogOpen: true, choice: 'range', rangeText: '2-4' },
    (s) => r.closeDialog(s),
    { dialogOpen: false, choice: 'range', rangeText: '2-4' },
  ],
  ['setChoice', {}, (s) => r.setChoice(s, act('current')), { choice: 'current' }],
  [
    'typing a range chooses the range',
    { choice: 'all' },
    (s) => r.setRangeText(s, act('2-4')),
    { choice: 'range', rangeText: '2-4' },
  ],
  [
    'the range text is capped',
    {},
    (s) => r.setRangeText(s, act('1'.repeat(MAX_RANGE_LENGTH + 50))),
    { choice: 'range', rangeText: '1'.repeat(MAX_RANGE_LENGTH) },
  ],
  [
    'started counts from 0 of n',
    { dialogOpen: true, failedPage: 2 },
    (s) => r.started(s, act(5)),
    { status: 'rendering', progress: { done: 0, total: 5 }, failedPage: undefined },
  ],
  ['progressed', running, (s) => r.progressed(s, act(3)), { progress: { done: 3, total: 5 } }],
  [
    'printing closes the dialog',
    running,
    (s) => r.printing(s),
    { status: 'printing', dialogOpen: false },
  ],
  [
    'finished is idle again',
    { status: 'printing', progress: { done: 5, total: 5 } },
    (s) => r.finished(s),
    { status: 'idle', progress: { done: 0, total: 0 } },
  ],
  [
    'failed keeps the dialog open with the page',
    running,
    (s) => r.failed(s, act(3)),
    { status: 'failed', dialogOpen: true, failedPage: 3 },
  ],
  [
    'a grid’s pages made: the reader chooses among them',
    { status: 'rendering', progress: { done: 0, total: 0 } },
    (s) => r.choosing(s, act(12)),
    { status: 'choosing', sheetPageCount: 12 },
  ],
  [
    'cancel while choosing stops the job',
    { status: 'choosing', sheetPageCount: 12 },
    (s) => r.cancel(s),
    { status: 'idle', dialogOpen: false },
  ],
  [
    'choosing is a job under way: the pages view’s dialog is not opened over it',
    { status: 'choosing', sheetPageCount: 12 },
    (s) => r.openDialog(s),
    { status: 'choosing', dialogOpen: false },
  ],
  [
    'cancel stops and closes',
    running,
    (s) => r.cancel(s),
    { status: 'idle', dialogOpen: false, progress: { done: 0, total: 0 } },
  ],
];

describe('print model: reducers', () => {
  it.each(rows)('%s', (_rule, before, reduce, after) => {
    const next = reduce(state(before));
    expect(next).toEqual({ ...initialPrintState, ...before, ...after });
  });
});
