/**
 * The boot's stage (docs/decisions/2026-12-07-boot-draws-page-one.md): on a document link whose
 * answer says pages with a PDF the reader may have and no preview to show first, it opens the PDF
 * with pdf.js's display layer and draws page 1 (drawPage.ts) while the app's scripts wait
 * (start.ts). Built as an entry of its own, a file the boot runs at once (webpack.config.js), with
 * pdf.js's display layer and the opener in it: it holds webpack's runtime and the app's entry
 * depends on it, so the viewer's lazy chunks leave out what it has, and the app shares its pdf.js
 * and its open document (services/pdf/stagedOpen.ts).
 */
// The public path first: the stage's chunks load from routerBase.
import '../../publicPath';

const stage = window.folioEarlyStage;
if (stage) {
  void stage.decided
    .then(async (ask) => {
      if (ask === undefined) return;
      // In this file (webpack's eager mode: no chunk of its own), run only when it draws.
      const { drawPage } = await import(/* webpackMode: "eager" */ './drawPage');
      await drawPage(ask, stage.finish);
    })
    // Whatever fails, page 1 is the app's to draw, as without the stage.
    .catch(() => undefined)
    .finally(stage.finish);
}
