/**
 * draw.io (`.drawio`, `.dio`) and BPMN 2.0 (`.bpmn`) diagrams made a PDF in a pool task
 * (docs/server.md, "Formats"; docs/decisions/2026-12-06-packages-drawn-as-pages.md), drawn by
 * diagram-draw.ts from the geometry the file stores: no renderer of either fits (draw.io's is a
 * browser application; bpmn-js's licence asks for its watermark to stay on every diagram).
 *
 * draw.io: each `<diagram>` a page (its model plain or deflated and base64'd, inflated under a cap),
 * each vertex its box, ellipse, rhombus or text with its label (HTML labels as their text) and
 * fill and stroke colours, each edge from its source to its target through its waypoints. BPMN:
 * each plane's shapes (events as circles, gateways as diamonds, tasks and sub-processes as rounded
 * boxes, pools and lanes as boxes) named from the process, each edge through its waypoints. Not
 * drawn: draw.io's stencils and images (their box and label only), styles beyond the colours,
 * BPMN's event and task markers.
 */
import { inflateRawSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { DomUtils, parseDocument } from 'htmlparser2';
import { answered } from './drawn-pdf.ts';
import type { Drawn, DrawnJob } from './drawn-pdf.ts';
import { checkItems, writeDiagramPdf } from './diagram-draw.ts';
import type { Connector, DiagramPage, Shape, ShapeKind } from './diagram-draw.ts';
import { PackageRefused } from './zip-package.ts';
import { allText, attribute, child, childrenNamed, descendants, parseXml } from './xml-tree.ts';
import type { XmlElement } from './xml-tree.ts';

/** A diagram file, and one page's model once inflated, at most. */
const MAX_DIAGRAM_BYTES = 32 * 1024 ** 2;

const num = (value: string | undefined) => Number(value) || 0;

/** draw.io's `style`: `key=value;` pairs, a bare word first naming the shape. */
function styleOf(style: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (style ?? '').split(';')) {
    const [key = '', value = ''] = pair.split('=');
    if (key !== '') map.set(key, pair.includes('=') ? value : 'true');
  }
  return map;
}

/** An HTML label's text (never rendered as HTML). */
function labelText(value: string): string {
  if (!value.includes('<')) return value;
  const text = DomUtils.textContent(parseDocument(value.replace(/<br\s*\/?>|<\/(div|p)>/gi, '\n')));
  return text.replace(/\n{2,}/g, '\n').trim();
}

function drawioKind(style: Map<string, string>): ShapeKind {
  if (style.has('ellipse') || style.get('shape') === 'ellipse') return 'ellipse';
  if (style.has('rhombus') || style.get('shape') === 'rhombus') return 'diamond';
  if (style.has('text')) return 'text';
  return style.get('rounded') === '1' ? 'rounded' : 'box';
}

/** A `<diagram>`'s model: plain XML inside it, or deflated, base64'd and URI-encoded. */
function drawioModel(diagram: XmlElement): XmlElement | undefined {
  const plain = child(diagram, 'mxGraphModel');
  if (plain !== undefined) return plain;
  const packed = allText(diagram).trim();
  if (packed === '') return undefined;
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(Buffer.from(packed, 'base64'), {
      maxOutputLength: MAX_DIAGRAM_BYTES,
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new PackageRefused(
        `a page of the diagram inflates past ${String(MAX_DIAGRAM_BYTES / 1024 ** 2)} MB, the cap on one page`,
        true,
      );
    }
    throw new PackageRefused(
      `a page of the diagram could not be inflated: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return parseXml(Buffer.from(decodeURIComponent(inflated.toString('latin1')), 'utf8'));
  } catch {
    throw new PackageRefused('a page of the diagram is not readable XML once inflated');
  }
}

function centre(shape: Shape): [number, number] {
  return [shape.x + shape.width / 2, shape.y + shape.height / 2];
}

/** Where the line from the shape's centre towards `to` leaves its box. */
function border(shape: Shape, to: [number, number]): [number, number] {
  const [cx, cy] = centre(shape);
  const dx = to[0] - cx;
  const dy = to[1] - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const scale = Math.min(
    dx === 0 ? Infinity : shape.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : shape.height / 2 / Math.abs(dy),
  );
  return [cx + dx * scale, cy + dy * scale];
}

function drawioPage(name: string, model: XmlElement): DiagramPage {
  const cells = descendants(model, 'mxCell');
  checkItems(cells.length, 'shapes and connectors');
  const byId = new Map(cells.map((cell) => [attribute(cell, 'id') ?? '', cell]));
  const shapes = new Map<string, Shape>();
  // A cell inside a group or container is placed relative to it.
  const offset = (cell: XmlElement, depth = 0): [number, number] => {
    const parent = byId.get(attribute(cell, 'parent') ?? '');
    if (parent === undefined || attribute(parent, 'vertex') !== '1' || depth > 50) return [0, 0];
    const geometry = child(parent, 'mxGeometry');
    const [px, py] = offset(parent, depth + 1);
    return [px + num(attribute(geometry, 'x')), py + num(attribute(geometry, 'y'))];
  };
  for (const cell of cells) {
    if (attribute(cell, 'vertex') !== '1') continue;
    const geometry = child(cell, 'mxGeometry');
    const style = styleOf(attribute(cell, 'style'));
    const [ox, oy] = offset(cell);
    shapes.set(attribute(cell, 'id') ?? '', {
      x: ox + num(attribute(geometry, 'x')),
      y: oy + num(attribute(geometry, 'y')),
      width: num(attribute(geometry, 'width')),
      height: num(attribute(geometry, 'height')),
      kind: drawioKind(style),
      label: labelText(attribute(cell, 'value') ?? ''),
      ...(style.has('fillColor') && { fill: style.get('fillColor') }),
      ...(style.has('strokeColor') && { stroke: style.get('strokeColor') }),
      ...(style.has('fontSize') && { fontSize: num(style.get('fontSize')) || 10 }),
    });
  }
  const connectors: Connector[] = [];
  for (const cell of cells) {
    if (attribute(cell, 'edge') !== '1') continue;
    const geometry = child(cell, 'mxGeometry');
    const point = (as: string) => {
      const found = childrenNamed(geometry, 'mxPoint').find((p) => attribute(p, 'as') === as);
      return found === undefined
        ? undefined
        : ([num(attribute(found, 'x')), num(attribute(found, 'y'))] as [number, number]);
    };
    const waypoints = childrenNamed(childrenNamed(geometry, 'Array')[0], 'mxPoint').map(
      (p) => [num(attribute(p, 'x')), num(attribute(p, 'y'))] as [number, number],
    );
    const source = shapes.get(attribute(cell, 'source') ?? '');
    const target = shapes.get(attribute(cell, 'target') ?? '');
    const firstTowards =
      waypoints.at(0) ?? (target === undefined ? point('targetPoint') : centre(target));
    const lastFrom =
      waypoints.at(-1) ?? (source === undefined ? point('sourcePoint') : centre(source));
    const start =
      source === undefined ? point('sourcePoint') : border(source, firstTowards ?? centre(source));
    const end =
      target === undefined ? point('targetPoint') : border(target, lastFrom ?? centre(target));
    if (start === undefined || end === undefined) continue;
    const style = styleOf(attribute(cell, 'style'));
    connectors.push({
      points: [start, ...waypoints, end],
      label: labelText(attribute(cell, 'value') ?? ''),
      arrow: style.get('endArrow') !== 'none',
    });
  }
  return { name, shapes: [...shapes.values()], connectors };
}

function drawioPages(root: XmlElement): DiagramPage[] {
  if (root.name === 'mxGraphModel') return [drawioPage('', root)];
  const diagrams = childrenNamed(root, 'diagram');
  checkItems(diagrams.length, 'pages');
  return diagrams.flatMap((diagram) => {
    const model = drawioModel(diagram);
    return model === undefined ? [] : [drawioPage(attribute(diagram, 'name') ?? '', model)];
  });
}

function bpmnKind(type: string): ShapeKind {
  if (type.endsWith('Event')) return 'ellipse';
  if (type.endsWith('Gateway')) return 'diamond';
  if (type === 'participant' || type === 'lane') return 'box';
  if (type === 'textAnnotation') return 'text';
  return 'rounded';
}

function bpmnPages(root: XmlElement): DiagramPage[] {
  const all = descendants(root);
  checkItems(all.length, 'elements');
  const semantic = new Map(
    all
      .filter((element) => attribute(element, 'id') !== undefined)
      .map((element) => [attribute(element, 'id') ?? '', element]),
  );
  return descendants(root, 'BPMNPlane').map((plane) => {
    const shapes: Shape[] = [];
    for (const shape of descendants(plane, 'BPMNShape')) {
      const bounds = child(shape, 'Bounds');
      const element = semantic.get(attribute(shape, 'bpmnElement') ?? '');
      const type = element?.name ?? '';
      const label =
        type === 'textAnnotation'
          ? allText(child(element, 'text'))
          : (attribute(element, 'name') ?? '');
      const kind = bpmnKind(type);
      const x = num(attribute(bounds, 'x'));
      const y = num(attribute(bounds, 'y'));
      const width = num(attribute(bounds, 'width'));
      const height = num(attribute(bounds, 'height'));
      // An event's name is written under its circle, as modellers draw it.
      if (kind === 'ellipse' && label !== '') {
        shapes.push({
          x,
          y,
          width,
          height,
          kind,
          label: '',
          fill: type === 'endEvent' ? '#fee2e2' : '#dcfce7',
        });
        shapes.push({
          x: x - 30,
          y: y + height + 2,
          width: width + 60,
          height: 14,
          kind: 'text',
          label,
          fontSize: 9,
        });
      } else {
        shapes.push({
          x,
          y,
          width,
          height,
          kind,
          label,
          ...(kind === 'box' && { fill: '#f8fafc' }),
        });
      }
    }
    // Pools and lanes first, under what they hold.
    shapes.sort((a, b) => Number(b.kind === 'box') - Number(a.kind === 'box'));
    const connectors = descendants(plane, 'BPMNEdge').map((edge) => {
      const element = semantic.get(attribute(edge, 'bpmnElement') ?? '');
      return {
        points: childrenNamed(edge, 'waypoint').map(
          (p) => [num(attribute(p, 'x')), num(attribute(p, 'y'))] as [number, number],
        ),
        label: attribute(element, 'name') ?? '',
        arrow: element?.name !== 'association',
      };
    });
    const process = semantic.get(attribute(plane, 'bpmnElement') ?? '');
    return { name: attribute(process, 'name') ?? '', shapes, connectors };
  });
}

async function drawDiagram(job: DrawnJob): Promise<Drawn> {
  const bytes = await readFile(job.input);
  if (bytes.length > MAX_DIAGRAM_BYTES) {
    throw new PackageRefused(
      `the diagram is larger than ${String(MAX_DIAGRAM_BYTES / 1024 ** 2)} MB`,
      true,
    );
  }
  const root = parseXml(bytes);
  if (root === undefined) throw new PackageRefused('not a diagram: no XML element in it');
  const pages = job.ext === '.bpmn' ? bpmnPages(root) : drawioPages(root);
  const items = pages.reduce((sum, page) => sum + page.shapes.length + page.connectors.length, 0);
  checkItems(items, 'shapes and connectors');
  const count = await writeDiagramPdf(pages, pages[0]?.name ?? '', job.output);
  return { pages: count };
}

export function diagramPdf(job: DrawnJob): Promise<Drawn> {
  return answered(drawDiagram(job));
}
