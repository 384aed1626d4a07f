/**
 * The one owner of the open document and its viewer, as pdf.js's PDFViewerApplication is: the
 * opener (pdf.js's getDocument, behind openDocument.ts), the PDFDocumentProxy, the page engine it
 * builds on the elements the page view attaches (pdf.js's PDFViewer, event bus, find controller)
 * and the thumbnails drawn from it. They are not data, so they stay out of the store and out of
 * React; what pdf.js does comes out on one channel (`listen`), which the `viewer` model's effects
 * turn into state, and what the models ask for goes in through `show` (docs/architecture.md, "The
 * open document").
 *
 * This module imports no pdf.js value: the viewer chunk, which carries pdf.js, hands its parts in
 * (`provide`), so the models (in the main chunk, and under jest) never load pdf.js themselves.
 */
import type { Engine, EngineOptions, EngineView, ViewerEvent } from './engine';
import type { OpenedDocument } from './openDocument';
import type { PDFDocumentProxy } from './pdfjs';
import { loadedPageGeometry, pageElement, toPageGeometry } from './pageViews';
import { pdfTextSource } from './pageText';
import type { PageTextSource } from './pageText';
import type { PageGeometry } from './pageViews';
import { ThumbnailStore } from './thumbnailStore';
import type { Rasterize } from './thumbnailStore';

export type Opener = (url: string) => OpenedDocument;

/** What the viewer chunk hands in: pdf.js's opener, the engine and the thumbnails' drawer. */
export interface ViewerParts {
  open: Opener;
  createEngine: (options: EngineOptions) => Engine;
  rasterizer: (engine: Engine) => Rasterize;
}

/** The page view's elements: pdf.js's scroll container and the viewer inside it. */
export interface ViewerElements {
  container: HTMLDivElement;
  viewer: HTMLDivElement;
}

/** What the page view decides of the engine (its language and the policy's comments). */
export type AttachOptions = Pick<EngineOptions, 'pageErrorText' | 'locale' | 'showComments'>;

/**
 * Thumbnail pictures kept in memory per engine (PNG blobs of a few kB), so that scrolling back
 * shows them without drawing again. Only the ones in view are in the DOM.
 */
const THUMB_CACHE_SIZE = 60;

export interface PdfSession {
  /** The open document, for effects (print) and the page view; undefined while none is open. */
  pdf: () => PDFDocumentProxy | undefined;
  /** The engine on screen, for the services that drive it (find.ts); undefined while none is. */
  engine: () => Engine | undefined;
  /** The doc model's `pdf` effect: the document it opened, or undefined once it lets it go. */
  setDocument: (pdf: PDFDocumentProxy | undefined) => void;
  /** Ends an open: the engine showing `pdf` goes, then `destroy` runs. */
  close: (pdf: PDFDocumentProxy | undefined, destroy: () => void) => void;
  /**
   * The page view's elements are there: an engine for the open document is built on them, now and
   * for each document opened while they stay (none while no document is open or the viewer chunk
   * has not run). Returns the detacher.
   */
  attach: (elements: ViewerElements, options: AttachOptions) => () => void;
  /** The view the models ask for; applied now, or when the next engine lays its pages out. */
  show: (view: EngineView) => void;
  /** What pdf.js does, on one channel (the `viewer` model's `relay`); returns the unsubscriber. */
  listen: (listener: (event: ViewerEvent) => void) => () => void;
  /** The next scale change keeps this client point still (Ctrl+wheel zoom, pinch). */
  zoomOrigin: (point: [number, number]) => void;
  /** The scale at which the current page's box fills the container's width (double-tap, phones). */
  fitWidthScale: () => number | undefined;
  /** Brings the top of `page` into view when it is already the current page. */
  revealPage: (page: number) => void;
  /** The page's element while pdf.js has laid it out (signatures are drawn inside it). */
  pageElement: (page: number) => HTMLDivElement | undefined;
  /** The page's box and /Rotate once pdf.js has loaded it. */
  loadedPageGeometry: (page: number) => PageGeometry | undefined;
  /** The page's box and /Rotate, loading the page when pdf.js has not yet. */
  pageGeometry: (page: number) => Promise<PageGeometry | undefined>;
  /** The text of the document on screen, page by page, for the results rows. */
  pageText: () => PageTextSource | undefined;
  /** The thumbnails of the engine on screen, drawn as they are asked for. */
  thumbnails: () => ThumbnailStore | undefined;
  /** The pages' scroll container while an engine is on it (placing a signature listens there). */
  pagesContainer: () => HTMLDivElement | undefined;
  /** The viewer chunk hands in pdf.js's parts as it loads (pages/Viewer/index.tsx). */
  provide: (parts: ViewerParts) => void;
  /** The opener, once the viewer chunk has handed it in. */
  opener: () => Promise<Opener>;
}

const STILL: EngineView = { zoom: 1, rotate: 0, currentPage: 1, onePage: false, printing: false };

export function createPdfSession(): PdfSession {
  let current: Engine | undefined;
  let thumbnails: ThumbnailStore | undefined;
  let document: PDFDocumentProxy | undefined;
  let parts: ViewerParts | undefined;
  // The page view's elements, while it is mounted: engines are built on them.
  let host: { elements: ViewerElements; options: AttachOptions } | undefined;
  let view = STILL;
  // Engines built so far: the models tell one from the next by its number.
  let engines = 0;
  const listeners = new Set<(event: ViewerEvent) => void>();
  let provideOpener: (opener: Opener) => void = () => undefined;
  let opener = new Promise<Opener>((resolve) => {
    provideOpener = resolve;
  });
  const emit = (event: ViewerEvent) => {
    listeners.forEach((listener) => {
      listener(event);
    });
  };
  const apply = (engine: Engine) => {
    engine.setOnePage(view.onePage);
    engine.setScale(view.zoom);
    engine.setRotation(view.rotate);
    engine.setPage(view.currentPage);
  };
  // The engine goes before its document: pdf.js must not lose a document under a viewer drawing it.
  const drop = () => {
    const engine = current;
    if (!engine) return;
    current = undefined;
    thumbnails?.reset();
    thumbnails = undefined;
    engine.destroy();
    emit({ kind: 'detached' });
  };
  const build = () => {
    if (current || !host || !parts || !document) return;
    const engine: Engine = parts.createEngine({
      ...host.elements,
      ...host.options,
      pdf: document,
      view: () => view,
      emit: (event) => {
        if (engine === current) emit(event);
      },
    });
    current = engine;
    engines += 1;
    emit({ kind: 'attached', engine: engines });
  };
  const pdf = () => current?.pdf ?? document;
  return {
    pdf,
    engine: () => current,
    setDocument(next) {
      if (next === document) return;
      document = next;
      if (current && current.pdf !== next) drop();
      build();
    },
    close(closed, destroy) {
      if (closed !== undefined && closed === document) document = undefined;
      if (closed !== undefined && current?.pdf === closed) drop();
      destroy();
    },
    attach(elements, options) {
      drop();
      const mine = { elements, options };
      host = mine;
      build();
      return () => {
        if (host !== mine) return;
        drop();
        host = undefined;
      };
    },
    show(next) {
      view = next;
      if (current) apply(current);
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    zoomOrigin(point) {
      current?.zoomOrigin(point);
    },
    fitWidthScale: () => current?.fitWidthScale(),
    revealPage(page) {
      if (current?.viewer.currentPageNumber === page) {
        current.viewer.scrollPageIntoView({ pageNumber: page });
      }
    },
    pageElement: (page) => (current ? pageElement(current.viewer, page) : undefined),
    loadedPageGeometry: (page) => (current ? loadedPageGeometry(current.viewer, page) : undefined),
    async pageGeometry(page) {
      const shown = current;
      if (!shown) return undefined;
      return (
        loadedPageGeometry(shown.viewer, page) ?? toPageGeometry(await shown.pdf.getPage(page))
      );
    },
    pageText: () => (current ? pdfTextSource(current.pdf) : undefined),
    thumbnails() {
      if (!current || !parts) return undefined;
      thumbnails ??= new ThumbnailStore({
        rasterize: parts.rasterizer(current),
        capacity: THUMB_CACHE_SIZE,
        release: (url) => {
          URL.revokeObjectURL(url);
        },
      });
      return thumbnails;
    },
    pagesContainer: () => (current ? host?.elements.container : undefined),
    provide(given) {
      parts = given;
      provideOpener(given.open);
      build();
      opener = Promise.resolve(given.open);
    },
    opener: () => opener,
  };
}

/** The app's one session (one document on screen at a time). */
export const pdfSession = createPdfSession();
