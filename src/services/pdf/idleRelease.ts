/**
 * What pdf.js's own viewer app does once its rendering queue has had nothing to draw for 30 s
 * (`PDFRenderingQueue.onIdle`, pdf.js's CLEANUP_TIMEOUT): it drops the page views' unfinished
 * drawings and asks the document to clean up. That empties the worker's caches (fonts, images,
 * parsed pages), the main thread's page objects and loaded fonts, and removes the canvas pdf.js
 * measures text-layer text on, whose text-shaping cache Blink keeps for as long as it lives. Pages
 * already on screen stay as they are; pages drawn later fetch what they need again.
 */

/** The parts of pdf.js's objects this file uses (pdf.js types `onIdle` as `null`). */
export interface IdleQueue {
  onIdle: (() => void) | null;
}
export interface IdleViewer {
  cleanup(): void;
}
export interface IdleDocument {
  cleanup(): Promise<void>;
}

export interface IdleReleaseOptions {
  queue: IdleQueue;
  viewer: IdleViewer;
  pdf: IdleDocument;
  /** False while something outside the viewer draws this document's pages (a print job). */
  canRelease: () => boolean;
}

/** Installs the release; the returned function uninstalls it (a timer already set does nothing). */
export function releaseWhenIdle({
  queue,
  viewer,
  pdf,
  canRelease,
}: IdleReleaseOptions): () => void {
  let installed = true;
  let releasing = false;
  const release = () => {
    if (!installed || releasing || !canRelease()) return;
    releasing = true;
    viewer.cleanup();
    // pdf.js refuses (rejects) while one of the pages is being drawn, e.g. for a thumbnail; the
    // next idle period tries again.
    pdf
      .cleanup()
      .catch(() => undefined)
      .finally(() => {
        releasing = false;
      });
  };
  queue.onIdle = release;
  return () => {
    installed = false;
    if (queue.onIdle === release) queue.onIdle = null;
  };
}
