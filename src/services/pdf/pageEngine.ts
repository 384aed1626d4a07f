/**
 * What the document session drives, whichever draws the pages: pdf.js's viewer (engine.ts) or, for a
 * view-only reader, the server's page images (services/pageImages/imageEngine.ts). Both report
 * what they do as `ViewerEvent`s, which the `viewer` model turns into state.
 */
import type { PageSize } from '../../domain/document';
import type { PageGeometry } from './pageViews';

/** The view the models ask for (services/pdf/session.ts keeps the latest). */
export interface EngineView {
  zoom: number;
  /** 0, 90, 180 or 270. */
  rotate: number;
  currentPage: number;
  /** One page at a time (pdf.js's page scroll mode) or continuous vertical scrolling. */
  onePage: boolean;
  /** While the document's pages are drawn outside the viewer (printing): no idle release. */
  printing: boolean;
}

/**
 * A pdf.js event's payload as the models get it: its own fields of primitive value only, so no
 * pdf.js object (`source`, a page view, an error) reaches a model or the store.
 */
export type PdfjsDetail = Readonly<Record<string, string | number | boolean>>;

/**
 * What the engine did, for the models (the `viewer` model's `relay` effect turns it into state).
 * The kinds both engines report are computed here (from pdf.js's events and its viewer, or by the
 * image engine); `pdfjs` is any other event of pdf.js's event bus, by its own name, sent only to
 * a listener that asked for that name (session.ts `listen`).
 */
export type ViewerEvent =
  /** An engine was built on the page view's elements: its number, counted from 1. */
  | { kind: 'attached'; engine: number }
  | { kind: 'laidOut'; pageCount: number }
  | { kind: 'pageChanged'; page: number }
  | { kind: 'scaleChanged'; scale: number }
  | { kind: 'pagesSized'; sizes: PageSize[] }
  | { kind: 'pageDrawn'; page: number; failed: boolean }
  | { kind: 'rotated' }
  | { kind: 'pdfjs'; name: string; detail: PdfjsDetail }
  /** The engine is gone (the page view let it go, or a new one replaced it). */
  | { kind: 'detached' };

export interface PageEngine {
  setScale(scale: number): void;
  setRotation(degrees: number): void;
  setPage(page: number): void;
  /** The next scale change keeps this client point still (Ctrl+wheel zoom, pinch). */
  zoomOrigin(point: [number, number]): void;
  /** One page at a time (pdf.js's page scroll mode) or continuous vertical scrolling. */
  setOnePage(onePage: boolean): void;
  /** The scale at which the current page's box fills the container's width (double-tap). */
  fitWidthScale(): number | undefined;
  /** Brings the top of `page` into view when it is the current page already. */
  revealPage(page: number): void;
  /** The page's element while it is laid out (signatures are drawn inside it). */
  pageElement(page: number): HTMLDivElement | undefined;
  /** The page's box and /Rotate, when known without loading anything. */
  loadedPageGeometry(page: number): PageGeometry | undefined;
  /** The page's box and /Rotate, loading the page if it must. */
  pageGeometry(page: number): Promise<PageGeometry | undefined>;
  destroy(): void;
}
