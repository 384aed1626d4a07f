/**
 * The `viewer` model's effects: the one way between the models and pdf.js's engine, which the pdf
 * session owns (services/pdf/session.ts; docs/architecture.md, "The open document").
 *
 * - `relay` (watcher): what the engine does (laid out, scrolled to a page, zoomed by itself, pages
 *   sized and drawn) becomes state, here and in the doc model; what already matches the model is
 *   not sent back, so nothing loops. pdf.js's own events become the actions `pdfjsEvents.ts` names
 *   for them; the session sends only those.
 * - `follow` (watcher): the view the models ask for (zoom, rotation, page, one page at a time,
 *   printing) goes to the session whenever it changes, whatever action changed it.
 * - `readOutline`: the outline panel shows and the facility gave no outline: the PDF's own is
 *   read, once per engine.
 * - `expectPage`: the reader is typing into the page input: the page the text would go to is
 *   made ready before the jump (a view-only page's image asked for).
 */
import { eventChannel } from 'redux-saga';
import type { EventChannel } from 'redux-saga';
import type { Action, EffectCommands } from '../../runtime';
import type { EngineView, ViewerEvent } from '../../services/pdf/pageEngine';
import { resolvePdfOutline } from '../../services/pdf/outline';
import type { OutlineSource } from '../../services/pdf/outline';
import { documentSession } from '../../services/pdf/session';
import type { DocumentSession } from '../../services/pdf/session';
import { docActions } from '../doc/actions';
import { pageFor } from '../doc/reading/reducers';
import { selectDoc } from '../doc/selectors';
import { viewerActions } from './actions';
import { pdfjsEvents } from './pdfjsEvents';
import { sameView, selectEngineView, selectViewer } from './selectors';

/**
 * The session's events as a redux-saga channel (each is small; none is dropped), with pdf.js's
 * events that `pdfjsEvents` takes.
 */
export function viewerEvents(session: Pick<DocumentSession, 'listen'>): EventChannel<ViewerEvent> {
  return eventChannel((emit) => session.listen(emit, Object.keys(pdfjsEvents)));
}

function* relayOne(
  event: ViewerEvent,
  { put, select }: EffectCommands,
): Generator<unknown, void, unknown> {
  const doc = yield* select(selectDoc);
  switch (event.kind) {
    case 'attached':
      yield* put(viewerActions.attached(event.engine));
      return;
    case 'detached':
      yield* put(viewerActions.detached());
      yield* put(docActions.pageShown(false));
      return;
    case 'laidOut':
      yield* put(viewerActions.laidOut());
      yield* put(docActions.setPageCount(event.pageCount));
      return;
    case 'pageChanged':
      if (event.page !== doc.currentPage) yield* put(docActions.setPage(event.page));
      return;
    case 'scaleChanged':
      if (Math.abs(event.scale - doc.zoom) > 0.001)
        yield* put(docActions.zoomTo(event.scale * 100));
      return;
    case 'pagesSized':
      yield* put(docActions.setPagesSize(event.sizes));
      yield* put(viewerActions.rendered());
      return;
    case 'pageDrawn':
      // The first page drawn (or failed: an error tile shows) is the first one the reader sees.
      if (!doc.pageShown) yield* put(docActions.pageShown(true));
      if (event.page <= (doc.docData.previews?.pages ?? 0)) {
        yield* put(viewerActions.pageDrawn(event.page));
      }
      yield* put(viewerActions.rendered());
      return;
    case 'rotated':
      yield* put(viewerActions.rendered());
      return;
    case 'pdfjs':
      if (!Object.hasOwn(pdfjsEvents, event.name)) return;
      for (const action of pdfjsEvents[event.name](event.detail)) yield* put(action);
      return;
  }
}

function* relay(_action: Action, commands: EffectCommands): Generator<unknown, void, unknown> {
  const { call, takeEvent } = commands;
  const events = yield* call(viewerEvents, documentSession);
  try {
    for (;;) yield* relayOne(yield* takeEvent(events), commands);
  } finally {
    events.close();
  }
}

function* follow(
  _action: Action,
  { call, select, takeAny }: EffectCommands,
): Generator<unknown, void, unknown> {
  let shown: EngineView | undefined;
  for (;;) {
    const view = yield* select(selectEngineView);
    if (!shown || !sameView(shown, view)) {
      shown = view;
      yield* call(documentSession.show, view);
    }
    yield* takeAny();
  }
}

function* readOutline(
  _action: Action,
  { call, put, select }: EffectCommands,
): Generator<unknown, void, unknown> {
  const { engine, outline } = yield* select(selectViewer);
  const pdf = documentSession.pdf();
  if (engine === 0 || outline?.engine === engine || !pdf) return;
  try {
    // pdf.js's typings of the outline are looser than what it returns; OutlineSource is what is read.
    const items = yield* call(resolvePdfOutline, pdf as unknown as OutlineSource);
    yield* put(viewerActions.outlineRead({ engine, items }));
  } catch {
    yield* put(viewerActions.outlineRead({ engine }));
  }
}

function* expectPage(
  { payload }: Action<string>,
  { call, select }: EffectCommands,
): Generator<unknown, void, unknown> {
  const doc = yield* select(selectDoc);
  const page = pageFor(payload, doc.docData.pageCount);
  if (!Number.isNaN(page) && page !== doc.currentPage)
    yield* call(documentSession.expectPage, page);
}

export const viewerEffects = {
  relay: [relay, { type: 'watcher' }],
  follow: [follow, { type: 'watcher' }],
  readOutline: [readOutline, { type: 'takeLatest' }],
  expectPage: [expectPage, { type: 'takeLatest' }],
} as const;
