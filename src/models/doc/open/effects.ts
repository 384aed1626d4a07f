/**
 * The doc model's effect of the open document (docs/architecture.md, "The open document"): `pages`
 * opens the pages the facility's answer names through the document session (the PDF for pdf.js,
 * or a view-only document's page images), and follows pdf.js's open to ready or failed, with its
 * progress and password questions.
 */
import type { Action, EffectCommands } from '../../../runtime';
import type { Task } from 'redux-saga';
import type { ByteRange, ViewOnlyPages } from '../../../domain/document';
import type { PageImages } from '../../../services/pageImages/pageImages';
import { DEFAULT_PAGE_SIZE } from '../../../services/facilityDocument';
import { openEvents } from '../../../services/pdf/openEvents';
import { documentSession } from '../../../services/pdf/session';
import type { PDFDocumentProxy } from '../../../services/pdf/pdfjs';
import { docActions } from '../actions';
import { selectDoc, selectDocData } from '../selectors';
import type { OpenPagesRequest } from './reducers';

/** What an open was asked for. */
interface Opening {
  url: string;
  /** The bytes page 1 needs, once the facility's answer has named them. */
  firstPageRanges: readonly ByteRange[];
  /** Hands ranges named later to the open under way, once it has begun. */
  nameRanges?: (named: readonly ByteRange[]) => void;
}

/**
 * One open of one URL, until it is cancelled: pdf.js's events (openEvents.ts) become doc actions;
 * a password question waits for the reader's answer, which goes to pdf.js and nowhere else.
 * Once page 1 shows, the rest of the file may come (byteSource.ts).
 */
function* openOne(
  opening: Opening,
  { call, put, take, takeEvent, select }: EffectCommands,
): Generator<unknown, void, unknown> {
  const open = yield* call(documentSession.opener);
  const opened = yield* call(open, opening.url);
  opening.nameRanges = opened.nameRanges;
  if (opening.firstPageRanges.length > 0) yield* call(opened.nameRanges, opening.firstPageRanges);
  const events = yield* call(openEvents, opened);
  let pdf: PDFDocumentProxy | undefined;
  try {
    yield* put(docActions.pagesStarted());
    while (pdf === undefined) {
      const event = yield* takeEvent(events);
      if (event.kind === 'progress') {
        yield* put(docActions.pdfProgressed({ loaded: event.loaded, total: event.total }));
      } else if (event.kind === 'password') {
        yield* put(docActions.pdfPasswordAsked(event.reason));
        const { payload: password } = yield* take(docActions.answerPassword);
        yield* call(event.answer, password);
      } else if (event.kind === 'failed') {
        yield* put(docActions.pdfFailed(event.failure));
        return;
      } else {
        pdf = event.pdf;
      }
    }
    yield* call(documentSession.setDocument, pdf);
    yield* put(docActions.pagesReady());
    while (!(yield* select(selectDoc)).pageShown) {
      yield* take(docActions.pageShown);
    }
    yield* call(opened.loadRest);
    // Open until cancelled: another URL, a Retry, or no PDF to show any more.
    yield* take(docActions.closePages);
  } finally {
    events.close();
    documentSession.close(pdf, opened.destroy);
  }
}

/**
 * A view-only document's page images, shown in pdf.js's place until cancelled
 * (docs/decisions/2026-11-29-view-only-viewer.md): nothing to open, the engine asks for each
 * image as the reader comes to its page.
 */
function* openImages(
  viewOnly: ViewOnlyPages & { pages: string },
  { call, put, take, select }: EffectCommands,
): Generator<unknown, void, unknown> {
  const { docData } = yield* select(selectDoc);
  const sizes = Array.from(
    { length: docData.pageCount },
    (_, index) => docData.pageSize[index] ?? DEFAULT_PAGE_SIZE,
  );
  const images: PageImages = { ...viewOnly, sizes };
  try {
    yield* put(docActions.pagesStarted());
    yield* call(documentSession.setImages, images);
    yield* put(docActions.pagesReady());
    yield* take(docActions.closePages);
  } finally {
    documentSession.close(images, () => undefined);
  }
}

/**
 * The one open document: each `openPages` of another URL (or `again`) ends the open under way and
 * starts its own; the same URL again keeps the open under way, given the ranges it names.
 */
export function* followPages(
  _action: Action,
  commands: EffectCommands,
): Generator<unknown, void, unknown> {
  const { take, fork, cancel, call, select } = commands;
  let task: Task | undefined;
  let opening: Opening | undefined;
  for (;;) {
    const action = yield* take([docActions.openPages, docActions.closePages]);
    const request: OpenPagesRequest | undefined = docActions.openPages.match(action)
      ? action.payload
      : undefined;
    if (request && request.again !== true && request.url === opening?.url && task?.isRunning()) {
      const named = request.firstPageRanges ?? [];
      if (named.length > 0) {
        opening.firstPageRanges = named;
        if (opening.nameRanges) yield* call(opening.nameRanges, named);
      }
      continue;
    }
    if (task) yield* cancel(task);
    task = undefined;
    opening = request && {
      url: request.url,
      firstPageRanges: request.firstPageRanges ?? [],
    };
    // The URL of a view-only document's images: they are shown, no PDF is opened.
    const { viewOnly } = yield* select(selectDocData);
    const pages = viewOnly?.pages;
    if (viewOnly && pages && opening?.url === pages) {
      task = yield* fork(openImages, { ...viewOnly, pages }, commands);
    } else if (opening) {
      task = yield* fork(openOne, opening, commands);
    }
  }
}
