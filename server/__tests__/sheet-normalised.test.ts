/**
 * `.xls .xlt .et .ett .ods .ots .fods` as grids (docs/server.md, "Sheets"; docs/decisions/
 * 2026-12-07-sheet-view-finished.md): saved once as an `.xlsx` by LibreOffice in the sandbox,
 * cached by the source's content hash, then read as any workbook — on a server left at its
 * default (`SHEET_VIEW` unset: grid). The files are written by LibreOffice from one flat sheet.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { flatSheet, savedAs } from './_office-samples.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

const SHEET = flatSheet(
  [
    '<table:table table:name="Budget">',
    '<table:table-row><table:table-cell office:value-type="string"><text:p>Region</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>预算</text:p></table:table-cell></table:table-row>',
    '<table:table-row><table:table-cell office:value-type="string"><text:p>North</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="1234"><text:p>1234</text:p></table:table-cell></table:table-row>',
    '</table:table>',
    '<table:table table:name="数据">',
    '<table:table-row><table:table-cell office:value-type="string"><text:p>城市</text:p></table:table-cell></table:table-row>',
    '</table:table>',
  ].join(''),
);

let served: Served;
/** The sources' distinct contents: one workbook is saved for each. */
let contents: number;

beforeAll(async () => {
  const saved = await savedAs('sheet', SHEET, ['.xls', '.xlt', '.ods', '.ots']);
  const bytes = (ext: string) => saved.get(ext) ?? Buffer.alloc(0);
  const sources = [...saved.values(), Buffer.from(SHEET)];
  contents = new Set(sources.map((b) => createHash('sha256').update(b).digest('hex'))).size;
  served = await startServe({
    files: {
      'book.xls': bytes('.xls'),
      'book.xlt': bytes('.xlt'),
      // Kingsoft's sheet and template: the Office 97 files under their names.
      'book.et': bytes('.xls'),
      'book.ett': bytes('.xlt'),
      'book.ods': bytes('.ods'),
      'book.ots': bytes('.ots'),
      'book.fods': SHEET,
      'broken.ods': 'not a spreadsheet',
    },
  });
});

afterAll(() => served.close());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function get(path: string): Promise<Answer> {
  const res = await fetch(`${served.api}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The metadata, polled while LibreOffice saves the workbook ("converting", as pages are). */
async function settled(id: string): Promise<Answer[]> {
  const seen: Answer[] = [];
  for (let tries = 0; tries < 240; tries++) {
    const answer = await get(`documents/${encodeURIComponent(id)}`);
    seen.push(answer);
    if (answer.status !== 200 || answer.body.view === 'sheet') return seen;
    expect(answer.body).toMatchObject({ pageCount: 1, loadedCount: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return seen;
}

interface SheetField {
  sheets: { name: string; hidden: boolean }[];
  rows: string;
}

describe.each(['book.xls', 'book.xlt', 'book.et', 'book.ett', 'book.ods', 'book.ots', 'book.fods'])(
  '%s',
  (id) => {
    it('opens as a grid of its cells, after a "converting" answer while LibreOffice saves it', async () => {
      const seen = await settled(id);
      const last = seen.at(-1);
      expect(last?.status).toBe(200);
      expect(last?.body.view).toBe('sheet');
      const sheet = last?.body.sheet as SheetField;
      expect(sheet.sheets.map((s) => s.name)).toEqual(['Budget', '数据']);
      const rows = sheet.rows.replace('{sheet}', '0').replace('{from}', '0');
      const block = await get(rows);
      expect(block.status).toBe(200);
      const cells = (block.body.rows as { cells: { v: string }[] }[]).map((row) =>
        row.cells.map((cell) => cell.v),
      );
      expect(cells).toEqual([
        ['Region', '预算'],
        ['North', '1234'],
      ]);
    });
  },
);

it('saves each workbook once, cached by its content hash: asked again, LibreOffice does not run', async () => {
  expect((await settled('book.ods')).at(-1)?.body.view).toBe('sheet');
  const workbooks = (await readdir(served.cacheDir)).filter((name) => name.endsWith('-xlsx.xlsx'));
  // .xls/.et and .xlt/.ett are the same bytes (and LibreOffice may write .xls and .xlt alike).
  expect(workbooks).toHaveLength(contents);
  const spawned = served.spawns();
  expect((await get('documents/book.et')).body.view).toBe('sheet');
  expect((await get('documents/book.ods')).body.view).toBe('sheet');
  expect(served.spawns()).toBe(spawned);
});

it('answers a file LibreOffice cannot read as a failed conversion, the server still up', async () => {
  const last = (await settled('broken.ods')).at(-1);
  expect(last?.status).toBeGreaterThanOrEqual(400);
  expect((await fetch(`${served.api}health`)).ok).toBe(true);
});
