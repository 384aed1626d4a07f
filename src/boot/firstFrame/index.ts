/**
 * The first frame (docs/decisions/2026-11-26-first-frame.md): page 1's preview, drawn where the
 * viewer will show it, under the facility's watermark, as soon as the boot (src/boot/start.ts) has
 * the facility's answer and the image, while the app's own scripts are still on their way. It is
 * built as its own entry and inlined into index.html after the boot (webpack.config.js inlineScript).
 */
import { offerDecodedPreview, peekEarlyPreview } from '../../services/earlyAnswer';
import type { EarlyPreviewAsked } from '../../services/earlyAnswer';
import { normalizeDocument } from '../../services/facilityDocument';
import { isPreviewImageType } from '../../services/pagePreviewUrl';
import { readSettings } from '../../services/settings';
import { parseHash } from '../../url/hash';
import { readLink } from '../../url/link';
import { pageLocation } from '../../url/location';
import { isFirstFrameReplaced } from './handover';
import { paintFirstFrame } from './paint';
import { planFirstFrame } from './plan';
import { screenNow } from './screen';

/**
 * The image, read from a copy of the response (the app takes the response itself over), and the
 * object URL it was decoded from.
 */
async function decodedImage(
  asked: EarlyPreviewAsked,
): Promise<{ image: HTMLImageElement; source: string } | undefined> {
  const copy = asked.response.then((response) => response.clone());
  const response = await copy;
  if (!response.ok || !isPreviewImageType(response.headers.get('content-type'))) return undefined;
  const source = URL.createObjectURL(await response.blob());
  const image = new Image();
  image.src = source;
  try {
    await image.decode();
    return { image, source };
  } catch {
    URL.revokeObjectURL(source);
    return undefined;
  }
}

async function showFirstFrame(): Promise<void> {
  const early = peekEarlyPreview();
  const link = readLink(pageLocation());
  const doc = link.doc;
  if (early === undefined || doc.kind !== 'id') return;
  const asked = await early;
  if (asked === undefined) return;
  const image = decodedImage(asked).catch(() => undefined);
  const base = new URL(readSettings().previewApi, document.baseURI);
  const plan = planFirstFrame(
    normalizeDocument(asked.answer, { id: doc.id, base }),
    screenNow(),
    parseHash(link.hash),
  );
  // Another image than the boot script asked for: the app asks for its own.
  if (plan?.preview !== asked.url) return;
  const decoded = await image;
  if (decoded === undefined) return;
  if (isFirstFrameReplaced()) {
    URL.revokeObjectURL(decoded.source);
    return;
  }
  // The app shows page 1's preview from the same object URL: one decode, not two.
  offerDecodedPreview(asked.url, decoded.source);
  paintFirstFrame(plan, decoded.image);
  // Painted: the frame has been rendered once a task after the next animation frame runs.
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// Drawn or not (any failure leaves page 1 to the app), the app's scripts may run now.
showFirstFrame()
  .catch(() => undefined)
  .finally(() => window.folioStartApp?.());
