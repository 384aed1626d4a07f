/**
 * A grid's print job (docs/decisions/2026-12-06-sheet-print.md, 2026-12-07-sheet-comments-and-drawings.md)
 * on a real app: the facility's `?view=pages` answer and the opened pages stood in for (no server,
 * no pdf.js in jsdom), a fake page renderer and print hand-over; the model's choice between them
 * is what is tested.
 */
import { printActions } from '..';
import type { PrintOutcome, PrintState } from '..';
import { createTestApp } from '../../../test/renderWithProviders';
import { printImages, renderPrintPage } from '../../../services/print';
import type { PrintSource } from '../../../services/print';
import { createFacilityClient } from '../../../services/facilityClient';
import type { FacilityClient, FacilityDocument } from '../../../services/facilityClient';
import { openSheetPages } from '../../../services/sheet/printPages';

jest.mock('../../../services/print/renderPage', () => ({ renderPrintPage: jest.fn() }));
jest.mock('../../../services/print/printImages', () => ({
  ...jest.requireActual<object>('../../../services/print/printImages'),
  printImages: jest.fn(),
}));
jest.mock('../../../services/facilityClient', () => ({ createFacilityClient: jest.fn() }));
jest.mock('../../../services/sheet/printPages', () => ({ openSheetPages: jest.fn() }));

const render = jest.mocked(renderPrintPage);
const hand = jest.mocked(printImages);
const client = jest.mocked(createFacilityClient);
const open = jest.mocked(openSheetPages);
let closed: number;

/** The facility's pages for the workbook: `count` of them, already made. */
function pagesMade(count: number) {
  const answer = { loadedCount: count, pageCount: count } as unknown as FacilityDocument;
  client.mockReturnValue({
    getDocument: jest.fn(() => Promise.resolve(answer)),
  } as unknown as FacilityClient);
  open.mockResolvedValue({
    pageCount: count,
    source: {} as PrintSource,
    watermarked: true,
    close: () => {
      closed += 1;
    },
  });
}

beforeEach(() => {
  closed = 0;
  render.mockReset();
  render.mockImplementation(() =>
    Promise.resolve({ blob: new Blob(['page']), widthPt: 595, heightPt: 842 }),
  );
  hand.mockReset();
  hand.mockResolvedValue(undefined);
});

function start() {
  const app = createTestApp({
    doc: { docId: 'book.xlsx', docData: { view: 'sheet', pageCount: 0, param: { print: true } } },
  });
  return { app, print: () => app.getState().print };
}

const drawn = () => render.mock.calls.map(([, pageNumber]) => pageNumber);

/** Lets the job run until the store says `status`. */
async function until(print: () => { status: string }, status: string) {
  for (let i = 0; i < 50 && print().status !== status; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 0));
  expect(print().status).toBe(status);
}

describe('print model: a grid’s pages, chosen', () => {
  it('waits for the reader’s choice once the pages are made; then all of them', async () => {
    pagesMade(4);
    const { app, print } = start();
    const job = app.dispatch(printActions.print());
    await until(print, 'choosing');
    expect(print().sheetPageCount).toBe(4);
    // Nothing is drawn while the reader chooses.
    expect(render).not.toHaveBeenCalled();
    app.dispatch(printActions.pagesChosen());
    expect(await job).toBe('printed');
    expect(drawn()).toEqual([1, 2, 3, 4]);
    expect(hand).toHaveBeenCalledTimes(1);
    expect(closed).toBe(1);
    expect(print()).toMatchObject({ status: 'idle' });
  });

  it('a range prints only the pages it names, in order', async () => {
    pagesMade(6);
    const { app, print } = start();
    const totals: number[] = [];
    app.store.subscribe(() => {
      const state = app.getState().print as PrintState | undefined;
      if (state?.status === 'rendering') totals.push(state.progress.total);
    });
    const job: Promise<PrintOutcome> = app.dispatch(printActions.print());
    await until(print, 'choosing');
    app.dispatch(printActions.setChoice('range'));
    app.dispatch(printActions.setRangeText('2-3,5'));
    app.dispatch(printActions.pagesChosen());
    expect(await job).toBe('printed');
    expect(drawn()).toEqual([2, 3, 5]);
    // The progress counts the pages chosen, not the workbook's (0 while they were made).
    expect(new Set(totals)).toEqual(new Set([0, 3]));
  });

  it('Cancel while choosing stops the job: nothing drawn or printed, the pages let go', async () => {
    pagesMade(3);
    const { app, print } = start();
    const job = app.dispatch(printActions.print());
    await until(print, 'choosing');
    app.dispatch(printActions.cancel());
    expect(await job).toBe('cancelled');
    expect(render).not.toHaveBeenCalled();
    expect(hand).not.toHaveBeenCalled();
    expect(closed).toBe(1);
    expect(print()).toMatchObject({ status: 'idle', dialogOpen: false });
    // A later Print asks again.
    const again = app.dispatch(printActions.print());
    await until(print, 'choosing');
    app.dispatch(printActions.pagesChosen());
    expect(await again).toBe('printed');
    expect(drawn()).toEqual([1, 2, 3]);
  });

  it('a one-page workbook prints at once, without asking', async () => {
    pagesMade(1);
    const { app, print } = start();
    const statuses = new Set<string>();
    app.store.subscribe(() => {
      const state = app.getState().print as { status: string } | undefined;
      if (state) statuses.add(state.status);
    });
    expect(await app.dispatch(printActions.print())).toBe('printed');
    expect(drawn()).toEqual([1]);
    expect(statuses.has('choosing')).toBe(false);
    expect(print().status).toBe('idle');
  });
});
