/**
 * HATCH for dxf-parser, which reads no hatches (docs/decisions/2026-12-06-cad-drawings-and-decoded-images.md):
 * its boundary paths, each a polyline with bulges or a chain of edges (lines, circular and
 * elliptic arcs, splines by their control points), and whether it is filled solid. The pattern's
 * lines and the seed points after the boundaries are skipped: a patterned hatch is drawn as its
 * outline.
 */
import type { IEntity, IPoint } from 'dxf-parser';

/** One edge of a boundary path, in the drawing's coordinates (angles in degrees, as DXF has them). */
export type HatchEdge =
  | { kind: 'line'; from: IPoint; to: IPoint }
  | { kind: 'arc'; center: IPoint; radius: number; start: number; end: number; ccw: boolean }
  | {
      kind: 'ellipse';
      center: IPoint;
      major: IPoint;
      ratio: number;
      start: number;
      end: number;
      ccw: boolean;
    }
  | { kind: 'points'; points: IPoint[] };

export interface HatchPath {
  /** A polyline path's vertices with their bulges (empty for a path of edges). */
  vertices: { x: number; y: number; bulge: number }[];
  edges: HatchEdge[];
}

export interface HatchEntity extends IEntity {
  type: 'HATCH';
  solid: boolean;
  paths: HatchPath[];
}

interface Group {
  code: number;
  value: number | string | boolean;
}

/** The part of dxf-parser's scanner a handler uses (its type is not exported). */
interface Scanner {
  next: () => Group;
  isEOF: () => boolean;
}

const num = (group: Group): number => (typeof group.value === 'number' ? group.value : 0);
const point = (): IPoint => ({ x: 0, y: 0, z: 0 });

/** Reads one HATCH entity's groups up to the next entity (group code 0). */
function readHatch(scanner: Scanner): HatchEntity {
  const hatch = {
    type: 'HATCH',
    solid: false,
    paths: [],
    colorIndex: 256,
  } as unknown as HatchEntity;
  let inBoundaries = false;
  let path: HatchPath | undefined;
  let polyline = false;
  let edge: HatchEdge | undefined;
  let vertex: { x: number; y: number; bulge: number } | undefined;
  const startEdge = (type: number) => {
    if (type === 1) edge = { kind: 'line', from: point(), to: point() };
    else if (type === 2)
      edge = { kind: 'arc', center: point(), radius: 0, start: 0, end: 360, ccw: true };
    else if (type === 3) {
      edge = {
        kind: 'ellipse',
        center: point(),
        major: point(),
        ratio: 1,
        start: 0,
        end: 360,
        ccw: true,
      };
    } else edge = { kind: 'points', points: [] };
    path?.edges.push(edge);
  };
  for (let group = scanner.next(); !scanner.isEOF() && group.code !== 0; group = scanner.next()) {
    const { code } = group;
    const value = num(group);
    if (!inBoundaries) {
      if (code === 8) hatch.layer = String(group.value);
      else if (code === 62) hatch.colorIndex = value;
      else if (code === 420) hatch.color = value;
      else if (code === 70) hatch.solid = value === 1;
      else if (code === 91) inBoundaries = true;
      continue;
    }
    // Past the boundaries: the style, the pattern's lines and the seed points.
    if (code === 75) break;
    if (code === 92) {
      path = { vertices: [], edges: [] };
      hatch.paths.push(path);
      polyline = (value & 2) !== 0;
      edge = undefined;
      vertex = undefined;
    } else if (code === 72 && !polyline) {
      startEdge(value);
    } else if (polyline && path !== undefined) {
      if (code === 10) {
        vertex = { x: value, y: 0, bulge: 0 };
        path.vertices.push(vertex);
      } else if (code === 20 && vertex) vertex.y = value;
      else if (code === 42 && vertex) vertex.bulge = value;
    } else if (edge !== undefined) {
      readEdgeGroup(edge, code, value);
    }
  }
  return hatch;
}

function readEdgeGroup(edge: HatchEdge, code: number, value: number): void {
  switch (edge.kind) {
    case 'line':
      if (code === 10) edge.from.x = value;
      else if (code === 20) edge.from.y = value;
      else if (code === 11) edge.to.x = value;
      else if (code === 21) edge.to.y = value;
      return;
    case 'arc':
    case 'ellipse':
      if (code === 10) edge.center.x = value;
      else if (code === 20) edge.center.y = value;
      else if (code === 40 && edge.kind === 'arc') edge.radius = value;
      else if (code === 40 && edge.kind === 'ellipse') edge.ratio = value;
      else if (code === 11 && edge.kind === 'ellipse') edge.major.x = value;
      else if (code === 21 && edge.kind === 'ellipse') edge.major.y = value;
      else if (code === 50) edge.start = value;
      else if (code === 51) edge.end = value;
      else if (code === 73) edge.ccw = value !== 0;
      return;
    case 'points':
      // A spline's control points (its knots and fit data are other codes).
      if (code === 10) edge.points.push({ x: value, y: 0, z: 0 });
      else if (code === 20) {
        const last = edge.points.at(-1);
        if (last) last.y = value;
      }
      return;
  }
}

/** The handler dxf-parser's `registerEntityHandler` takes. */
export class HatchHandler {
  ForEntityName = 'HATCH' as const;
  parseEntity(scanner: Scanner): HatchEntity {
    return readHatch(scanner);
  }
}
