/**
 * A diagram's pages drawn by pdfkit: boxes, rounded boxes, ellipses and diamonds with their
 * labels, and connectors as lines through their waypoints with an arrowhead. What mind-map-pages.ts
 * and diagram-pages.ts read is laid out as this model; each page is the diagram's own size (in
 * points, one unit a point), scaled down to PDF's largest page when it is larger.
 */
import { createPdf, savePdf } from './drawn-pdf.ts';
import type { Pdf } from './drawn-pdf.ts';
import { PackageRefused } from './zip-package.ts';

export type ShapeKind = 'box' | 'rounded' | 'ellipse' | 'diamond' | 'text';

export interface Shape {
  x: number;
  y: number;
  width: number;
  height: number;
  kind: ShapeKind;
  label: string;
  /** `#rrggbb`; none: white fill, dark outline. */
  fill?: string;
  stroke?: string;
  fontSize?: number;
}

export interface Connector {
  points: [number, number][];
  label?: string;
  /** Draw an arrowhead at the last point. */
  arrow: boolean;
}

export interface DiagramPage {
  name: string;
  shapes: Shape[];
  connectors: Connector[];
}

/** Shapes and connectors of a whole file at most: more is refused, named. */
export const MAX_DIAGRAM_ITEMS = 20_000;
/** PDF's largest page side, in points (ISO 32000, Annex C). */
const MAX_SIDE = 14_400;
const MARGIN = 24;

export function checkItems(count: number, what: string): void {
  if (count > MAX_DIAGRAM_ITEMS) {
    throw new PackageRefused(
      `the file has more than ${String(MAX_DIAGRAM_ITEMS)} ${what}; the limit is ${String(MAX_DIAGRAM_ITEMS)}`,
      true,
    );
  }
}

const COLOR = /^#[0-9a-f]{6}$/i;
const colorOr = (color: string | undefined, otherwise: string) =>
  color !== undefined && COLOR.test(color) ? color : otherwise;

function drawShape(doc: Pdf, shape: Shape): void {
  const { x, y, width, height } = shape;
  if (shape.kind !== 'text') {
    if (shape.kind === 'ellipse') {
      doc.ellipse(x + width / 2, y + height / 2, width / 2, height / 2);
    } else if (shape.kind === 'diamond') {
      doc.polygon(
        [x + width / 2, y],
        [x + width, y + height / 2],
        [x + width / 2, y + height],
        [x, y + height / 2],
      );
    } else if (shape.kind === 'rounded') {
      doc.roundedRect(x, y, width, height, Math.min(8, height / 4));
    } else doc.rect(x, y, width, height);
    doc
      .lineWidth(1)
      .fillAndStroke(colorOr(shape.fill, '#ffffff'), colorOr(shape.stroke, '#334155'));
  }
  if (shape.label === '') return;
  const size = shape.fontSize ?? 10;
  doc.fillColor('#111827').fontSize(size);
  const inner = Math.max(width - 8, 8);
  const textHeight = doc.heightOfString(shape.label, { width: inner, align: 'center' });
  // A height: pdfkit never starts a page for it (it knows nothing of the page's transform).
  doc.text(shape.label, x + 4, y + Math.max((height - textHeight) / 2, 0), {
    width: inner,
    height: textHeight + size,
    align: 'center',
  });
}

function drawConnector(doc: Pdf, connector: Connector): void {
  const [first, ...rest] = connector.points;
  if (rest.length === 0) return;
  doc.moveTo(first[0], first[1]);
  for (const [x, y] of rest) doc.lineTo(x, y);
  doc.lineWidth(1).strokeColor('#475569').stroke();
  const end = connector.points.at(-1);
  const before = connector.points.at(-2);
  if (connector.arrow && end !== undefined && before !== undefined) {
    const angle = Math.atan2(end[1] - before[1], end[0] - before[0]);
    const wing = (turn: number): [number, number] => [
      end[0] - 7 * Math.cos(angle + turn),
      end[1] - 7 * Math.sin(angle + turn),
    ];
    doc.polygon(end, wing(0.4), wing(-0.4)).fill('#475569');
  }
  if (connector.label !== undefined && connector.label !== '') {
    const middle = connector.points[Math.floor(connector.points.length / 2)];
    const [mx, my] =
      rest.length === 1 ? [(first[0] + rest[0][0]) / 2, (first[1] + rest[0][1]) / 2] : middle;
    doc
      .fillColor('#111827')
      .fontSize(9)
      .text(connector.label, mx + 2, my - 10, { lineBreak: false });
  }
}

/** The pages drawn to `output`, each fitted to what it holds. */
export async function writeDiagramPdf(
  pages: DiagramPage[],
  title: string,
  output: string,
): Promise<number> {
  const doc = createPdf(title);
  for (const page of pages) {
    const xs = [
      ...page.shapes.flatMap((s) => [s.x, s.x + s.width]),
      ...page.connectors.flatMap((c) => c.points.map(([x]) => x)),
    ];
    const ys = [
      ...page.shapes.flatMap((s) => [s.y, s.y + s.height]),
      ...page.connectors.flatMap((c) => c.points.map(([, y]) => y)),
    ];
    if (xs.length === 0) continue;
    const left = Math.min(...xs) - MARGIN;
    const top = Math.min(...ys) - MARGIN;
    const width = Math.max(...xs) + MARGIN - left;
    const height = Math.max(...ys) + MARGIN - top;
    const scale = Math.min(1, MAX_SIDE / width, MAX_SIDE / height);
    doc.addPage({ size: [Math.max(width * scale, 72), Math.max(height * scale, 72)], margin: 0 });
    doc.save();
    doc.scale(scale).translate(-left, -top);
    for (const connector of page.connectors) drawConnector(doc, connector);
    for (const shape of page.shapes) drawShape(doc, shape);
    doc.restore();
  }
  const count = doc.bufferedPageRange().count;
  if (count === 0) throw new PackageRefused('the diagram has nothing to draw');
  await savePdf(doc, output);
  return count;
}
