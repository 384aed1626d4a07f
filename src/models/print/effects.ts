/**
 * The print job (behaviour.md, "The facility's policy"): the pages the dialog names are drawn one at a time (page, then the
 * watermark, then any later layer) into compressed images, counted in the state as they come; then
 * the browser prints them once and they are cleaned up. The `cancel` action stops the job at once
 * wherever it is: the page being drawn is abandoned (pdf.js's render task cancelled), the images
 * drawn so far are dropped, nothing is printed. A workbook shown as a grid prints its pages: the
 * facility's `?view=pages` answer, waited for while LibreOffice makes them, then every page
 * (docs/decisions/2026-12-06-sheet-print.md).
 */
import { PRINT_CLEANUP_FALLBACK_MS, PRINT_DPI, PRINT_IMAGE } from '../../../config/defaults';
import type { Action, EffectCommands } from '../../runtime';
import { createFacilityClient } from '../../services/facilityClient';
import type { FacilityDocument } from '../../services/facilityClient';
import {
  allPages,
  parsePageRange,
  printImages,
  printLayers,
  renderPrintPage,
} from '../../services/print';
import type { PrintImage, PrintLayer, PrintSource } from '../../services/print';
import { documentSession } from '../../services/pdf/session';
import { readSettings } from '../../services/settings';
import { openSheetPages } from '../../services/sheet/printPages';
import type { SheetPages } from '../../services/sheet/printPages';
import { POLL } from '../doc/fetch/effects';
import { selectDoc } from '../doc/selectors';
import { printActions as actions } from './actions';
import { selectPrintAllowed, selectPrintDecorations, selectPrintPages } from './selectors';
import type { PrintState } from './state';

const selectPrintState = (state: { print: PrintState }): PrintState => state.print;

/** `invalid`: the range names no page; `notAllowed`: no document, or `print` is off. */
export type PrintOutcome = 'printed' | 'cancelled' | 'failed' | 'invalid' | 'notAllowed';

function* printJob(
  source: PrintSource,
  pages: readonly number[],
  layers: readonly PrintLayer[],
  { call, put, cancelled }: EffectCommands,
): Generator<unknown, 'printed' | 'failed', unknown> {
  const controller = new AbortController();
  const { signal } = controller;
  const images: PrintImage[] = [];
  try {
    for (const [index, pageNumber] of pages.entries()) {
      let image: PrintImage;
      try {
        image = yield* call(renderPrintPage, source, pageNumber, {
          dpi: PRINT_DPI,
          layers,
          image: PRINT_IMAGE,
          signal,
        });
      } catch {
        // A page pdf.js cannot draw (its error tile on screen): say which, print nothing.
        yield* put(actions.failed(pageNumber));
        return 'failed';
      }
      images.push(image);
      yield* put(actions.progressed(index + 1));
    }
    yield* put(actions.printing());
    try {
      yield* call(printImages, images, { signal, fallbackMs: PRINT_CLEANUP_FALLBACK_MS });
    } catch (error) {
      yield* put(actions.failed(undefined));
      throw error;
    }
    yield* put(actions.finished());
    return 'printed';
  } finally {
    // Cancelled: the page being drawn stops, and printImages (if it runs) cleans up at once.
    if (yield* cancelled()) controller.abort();
    images.length = 0;
  }
}

/**
 * A workbook shown as a grid: its pages asked for as the doc model asks for a document (polled
 * while they are made, `started(0)` meanwhile), opened; then the reader chooses all of them or a
 * range (`choosing`, until `pagesChosen`: a 3 000-page workbook is not drawn by accident), those
 * are printed, and the pages let go.
 */
function* printSheet(
  id: string,
  commands: EffectCommands,
): Generator<unknown, 'printed' | 'failed', unknown> {
  const { call, put, select, delay, cancelled, take } = commands;
  const controller = new AbortController();
  let pages: SheetPages | undefined;
  yield* put(actions.started(0));
  try {
    const settings = readSettings();
    const client = createFacilityClient(settings.previewApi, {
      timeoutMs: settings.previewTimeoutMs,
    });
    const ask = { signal: controller.signal, view: 'pages' as const };
    let waitMs = POLL.firstDelayMs;
    let waitedMs = 0;
    let answer: FacilityDocument;
    try {
      answer = yield* call(client.getDocument, id, ask);
      while (answer.loadedCount < answer.pageCount && waitedMs < POLL.maxTotalMs) {
        yield* delay(waitMs);
        waitedMs += waitMs;
        waitMs = Math.min(waitMs * POLL.factor, POLL.maxDelayMs);
        answer = yield* call(client.getDocument, id, ask);
      }
      if (answer.loadedCount < answer.pageCount) throw new Error('the pages took too long');
      pages = yield* call(openSheetPages, answer);
    } catch {
      // The facility could not make them (its answer says why to the log): nothing printed.
      yield* put(actions.failed(undefined));
      return 'failed';
    }
    const decorations = yield* select(selectPrintDecorations);
    const layers = printLayers(
      pages.watermarked ? { ...decorations, watermark: undefined } : decorations,
    );
    let chosen = allPages(pages.pageCount);
    if (pages.pageCount > 1) {
      yield* put(actions.choosing(pages.pageCount));
      // The dialog offers Print only for a range that names pages; a stale one prints them all.
      yield* take(actions.pagesChosen);
      const { choice, rangeText } = yield* select(selectPrintState);
      const range = parsePageRange(rangeText, pages.pageCount);
      if (choice === 'range' && range.ok) chosen = range.pages;
    }
    yield* put(actions.started(chosen.length));
    return yield* printJob(pages.source, chosen, layers, commands);
  } finally {
    if (yield* cancelled()) controller.abort();
    pages?.close();
  }
}

/**
 * takeLeading: one job at a time. The open document comes from the document session (no pdf.js object
 * travels in an action), pdf.js's or a view-only document's images; what to print and over it
 * comes from the store.
 */
export function* printDocument(
  _: Action,
  commands: EffectCommands,
): Generator<unknown, PrintOutcome, unknown> {
  const { select, put, race, take, call } = commands;
  if (!(yield* select(selectPrintAllowed))) return 'notAllowed';
  const { docData, docId } = yield* select(selectDoc);
  if (docData.view === 'sheet' && docId !== undefined) {
    const { job } = yield* race({
      job: printSheet(docId, commands),
      cancelled: take(actions.cancel),
    });
    return job ?? 'cancelled';
  }
  const source = yield* call(documentSession.printSource);
  if (source === undefined) return 'notAllowed';
  const pages = yield* select(selectPrintPages);
  if (!pages.ok) return 'invalid';
  const layers = printLayers(yield* select(selectPrintDecorations));
  yield* put(actions.started(pages.pages.length));
  const { job } = yield* race({
    job: printJob(source, pages.pages, layers, commands),
    cancelled: take(actions.cancel),
  });
  return job ?? 'cancelled';
}

export const printEffects = {
  print: [printDocument, { type: 'takeLeading' }],
} as const;
