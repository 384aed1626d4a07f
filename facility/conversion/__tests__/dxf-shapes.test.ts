/**
 * A DXF's model space made shapes (dxf-shapes.ts, parsed by dxf-pages.ts's parseDrawing): colours
 * by entity, layer and block, layers turned off, bulges, inserts' transforms, HATCH read, MTEXT's
 * codes, the entity count, and the bounds on nesting.
 */
import { countEntities, parseDrawing } from '../dxf-pages.ts';
import { DrawingRefused, MAX_INSERT_DEPTH, mtextLines, walkDrawing } from '../dxf-shapes.ts';
import type { PathShape, Shape, TextShape } from '../dxf-shapes.ts';
import { circle, dxfText, floorPlan, insert, line, text } from './_dxf.ts';
import type { Drawing } from './_dxf.ts';

function shapesOf(drawing: Drawing, maxShapes = 10_000): Shape[] {
  const dxf = parseDrawing(dxfText(drawing));
  if (dxf === null) throw new Error('not parsed');
  const shapes: Shape[] = [];
  walkDrawing(dxf, maxShapes, (shape) => shapes.push(shape));
  return shapes;
}

const paths = (shapes: Shape[]) => shapes.filter((s): s is PathShape => s.kind === 'path');
const points = (shape: PathShape) =>
  shape.pieces.flatMap((piece) => (piece.op === 'Z' ? [] : [[piece.x, piece.y]]));

describe('walkDrawing', () => {
  test('colours: the entity’s, else its layer’s; white drawn black; a layer turned off not drawn', () => {
    const shapes = paths(
      shapesOf({
        layers: { RED: 1, WHITE: 7, OFF: -3 },
        entities: [
          line('RED', 0, 0, 1, 0),
          [...line('RED', 0, 1, 1, 1), [62, 5]],
          line('WHITE', 0, 2, 1, 2),
          line('OFF', 0, 3, 1, 3),
        ],
      }),
    );
    expect(shapes.map((s) => s.colour)).toEqual([0xff0000, 0x0000ff, 0x000000]);
  });

  test('a shape with a coordinate out of range is left out, the others drawn', () => {
    const shapes = paths(
      shapesOf({ entities: [line('0', 0, 0, 1e308, 0), line('0', 0, 0, 1, 1)] }),
    );
    expect(shapes).toHaveLength(2);
    const scaled = paths(
      shapesOf({
        blocks: { L: [line('0', 0, 0, 1e300, 1)] },
        entities: [insert('0', 'L', 0, 0, [[41, 1e300]]), line('0', 0, 0, 1, 1)],
      }),
    );
    expect(scaled.map(points)).toEqual([
      [
        [0, 0],
        [1, 1],
      ],
    ]);
  });

  test('a bulge of 1 is a half circle on the right of its direction', () => {
    const [arc] = paths(
      shapesOf({
        entities: [
          ['LWPOLYLINE', [8, '0'], [90, 2], [70, 0], [10, 0], [20, 0], [42, 1], [10, 2], [20, 0]],
        ],
      }),
    );
    const ys = points(arc).map(([, y]) => y);
    // Counter-clockwise from (0, 0) to (2, 0) about (1, 0): through (1, −1).
    expect(Math.min(...ys)).toBeCloseTo(-1, 5);
    expect(Math.max(...ys)).toBeCloseTo(0, 5);
    expect(arc.pieces.filter((p) => p.op === 'C')).toHaveLength(2);
  });

  test('an insert scales, turns and moves its block, a row-and-column array repeats it', () => {
    const one = paths(
      shapesOf({
        blocks: { TICK: [line('0', 0, 0, 1, 0)] },
        entities: [
          insert('0', 'TICK', 10, 20, [
            [41, 2],
            [42, 2],
            [50, 90],
          ]),
        ],
      }),
    );
    const [[x0, y0], [x1, y1]] = points(one[0]);
    expect([x0, y0]).toEqual([10, 20]);
    expect(x1).toBeCloseTo(10, 9);
    expect(y1).toBeCloseTo(22, 9);
    const array = shapesOf({
      blocks: { DOT: [circle('0', 0, 0, 1)] },
      entities: [
        insert('0', 'DOT', 0, 0, [
          [70, 3],
          [71, 2],
          [44, 5],
          [45, 5],
        ]),
      ],
    });
    expect(array).toHaveLength(6);
  });

  test('BYBLOCK entities take the inserting entity’s colour', () => {
    const [shape] = paths(
      shapesOf({
        blocks: { B: [[...line('0', 0, 0, 1, 0), [62, 0]]] },
        entities: [[...insert('0', 'B', 0, 0), [62, 3]]],
      }),
    );
    expect(shape.colour).toBe(0x00ff00);
  });

  test('the floor plan: a solid hatch filled, the dimension’s block, TEXT and MTEXT lines', () => {
    const shapes = shapesOf(floorPlan());
    const hatch = paths(shapes).find((s) => s.fill);
    expect(hatch && points(hatch)).toEqual([
      [7000, 500],
      [9500, 500],
      [9500, 2500],
      [7000, 2500],
      // Closed by a segment of its own, which may bulge as the others.
      [7000, 500],
    ]);
    const texts = shapes.filter((s): s is TextShape => s.kind === 'text').map((s) => s.text);
    expect(texts).toEqual(['10000', 'Floor plan 平面图', 'Office', 'Room 办公室']);
  });

  test('a block inserting itself, and inserts nested too deep, are refused', () => {
    const refusal = (drawing: Drawing) => {
      try {
        shapesOf(drawing);
      } catch (error) {
        return error instanceof DrawingRefused ? [error.code, error.message] : error;
      }
      return 'drawn';
    };
    expect(
      refusal({ blocks: { A: [insert('0', 'A', 1, 1)] }, entities: [insert('0', 'A', 0, 0)] }),
    ).toEqual(['unsupported', 'the block "A" inserts itself: its drawing never ends']);
    const chain: Drawing['blocks'] = {};
    for (let depth = 0; depth <= MAX_INSERT_DEPTH; depth += 1) {
      chain[`B${String(depth)}`] = [
        line('0', 0, 0, 1, 1),
        insert('0', `B${String(depth + 1)}`, 1, 0),
      ];
    }
    expect(refusal({ blocks: chain, entities: [insert('0', 'B0', 0, 0)] })).toEqual([
      'unsupported',
      `blocks are inserted more than ${String(MAX_INSERT_DEPTH)} deep; the limit is ${String(MAX_INSERT_DEPTH)}`,
    ]);
  });

  test('shapes past the limit are refused as too large', () => {
    const entities = Array.from({ length: 11 }, (_, i) => text('0', 0, i, 1, `line ${String(i)}`));
    expect(() => shapesOf({ entities }, 10)).toThrow(DrawingRefused);
    expect(shapesOf({ entities }, 11)).toHaveLength(11);
  });
});

test('MTEXT’s codes: paragraphs, fonts, stacks and braces', () => {
  expect(mtextLines('{\\fSimSun|b0;标题}\\P\\A1;1\\S1/2;" %%c20 \\U+00B0')).toEqual([
    '标题',
    '11/2" ⌀20 °',
  ]);
  // DXF's caret notation, as LibreDWG writes a DWG's line breaks; a stack's `^` stays a stack.
  expect(mtextLines('Mtext^Jline1\\Pa^ b^Ic \\S1^2;')).toEqual(['Mtext', 'line1', 'a^b\tc 1/2']);
});

test('countEntities counts the groups of code 0, padded or not, CRLF or LF, up to its limit', () => {
  const bytes = Buffer.from('  0\r\nSECTION\r\n  2\r\nENTITIES\r\n0\nPOINT\n 70\n0\n  0\nENDSEC\n');
  expect(countEntities(bytes)).toBe(3);
  // A value of 0 (code 70's) is no group of code 0; counting stops one past the limit.
  expect(countEntities(bytes, 1)).toBe(2);
});
