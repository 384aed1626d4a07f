/**
 * The one owner of the open document and its viewer, as pdf.js's PDFViewerApplication is: the
 * opener (pdf.js's getDocument, behind openDocument.ts), the PDFDocumentProxy, the page engine it
 * builds on the elements the page view attaches (pdf.js's PDFViewer, event bus, find controller)
 * and the thumbnails drawn from it. A view-only document (the server's page images,
 * docs/decisions/2026-11-29-view-only-viewer.md) is shown the same way by its own engine. They are not data, so they stay out of the store and out of
 * React; what pdf.js does comes out on one channel (`listen`), which the `viewer` model's effects
 * turn into state, and what the models ask for goes in through `show` (docs/architecture.md, "The
 * open document").
 *
 * This module imports no pdf.js value: the viewer chunk, which carries pdf.js, hands its parts in
 * (`provide`), so the models (in the main chunk, and under jest) never load pdf.js themselves.
 */
import { translate } from '../../i18n';
import { createImageEngine } from '../pageImages/imageEngine';
import type { ImageEngine } from '../pageImages/imageEngine';
import { imagePrintSource } from '../pageImages/imagePrint';
import { imageRasterizer } from '../pageImages/imageRaster';
import type { PageImages } from '../pageImages/pageImages';
import { pageTexts } from '../pageImages/pageTexts';
import type { PageTexts } from '../pageImages/pageTexts';
import type { PrintSource } from '../print/printable';
import type { Engine, EngineOptions } from './engine';
import type { OpenedDocument } from './openDocument';
import type { EngineView, PageEngine, ViewerEvent } from './pageEngine';
import type { PDFDocumentProxy } from './pdfjs';
import { pdfPrintSource } from './printSource';
import { pdfTextSource } from './pageText';
import type { PageTextSource } from './pageText';
import type { PageGeometry } from './pageViews';
import { takeStagedOpen } from './stagedOpen';
import { ThumbnailStore } from './thumbnailStore';
import type { Rasterize } from './thumbnailStore';

export type Opener = (url: string) => OpenedDocument;

type Listener = (event: ViewerEvent) => void;

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

export interface DocumentSession {
  /** The open document, for effects (print) and the page view; undefined while none is open. */
  pdf: () => PDFDocumentProxy | undefined;
  /** The engine on screen, for the services that drive it (find.ts); undefined while none is. */
  engine: () => Engine | undefined;
  /** The view-only engine on screen (its finder drives it); undefined while none is. */
  imageEngine: () => ImageEngine | undefined;
  /** The doc model's `pages` effect: the document it opened, or undefined once it lets it go. */
  setDocument: (pdf: PDFDocumentProxy | undefined) => void;
  /** The doc model's `pages` effect: a view-only document's page images to show instead. */
  setImages: (images: PageImages) => void;
  /** Ends an open: the engine showing it goes, then `destroy` runs. */
  close: (shown: PDFDocumentProxy | PageImages | undefined, destroy: () => void) => void;
  /**
   * The page view's elements are there: an engine for the open document is built on them, now and
   * for each document opened while they stay (none while no document is open or the viewer chunk
   * has not run). Returns the detacher.
   */
  attach: (elements: ViewerElements, options: AttachOptions) => () => void;
  /** The view the models ask for; applied now, or when the next engine lays its pages out. */
  show: (view: EngineView) => void;
  /**
   * What the engine does, on one channel (the `viewer` model's `relay`); returns the unsubscriber.
   * The listener gets every computed event and, of pdf.js's own events (`pdfjs`), those named in
   * `pdfjsEvents`: pdf.js dispatches some on every scroll, and only what is asked for is copied.
   */
  listen: (listener: Listener, pdfjsEvents?: readonly string[]) => () => void;
  /** The next scale change keeps this client point still (Ctrl+wheel zoom, pinch). */
  zoomOrigin: (point: [number, number]) => void;
  /** The scale at which the current page's box fills the container's width (double-tap, phones). */
  fitWidthScale: () => number | undefined;
  /** Brings the top of `page` into view when it is already the current page. */
  revealPage: (page: number) => void;
  /**
   * The reader is typing `page` into the page input: a view-only document's image of it is asked
   * for now; pdf.js, which holds the file, needs nothing ahead.
   */
  expectPage: (page: number) => void;
  /** The page's element while pdf.js has laid it out (signatures are drawn inside it). */
  pageElement: (page: number) => HTMLDivElement | undefined;
  /** The page's box and /Rotate once pdf.js has loaded it. */
  loadedPageGeometry: (page: number) => PageGeometry | undefined;
  /** The page's box and /Rotate, loading the page when pdf.js has not yet. */
  pageGeometry: (page: number) => Promise<PageGeometry | undefined>;
  /** The text of the document on screen, page by page, for the results rows. */
  pageText: () => PageTextSource | undefined;
  /** A view-only document's page texts, for its finder; undefined without search. */
  imageTexts: () => PageTexts | undefined;
  /** The document on screen, for printing. */
  printSource: () => PrintSource | undefined;
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

/** What is shown: pdf.js's document, or a view-only document's images and texts. */
type Shown =
  | { kind: 'pdf'; pdf: PDFDocumentProxy }
  | { kind: 'images'; images: PageImages; texts: PageTexts | undefined };

/** The engine on screen, of the kind of what it shows. */
type Current =
  | { kind: 'pdf'; engine: Engine; shown: PDFDocumentProxy }
  | { kind: 'images'; engine: ImageEngine; shown: PageImages; texts: PageTexts | undefined };

export function createDocumentSession(): DocumentSession {
  let current: Current | undefined;
  let thumbnails: ThumbnailStore | undefined;
  let document: Shown | undefined;
  let parts: ViewerParts | undefined;
  // The page view's elements, while it is mounted: engines are built on them.
  let host: { elements: ViewerElements; options: AttachOptions } | undefined;
  let view = STILL;
  // Engines built so far: the models tell one from the next by its number.
  let engines = 0;
  // Each listener with the names of pdf.js's events it asked for.
  const listeners = new Map<Listener, ReadonlySet<string>>();
  let provideOpener: (opener: Opener) => void = () => undefined;
  let opener = new Promise<Opener>((resolve) => {
    provideOpener = resolve;
  });
  const emit = (event: ViewerEvent) => {
    listeners.forEach((names, listener) => {
      if (event.kind !== 'pdfjs' || names.has(event.name)) listener(event);
    });
  };
  const forwards = (name: string) => {
    for (const names of listeners.values()) if (names.has(name)) return true;
    return false;
  };
  const apply = (engine: PageEngine) => {
    engine.setOnePage(view.onePage);
    engine.setScale(view.zoom);
    engine.setRotation(view.rotate);
    engine.setPage(view.currentPage);
  };
  // The engine goes before its document: pdf.js must not lose a document under a viewer drawing it.
  const drop = () => {
    const shown = current;
    if (!shown) return;
    current = undefined;
    thumbnails?.reset();
    thumbnails = undefined;
    shown.engine.destroy();
    emit({ kind: 'detached' });
  };
  const shownOf = (shown: Shown) => (shown.kind === 'pdf' ? shown.pdf : shown.images);
  const build = () => {
    if (current || !host || !document) return;
    const { elements, options } = host;
    const fromEngine = (engine: PageEngine) => (event: ViewerEvent) => {
      if (engine === current?.engine) emit(event);
    };
    if (document.kind === 'images') {
      const { images, texts } = document;
      const engine: ImageEngine = createImageEngine({
        ...elements,
        images,
        pageErrorText: options.pageErrorText,
        pageLabel: (page) => translate(options.locale, 'engine.pageLandmark', { page }),
        view: () => view,
        emit: (event) => {
          fromEngine(engine)(event);
        },
      });
      current = { kind: 'images', engine, shown: images, texts };
    } else {
      if (!parts) return;
      const engine: Engine = parts.createEngine({
        ...elements,
        ...options,
        pdf: document.pdf,
        view: () => view,
        forwards,
        emit: (event) => {
          fromEngine(engine)(event);
        },
      });
      current = { kind: 'pdf', engine, shown: document.pdf };
    }
    engines += 1;
    emit({ kind: 'attached', engine: engines });
  };
  const show = (next: Shown | undefined) => {
    if (next && document && shownOf(next) === shownOf(document)) return;
    document = next;
    if (current && (!next || current.shown !== shownOf(next))) drop();
    build();
  };
  const pdf = () =>
    current?.kind === 'pdf' ? current.shown : document?.kind === 'pdf' ? document.pdf : undefined;
  const engine = () => current?.engine;
  return {
    pdf,
    engine: () => (current?.kind === 'pdf' ? current.engine : undefined),
    imageEngine: () => (current?.kind === 'images' ? current.engine : undefined),
    setDocument(next) {
      show(next && { kind: 'pdf', pdf: next });
    },
    setImages(images) {
      const texts = images.text === undefined ? undefined : pageTexts(images.text);
      show({ kind: 'images', images, texts });
    },
    close(closed, destroy) {
      if (closed !== undefined && document && closed === shownOf(document)) document = undefined;
      if (closed !== undefined && current?.shown === closed) drop();
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
      if (current) apply(current.engine);
    },
    listen(listener, pdfjsEvents = []) {
      listeners.set(listener, new Set(pdfjsEvents));
      return () => {
        listeners.delete(listener);
      };
    },
    zoomOrigin(point) {
      engine()?.zoomOrigin(point);
    },
    fitWidthScale: () => engine()?.fitWidthScale(),
    revealPage(page) {
      engine()?.revealPage(page);
    },
    expectPage(page) {
      if (current?.kind === 'images') current.engine.expect(page);
    },
    pageElement: (page) => engine()?.pageElement(page),
    loadedPageGeometry: (page) => engine()?.loadedPageGeometry(page),
    pageGeometry: (page): Promise<PageGeometry | undefined> =>
      engine()?.pageGeometry(page) ?? Promise.resolve(undefined),
    pageText() {
      if (current?.kind === 'pdf') return pdfTextSource(current.shown);
      return current?.texts;
    },
    imageTexts: () => (current?.kind === 'images' ? current.texts : undefined),
    printSource() {
      if (current?.kind === 'images') return imagePrintSource(current.shown);
      const open = pdf();
      return open && pdfPrintSource(open);
    },
    thumbnails() {
      const rasterize = (shown: Current): Rasterize | undefined =>
        shown.kind === 'images' ? imageRasterizer(shown.shown) : parts?.rasterizer(shown.engine);
      const drawn = current && rasterize(current);
      if (!drawn) return undefined;
      thumbnails ??= new ThumbnailStore({
        rasterize: drawn,
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
      // The boot's stage may have opened the document already: taken, not opened again.
      const open: Opener = (url) => takeStagedOpen(url) ?? given.open(url);
      provideOpener(open);
      build();
      opener = Promise.resolve(open);
    },
    opener: () => opener,
  };
}

/** The app's one session (one document on screen at a time). */
export const documentSession = createDocumentSession();
