/**
 * The viewer model on a real app: what the session's engine reports becomes state (here and in the
 * doc model) without echoing back, the view the models ask for reaches the engine whatever action
 * changed it, the PDF's own outline is read once per engine, and the page being typed is made
 * ready.
 */
import { docActions, printActions, viewerActions } from '../..';
import { selectOutline } from '../selectors';
import { createTestApp } from '../../../test/renderWithProviders';
import { showEngine } from '../../../test/shownEngine';
import { documentSession } from '../../../services/pdf/session';
import type { EngineOptions } from '../../../services/pdf/engine';
import type { EngineView } from '../../../services/pdf/pageEngine';
import type * as PdfjsEvents from '../pdfjsEvents';
import type * as Actions from '../actions';

// The table with one entry of this test's (a page being drawn, as pdf.js's `pagerender` says it),
// whatever the model's own entries are.
jest.mock('../pdfjsEvents', () => {
  const { pdfjsEvents } = jest.requireActual<typeof PdfjsEvents>('../pdfjsEvents');
  const { viewerActions: actions } = jest.requireActual<typeof Actions>('../actions');
  const table: PdfjsEvents.PdfjsEventTable = {
    ...pdfjsEvents,
    pagerender: ({ pageNumber }) =>
      typeof pageNumber === 'number' ? [actions.pageDrawn(pageNumber)] : [],
  };
  return { pdfjsEvents: table };
});

interface FakeEngine {
  pdf: { numPages: number; getOutline: jest.Mock };
}

let emit: EngineOptions['emit'] = () => undefined;
let forwards: EngineOptions['forwards'] = () => false;
let hide: (() => void) | undefined;

function onScreen(outline: unknown = null): FakeEngine {
  const engine: FakeEngine = {
    pdf: { numPages: 3, getOutline: jest.fn(() => Promise.resolve(outline)) },
  };
  hide = showEngine(engine);
  return engine;
}

// The session keeps what it was last shown; the engine reads it as pdf.js lays out.
let view: () => EngineView = () => {
  throw new Error('no engine');
};

beforeEach(() => {
  // The session hands each engine its emitter and the view getter: catch them.
  const provide = documentSession.provide.bind(documentSession);
  jest.spyOn(documentSession, 'provide').mockImplementation((parts) => {
    provide({
      ...parts,
      createEngine: (options) => {
        emit = options.emit;
        forwards = options.forwards;
        view = options.view;
        return parts.createEngine(options);
      },
    });
  });
});

afterEach(() => {
  hide?.();
  hide = undefined;
  jest.restoreAllMocks();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('viewer model', () => {
  it('numbers the engine on screen and forgets what it did once it goes', () => {
    const app = createTestApp();
    onScreen();
    expect(app.getState().viewer.engine).toBeGreaterThan(0);
    emit({ kind: 'laidOut', pageCount: 3 });
    expect(app.getState().viewer.laidOut).toBe(true);
    expect(app.getState().doc.docData.pageCount).toBe(3);
    hide?.();
    hide = undefined;
    expect(app.getState().viewer).toMatchObject({ engine: 0, laidOut: false, drawn: [] });
  });

  it('takes the engine’s page and scale without sending them back', () => {
    const app = createTestApp({ doc: { docData: { pageCount: 9 } } });
    onScreen();
    emit({ kind: 'laidOut', pageCount: 9 });
    emit({ kind: 'pageChanged', page: 4 });
    emit({ kind: 'scaleChanged', scale: 1.5 });
    expect(app.getState().doc).toMatchObject({ currentPage: 4, zoom: 1.5 });
    // The same values again are no change: the store does not move.
    const before = app.getState();
    emit({ kind: 'pageChanged', page: 4 });
    emit({ kind: 'scaleChanged', scale: 1.5004 });
    expect(app.getState().doc).toBe(before.doc);
    // What the engine is asked to show is what it reported.
    expect(view()).toMatchObject({ currentPage: 4, zoom: 1.5 });
  });

  it('gives the engine the view whatever changed it: a key, a rotation, a print job', () => {
    const app = createTestApp({ doc: { docData: { pageCount: 9 } } });
    onScreen();
    app.dispatch(docActions.setPage(5));
    app.dispatch(docActions.rotateBy(1));
    expect(view()).toMatchObject({ currentPage: 5, rotate: 90, printing: false });
    app.dispatch(docActions.rotateBy(-2));
    expect(view().rotate).toBe(270);
    app.dispatch(printActions.started(3));
    expect(view().printing).toBe(true);
    app.dispatch(viewerActions.setOnePage(true));
    expect(view().onePage).toBe(true);
  });

  it('marks the first page drawn as shown, and the previewed pages as drawn', () => {
    const app = createTestApp();
    const { doc } = app.getState();
    app.dispatch(
      docActions.save({
        docData: {
          ...doc.docData,
          previews: { url: 'https://facility.test/{page}/{width}', pages: 2, widths: [800] },
        },
        mimeType: doc.mimeType,
      }),
    );
    onScreen();
    emit({ kind: 'pageDrawn', page: 1, failed: false });
    emit({ kind: 'pageDrawn', page: 3, failed: false });
    expect(app.getState().doc.pageShown).toBe(true);
    expect(app.getState().viewer.drawn).toEqual([1]);
    expect(app.getState().viewer.renders).toBe(2);
  });

  it('asks for the pdf.js events its table names and puts the actions each entry makes', () => {
    const app = createTestApp();
    onScreen();
    expect(forwards('pagerender')).toBe(true);
    expect(forwards('updateviewarea')).toBe(false);
    emit({ kind: 'pdfjs', name: 'pagerender', detail: { pageNumber: 2 } });
    emit({ kind: 'pdfjs', name: 'pagerender', detail: { pageNumber: '3' } });
    emit({ kind: 'pdfjs', name: 'updateviewarea', detail: { pageNumber: 4 } });
    expect(app.getState().viewer.drawn).toEqual([2]);
  });

  it('reads the PDF’s outline once per engine, the facility’s when it gave one', async () => {
    const app = createTestApp();
    expect(selectOutline(app.getState())).toEqual({ kind: 'loading' });
    const engine = onScreen([{ title: 'One', dest: null, items: [] }]);
    await app.dispatch(viewerActions.readOutline());
    await flush();
    expect(selectOutline(app.getState())).toEqual({
      kind: 'ready',
      items: [{ title: 'One', page: null, children: [] }],
    });
    await app.dispatch(viewerActions.readOutline());
    expect(engine.pdf.getOutline).toHaveBeenCalledTimes(1);
  });

  it('makes the page being typed ready, where the typed text would go, and only another page', async () => {
    const app = createTestApp();
    app.dispatch(docActions.setPageCount(60));
    const expectPage = jest.spyOn(documentSession, 'expectPage');
    await app.dispatch(viewerActions.expectPage('40'));
    await app.dispatch(viewerActions.expectPage('999'));
    await app.dispatch(viewerActions.expectPage('x'));
    await app.dispatch(viewerActions.expectPage('1'));
    expect(expectPage.mock.calls).toEqual([[40], [60]]);
    expect(app.getState().doc.currentPage).toBe(1);
  });

  it('says the outline failed when pdf.js cannot read it', async () => {
    const app = createTestApp();
    const engine = onScreen();
    engine.pdf.getOutline.mockImplementation(() => Promise.reject(new Error('broken')));
    await app.dispatch(viewerActions.readOutline());
    await flush();
    expect(selectOutline(app.getState())).toEqual({ kind: 'failed' });
  });
});
