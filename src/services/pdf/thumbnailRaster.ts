/**
 * Draws one thumbnail with pdf.js: the page at about THUMB_WIDTH CSS pixels (× the screen's pixel
 * ratio, at most 2), on a canvas that lives only until it is encoded as a PNG blob. The panel
 * shows `<img>`s of those blobs, so a cached thumbnail costs a few kilobytes, not a canvas.
 * (pdf.js's own PDFThumbnailViewer is not part of pdf_viewer.mjs; this is the small part of it
 * Folio needs.)
 */
import type { Engine } from './engine';
import { thumbSize } from './thumbnailGeometry';
import type { RasterTask, Rasterize } from './thumbnailStore';

/** pdf.js's `RenderingStates.INITIAL`: the main view has not drawn the page (or let it go). */
const PAGE_NOT_RENDERED = 0;

class Cancelled extends Error {
  constructor() {
    super('thumbnail cancelled');
    this.name = 'Cancelled';
  }
}

/**
 * Thumbnails of the engine's document, with its annotation mode (a thumbnail shows the comments the
 * page shows, or none). A page the main view keeps rendered is left alone after drawing; the others
 * are cleaned up, so that reading thumbnails of 1000 pages does not keep 1000 pages' operator lists
 * in memory.
 */
export function pdfRasterizer(engine: Engine): Rasterize {
  const { pdf, viewer, annotationMode } = engine;
  const inUse = (pageNumber: number) => {
    const view = viewer.getPageView(pageNumber - 1) as { renderingState?: number } | undefined;
    return (view?.renderingState ?? PAGE_NOT_RENDERED) !== PAGE_NOT_RENDERED;
  };
  const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  return (pageNumber, rotation): RasterTask => {
    const abort = new AbortController();
    let cancelRender: (() => void) | undefined;
    const promise = (async () => {
      const page = await pdf.getPage(pageNumber);
      abort.signal.throwIfAborted();
      // The model's rotation comes on top of the page's own /Rotate, as in the main view.
      const total = (((page.rotate + rotation) % 360) + 360) % 360;
      const natural = page.getViewport({ scale: 1, rotation: total });
      const css = thumbSize({ width: natural.width, height: natural.height }, 0);
      const viewport = page.getViewport({
        scale: (css.width / natural.width) * ratio,
        rotation: total,
      });
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(viewport.width));
      canvas.height = Math.max(1, Math.round(viewport.height));
      try {
        const task = page.render({ canvas, viewport, annotationMode });
        cancelRender = () => {
          task.cancel();
        };
        await task.promise;
        abort.signal.throwIfAborted();
        const blob = await new Promise<Blob | null>((resolve) => {
          canvas.toBlob(resolve, 'image/png');
        });
        if (!blob) throw new Error('thumbnail could not be encoded');
        abort.signal.throwIfAborted();
        return URL.createObjectURL(blob);
      } finally {
        cancelRender = undefined;
        canvas.width = 0;
        canvas.height = 0;
        if (!inUse(pageNumber)) page.cleanup();
      }
    })();
    return {
      promise,
      cancel() {
        abort.abort(new Cancelled());
        cancelRender?.();
      },
    };
  };
}
