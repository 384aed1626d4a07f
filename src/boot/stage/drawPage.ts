/**
 * Page 1, opened and drawn by the boot's stage with pdf.js's display layer alone
 * (docs/decisions/2026-12-07-boot-draws-page-one.md): opened through the one opener
 * (services/pdf/openDocument.ts, which takes over the boot's ranges), left for the app's open to
 * take (services/pdf/stagedOpen.ts), and drawn (`page.render`) into the first frame's page 1, at
 * the place and scale of the viewer's first layout, under its watermark (firstFrame/). The boot
 * bar's page controls turn pages there until the app takes over
 * (docs/decisions/2026-12-07-boot-bar-turns-pages.md).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { pickLocale } from '../../i18n/pickLocale';
import { normalizeDocument } from '../../services/facilityDocument';
import { annotationModeFor } from '../../services/pdf/annotationMode';
import { openDocument } from '../../services/pdf/openDocument';
import { stageOpen } from '../../services/pdf/stagedOpen';
import { readSettings } from '../../services/settings';
import { parseHash } from '../../url/hash';
import { readLink } from '../../url/link';
import { pageLocation } from '../../url/location';
import { writePageAhead } from '../../url/writeHash';
import { FIRST_FRAME_ID, isFirstFrameReplaced } from '../firstFrame/handover';
import { paintFirstFrame } from '../firstFrame/paint';
import { planFirstLayout, planPageLayout } from '../firstFrame/plan';
import type { FirstFrameLayout } from '../firstFrame/plan';
import { screenNow } from '../firstFrame/screen';
import type { StageAsk } from './earlyStage';
import { mountPageControls } from './pageControls';

/** A frame later: what was drawn before has been rendered once a task after it runs. */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Settles once page 1 is painted, or the stage has nothing (more) to draw. */
export async function drawPage(ask: StageAsk, giveUp: () => void): Promise<void> {
  const link = readLink(pageLocation());
  if (link.doc.kind !== 'id') return;
  const docId = link.doc.id;
  const base = new URL(readSettings().previewApi, document.baseURI);
  const doc = normalizeDocument(ask.answer, { id: docId, base });
  // Only what the app itself would open with pdf.js, at the same URL (the doc model's fetch).
  if (doc.view !== 'pages' || doc.viewOnly !== undefined || doc.fileUrl !== ask.url) return;
  const plan = planFirstLayout(doc, screenNow(), parseHash(link.hash));
  if (plan === undefined) return;
  // A password only the app can ask for: the app runs now, and the stage draws nothing.
  const password = { asked: false };
  const opened = stageOpen(ask.url, openDocument(ask.url), () => {
    password.asked = true;
    giveUp();
  });
  const annotationMode = annotationModeFor(doc.param.showComment);
  const draw = async (pdf: PDFDocumentProxy, number: number, layout: FirstFrameLayout) => {
    const page = await pdf.getPage(number);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({
      scale: (layout.pages[0].width / natural.width) * (window.devicePixelRatio || 1),
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    // The bench's probe and the browser tests find it by this (bench/probe.ts).
    canvas.dataset.stagePage = String(number);
    return { canvas, render: () => page.render({ canvas, viewport, annotationMode }).promise };
  };

  // The page the reader has turned to, and the one the frame shows.
  let wanted = 1;
  let shown = 0;
  const turnPages = async () => {
    const pdf = await opened.promise;
    while (wanted !== shown && !password.asked && !isFirstFrameReplaced()) {
      const number = wanted;
      const layout = planPageLayout(doc, screenNow(), number);
      if (layout === undefined) return;
      const { canvas, render } = await draw(pdf, number, layout);
      await render();
      if (isFirstFrameReplaced()) return;
      // Swapped whole, once drawn: the reader never sees a half-drawn page.
      document.getElementById(FIRST_FRAME_ID)?.remove();
      paintFirstFrame(layout, canvas);
      shown = number;
    }
  };
  // Page 1 is drawn first (below); the pages turned to meanwhile follow it, one drawing at a time.
  let drawing = true;
  const turn = () => {
    if (drawing) return;
    drawing = true;
    void turnPages()
      .catch(() => undefined)
      .finally(() => {
        drawing = false;
      });
  };
  const bar = document.getElementById('folio-boot-bar');
  if (bar && doc.param.showHeaderBar) {
    mountPageControls(bar, {
      count: doc.pageCount,
      locale: pickLocale(pageLocation().search, navigator.languages),
      showNumber: doc.param.showNum,
      narrow: screenNow().narrow,
      go(number) {
        wanted = number;
        // Where the app opens (or goes, when it already follows the link).
        writePageAhead(docId, number);
        turn();
      },
    });
  }

  const pdf = await opened.promise;
  const first = await draw(pdf, 1, plan);
  if (password.asked || isFirstFrameReplaced()) return;
  paintFirstFrame(plan, first.canvas);
  await first.render();
  shown = 1;
  await painted();
  // A page turned to meanwhile is drawn now, while the app's scripts load.
  drawing = false;
  turn();
}
