/**
 * The open document as model state (docs/architecture.md, "The open document"): the `pages` effect
 * on a real app, with a fake opener in the document session standing in for pdf.js (which jest cannot
 * load): what is under test is the exchange between pdf.js's callbacks, the actions and the store.
 */
import { docActions } from '../..';
import { createTestApp } from '../../../../test/renderWithProviders';
import { documentSession } from '../../../../services/pdf/session';
import type { OpenedDocument, OpenOptions } from '../../../../services/pdf/openDocument';
import { OpenError } from '../../../../services/pdf/openFailure';
import type { PDFDocumentProxy } from '../../../../services/pdf/pdfjs';
import type { OpenPagesRequest } from '../reducers';

/** One open the effect started: what it attached, and how to end it. */
interface FakeOpen {
  url: string;
  options: () => OpenOptions;
  resolve: (pdf: PDFDocumentProxy) => void;
  reject: (error: unknown) => void;
  destroy: jest.Mock;
  loadRest: jest.Mock;
  nameRanges: jest.Mock;
}

let opens: FakeOpen[];

beforeEach(() => {
  opens = [];
  documentSession.provide({
    createEngine: () => {
      throw new Error('no page view in this test');
    },
    rasterizer: () => {
      throw new Error('no thumbnails in this test');
    },
    open: (url) => {
      let attached: OpenOptions | undefined;
      let resolve: (pdf: PDFDocumentProxy) => void = () => undefined;
      let reject: (error: unknown) => void = () => undefined;
      const promise = new Promise<PDFDocumentProxy>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      const fake: FakeOpen = {
        url,
        options: () => {
          if (!attached) throw new Error('nothing attached');
          return attached;
        },
        resolve,
        reject,
        destroy: jest.fn(),
        loadRest: jest.fn(),
        nameRanges: jest.fn(),
      };
      opens.push(fake);
      const opened: OpenedDocument = {
        promise,
        attach: (options) => {
          attached = options;
        },
        loadRest: fake.loadRest,
        nameRanges: fake.nameRanges,
        destroy: fake.destroy,
      };
      return opened;
    },
  });
});

afterEach(() => {
  documentSession.setDocument(undefined);
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const PDF = { numPages: 3 } as unknown as PDFDocumentProxy;
const URL_A = 'https://facility.test/documents/a/content';
const URL_B = 'https://facility.test/documents/b/content';

async function opening(url = URL_A, request: Partial<OpenPagesRequest> = {}) {
  const app = createTestApp();
  app.store.dispatch(docActions.openPages({ url, ...request }));
  await flush();
  return app;
}

describe('the pages effect', () => {
  it('opens through the session, counts progress, and is ready with the document in the session', async () => {
    const app = await opening();
    expect(opens.map((o) => o.url)).toEqual([URL_A]);
    expect(app.store.getState().doc).toMatchObject({ pagesUrl: URL_A, pagesReady: false });
    opens[0].options().onProgress?.(512, 2048);
    await flush();
    expect(app.store.getState().doc.pdfProgress).toEqual({ loaded: 512, total: 2048 });
    opens[0].resolve(PDF);
    await flush();
    expect(app.store.getState().doc.pagesReady).toBe(true);
    expect(documentSession.pdf()).toBe(PDF);
    // No pdf.js object in the store.
    expect(Object.values(app.store.getState().doc)).not.toContain(PDF);
  });

  it('lets the rest of the file come only once page 1 shows', async () => {
    const app = await opening();
    opens[0].resolve(PDF);
    await flush();
    expect(opens[0].loadRest).not.toHaveBeenCalled();
    app.store.dispatch(docActions.pageShown(true));
    await flush();
    expect(opens[0].loadRest).toHaveBeenCalledTimes(1);
  });

  it('asks for the password through a flag, hands the answer to pdf.js, and never stores it', async () => {
    const app = await opening();
    const asked = opens[0].options().askPassword('needed');
    await flush();
    expect(app.store.getState().doc.pdfPassword).toBe('needed');
    app.store.dispatch(docActions.answerPassword('hunter2'));
    await expect(asked).resolves.toBe('hunter2');
    expect(app.store.getState().doc.pdfPassword).toBeUndefined();
    expect(JSON.stringify(app.store.getState())).not.toContain('hunter2');

    const again = opens[0].options().askPassword('incorrect');
    await flush();
    expect(app.store.getState().doc.pdfPassword).toBe('incorrect');
    app.store.dispatch(docActions.answerPassword(null));
    await expect(again).resolves.toBeNull();
    // pdf.js then fails the open as cancelled: the reader is offered to enter one again.
    opens[0].reject(new OpenError({ kind: 'passwordCancelled' }));
    await flush();
    expect(app.store.getState().doc.pdfFailure).toEqual({ kind: 'passwordCancelled' });
  });

  it('shows a failure, destroys the failed open, and a Retry opens afresh', async () => {
    const app = await opening();
    opens[0].reject(new OpenError({ kind: 'unavailable', status: 403 }));
    await flush();
    expect(app.store.getState().doc.pdfFailure).toEqual({ kind: 'unavailable', status: 403 });
    expect(opens[0].destroy).toHaveBeenCalledTimes(1);

    app.store.dispatch(docActions.openPages({ url: URL_A, again: true }));
    await flush();
    expect(opens).toHaveLength(2);
    expect(app.store.getState().doc).toMatchObject({ pdfFailure: undefined, pagesReady: false });
    opens[1].resolve(PDF);
    await flush();
    expect(app.store.getState().doc.pagesReady).toBe(true);
  });

  it('counts anything but an OpenError as a broken file', async () => {
    const app = await opening();
    opens[0].reject(new Error('Invalid PDF structure.'));
    await flush();
    expect(app.store.getState().doc.pdfFailure).toEqual({ kind: 'invalid' });
  });

  it('keeps the open under way when the same URL is asked for again', async () => {
    const app = await opening(URL_A);
    opens[0].options().onProgress?.(100, 1000);
    app.store.dispatch(docActions.openPages({ url: URL_A }));
    await flush();
    expect(opens).toHaveLength(1);
    expect(app.store.getState().doc.pdfProgress).toEqual({ loaded: 100, total: 1000 });
    // Its failure is the reader's to see.
    opens[0].reject(new OpenError({ kind: 'network' }));
    await flush();
    expect(app.store.getState().doc.pdfFailure).toEqual({ kind: 'network' });
  });

  it('hands the ranges the answer names for page 1 to the open under way, or to the one it starts', async () => {
    const named = [
      [0, 65_535],
      [786_432, 1_016_314],
    ] as const;
    const app = await opening(URL_A);
    expect(opens[0].nameRanges).not.toHaveBeenCalled();
    app.store.dispatch(docActions.openPages({ url: URL_A, firstPageRanges: named }));
    await flush();
    expect(opens).toHaveLength(1);
    expect(opens[0].nameRanges).toHaveBeenCalledWith(named);
    // An answer for another file: its open is given them as it starts.
    app.store.dispatch(docActions.openPages({ url: URL_B, firstPageRanges: named }));
    await flush();
    expect(opens[1].nameRanges).toHaveBeenCalledWith(named);
    expect(opens[1].nameRanges).toHaveBeenCalledTimes(1);
  });

  it('ends the open when another URL opens or none is to be shown', async () => {
    const app = await opening(URL_A);
    app.store.dispatch(docActions.openPages({ url: URL_B }));
    await flush();
    expect(opens[0].destroy).toHaveBeenCalledTimes(1);
    expect(opens.map((o) => o.url)).toEqual([URL_A, URL_B]);
    opens[1].resolve(PDF);
    await flush();
    expect(documentSession.pdf()).toBe(PDF);
    app.store.dispatch(docActions.closePages());
    await flush();
    expect(opens[1].destroy).toHaveBeenCalledTimes(1);
    expect(documentSession.pdf()).toBeUndefined();
    expect(app.store.getState().doc).toMatchObject({ pagesUrl: undefined, pagesReady: false });
  });

  it("ends a document's open as another document's fetch starts, before the facility answers", async () => {
    // The facility never answers: what ends the open is the fetch starting, not its answer.
    jest.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
    const app = createTestApp();
    app.store.dispatch(docActions.fetchStarted('a.pdf'));
    app.store.dispatch(docActions.openPages({ url: URL_A }));
    await flush();
    opens[0].resolve(PDF);
    await flush();
    expect(documentSession.pdf()).toBe(PDF);
    // The same document fetched again (a retry) keeps its open.
    void app.store.dispatch(docActions.fetch('a.pdf'));
    await flush();
    expect(opens[0].destroy).not.toHaveBeenCalled();
    void app.store.dispatch(docActions.fetch('b.zip'));
    await flush();
    expect(opens[0].destroy).toHaveBeenCalledTimes(1);
    expect(documentSession.pdf()).toBeUndefined();
    jest.restoreAllMocks();
  });
});
