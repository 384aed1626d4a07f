/**
 * A view-only document's thumbnails: the server's smallest image that covers the thumbnail, turned
 * on a canvas when the reader has turned the pages (the store keeps what this returns).
 */
import { normaliseRotation } from '../pdf/layout';
import { thumbSize } from '../pdf/thumbnailGeometry';
import type { RasterTask, Rasterize } from '../pdf/thumbnailStore';
import { imageWidthFor, loadPageImage, pageImageUrl } from './pageImages';
import type { PageImages } from './pageImages';

async function turned(url: string, rotation: number): Promise<string> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const sideways = rotation % 180 !== 0;
  const canvas = document.createElement('canvas');
  canvas.width = sideways ? image.naturalHeight : image.naturalWidth;
  canvas.height = sideways ? image.naturalWidth : image.naturalHeight;
  try {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D context for a thumbnail');
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate((rotation * Math.PI) / 180);
    ctx.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/png');
    });
    if (!blob) throw new Error('thumbnail could not be encoded');
    return URL.createObjectURL(blob);
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}

export function imageRasterizer(images: PageImages): Rasterize {
  return (pageNumber, rotation): RasterTask => {
    const controller = new AbortController();
    const promise = (async () => {
      const size = images.sizes[pageNumber - 1] ?? { width: 612, height: 792 };
      const css = thumbSize(size, 0);
      const width = imageWidthFor(images.widths, css.width, window.devicePixelRatio || 1);
      const url = await loadPageImage(pageImageUrl(images, pageNumber, width), controller.signal);
      const degrees = normaliseRotation(rotation);
      if (degrees === 0) return url;
      try {
        return await turned(url, degrees);
      } finally {
        URL.revokeObjectURL(url);
      }
    })();
    return {
      promise,
      cancel() {
        controller.abort();
      },
    };
  };
}
