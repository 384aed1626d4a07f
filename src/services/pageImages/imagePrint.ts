/**
 * A view-only document printed (behaviour.md, "Print"): each page is the server's image at the
 * print resolution, with the reader's watermark already in its pixels (the print job adds none).
 */
import type { PrintSource, PrintViewport } from '../print/printable';
import { imageWidthFor, loadPageImage, pageImageUrl } from './pageImages';
import type { PageImages } from './pageImages';

async function drawImage(canvas: HTMLCanvasElement, url: string): Promise<void> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context to print on');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
}

export function imagePrintSource(images: PageImages): PrintSource {
  return {
    getPage(pageNumber) {
      const size = pageNumber >= 1 ? images.sizes.at(pageNumber - 1) : undefined;
      if (!size) return Promise.reject(new RangeError(`no page ${String(pageNumber)}`));
      // The image is the page as displayed: PDF points, y up, from its bottom-left corner.
      const getViewport = ({ scale }: { scale: number }): PrintViewport => ({
        scale,
        width: size.width * scale,
        height: size.height * scale,
        transform: [scale, 0, 0, -scale, 0, size.height * scale],
      });
      return Promise.resolve({
        getViewport,
        render({ canvas, viewport }) {
          const controller = new AbortController();
          const width = imageWidthFor(images.widths, viewport.width, 1);
          const url = pageImageUrl(images, pageNumber, width);
          const promise = loadPageImage(url, controller.signal).then(async (src) => {
            try {
              await drawImage(canvas, src);
            } finally {
              URL.revokeObjectURL(src);
            }
          });
          return {
            promise,
            cancel() {
              controller.abort();
            },
          };
        },
        cleanup() {
          // Nothing is held: each image is let go once drawn.
        },
      });
    },
  };
}
