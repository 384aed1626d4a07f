/**
 * A printed page is composed of layers drawn one after another onto the page's canvas: the page
 * itself (pdf.js), then the watermark, then whatever a later feature adds (signatures, behaviour.md, "Signatures").
 * A layer is a function of the canvas and the page; `printLayers` lists them from the model's
 * decorations, so adding one is a field in `PrintDecorations` and a line in `printLayers`.
 */
import { annotationModeFor } from '../pdf/annotationMode';
import { drawWatermark } from '../watermark';
import type { SignatureItem, WatermarkInfo } from '../../domain/document';
import type { PrintablePage, PrintViewport } from './printable';

/** The page being printed, as every layer sees it. */
export interface PrintPage {
  pageNumber: number;
  page: PrintablePage;
  /** The page at the print scale (its own /Rotate applied): PDF points to canvas pixels. */
  viewport: PrintViewport;
  /** Canvas pixels per CSS pixel of the page at 100 % zoom (pdf.js: 96 CSS px per 72 pt). */
  cssRatio: number;
}

/** Draws onto the page's canvas; stops early (throws) when `signal` aborts. */
export type PrintLayer = (
  canvas: HTMLCanvasElement,
  page: PrintPage,
  signal: AbortSignal,
) => void | Promise<void>;

/**
 * The page itself, rendered by pdf.js for print: its printable annotations, or none when the
 * policy hides comments (`showComments` false); no forms, no scripting.
 */
function drawPage(showComments: boolean): PrintLayer {
  const annotationMode = annotationModeFor(showComments);
  return async (canvas, { page, viewport }, signal) => {
    signal.throwIfAborted();
    const task = page.render({
      canvas,
      viewport,
      intent: 'print',
      background: 'white',
      annotationMode,
    });
    const stop = () => {
      task.cancel();
    };
    signal.addEventListener('abort', stop);
    try {
      await task.promise;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };
}

const PAGE_WITH_COMMENTS = drawPage(true);
const PAGE_WITHOUT_COMMENTS = drawPage(false);

/** The page layer for the policy's `showComment` (one function each, so layers compare). */
export function pageLayer(showComments: boolean): PrintLayer {
  return showComments ? PAGE_WITH_COMMENTS : PAGE_WITHOUT_COMMENTS;
}

/** The facility's watermark, tiled over the whole page. */
export function watermarkLayer(info: WatermarkInfo): PrintLayer {
  return (canvas, { cssRatio }) => {
    const ctx = canvas.getContext('2d');
    if (ctx) drawWatermark(ctx, canvas.width, canvas.height, info, cssRatio);
  };
}

/** Where a signature's box (PDF points, SignatureItem) lies on the canvas: x, y, width, height. */
export function signatureRect(
  item: Pick<SignatureItem, 'x' | 'y' | 'width' | 'height'>,
  viewport: Pick<PrintViewport, 'transform'>,
): [number, number, number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = viewport.transform;
  const at = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f] as const;
  const [ax, ay] = at(item.x, item.y);
  const [bx, by] = at(item.x + item.width, item.y + item.height);
  return [Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay)];
}

/**
 * The reader's placed signatures (behaviour.md, "Signatures") on their page, each at its box. The print viewport has
 * the page's own /Rotate, in which the drawings stand upright, so they are drawn unturned.
 */
export function signatureLayer(items: readonly SignatureItem[]): PrintLayer {
  return async (canvas, { pageNumber, viewport }, signal) => {
    const ctx = canvas.getContext('2d');
    for (const item of items.filter((it) => it.canvasNum + 1 === pageNumber)) {
      const image = new Image();
      image.src = item.image;
      await image.decode();
      signal.throwIfAborted();
      ctx?.drawImage(image, ...signatureRect(item, viewport));
    }
  };
}

/** What is drawn over the pages, from the model's state (see `selectPrintDecorations`). */
export interface PrintDecorations {
  /** The merged `watermarkInfo`, or undefined when there is none (empty text). */
  watermark: WatermarkInfo | undefined;
  /** The placed signatures (behaviour.md, "Signatures"); empty without `showSignature`. */
  signatures: readonly SignatureItem[];
  /** The policy's `showComment`: false prints no annotation. */
  comments: boolean;
}

/** The layers of every printed page, bottom first: as on screen, the watermark lies on top. */
export function printLayers({ watermark, signatures, comments }: PrintDecorations): PrintLayer[] {
  return [
    pageLayer(comments),
    ...(signatures.length > 0 ? [signatureLayer(signatures)] : []),
    ...(watermark ? [watermarkLayer(watermark)] : []),
  ];
}
