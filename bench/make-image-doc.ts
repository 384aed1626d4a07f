// Generates a stand-in for `image-200.pdf` (../shared/docs): 200 US Letter pages, each one RGB
// JPEG of 1275×1650 px (150 dpi, DCTDecode, ~115 kB) like a scanned document: tinted paper with
// a few specks, lines of grey "words", a photo-like block on every third page (~23 MB in all).
// Deterministic: every pixel comes from a seeded PRNG, Chromium's JPEG encoder (node has none)
// encodes them, and pdf-lib assembles the file with fixed dates. Cached as
// `bench/.out/image-200.pdf`.
//
//   npx node bench/make-image-doc.ts [out.pdf]
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { launchChromium } from '../browser-tests/support/chromium.ts';

export const IMAGE_DOC_PAGES = 200;
const WIDTH = 1275;
const HEIGHT = 1650;
const QUALITY = 0.5;

interface PageSpec {
  seed: number;
  width: number;
  height: number;
  quality: number;
}

/** Runs in the browser: paints one page from its seed and returns it as a base64 JPEG. */
function paintScan({ seed, width, height, quality }: PageSpec): string {
  let state = seed >>> 0;
  const random = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const image = ctx.createImageData(width, height);
  const px = image.data;
  const ink = new Uint8Array(width * height);
  // Lines of words inside the margins; one page in three has a photo-like block.
  const margin = 150;
  const photo =
    seed % 3 === 0
      ? { x: margin, y: 300 + Math.floor(random() * 400), w: 600, h: 420 }
      : { x: 0, y: 0, w: 0, h: 0 };
  for (let y = margin; y < height - margin - 30; y += 60) {
    if (y >= photo.y - 30 && y < photo.y + photo.h + 10) continue;
    if (random() < 0.06) continue; // paragraph break
    let x = margin;
    const end = width - margin - (random() < 0.15 ? random() * 500 : 0);
    while (x < end) {
      const w = Math.min(20 + Math.floor(random() * 110), end - x);
      const h = 16 + Math.floor(random() * 4);
      for (let yy = y; yy < y + h; yy += 1) {
        for (let xx = x; xx < x + w; xx += 1) {
          // strokes: glyph-like vertical bars with gaps
          if ((xx - x) % 12 < 3 || yy === y + 8) ink[yy * width + xx] = 1;
        }
      }
      x += w + 12 + Math.floor(random() * 8);
    }
  }
  const tint = random() * 6;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const o = i * 4;
      let v: number;
      if (x >= photo.x && x < photo.x + photo.w && y >= photo.y && y < photo.y + photo.h) {
        const fx = (x - photo.x) / photo.w;
        const fy = (y - photo.y) / photo.h;
        v = 60 + 120 * (0.5 + 0.5 * Math.sin(fx * 7 + fy * 4 + seed)) * fy + random() * 12;
      } else if (ink[i] === 1) {
        v = 80;
      } else {
        v = 246 - tint + (random() < 0.0001 ? -50 : 0);
      }
      px[o] = v + 3;
      px[o + 1] = v + 1;
      px[o + 2] = v - 4;
      px[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  const url = canvas.toDataURL('image/jpeg', quality);
  return url.slice(url.indexOf(',') + 1);
}

/** Writes the document to `file` (atomically: a partial file is never left under that name). */
export async function makeImageDoc(file: string, pages = IMAGE_DOC_PAGES): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pdf = await PDFDocument.create();
    const epoch = new Date(Date.UTC(2026, 0, 1));
    pdf.setCreationDate(epoch);
    pdf.setModificationDate(epoch);
    pdf.setProducer('folio bench/make-image-doc.ts');
    pdf.setCreator('folio bench/make-image-doc.ts');
    for (let n = 1; n <= pages; n += 1) {
      const spec: PageSpec = { seed: n * 7919, width: WIDTH, height: HEIGHT, quality: QUALITY };
      const jpeg = Buffer.from(await page.evaluate(paintScan, spec), 'base64');
      const image = await pdf.embedJpg(jpeg);
      const pdfPage = pdf.addPage([612, 792]);
      pdfPage.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
    }
    const bytes = await pdf.save({ useObjectStreams: false });
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
  } finally {
    await browser.close();
  }
}

const entry = process.argv.at(1);
if (entry !== undefined && path.resolve(entry) === import.meta.filename) {
  const out = path.resolve(
    process.argv[2] ?? path.join(import.meta.dirname, '.out', 'image-200.pdf'),
  );
  const started = Date.now();
  await makeImageDoc(out);
  console.log(
    `${out}: ${IMAGE_DOC_PAGES} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
