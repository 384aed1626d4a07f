/** A served image decoded (@napi-rs/canvas), for tests that look at its pixels. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** The image's size and how many of its pixels `matches` (by red, green, blue). */
export async function countPixels(
  bytes: Buffer,
  matches: (red: number, green: number, blue: number) => boolean,
): Promise<{ width: number; height: number; count: number }> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (matches(data[i], data[i + 1], data[i + 2])) count += 1;
  }
  return { width: image.width, height: image.height, count };
}
