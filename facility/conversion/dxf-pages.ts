/**
 * A DXF drawing as a one-page vector PDF, in a pool task (pool-worker.ts; docs/server.md, "CAD
 * drawings"): parsed by dxf-parser (with HATCH read by dxf-hatch.ts), its model space made shapes
 * (dxf-shapes.ts) and fitted to a page whose long side is an A3's, lines and Béziers as PDF paths,
 * text drawn with the CJK font in the PDF's text layer, so it is found and selected as any PDF's.
 *
 * Bounded (docs/decisions/2026-12-06-cad-drawings-and-decoded-images.md): the entities are counted
 * in the bytes before dxf-parser reads them (it holds every line as a string), and refused above
 * `maxEntities`; the shapes, inserts expanded, stop at `maxShapes`; the pool bounds time and memory.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import DxfParser from 'dxf-parser';
import type { IDxf } from 'dxf-parser';
import { PDFDocument, degrees, drawText, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { HatchHandler } from './dxf-hatch.ts';
import { DrawingRefused, walkDrawing } from './dxf-shapes.ts';
import type { Colour, PathShape, Shape, TextShape } from './dxf-shapes.ts';

export interface DxfJob {
  input: string;
  output: string;
  /** Entities (model space and blocks) at most, counted before parsing. */
  maxEntities: number;
  /** Shapes at most once every insert is drawn. */
  maxShapes: number;
  /**
   * Every layer drawn as on, whatever the file says: LibreDWG's DXF marks every layer off (a
   * negative colour), so a DWG's would draw nothing (converters/dwg.ts).
   */
  everyLayerOn?: boolean;
}

/** `refused`: why nothing was drawn (too many entities or shapes, blocks that never end). */
export interface DrawnDxf {
  shapes: number;
  refused?: { code: 'too_large' | 'unsupported'; message: string };
}

/** The CJK font Folio's machines have (scripts/ensure-test-tools.ts): Latin and CJK glyphs alike. */
export const DRAWING_FONT = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const DRAWING_FONT_NAME = 'WenQuanYiZenHei';

/** An A3's long side, in points. */
const LONG_SIDE = 1191;
const SHORT_MIN = 200;
const MARGIN = 24;
const LINE_WIDTH = 0.5;

/** A line of `bytes` from `start` to `end` that is `0`, spaces and a CR around it allowed. */
function isZeroCode(bytes: Buffer, start: number, end: number): boolean {
  let zero = false;
  for (let i = start; i < end; i += 1) {
    const c = bytes[i];
    if (c === 0x30 && !zero) zero = true;
    else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return zero;
}

/**
 * The groups whose code is 0 (each an entity, or a section's, table's or block's mark), counted in
 * the bytes before anything is decoded, and only up to `atMost` + 1: a file of ten million
 * entities is refused after reading the first few MB of it.
 */
export function countEntities(bytes: Uint8Array, atMost = Infinity): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  let start = 0;
  let isCode = true;
  while (start < buffer.length && count <= atMost) {
    let end = buffer.indexOf(0x0a, start);
    if (end < 0) end = buffer.length;
    if (isCode && isZeroCode(buffer, start, end)) count += 1;
    isCode = !isCode;
    start = end + 1;
  }
  return count;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function measure(dxf: IDxf, maxShapes: number): { box: Box; shapes: number; texts: boolean } {
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (x: number, y: number) => {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  };
  let shapes = 0;
  let texts = false;
  walkDrawing(dxf, maxShapes, (shape) => {
    shapes += 1;
    if (shape.kind === 'text') {
      texts = true;
      // The line's extent guessed at 0.6 of its height a character: the font is not loaded yet.
      const length = shape.height * 0.6 * shape.text.length;
      const angle = (shape.rotation * Math.PI) / 180;
      const back = length * shape.align;
      add(shape.x - back * Math.cos(angle), shape.y - back * Math.sin(angle));
      add(shape.x + (length - back) * Math.cos(angle), shape.y + (length - back) * Math.sin(angle));
      add(shape.x - shape.height * Math.sin(angle), shape.y + shape.height * Math.cos(angle));
      return;
    }
    for (const piece of shape.pieces) {
      if (piece.op === 'Z') continue;
      add(piece.x, piece.y);
      if (piece.op === 'C') {
        add(piece.x1, piece.y1);
        add(piece.x2, piece.y2);
      }
    }
  });
  return { box, shapes, texts };
}

/**
 * A number as the page's content stream writes it: to a thousandth of a point, never in exponent
 * form; a value no page could hold (a point outside the measured box, NaN) is written as 0.
 */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Number.isFinite(rounded) && Math.abs(rounded) < 1e9 && rounded !== 0
    ? String(rounded)
    : '0';
}

const colourOf = (colour: Colour) =>
  rgb(((colour >> 16) & 0xff) / 255, ((colour >> 8) & 0xff) / 255, (colour & 0xff) / 255);

const colourText = (colour: Colour) =>
  `${num(((colour >> 16) & 0xff) / 255)} ${num(((colour >> 8) & 0xff) / 255)} ${num((colour & 0xff) / 255)}`;

/**
 * Writes the page's content: the drawing's (x, y) at page (x·scale + dx, y·scale + dy). Paths are
 * written as text, not as pdf-lib's operator objects: a 5 MB drawing is ≈ 500 000 of them, and
 * making and collecting them took most of its time (docs/decisions/2026-12-07-dwg.md).
 */
function painter(
  page: PDFPage,
  font: PDFFont | undefined,
  scale: number,
  dx: number,
  dy: number,
  out: string[],
) {
  const X = (x: number) => num(x * scale + dx);
  const Y = (y: number) => num(y * scale + dy);
  const path = (shape: PathShape): void => {
    const colour = colourText(shape.colour);
    out.push(shape.fill ? `q ${colour} RG ${colour} rg` : `q ${colour} RG`);
    for (const piece of shape.pieces) {
      if (piece.op === 'M') out.push(`${X(piece.x)} ${Y(piece.y)} m`);
      else if (piece.op === 'L') out.push(`${X(piece.x)} ${Y(piece.y)} l`);
      else if (piece.op === 'C') {
        out.push(
          `${X(piece.x1)} ${Y(piece.y1)} ${X(piece.x2)} ${Y(piece.y2)} ${X(piece.x)} ${Y(piece.y)} c`,
        );
      } else out.push('h');
    }
    out.push(shape.fill ? 'B Q' : 'S Q');
  };
  // The font named in the page's resources once: pdf-lib's page.drawText looks it up on every
  // call, which made 20 000 labels take seconds.
  const fontKey = font === undefined ? undefined : page.node.newFontDictionary(font.name, font.ref);
  const text = (shape: TextShape): void => {
    if (font === undefined || fontKey === undefined) return;
    const size = shape.height * scale;
    // Smaller than a tenth of a point is not drawn: it would be neither seen nor found.
    if (!(size >= 0.1) || !Number.isFinite(size)) return;
    const angle = (shape.rotation * Math.PI) / 180;
    const back = font.widthOfTextAtSize(shape.text, size) * shape.align;
    const operators = drawText(font.encodeText(shape.text), {
      x: shape.x * scale + dx - back * Math.cos(angle),
      y: shape.y * scale + dy - back * Math.sin(angle),
      size,
      font: fontKey,
      color: colourOf(shape.colour),
      rotate: degrees(shape.rotation),
      xSkew: degrees(0),
      ySkew: degrees(0),
    });
    for (const operator of operators) out.push(operator.toString());
  };
  return (shape: Shape) => {
    if (shape.kind === 'text') text(shape);
    else path(shape);
  };
}

/** dxf-parser's reading of the text, HATCH included (dxf-hatch.ts); null when it is no DXF. */
export function parseDrawing(text: string): IDxf | null {
  const parser = new DxfParser();
  parser.registerEntityHandler(
    HatchHandler as unknown as Parameters<DxfParser['registerEntityHandler']>[0],
  );
  return parser.parseSync(text);
}

export async function dxfPdf(job: DxfJob): Promise<DrawnDxf> {
  const bytes = await readFile(job.input);
  if (countEntities(bytes, job.maxEntities) > job.maxEntities) {
    const limit = job.maxEntities.toLocaleString('en');
    const message = `the drawing has more than ${limit} entities; the limit is ${limit}`;
    return { shapes: 0, refused: { code: 'too_large', message } };
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  const dxf = parseDrawing(text);
  if (dxf === null)
    return { shapes: 0, refused: { code: 'unsupported', message: 'not a DXF drawing' } };
  if (job.everyLayerOn === true) {
    // A DXF without a TABLES section has none (the types say otherwise).
    const tables = (dxf as Partial<IDxf>).tables;
    for (const layer of Object.values(tables?.layer.layers ?? {})) layer.visible = true;
  }
  try {
    const { box, shapes, texts } = measure(dxf, job.maxShapes);
    const doc = await PDFDocument.create();
    const empty = !(box.maxX >= box.minX && box.maxY >= box.minY);
    const width = empty ? 1 : Math.max(box.maxX - box.minX, 1e-9);
    const height = empty ? 1 : Math.max(box.maxY - box.minY, 1e-9);
    const wide = width >= height;
    const pageWidth = wide ? LONG_SIDE : Math.max(SHORT_MIN, (LONG_SIDE * width) / height);
    const pageHeight = wide ? Math.max(SHORT_MIN, (LONG_SIDE * height) / width) : LONG_SIDE;
    const page = doc.addPage([pageWidth, pageHeight]);
    const scale = Math.min((pageWidth - 2 * MARGIN) / width, (pageHeight - 2 * MARGIN) / height);
    // Centred on the page.
    const dx = (pageWidth - width * scale) / 2 - (empty ? 0 : box.minX) * scale;
    const dy = (pageHeight - height * scale) / 2 - (empty ? 0 : box.minY) * scale;
    let font: PDFFont | undefined;
    if (texts) {
      // The collection's first face: pdf-lib's own call to fontkit names none.
      doc.registerFontkit({
        ...fontkit,
        create: (data: Uint8Array) => fontkit.create(data, DRAWING_FONT_NAME),
      });
      font = await doc.embedFont(await readFile(DRAWING_FONT), { subset: true });
    }
    // Round caps and joins (1 J, 1 j).
    const content = [`${num(LINE_WIDTH)} w 1 J 1 j`];
    walkDrawing(dxf, job.maxShapes, painter(page, font, scale, dx, dy, content));
    // Compressed by node's zlib: pdf-lib's own (pako) took as long again as drawing.
    const stream = doc.context.stream(deflateSync(Buffer.from(content.join('\n'), 'latin1')), {
      Filter: 'FlateDecode',
    });
    page.node.addContentStream(doc.context.register(stream));
    await writeFile(job.output, await doc.save());
    return { shapes };
  } catch (error) {
    if (error instanceof DrawingRefused) {
      return { shapes: 0, refused: { code: error.code, message: error.message } };
    }
    throw error;
  }
}
