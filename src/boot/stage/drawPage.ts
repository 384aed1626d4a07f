/**
 * Page 1, opened and drawn by the boot's stage with pdf.js's display layer alone
 * (docs/decisions/2026-12-07-boot-draws-page-one.md): opened through the one opener
 * (services/pdf/openDocument.ts, which takes over the boot's ranges), left for the app's open to
 * take (services/pdf/stagedOpen.ts), and drawn (`page.render`) into the first frame's page 1, at
 * the place and scale of the viewer's first layout, under its watermark (firstFrame/).
 */
import { normalizeDocument } from '../../services/facilityDocument';
import { annotationModeFor } from '../../services/pdf/annotationMode';
import { openDocument } from '../../services/pdf/openDocument';
import { stageOpen } from '../../services/pdf/stagedOpen';
import { readSettings } from '../../services/settings';
import { parseHash } from '../../url/hash';
import { readLink } from '../../url/link';
import { pageLocation } from '../../url/location';
import { isFirstFrameReplaced } from '../firstFrame/handover';
import { paintFirstFrame } from '../firstFrame/paint';
import { planFirstLayout } from '../firstFrame/plan';
import { screenNow } from '../firstFrame/screen';
import type { StageAsk } from './earlyStage';

/** Settles once page 1 is painted, or the stage has nothing (more) to draw. */
export async function drawPage(ask: StageAsk, giveUp: () => void): Promise<void> {
  const link = readLink(pageLocation());
  if (link.doc.kind !== 'id') return;
  const base = new URL(readSettings().previewApi, document.baseURI);
  const doc = normalizeDocument(ask.answer, { id: link.doc.id, base });
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
  const page = await (await opened.promise).getPage(1);
  if (password.asked || isFirstFrameReplaced()) return;
  const box = plan.pages[0];
  const natural = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({
    scale: (box.width / natural.width) * (window.devicePixelRatio || 1),
  });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  // The bench's probe finds it by this (bench/probe.ts).
  canvas.dataset.stagePage = '1';
  paintFirstFrame(plan, canvas);
  await page.render({
    canvas,
    viewport,
    annotationMode: annotationModeFor(doc.param.showComment),
  }).promise;
  // Painted: the frame has been rendered once a task after the next animation frame runs.
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
