import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildZip } from '../../archives/__tests__/_zip.ts';
import { MARK_LIMITS } from '../xlsx-comments.ts';
import { readXlsxMarks } from '../xlsx-marks.ts';
import { xlsxParts } from './_xlsx.ts';
import { withMarks } from './_xlsx-marks.ts';
import type { MarksSpec } from './_xlsx-marks.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-marks-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function workbook(name: string, marks: MarksSpec[]): Promise<string> {
  let parts = xlsxParts([
    {
      name: 'First',
      rows: [
        ['a', 'b', 'c'],
        ['d', 'e', 'f'],
      ],
    },
    { name: 'Second', rows: [['x']], links: [{ ref: 'A1', url: 'https://example.com/' }] },
  ]);
  for (const mark of marks) parts = withMarks(parts, mark);
  const file = path.join(dir, name);
  await writeFile(file, buildZip(parts));
  return file;
}

describe('a sheet’s comments and drawings as the sheet view marks them', () => {
  it('reads notes with their authors, as text, phonetic runs left out', async () => {
    const file = await workbook('notes.xlsx', [
      {
        sheet: 1,
        notes: [
          { ref: 'B2', author: 'Ann', text: 'Check <b>this</b> & that' },
          { ref: 'C1', author: '李', text: '第二' },
        ],
      },
    ]);
    const marks = await readXlsxMarks(file, 0);
    expect(marks.comments).toEqual([
      { r: 1, c: 1, author: 'Ann', text: 'Ann:\nCheck <b>this</b> & that' },
      { r: 0, c: 2, author: '李', text: '李:\n第二' },
    ]);
    expect(marks.commentsCapped).toBe(false);
    expect(marks.drawings).toEqual([]);
    // The other sheet has none.
    expect((await readXlsxMarks(file, 1)).comments).toEqual([]);
  });

  it('reads a thread in order with its persons, instead of the note Excel writes beside it', async () => {
    const file = await workbook('threads.xlsx', [
      {
        sheet: 2,
        notes: [
          { ref: 'A1', author: 'tc=x', text: '[Threaded comment] Your version of Excel…' },
          { ref: 'A2', author: 'Bo', text: 'plain note' },
        ],
        threads: [
          {
            ref: 'A1',
            comments: [
              { author: 'Ann', text: 'Is this right?' },
              { author: 'Bo', text: 'Yes.' },
            ],
          },
        ],
      },
    ]);
    const marks = await readXlsxMarks(file, 1);
    expect(marks.comments).toEqual([
      { r: 0, c: 0, author: 'Ann', text: 'Is this right?' },
      { r: 0, c: 0, author: 'Bo', text: 'Yes.' },
      { r: 1, c: 0, author: 'Bo', text: 'Bo:\nplain note' },
    ]);
  });

  it('marks pictures, charts with their titles and shapes where they are anchored', async () => {
    const file = await workbook('drawings.xlsx', [
      {
        sheet: 1,
        drawings: [
          { kind: 'image', from: [1, 1], to: [4, 3], name: 'Picture 1', description: 'Logo' },
          { kind: 'chart', from: [5, 0], to: [12, 6], name: 'Chart 1', title: 'Sales 2026' },
          { kind: 'shape', from: [2, 5], size: [120, 40], name: 'Arrow 3' },
          { kind: 'chart', from: [20, 2], to: [21, 3], name: 'Chart 9', title: '' },
        ],
      },
    ]);
    const marks = await readXlsxMarks(file, 0);
    expect(marks.drawings).toEqual([
      { kind: 'image', from: [1, 1], to: [4, 3], label: 'Logo' },
      { kind: 'chart', from: [5, 0], to: [12, 6], label: 'Sales 2026' },
      { kind: 'shape', from: [2, 5], size: [120, 40], label: 'Arrow 3' },
      { kind: 'chart', from: [20, 2], to: [21, 3], label: 'Chart 9' },
    ]);
    expect(marks.drawingsCapped).toBe(false);
  });

  it('answers a sheet of 200 000 comments and 50 000 anchors with the first ones, capped', async () => {
    const file = await workbook('hostile.xlsx', [
      { sheet: 1, notes: { count: 200_000 }, drawings: { count: 50_000 } },
    ]);
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    const marks = await readXlsxMarks(file, 0);
    const ms = Date.now() - started;
    expect(marks.comments).toHaveLength(MARK_LIMITS.comments);
    expect(marks.commentsCapped).toBe(true);
    expect(marks.comments.at(-1)).toEqual({
      r: MARK_LIMITS.comments - 1,
      c: 0,
      author: 'Bulk',
      text: `Bulk:\nnote ${String(MARK_LIMITS.comments)}`,
    });
    expect(marks.drawings).toHaveLength(MARK_LIMITS.drawings);
    expect(marks.drawingsCapped).toBe(true);
    // Read only to the cap: bounded in memory, whatever the part's length.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    console.log(`hostile marks read in ${String(ms)} ms`);
  }, 60_000);

  it('refuses a comments part that is not XML, as the rows would be', async () => {
    const parts = withMarks(xlsxParts([{ name: 'S', rows: [['a']] }]), {
      sheet: 1,
      notes: [{ ref: 'A1', author: 'x', text: 'y' }],
    });
    const broken = parts.map((entry) =>
      entry.name === 'xl/comments1.xml'
        ? {
            ...entry,
            data: Buffer.from('<!DOCTYPE x [<!ENTITY a "aaaa">]><comments>&a;</comments>'),
          }
        : entry,
    );
    const file = path.join(dir, 'broken.xlsx');
    await writeFile(file, buildZip(broken));
    await expect(readXlsxMarks(file, 0)).rejects.toMatchObject({ code: 'unreadable' });
  });
});
