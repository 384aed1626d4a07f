/**
 * The find bar's one finder, over whatever the document session shows: pdf.js's find controller
 * (services/pdf/find.ts) or, for a view-only document, the server's page texts
 * (services/pageImages/imageFinder.ts). Both say the same things on one channel.
 */
import type { FindEvent, Finder } from './pdf/find';
import { pdfFinder } from './pdf/find';
import { createImageFinder } from './pageImages/imageFinder';
import type { ImageFinder } from './pageImages/imageFinder';
import { documentSession } from './pdf/session';
import type { DocumentSession } from './pdf/session';

export interface DocumentFinder extends Omit<Finder, 'show'> {
  /** The bar is shown over the engine on screen now. */
  show: () => void;
}

export function createDocumentFinder(
  session: Pick<DocumentSession, 'engine' | 'imageEngine' | 'imageTexts'>,
  pdf: Finder,
  images: ImageFinder,
): DocumentFinder {
  let active: Finder | ImageFinder = pdf;
  const hide = () => {
    pdf.hide();
    images.hide();
  };
  return {
    show() {
      const engine = session.imageEngine();
      if (engine) {
        pdf.hide();
        active = images;
        images.show(engine, session.imageTexts());
      } else {
        images.hide();
        active = pdf;
        pdf.show(session.engine());
      }
    },
    hide,
    search: (find) => {
      active.search(find);
    },
    step: (previous) => {
      active.step(previous);
    },
    goTo: (hit) => {
      active.goTo(hit);
    },
    listen(listener: (event: FindEvent) => void) {
      const stopPdf = pdf.listen(listener);
      const stopImages = images.listen(listener);
      return () => {
        stopPdf();
        stopImages();
      };
    },
  };
}

/** The app's one finder (one find bar, over the document on screen). */
export const documentFinder = createDocumentFinder(documentSession, pdfFinder, createImageFinder());
