/**
 * What printing reads of a document (behaviour.md, "Print"): pdf.js's document
 * (services/pdf/printSource.ts) or a view-only document's page images
 * (services/pageImages/imagePrint.ts), so one print job serves both.
 */

/** Where PDF points land on the canvas: pdf.js's `PageViewport`, as far as printing reads it. */
export interface PrintViewport {
  /** Canvas pixels per PDF point. */
  scale: number;
  width: number;
  height: number;
  /** PDF user space to canvas pixels, [a, b, c, d, e, f]. */
  transform: number[];
}

/** What the page layer passes to `render`. */
export interface PrintRenderParameters {
  canvas: HTMLCanvasElement;
  viewport: PrintViewport;
  intent: 'print';
  background: string;
  /** pdf.js's annotation mode (services/pdf/annotationMode.ts); images have none to show. */
  annotationMode: number;
}

export interface PrintablePage {
  /** The page at `scale`, its own /Rotate applied. */
  getViewport(params: { scale: number }): PrintViewport;
  render(params: PrintRenderParameters): { promise: Promise<unknown>; cancel(): void };
  /** Lets go of what drawing the page held (decoded images above all). */
  cleanup(): void;
}

/** The open document. */
export interface PrintSource {
  getPage(pageNumber: number): Promise<PrintablePage>;
}
