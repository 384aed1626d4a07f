/**
 * Puts a test's fake engine on screen the way the page view does: handed to the pdf session as
 * the engine it builds for the open document on attached elements. The fake gives what the test
 * reads; what the session calls of every engine (the view's setters, destroy) is added as no-ops.
 * It hands the session a throwing opener: a test that opens documents provides its own after.
 * Returns the page view's going away.
 */
import type { Engine } from '../services/pdf/engine';
import { pdfSession } from '../services/pdf/session';

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
  pdfSession.provide({
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
  pdfSession.setDocument(engine.pdf);
  const container =
    (engine.viewer as { container?: HTMLDivElement } | undefined)?.container ??
    document.createElement('div');
  const detach = pdfSession.attach(
    { container, viewer: document.createElement('div') },
    { pageErrorText: '', locale: 'en', showComments: true },
  );
  return () => {
    detach();
    pdfSession.setDocument(undefined);
  };
}
