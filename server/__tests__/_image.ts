/** A served image decoded (@napi-rs/canvas), for tests that look at its pixels. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** The image's size and how many of its pixels `matches` (by red, green, blue). */
export async function countPixels(
  bytes: Buffer,
  matches: (red: number, green: number, blue: number) => boolean,
): Promise<{ width: number; height: number; count: number }> {
  const { width, height, data } = await decoded(bytes);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (matches(data[i], data[i + 1], data[i + 2])) count += 1;
  }
  return { width, height, count };
}

async function decoded(bytes: Buffer) {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
}

/**
 * Rows of pixels crossed by a horizontal line at least `minRun` pixels long (that many painted,
 * not white, pixels side by side): a table's rules, never a line of text.
 */
export async function horizontalLines(bytes: Buffer, minRun: number): Promise<number> {
  const { width, height, data } = await decoded(bytes);
  let lines = 0;
  for (let y = 0; y < height; y += 1) {
    let run = 0;
    for (let x = 0; x < width && run < minRun; x += 1) {
      const i = (y * width + x) * 4;
      run = data[i] < 230 || data[i + 1] < 230 || data[i + 2] < 230 ? run + 1 : 0;
    }
    if (run >= minRun) lines += 1;
  }
  return lines;
}
