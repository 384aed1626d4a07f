/**
 * A page's text with its positions, for a view-only reader's search (view-only.ts): the words are
 * found and highlighted on the page image, never laid out as selectable text. Runs in the pool's
 * threads (pool-worker.ts) on the document preview-render.ts keeps open.
 */
import { Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CSS_PER_POINT, documentOf } from './preview-render.ts';

/** One run of text, its box in CSS pixels of the displayed page at zoom 1 (top-left origin). */
export interface PageTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageText {
  /** The displayed page's size, CSS pixels at zoom 1. */
  width: number;
  height: number;
  items: PageTextItem[];
}

export interface PageTextJob {
  input: string;
  /** Names the content of `input` (the open document is kept under it). */
  hash: string;
  /** 1-based. */
  page: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

export async function readPageText({ input, hash, page }: PageTextJob): Promise<PageText> {
  const doc = await documentOf(input, hash);
  const pdfPage = await doc.getPage(page);
  try {
    const viewport = pdfPage.getViewport({ scale: CSS_PER_POINT });
    const content = await pdfPage.getTextContent();
    const items: PageTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const { str, transform, width } = item;
      // As pdf.js's text layer places a run: its baseline origin and font height in the viewport.
      const tx = Util.transform(viewport.transform, transform) as number[];
      const fontHeight = Math.hypot(tx[2], tx[3]);
      items.push({
        text: str,
        x: round(tx[4]),
        y: round(tx[5] - fontHeight),
        width: round(width * CSS_PER_POINT),
        height: round(fontHeight),
      });
    }
    return { width: round(viewport.width), height: round(viewport.height), items };
  } finally {
    pdfPage.cleanup();
  }
}
