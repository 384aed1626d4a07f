/**
 * DXF drawn as a vector page, through `npm run serve`'s app (docs/server.md, "CAD drawings"): the
 * drawing's text found in the PDF, Chinese included; and hostile drawings answered clearly while
 * health answers — ten million entities, a block that inserts itself, an array insert that would
 * draw a million shapes, and DWGs the sandboxed DWG reader (programs/dwg-to-dxf/) cannot read: a
 * header and nothing after it, a section table declaring gigabytes, a text file named `.dwg`.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  circle,
  dxfText,
  floorPlan,
  insert,
  line,
} from '../../facility/conversion/__tests__/_dxf.ts';
import { MAX_DXF_ENTITIES } from '../../facility/conversion/converters/dxf.ts';
import { converted } from './_converted.ts';
import { FIXTURES, startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

/**
 * An R2000 DWG header (`AC1015`) whose section locators declare three sections of 2 GB each at
 * offsets past the file's end, and nothing else (the layout: the ODA's DWG specification, R2000
 * file header).
 */
function gigabyteSections(): Buffer {
  const header = Buffer.alloc(0x19 + 3 * 9 + 2 + 16);
  header.write('AC1015', 0, 'latin1');
  header.writeUInt16LE(30, 0x13);
  header.writeUInt32LE(3, 0x15);
  for (let record = 0; record < 3; record += 1) {
    const at = 0x19 + record * 9;
    header.writeUInt8(record, at);
    header.writeUInt32LE(0x7fff_0000, at + 1);
    header.writeUInt32LE(0x7fff_ffff, at + 5);
  }
  return header;
}

/** A DXF of `count` POINT entities, streamed to a file (80 MB for ten million). */
async function manyPoints(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('  0\nSECTION\n  2\nENTITIES\n');
  const chunk = '  0\nPOINT\n  8\n0\n 10\n1\n 20\n1\n'.repeat(10_000);
  for (let written = 0; written < count; written += 10_000) {
    if (!out.write(chunk))
      await new Promise<void>((resolve) =>
        out.once('drain', () => {
          resolve();
        }),
      );
  }
  out.end('  0\nENDSEC\n  0\nEOF\n');
  await finished(out);
}

/** Health asked every 100 ms while `work` runs; the statuses and the slowest answer's ms. */
async function withHealth<T>(
  served: Served,
  work: () => Promise<T>,
): Promise<{ result: T; statuses: number[]; slowestMs: number }> {
  const statuses: number[] = [];
  let slowestMs = 0;
  const state = { running: true };
  const loop = (async () => {
    while (state.running) {
      const startedAt = Date.now();
      const res = await fetch(`${served.api}health`).catch(() => undefined);
      slowestMs = Math.max(slowestMs, Date.now() - startedAt);
      statuses.push(res?.status ?? 0);
      await res?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), statuses, slowestMs };
  } finally {
    state.running = false;
    await loop;
  }
}

describe('DXF and DWG', () => {
  let served: Served;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folio-cad-'));
    const huge = path.join(dir, 'huge.dxf');
    await manyPoints(huge, 10_000_000);
    served = await startServe({
      files: {
        'plan.dxf': dxfText(floorPlan()),
        'ezdxf.dxf': await readFile(path.join(FIXTURES, 'floor-plan.dxf')),
        'empty.dwg': Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(1000)]),
        'sections.dwg': gigabyteSections(),
        'notes.dwg': 'Meeting notes, not a drawing\n',
        'sample.dwg': await readFile(path.join(FIXTURES, 'export_sample.dwg')),
        'huge.dxf': await readFile(huge),
        'loop.dxf': dxfText({
          blocks: {
            A: [line('0', 0, 0, 1, 1), insert('0', 'B', 1, 1)],
            B: [insert('0', 'A', 2, 2)],
          },
          entities: [insert('0', 'A', 0, 0)],
        }),
        'grid.dxf': dxfText({
          blocks: { DOT: [circle('0', 0, 0, 1)] },
          entities: [
            insert('0', 'DOT', 0, 0, [
              [70, 1000],
              [71, 1000],
              [44, 3],
              [45, 3],
            ]),
          ],
        }),
      },
    });
  });
  afterAll(async () => {
    await served.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a DXF becomes one page with its text, Latin and Chinese, from entities and blocks', async () => {
    const { meta, text } = await converted(served, 'plan.dxf');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const words = text.replace(/\s/g, '');
    // TEXT, MTEXT (its two paragraphs) and a dimension's block.
    expect(words).toContain('Floorplan平面图');
    expect(words).toContain('Office');
    expect(words).toContain('Room办公室');
    expect(words).toContain('10000');
  });

  test('an AutoCAD 2018 DWG (fixtures/README.md) becomes one page with its TEXT and MTEXT lines', async () => {
    const { meta, text } = await converted(served, 'sample.dwg');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const lines = text.split('\n').map((line) => line.trim());
    for (const line of ['Hello', 'Goodbye', 'Mtext', 'line1', 'line2', 'line3']) {
      expect(lines).toContain(line);
    }
    expect(text).not.toContain('^J');
  });

  test('a DXF ezdxf wrote (fixtures/README.md): its text, its dimension’s measurement', async () => {
    const { meta, text } = await converted(served, 'ezdxf.dxf');
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    const words = text.replace(/\s/g, '');
    for (const word of ['Groundfloor一层平面图', 'Meetingroom', '会议室', 'centred', '8000']) {
      expect(words).toContain(word);
    }
  });

  test.each([
    ['empty.dwg', 415, 'unsupported', 'not a DWG drawing this server reads'],
    ['sections.dwg', 415, 'unsupported', 'not a DWG drawing this server reads'],
    ['notes.dwg', 415, 'unsupported', 'not a DWG drawing of R13 or later'],
    [
      'huge.dxf',
      413,
      'too_large',
      `more than ${MAX_DXF_ENTITIES.toLocaleString('en')} entities; the limit is ${MAX_DXF_ENTITIES.toLocaleString('en')}`,
    ],
    ['loop.dxf', 415, 'unsupported', 'the block "A" inserts itself'],
    ['grid.dxf', 413, 'too_large', 'repeats its block 1000000 times'],
  ])('%s: %d %s, health answering throughout', async (id, status, error, message) => {
    const { result, statuses, slowestMs } = await withHealth(served, () => converted(served, id));
    expect(result.meta).toMatchObject({ status, body: { error } });
    expect(String(result.meta.body.message)).toContain(message);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(slowestMs).toBeLessThan(2000);
  });
});
