/**
 * The document session owns the open document and its viewer: the opener handed in by the viewer chunk,
 * an engine built for each document while the page view's elements are attached, its events on one
 * channel, and an open ended only after the engine showing it has gone.
 */
import { createDocumentSession } from '../session';
import { stageOpen, takeStagedOpen } from '../stagedOpen';
import type { ViewerParts } from '../session';
import type { Engine, EngineOptions } from '../engine';
import type { EngineView, ViewerEvent } from '../pageEngine';
import type { OpenedDocument, OpenOptions } from '../openDocument';
import type { PDFDocumentProxy } from '../pdfjs';

const PDF_A = { numPages: 1 } as unknown as PDFDocumentProxy;
const PDF_B = { numPages: 2 } as unknown as PDFDocumentProxy;
const ELEMENTS = () => ({
  container: document.createElement('div'),
  viewer: document.createElement('div'),
});
const OPTIONS = { pageErrorText: 'x', locale: 'en' as const, showComments: true };

interface Built {
  options: EngineOptions;
  engine: Engine;
  log: string[];
}

function parts(built: Built[], open = jest.fn<OpenedDocument, [string]>()): ViewerParts {
  return {
    open,
    createEngine(options) {
      const log: string[] = [];
      const engine = {
        pdf: options.pdf,
        setScale: (zoom: number) => log.push(`zoom ${String(zoom)}`),
        setRotation: (rotate: number) => log.push(`rotate ${String(rotate)}`),
        setPage: (page: number) => log.push(`page ${String(page)}`),
        setOnePage: (one: boolean) => log.push(`onePage ${String(one)}`),
        destroy: () => log.push('destroyed'),
      } as unknown as Engine;
      built.push({ options, engine, log });
      return engine;
    },
    rasterizer: () => () => ({ promise: new Promise<string>(() => undefined), cancel: jest.fn() }),
  };
}

describe('the document session', () => {
  it('gives the opener to whoever waited for it', async () => {
    const session = createDocumentSession();
    const waited = session.opener();
    const opened = { promise: new Promise(() => undefined) } as unknown as OpenedDocument;
    const open = jest.fn<OpenedDocument, [string]>().mockReturnValue(opened);
    session.provide(parts([], open));
    expect((await waited)('/a.pdf')).toBe(opened);
    expect((await session.opener())('/b.pdf')).toBe(opened);
    expect(open.mock.calls).toEqual([['/a.pdf'], ['/b.pdf']]);
  });

  it('builds an engine only once a document is open and the page view is attached', () => {
    const session = createDocumentSession();
    const built: Built[] = [];
    const events: ViewerEvent[] = [];
    session.listen((event) => events.push(event));
    session.provide(parts(built));
    const detach = session.attach(ELEMENTS(), OPTIONS);
    expect(built).toHaveLength(0);
    session.setDocument(PDF_A);
    expect(built).toHaveLength(1);
    expect(built[0]?.options.pdf).toBe(PDF_A);
    expect(built[0]?.options.pageErrorText).toBe('x');
    expect(session.engine()).toBe(built[0]?.engine);
    expect(events).toEqual([{ kind: 'attached', engine: 1 }]);
    detach();
    expect(session.engine()).toBeUndefined();
    expect(built[0]?.log).toContain('destroyed');
    expect(events.at(-1)).toEqual({ kind: 'detached' });
  });

  it('passes on what the engine on screen reports, not what an engine gone reports', () => {
    const session = createDocumentSession();
    const built: Built[] = [];
    const events: ViewerEvent[] = [];
    session.listen((event) => events.push(event));
    session.provide(parts(built));
    session.setDocument(PDF_A);
    session.attach(ELEMENTS(), OPTIONS);
    const first = built.at(0);
    if (!first) throw new Error('no engine built');
    first.options.emit({ kind: 'pageChanged', page: 2 });
    session.setDocument(PDF_B);
    first.options.emit({ kind: 'pageChanged', page: 3 });
    built[1]?.options.emit({ kind: 'laidOut', pageCount: 2 });
    expect(events).toEqual([
      { kind: 'attached', engine: 1 },
      { kind: 'pageChanged', page: 2 },
      { kind: 'detached' },
      { kind: 'attached', engine: 2 },
      { kind: 'laidOut', pageCount: 2 },
    ]);
  });

  it('asks the engine for the pdf.js events a listener named, and gives each to those who did', () => {
    const session = createDocumentSession();
    const built: Built[] = [];
    const asked: ViewerEvent[] = [];
    const other: ViewerEvent[] = [];
    const stop = session.listen((event) => asked.push(event), ['textlayerrendered']);
    session.listen((event) => other.push(event));
    session.provide(parts(built));
    session.setDocument(PDF_A);
    session.attach(ELEMENTS(), OPTIONS);
    const engine = built.at(0)?.options;
    if (!engine) throw new Error('no engine built');
    expect(engine.forwards('textlayerrendered')).toBe(true);
    expect(engine.forwards('updateviewarea')).toBe(false);
    engine.emit({ kind: 'pdfjs', name: 'textlayerrendered', detail: { pageNumber: 1 } });
    engine.emit({ kind: 'pageChanged', page: 2 });
    expect(asked.slice(1)).toEqual([
      { kind: 'pdfjs', name: 'textlayerrendered', detail: { pageNumber: 1 } },
      { kind: 'pageChanged', page: 2 },
    ]);
    expect(other.slice(1)).toEqual([{ kind: 'pageChanged', page: 2 }]);
    stop();
    expect(engine.forwards('textlayerrendered')).toBe(false);
  });

  it('applies the view the models ask for, and gives the latest to an engine laying out', () => {
    const session = createDocumentSession();
    const built: Built[] = [];
    session.provide(parts(built));
    const view: EngineView = {
      zoom: 1.5,
      rotate: 90,
      currentPage: 4,
      onePage: false,
      printing: false,
    };
    session.show(view);
    session.setDocument(PDF_A);
    session.attach(ELEMENTS(), OPTIONS);
    expect(built[0]?.options.view()).toEqual(view);
    session.show({ ...view, currentPage: 5 });
    expect(built[0]?.log).toEqual(['onePage false', 'zoom 1.5', 'rotate 90', 'page 5']);
  });

  it('lets the engine go before the document it shows is destroyed', () => {
    const session = createDocumentSession();
    const built: Built[] = [];
    session.provide(parts(built));
    session.setDocument(PDF_A);
    session.attach(ELEMENTS(), OPTIONS);
    const log = built[0]?.log ?? [];
    session.close(PDF_A, () => log.push('document destroyed'));
    expect(log).toEqual(['destroyed', 'document destroyed']);
    expect(session.pdf()).toBeUndefined();
    expect(session.engine()).toBeUndefined();
  });

  it('destroys a closed document at once when no engine shows it', () => {
    const session = createDocumentSession();
    session.setDocument(PDF_A);
    expect(session.pdf()).toBe(PDF_A);
    const destroy = jest.fn();
    session.close(PDF_A, destroy);
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(session.pdf()).toBeUndefined();
  });

  describe("the boot's stage's open (stagedOpen.ts)", () => {
    const stagedDocument = () => {
      const attach = jest.fn<undefined, [OpenOptions]>();
      const opened = {
        promise: new Promise(() => undefined),
        attach,
        nameRanges: jest.fn(),
        loadRest: jest.fn(),
        destroy: jest.fn(),
      } as unknown as OpenedDocument;
      return { opened, attach };
    };
    afterEach(() => {
      takeStagedOpen('');
    });

    it("is taken by the app's open of the same URL, not opened again", async () => {
      const session = createDocumentSession();
      const { opened } = stagedDocument();
      const held = stageOpen('/doc.pdf', opened, jest.fn());
      const open = jest.fn<OpenedDocument, [string]>();
      session.provide(parts([], open));
      const taken = (await session.opener())('/doc.pdf');
      expect(taken).toBe(held);
      expect(taken.promise).toBe(opened.promise);
      expect(open).not.toHaveBeenCalled();
      // Once: a later open of the same URL (a Retry) is the app's own.
      (await session.opener())('/doc.pdf');
      expect(open).toHaveBeenCalledWith('/doc.pdf');
    });

    it('is ended when the app opens another URL', async () => {
      const session = createDocumentSession();
      const { opened } = stagedDocument();
      stageOpen('/doc.pdf', opened, jest.fn());
      const open = jest.fn<OpenedDocument, [string]>();
      session.provide(parts([], open));
      (await session.opener())('/other.pdf');
      expect(open).toHaveBeenCalledWith('/other.pdf');
      expect(opened.destroy).toHaveBeenCalled();
    });

    it("hands pdf.js's password question to the app once it attaches", async () => {
      const { opened, attach } = stagedDocument();
      const questioned = jest.fn();
      const held = stageOpen('/locked.pdf', opened, questioned);
      // pdf.js asks before the app is there: the stage hears of it, the question waits.
      const asked = attach.mock.calls[0][0].askPassword('needed');
      expect(questioned).toHaveBeenCalled();
      const askPassword = jest.fn<Promise<string | null>, ['needed' | 'incorrect']>(() =>
        Promise.resolve('secret'),
      );
      const onProgress = jest.fn();
      held.attach({ askPassword, onProgress });
      await expect(asked).resolves.toBe('secret');
      expect(askPassword).toHaveBeenCalledWith('needed');
      attach.mock.calls[0][0].onProgress?.(10, 20);
      expect(onProgress).toHaveBeenCalledWith(10, 20);
    });
  });
});
