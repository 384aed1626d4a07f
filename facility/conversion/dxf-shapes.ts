/**
 * A parsed DXF's model space as shapes (docs/server.md, "CAD drawings"): paths of lines and cubic
 * Béziers and lines of text, in the drawing's units with every block insert's transform applied,
 * each with its colour (the entity's, its layer's, or the inserting block's). What is drawn and
 * what is not is listed in docs/server.md; entities on layers turned off or frozen are not.
 *
 * Bounded (docs/decisions/2026-12-06-cad-drawings-and-decoded-images.md): inserts nest at most
 * {@link MAX_INSERT_DEPTH} deep, a block inserting itself is refused, and the shapes made, inserts
 * and arrays expanded, stop at the caller's `maxShapes` with a refusal.
 */
import type {
  IArcEntity,
  ICircleEntity,
  IDimensionEntity,
  IDxf,
  IEllipseEntity,
  IBlock,
  IEntity,
  IInsertEntity,
  ILayer,
  ILineEntity,
  ILwpolylineEntity,
  IMtextEntity,
  IPoint,
  IPolylineEntity,
  ISolidEntity,
  ISplineEntity,
  ITextEntity,
} from 'dxf-parser';
import type { HatchEdge, HatchEntity } from './dxf-hatch.ts';

/**
 * What dxf-parser hands back, as it may be: its types say every field is there, but a field a
 * file leaves out is simply absent.
 */
type Parsed<T> = Partial<T>;
type Entity = Parsed<IEntity>;

/** Nested inserts deeper than this are refused (AutoCAD's own drawings rarely pass 5). */
export const MAX_INSERT_DEPTH = 16;

/** A path's pieces: move, line, cubic Bézier (control points then end), close. */
export type Piece =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

/** 0xRRGGBB. */
export type Colour = number;

export interface PathShape {
  kind: 'path';
  pieces: Piece[];
  colour: Colour;
  fill: boolean;
}

/** A line of text: its baseline's start, its height and rotation (degrees) in drawing units. */
export interface TextShape {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  height: number;
  rotation: number;
  /** Where the anchor is along the line: 0 start, 0.5 centre, 1 end (the width is the font's). */
  align: number;
  colour: Colour;
}

export type Shape = PathShape | TextShape;

/** Why the drawing is not drawn: too many shapes, or blocks that never end. */
export class DrawingRefused extends Error {
  readonly code: 'too_large' | 'unsupported';
  constructor(code: 'too_large' | 'unsupported', message: string) {
    super(message);
    this.code = code;
  }
}

/** x' = a·x + c·y + e, y' = b·x + d·y + f. */
interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

const IDENTITY: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

function multiply(m: Matrix, n: Matrix): Matrix {
  return {
    a: m.a * n.a + m.c * n.b,
    b: m.b * n.a + m.d * n.b,
    c: m.a * n.c + m.c * n.d,
    d: m.b * n.c + m.d * n.d,
    e: m.a * n.e + m.c * n.f + m.e,
    f: m.b * n.e + m.d * n.f + m.f,
  };
}

const apply = (m: Matrix, x: number, y: number) => ({
  x: m.a * x + m.c * y + m.e,
  y: m.b * x + m.d * y + m.f,
});

const WHITE = 0xffffff;
const BLACK = 0x000000;
const DEG = Math.PI / 180;
const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** An arc of an ellipse as Béziers of at most 90°: centre, axes (vectors), from `t0` to `t1` (radians). */
function arcPieces(
  cx: number,
  cy: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
  t0: number,
  t1: number,
  first: 'M' | 'L',
): Piece[] {
  const sweep = t1 - t0;
  const steps = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
  const step = sweep / steps;
  const k = (4 / 3) * Math.tan(step / 4);
  const at = (t: number) => ({
    x: cx + ux * Math.cos(t) + vx * Math.sin(t),
    y: cy + uy * Math.cos(t) + vy * Math.sin(t),
  });
  const tangent = (t: number) => ({
    x: -ux * Math.sin(t) + vx * Math.cos(t),
    y: -uy * Math.sin(t) + vy * Math.cos(t),
  });
  const start = at(t0);
  const pieces: Piece[] = [{ op: first, x: start.x, y: start.y }];
  for (let i = 0; i < steps; i += 1) {
    const a = t0 + i * step;
    const b = a + step;
    const p0 = at(a);
    const p1 = at(b);
    const d0 = tangent(a);
    const d1 = tangent(b);
    pieces.push({
      op: 'C',
      x1: p0.x + k * d0.x,
      y1: p0.y + k * d0.y,
      x2: p1.x - k * d1.x,
      y2: p1.y - k * d1.y,
      x: p1.x,
      y: p1.y,
    });
  }
  return pieces;
}

/** A circular arc counter-clockwise from `start` to `end` (radians). */
function circleArc(c: IPoint, r: number, start: number, end: number, first: 'M' | 'L'): Piece[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  return arcPieces(c.x, c.y, r, 0, 0, r, start, start + sweep, first);
}

/** The segment from `p` to `q` bulged as DXF says (bulge = tan of a quarter of the arc's angle). */
function bulgePieces(p: IPoint, q: IPoint, bulge: number): Piece[] {
  if (!finite(bulge) || Math.abs(bulge) < 1e-9) return [{ op: 'L', x: q.x, y: q.y }];
  const angle = 4 * Math.atan(bulge);
  const chord = Math.hypot(q.x - p.x, q.y - p.y);
  if (chord === 0) return [];
  const radius = chord / (2 * Math.sin(Math.abs(angle) / 2));
  // The centre lies off the chord's middle, left of it for a positive (counter-clockwise) bulge.
  const mx = (p.x + q.x) / 2;
  const my = (p.y + q.y) / 2;
  const toCentre = (radius * Math.cos(angle / 2)) / chord;
  const sign = bulge > 0 ? 1 : -1;
  const cx = mx - sign * toCentre * (q.y - p.y);
  const cy = my + sign * toCentre * (q.x - p.x);
  const t0 = Math.atan2(p.y - cy, p.x - cx);
  return arcPieces(cx, cy, radius, 0, 0, radius, t0, t0 + angle, 'L').slice(1);
}

/** Vertices with bulges as one path (a bulge belongs to the segment after its vertex). */
function polylinePieces(
  vertices: { x: number; y: number; bulge?: number }[],
  closed: boolean,
): Piece[] {
  const points = vertices.filter((v) => finite(v.x) && finite(v.y));
  const first = points.at(0);
  if (first === undefined) return [];
  const pieces: Piece[] = [{ op: 'M', x: first.x, y: first.y }];
  const ends = closed ? points.length : points.length - 1;
  for (let i = 0; i < ends; i += 1) {
    const p = points.at(i);
    const q = points.at((i + 1) % points.length);
    if (p && q) pieces.push(...bulgePieces({ ...p, z: 0 }, { ...q, z: 0 }, p.bulge ?? 0));
  }
  if (closed) pieces.push({ op: 'Z' });
  return pieces;
}

/** A smooth curve through `points` (Catmull-Rom, as Béziers). */
function throughPoints(points: IPoint[]): Piece[] {
  const first = points.at(0);
  if (first === undefined) return [];
  const pieces: Piece[] = [{ op: 'M', x: first.x, y: first.y }];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const p1 = points.at(i) ?? first;
    const p2 = points.at(i + 1) ?? p1;
    const p0 = points.at(Math.max(0, i - 1)) ?? p1;
    const p3 = points.at(Math.min(points.length - 1, i + 2)) ?? p2;
    pieces.push({
      op: 'C',
      x1: p1.x + (p2.x - p0.x) / 6,
      y1: p1.y + (p2.y - p0.y) / 6,
      x2: p2.x - (p3.x - p1.x) / 6,
      y2: p2.y - (p3.y - p1.y) / 6,
      x: p2.x,
      y: p2.y,
    });
  }
  return pieces;
}

/**
 * A B-spline by de Boor's algorithm, sampled; a curve through its fit points when it has only
 * those; its control polygon when the knots do not fit.
 */
function splinePieces(entity: Parsed<ISplineEntity>): Piece[] {
  const control = entity.controlPoints ?? [];
  const knots = entity.knotValues ?? [];
  const degree = entity.degreeOfSplineCurve ?? 3;
  const line = (points: IPoint[]) =>
    points.map((p, i): Piece => ({ op: i === 0 ? 'M' : 'L', x: p.x, y: p.y }));
  if (control.length === 0) return throughPoints(entity.fitPoints ?? []);
  if (control.length <= degree || knots.length !== control.length + degree + 1) {
    return line(control);
  }
  const low = knots[degree] ?? 0;
  const high = knots[control.length] ?? 1;
  const samples = Math.min(200, control.length * 8);
  const points: IPoint[] = [];
  for (let s = 0; s <= samples; s += 1) {
    const t = low + ((high - low) * s) / samples;
    let span = degree;
    while (span < control.length - 1 && t >= (knots[span + 1] ?? Infinity)) span += 1;
    const d = Array.from({ length: degree + 1 }, (_, j) => {
      const p = control.at(j + span - degree);
      return { x: p?.x ?? 0, y: p?.y ?? 0, z: 0 };
    });
    for (let r = 1; r <= degree; r += 1) {
      for (let j = degree; j >= r; j -= 1) {
        const left = knots[j + span - degree] ?? 0;
        const right = knots[j + 1 + span - r] ?? 1;
        const alpha = right === left ? 0 : (t - left) / (right - left);
        const a = d.at(j - 1);
        const b = d.at(j);
        if (a && b)
          d[j] = { x: (1 - alpha) * a.x + alpha * b.x, y: (1 - alpha) * a.y + alpha * b.y, z: 0 };
      }
    }
    const point = d.at(degree);
    if (point) points.push(point);
  }
  return line(points);
}

function hatchEdgePieces(edge: HatchEdge, first: boolean): Piece[] {
  const start: 'M' | 'L' = first ? 'M' : 'L';
  switch (edge.kind) {
    case 'line':
      return [
        { op: start, x: edge.from.x, y: edge.from.y },
        { op: 'L', x: edge.to.x, y: edge.to.y },
      ];
    case 'arc': {
      const [s, e] = edge.ccw ? [edge.start, edge.end] : [-edge.start, -edge.end];
      const pieces = circleArc(edge.center, edge.radius, s * DEG, e * DEG, start);
      // A clockwise edge is stored mirrored: its angles are measured the other way round.
      return edge.ccw ? pieces : mirrorY(pieces, edge.center.y);
    }
    case 'ellipse': {
      const { center, major, ratio } = edge;
      const vx = -major.y * ratio;
      const vy = major.x * ratio;
      let t0 = edge.start * DEG;
      let t1 = edge.end * DEG;
      if (!edge.ccw) [t0, t1] = [-t0, -t1];
      while (edge.ccw ? t1 <= t0 : t1 >= t0) t1 += edge.ccw ? 2 * Math.PI : -2 * Math.PI;
      return arcPieces(center.x, center.y, major.x, major.y, vx, vy, t0, t1, start);
    }
    case 'points':
      return edge.points.map((p, i): Piece => ({ op: i === 0 ? start : 'L', x: p.x, y: p.y }));
  }
}

function mirrorY(pieces: Piece[], cy: number): Piece[] {
  return pieces.map((piece) => {
    if (piece.op === 'Z') return piece;
    if (piece.op === 'C')
      return { ...piece, y1: 2 * cy - piece.y1, y2: 2 * cy - piece.y2, y: 2 * cy - piece.y };
    return { ...piece, y: 2 * cy - piece.y };
  });
}

/** MTEXT's formatting codes read as text: paragraphs as lines, the rest of the codes dropped. */
export function mtextLines(raw: string): string[] {
  // Stacks first: their `^` separator is not a caret escape.
  return specialCharacters(raw.replace(/\\S([^;]*?)[/#^]([^;]*);/g, '$1/$2'))
    .replace(/\\[Pp]/g, '\n')
    .replace(/\\[ACcFfHhQTWp][^;\\]*;/g, '')
    .replace(/\\[LlOoKkNX]/g, '')
    .replace(/\\~/g, ' ')
    .replace(/\\([\\{}])/g, '$1')
    .replace(/(?<!\\)[{}]/g, '')
    .split('\n');
}

/**
 * `%%c`, `%%d`, `%%p`, `\U+XXXX` and DXF's caret notation (`^J` a line feed, `^I` a tab, `^ ` a
 * caret: how LibreDWG's DXF writes a DWG's line breaks) as the characters they stand for.
 */
function specialCharacters(raw: string): string {
  return raw
    .replace(/\^([@-_ ])/g, (_, c: string) =>
      c === ' ' ? '^' : c === 'J' ? '\n' : c === 'I' ? '\t' : '',
    )
    .replace(/%%[cC]/g, '⌀')
    .replace(/%%[dD]/g, '°')
    .replace(/%%[pP]/g, '±')
    .replace(/%%[uUoOkK]/g, '')
    .replace(/\\U\+([0-9A-Fa-f]{4})/g, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    );
}

interface Context {
  matrix: Matrix;
  /** The colour BYBLOCK entities take: the inserting entity's. */
  blockColour: Colour;
  /** The blocks being inserted, outermost first: a name met again is a block inserting itself. */
  inserting: string[];
}

/** The model space's shapes, handed to `emit` one at a time (first to measure, then to draw). */
export function walkDrawing(dxf: IDxf, maxShapes: number, emit: (shape: Shape) => void): void {
  const layers: Record<string, Parsed<ILayer> | undefined> =
    (dxf as Parsed<IDxf>).tables?.layer.layers ?? {};
  const blocks: Record<string, Parsed<IBlock> | undefined> = (dxf as Parsed<IDxf>).blocks ?? {};
  let made = 0;
  const out = (shape: Shape) => {
    made += 1;
    if (made > maxShapes) {
      throw new DrawingRefused(
        'too_large',
        `the drawing has more than ${String(maxShapes)} shapes with its blocks drawn; the limit is ${String(maxShapes)}`,
      );
    }
    emit(shape);
  };

  const colourOf = (entity: Entity, context: Context): Colour => {
    let colour: number;
    if (entity.colorIndex === 0) colour = context.blockColour;
    else if (entity.colorIndex !== 256 && finite(entity.color)) colour = entity.color;
    else colour = layers[entity.layer ?? '']?.color ?? BLACK;
    // White (colour 7) is black on paper, as a plotter draws it.
    return colour === WHITE ? BLACK : colour;
  };

  const path = (pieces: Piece[], entity: Entity, context: Context, fill = false) => {
    if (pieces.length < 2) return;
    const { matrix } = context;
    const moved = pieces.map((piece): Piece => {
      if (piece.op === 'Z') return piece;
      const end = apply(matrix, piece.x, piece.y);
      if (piece.op !== 'C') return { op: piece.op, ...end };
      const c1 = apply(matrix, piece.x1, piece.y1);
      const c2 = apply(matrix, piece.x2, piece.y2);
      return { op: 'C', x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, ...end };
    });
    // A coordinate missing or out of range (1e308 scaled) would write NaN into the page.
    const drawable = moved.every(
      (piece) =>
        piece.op === 'Z' ||
        (finite(piece.x) &&
          finite(piece.y) &&
          (piece.op !== 'C' ||
            (finite(piece.x1) && finite(piece.y1) && finite(piece.x2) && finite(piece.y2)))),
    );
    if (drawable) out({ kind: 'path', pieces: moved, colour: colourOf(entity, context), fill });
  };

  const text = (
    lines: string[],
    at: IPoint | undefined,
    height: number | undefined,
    rotation: number,
    align: number,
    entity: Entity,
    context: Context,
    lineSpacing = 1.67,
  ) => {
    if (at === undefined || !finite(at.x) || !finite(at.y) || !finite(height) || height <= 0)
      return;
    const { matrix } = context;
    const scale = Math.sqrt(Math.abs(matrix.a * matrix.d - matrix.b * matrix.c));
    const turn = Math.atan2(matrix.b, matrix.a) / DEG;
    const angle = (rotation + turn) * DEG;
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      // Each line below the one before, along the text's own downward direction.
      const drop = i * height * lineSpacing;
      const local = {
        x: at.x + drop * Math.sin(rotation * DEG),
        y: at.y - drop * Math.cos(rotation * DEG),
      };
      const p = apply(matrix, local.x, local.y);
      out({
        kind: 'text',
        text: line,
        x: p.x,
        y: p.y,
        height: height * scale,
        rotation: (angle / DEG) % 360,
        align,
        colour: colourOf(entity, context),
      });
    });
  };

  const visible = (entity: Entity): boolean => {
    const layer = layers[entity.layer ?? ''];
    return entity.visible !== false && layer?.visible !== false && layer?.frozen !== true;
  };

  const insert = (name: string, matrix: Matrix, entity: Entity, context: Context) => {
    const block = blocks[name];
    if (block === undefined) return;
    if (context.inserting.includes(name)) {
      throw new DrawingRefused(
        'unsupported',
        `the block "${name}" inserts itself: its drawing never ends`,
      );
    }
    if (context.inserting.length >= MAX_INSERT_DEPTH) {
      throw new DrawingRefused(
        'unsupported',
        `blocks are inserted more than ${String(MAX_INSERT_DEPTH)} deep; the limit is ${String(MAX_INSERT_DEPTH)}`,
      );
    }
    const base = block.position ?? { x: 0, y: 0, z: 0 };
    const inner: Context = {
      matrix: multiply(matrix, { ...IDENTITY, e: -(base.x || 0), f: -(base.y || 0) }),
      blockColour: colourOf(entity, context),
      inserting: [...context.inserting, name],
    };
    for (const child of block.entities ?? []) draw(child, inner);
  };

  function draw(entity: Entity, context: Context): void {
    if (!visible(entity)) return;
    switch (entity.type) {
      case 'LINE': {
        const vertices = (entity as Parsed<ILineEntity>).vertices ?? [];
        const p = vertices.at(0);
        const q = vertices.at(1);
        if (p && q) {
          path(
            [
              { op: 'M', x: p.x, y: p.y },
              { op: 'L', x: q.x, y: q.y },
            ],
            entity,
            context,
          );
        }
        return;
      }
      case 'CIRCLE': {
        const { center, radius } = entity as Parsed<ICircleEntity>;
        if (center && finite(radius))
          path([...circleArc(center, radius, 0, 2 * Math.PI, 'M'), { op: 'Z' }], entity, context);
        return;
      }
      case 'ARC': {
        const { center, radius, startAngle, endAngle } = entity as Parsed<IArcEntity>;
        if (center && finite(radius))
          path(
            circleArc(center, radius, startAngle ?? 0, endAngle ?? 2 * Math.PI, 'M'),
            entity,
            context,
          );
        return;
      }
      case 'ELLIPSE': {
        const {
          center,
          majorAxisEndPoint: major,
          axisRatio,
          startAngle,
          endAngle,
        } = entity as Parsed<IEllipseEntity>;
        if (!center || !major || !finite(axisRatio)) return;
        let t1 = endAngle ?? 2 * Math.PI;
        const t0 = startAngle ?? 0;
        while (t1 <= t0) t1 += 2 * Math.PI;
        path(
          arcPieces(
            center.x,
            center.y,
            major.x,
            major.y,
            -major.y * axisRatio,
            major.x * axisRatio,
            t0,
            t1,
            'M',
          ),
          entity,
          context,
        );
        return;
      }
      case 'LWPOLYLINE': {
        const { vertices = [], shape } = entity as Parsed<ILwpolylineEntity>;
        path(polylinePieces(vertices, shape === true), entity, context);
        return;
      }
      case 'POLYLINE': {
        const polyline = entity as Parsed<IPolylineEntity>;
        if (polyline.isPolyfaceMesh || polyline.is3dPolygonMesh) return;
        path(polylinePieces(polyline.vertices ?? [], polyline.shape === true), entity, context);
        return;
      }
      case 'SPLINE':
        path(splinePieces(entity), entity, context);
        return;
      case 'SOLID':
      case '3DFACE': {
        // A SOLID's third and fourth corners are stored crossed.
        const points = (entity as Parsed<ISolidEntity>).points ?? [];
        const order = entity.type === 'SOLID' ? [0, 1, 3, 2] : [0, 1, 2, 3];
        const corners = order.map((i) => points.at(i)).filter((p): p is IPoint => p !== undefined);
        path(
          [
            ...corners.map((p, i): Piece => ({ op: i === 0 ? 'M' : 'L', x: p.x, y: p.y })),
            { op: 'Z' },
          ],
          entity,
          context,
          entity.type === 'SOLID',
        );
        return;
      }
      case 'HATCH': {
        const hatch = entity as HatchEntity;
        const pieces = hatch.paths.flatMap((boundary): Piece[] => {
          if (boundary.vertices.length > 0) return polylinePieces(boundary.vertices, true);
          return [
            ...boundary.edges.flatMap((edge, i) => hatchEdgePieces(edge, i === 0)),
            { op: 'Z' },
          ];
        });
        path(pieces, entity, context, hatch.solid);
        return;
      }
      case 'TEXT': {
        const t = entity as Parsed<ITextEntity>;
        // Aligned other than left-baseline: placed at the second point, as AutoCAD does.
        const aligned = (t.halign ?? 0) !== 0 || (t.valign ?? 0) !== 0;
        const at = aligned && t.endPoint ? t.endPoint : t.startPoint;
        const align = [0, 0.5, 1, 0.5, 0.5, 0.5][t.halign ?? 0] ?? 0;
        text(
          [specialCharacters(t.text ?? '').replace(/[\n\t]/g, ' ')],
          at,
          t.textHeight,
          t.rotation ?? 0,
          align,
          entity,
          context,
        );
        return;
      }
      case 'MTEXT': {
        const m = entity as Parsed<IMtextEntity>;
        const { height = 0, position } = m;
        if (position === undefined) return;
        const lines = mtextLines(m.text ?? '');
        const attach = (m.attachmentPoint ?? 1) - 1;
        const rotation = m.directionVector
          ? Math.atan2(m.directionVector.y, m.directionVector.x) / DEG
          : (m.rotation ?? 0);
        // The attachment's row: the first baseline one height below the top of the lines' block.
        const row = Math.floor(attach / 3);
        const block = height * (1 + 1.67 * (lines.length - 1));
        const down = height - ([0, block / 2, block][row] ?? 0);
        const turn = rotation * DEG;
        const at = {
          x: position.x + down * Math.sin(turn),
          y: position.y - down * Math.cos(turn),
          z: 0,
        };
        text(lines, at, height, rotation, (attach % 3) / 2, entity, context);
        return;
      }
      case 'DIMENSION': {
        // Its picture is an anonymous block in the drawing's coordinates.
        const dimension = entity as Parsed<IDimensionEntity>;
        if (dimension.block) insert(dimension.block, context.matrix, entity, context);
        return;
      }
      case 'INSERT': {
        const ins = entity as Parsed<IInsertEntity>;
        const { name } = ins;
        if (name === undefined) return;
        const columns = Math.max(1, ins.columnCount ?? 1);
        const rows = Math.max(1, ins.rowCount ?? 1);
        if (columns * rows > maxShapes) {
          throw new DrawingRefused(
            'too_large',
            `an insert repeats its block ${String(columns * rows)} times`,
          );
        }
        const angle = (ins.rotation ?? 0) * DEG;
        const sx = ins.xScale ?? 1;
        const sy = ins.yScale ?? 1;
        const position = ins.position ?? { x: 0, y: 0, z: 0 };
        for (let row = 0; row < rows; row += 1) {
          for (let column = 0; column < columns; column += 1) {
            const dx = column * (ins.columnSpacing ?? 0);
            const dy = row * (ins.rowSpacing ?? 0);
            const cos = Math.cos(angle);
            const sin = Math.sin(angle);
            const place: Matrix = {
              a: cos * sx,
              b: sin * sx,
              c: -sin * sy,
              d: cos * sy,
              e: position.x + cos * dx - sin * dy,
              f: position.y + sin * dx + cos * dy,
            };
            insert(name, multiply(context.matrix, place), entity, context);
          }
        }
        return;
      }
      default:
        // POINT, ATTDEF, 3D solids, images, viewports and what dxf-parser does not read: not drawn.
        return;
    }
  }

  for (const entity of (dxf as Parsed<IDxf>).entities ?? []) {
    if (entity.inPaperSpace) continue;
    draw(entity, { matrix: IDENTITY, blockColour: BLACK, inserting: [] });
  }
}
