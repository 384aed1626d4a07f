/**
 * DXF drawings written by the tests: group codes and values, one a line, as AutoCAD writes an
 * ASCII DXF (a LAYER table, BLOCKS and ENTITIES).
 */

/** One entity or other record: its type and its groups (code, value). */
export type Record_ = [string, ...[number, string | number][]];

const lines = (groups: [number, string | number][]) =>
  groups.flatMap(([code, value]) => [String(code).padStart(3, ' '), String(value)]);

const record = ([type, ...groups]: Record_) => lines([[0, type], ...groups]);

export interface Drawing {
  /** Layer name → colour index (negative: the layer is off). */
  layers?: Record<string, number>;
  /** Block name → its entities (base point 0,0). */
  blocks?: Record<string, Record_[]>;
  entities: Record_[];
}

export function dxfText({ layers = {}, blocks = {}, entities }: Drawing): string {
  const out = [
    ...lines([
      [0, 'SECTION'],
      [2, 'TABLES'],
      [0, 'TABLE'],
      [2, 'LAYER'],
    ]),
    ...Object.entries(layers).flatMap(([name, colour]) =>
      record(['LAYER', [2, name], [70, 0], [62, colour], [6, 'CONTINUOUS']]),
    ),
    ...lines([
      [0, 'ENDTAB'],
      [0, 'ENDSEC'],
      [0, 'SECTION'],
      [2, 'BLOCKS'],
    ]),
    ...Object.entries(blocks).flatMap(([name, children]) => [
      ...record(['BLOCK', [8, '0'], [2, name], [70, 0], [10, 0], [20, 0], [30, 0], [3, name]]),
      ...children.flatMap(record),
      ...record(['ENDBLK', [8, '0']]),
    ]),
    ...lines([
      [0, 'ENDSEC'],
      [0, 'SECTION'],
      [2, 'ENTITIES'],
    ]),
    ...entities.flatMap(record),
    ...lines([
      [0, 'ENDSEC'],
      [0, 'EOF'],
    ]),
  ];
  return `${out.join('\n')}\n`;
}

export const line = (layer: string, x1: number, y1: number, x2: number, y2: number): Record_ => [
  'LINE',
  [8, layer],
  [10, x1],
  [20, y1],
  [30, 0],
  [11, x2],
  [21, y2],
  [31, 0],
];

export const circle = (layer: string, x: number, y: number, r: number): Record_ => [
  'CIRCLE',
  [8, layer],
  [10, x],
  [20, y],
  [30, 0],
  [40, r],
];

export const text = (
  layer: string,
  x: number,
  y: number,
  height: number,
  value: string,
): Record_ => ['TEXT', [8, layer], [10, x], [20, y], [30, 0], [40, height], [1, value]];

export const insert = (
  layer: string,
  name: string,
  x: number,
  y: number,
  extra: [number, number][] = [],
): Record_ => ['INSERT', [8, layer], [2, name], [10, x], [20, y], [30, 0], ...extra];

/** A sample floor plan: walls, a door's swing, a column grid of one block, a hatch, a dimension's block and text. */
export function floorPlan(): Drawing {
  return {
    layers: { WALLS: 7, DOORS: 1, GRID: 5, TEXT: 3, HATCH: 8 },
    blocks: {
      COLUMN: [circle('0', 0, 0, 150), line('0', -150, 0, 150, 0), line('0', 0, -150, 0, 150)],
      '*D1': [
        line('0', 0, -800, 10000, -800),
        line('0', 0, -700, 0, -900),
        line('0', 10000, -700, 10000, -900),
        text('0', 4700, -750, 250, '10000'),
      ],
    },
    entities: [
      [
        'LWPOLYLINE',
        [8, 'WALLS'],
        [90, 5],
        [70, 1],
        [10, 0],
        [20, 0],
        [10, 10000],
        [20, 0],
        [10, 10000],
        [20, 6000],
        [42, 0.4142],
        [10, 6000],
        [20, 8000],
        [10, 0],
        [20, 8000],
      ],
      line('WALLS', 6000, 0, 6000, 4000),
      ['ARC', [8, 'DOORS'], [10, 6000], [20, 4000], [30, 0], [40, 900], [50, 90], [51, 180]],
      line('DOORS', 6000, 4000, 6000, 4900),
      insert('GRID', 'COLUMN', 2000, 2000, [
        [70, 3],
        [71, 2],
        [44, 3000],
        [45, 4000],
      ]),
      [
        'HATCH',
        [8, 'HATCH'],
        [10, 0],
        [20, 0],
        [30, 0],
        [2, 'SOLID'],
        [70, 1],
        [71, 0],
        [91, 1],
        [92, 2],
        [72, 0],
        [73, 1],
        [93, 4],
        [10, 7000],
        [20, 500],
        [10, 9500],
        [20, 500],
        [10, 9500],
        [20, 2500],
        [10, 7000],
        [20, 2500],
        [97, 0],
        [75, 0],
        [76, 1],
        [98, 0],
      ],
      ['DIMENSION', [8, 'TEXT'], [2, '*D1'], [10, 0], [20, -800], [30, 0], [70, 0]],
      text('TEXT', 500, 7000, 400, 'Floor plan 平面图'),
      [
        'MTEXT',
        [8, 'TEXT'],
        [10, 6500],
        [20, 7500],
        [30, 0],
        [40, 250],
        [71, 1],
        [1, 'Office\\PRoom 办公室'],
      ],
    ],
  };
}
