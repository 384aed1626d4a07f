/**
 * Puts a test's fake engine on screen the way the page view does: handed to the document session as
 * the engine it builds for the open document on attached elements. The fake gives what the test
 * reads; what the session calls of every engine is added: the view's setters and destroy as
 * no-ops, the page commands as pdf.js's engine answers them from the fake's viewer and pdf.
 * It hands the session a throwing opener: a test that opens documents provides its own after.
 * Returns the page view's going away.
 */
import type { Engine } from '../services/pdf/engine';
import { loadedPageGeometry, pageElement, toPageGeometry } from '../services/pdf/pageViews';
import { documentSession } from '../services/pdf/session';

const STILL = {
  setScale: () => undefined,
  setRotation: () => undefined,
  setPage: () => undefined,
  setOnePage: () => undefined,
  zoomOrigin: () => undefined,
  fitWidthScale: () => undefined,
  destroy: () => undefined,
};

export function showEngine(fake: object): () => void {
  // The fake itself (tests compare identities), completed.
  const engine = Object.assign(fake, { ...STILL, ...fake }) as unknown as Engine;
  const pages: Pick<Engine, 'revealPage' | 'pageElement' | 'loadedPageGeometry' | 'pageGeometry'> =
    {
      revealPage(page) {
        if (engine.viewer.currentPageNumber === page) {
          engine.viewer.scrollPageIntoView({ pageNumber: page });
        }
      },
      pageElement: (page) => pageElement(engine.viewer, page),
      loadedPageGeometry: (page) => loadedPageGeometry(engine.viewer, page),
      async pageGeometry(page) {
        return (
          loadedPageGeometry(engine.viewer, page) ?? toPageGeometry(await engine.pdf.getPage(page))
        );
      },
    };
  Object.assign(engine, { ...pages, ...fake });
  documentSession.provide({
    // Only the test's own opener opens documents (provided before, or after, this call).
    open: (url) => {
      throw new Error(`no opener in this test: ${url}`);
    },
    createEngine: () => engine,
    rasterizer: () => () => ({
      promise: new Promise<string>(() => undefined),
      cancel: () => undefined,
    }),
  });
  documentSession.setDocument(engine.pdf);
  const container =
    (engine.viewer as { container?: HTMLDivElement } | undefined)?.container ??
    document.createElement('div');
  const detach = documentSession.attach(
    { container, viewer: document.createElement('div') },
    { pageErrorText: '', locale: 'en', showComments: true },
  );
  return () => {
    detach();
    documentSession.setDocument(undefined);
  };
}
