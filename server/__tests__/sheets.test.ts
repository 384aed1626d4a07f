/**
 * The sheet view over real HTTP on the `npm run serve` app (docs/server.md, "Sheets"): a workbook
 * and a table of text answered as `view: "sheet"` with their sheets, rows served in blocks, cached
 * by the file's content hash; a view-only reader gets rows and never the file.
 */
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { SignJWT } from 'jose';
import { secretKey } from '../auth-keys.ts';
import { buildXlsx, ordersSheet } from '../../facility/sheets/__tests__/_xlsx.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(120_000);

const SECRET = 's'.repeat(40);
const now = () => Math.floor(Date.now() / 1000);
let served: Served;

beforeAll(async () => {
  served = await startServe({
    files: {
      'orders.xlsx': buildXlsx([
        ordersSheet(5000),
        { name: 'Hidden', hidden: true, rows: [['x']] },
      ]),
      'orders.xlsx.json': JSON.stringify({ param: { download: true, showSearch: true } }),
      'locked.xlsx': buildXlsx([{ name: 'Only', rows: [['secret', 42]] }]),
      'locked.xlsx.json': JSON.stringify({ viewOnly: 'always' }),
      'table.csv': iconv.encode('城市;人口\n北京;21893095\n上海;24870895\n', 'gb18030'),
      'tall.xlsx': buildXlsx([ordersSheet(50_000)]),
      'long.csv': longTable(),
      'broken.xlsx': 'not a zip at all',
      'small.xlsx': buildXlsx([{ name: 'Print me', rows: [['Printed cell', 7]] }]),
      'small.xlsx.json': JSON.stringify({ param: { print: true } }),
      'fresh.xlsx': buildXlsx([{ name: 'Linked', rows: [['Linked cell', 8]] }]),
      'pages.xlsx': buildXlsx([{ name: 'Paged', rows: [['Paged cell', 9]] }]),
      'pages.xlsx.json': JSON.stringify({ param: { sheetView: 'pages' } }),
    },
    options: {
      auth: { mode: 'tokens', keys: [secretKey(SECRET)] },
      viewOnly: 'auto',
      sheetView: 'grid',
    },
  });
});

afterAll(() => served.close());

/** 30 000 records, every tenth with a quoted line break, CRLF: lines are not records. */
function longTable(): string {
  const lines = ['id,text'];
  for (let r = 1; r < 30_000; r += 1) {
    lines.push(r % 10 === 0 ? `${String(r)},"two\r\nlines"` : `${String(r)},row ${String(r)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const written = async (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

function token(doc: string, perm?: string[]): Promise<string> {
  return new SignJWT({ doc, name: 'Li Lei', perm, exp: now() + 600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(SECRET));
}

async function get(path: string, doc: string, perm?: string[]) {
  const res = await fetch(`${served.api}${path}`, {
    headers: { Authorization: `Bearer ${await token(doc, perm)}` },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the bytes of a file
  }
  return { status: res.status, body: body as Record<string, unknown>, headers: res.headers };
}

interface SheetField {
  sheets: { name: string; hidden: boolean; frozen: { rows: number } }[];
  rows: string;
  tail: string;
  search?: string;
  blockRows: number;
}

const url = (template: string, sheet: number, from?: number) =>
  template.replace('{sheet}', String(sheet)).replace('{from}', String(from ?? 0));

describe('a workbook as a grid', () => {
  let sheet: SheetField;
  beforeAll(async () => {
    const meta = await get('documents/orders.xlsx', 'orders.xlsx');
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      view: 'sheet',
      pageCount: 0,
      fileUrl: 'documents/orders.xlsx/content',
    });
    sheet = meta.body.sheet as SheetField;
  });

  it('names its sheets and the URLs of its rows', () => {
    expect(sheet.sheets.map((s) => [s.name, s.hidden])).toEqual([
      ['Orders', false],
      ['Hidden', true],
    ]);
    expect(sheet.sheets[0]?.frozen.rows).toBe(1);
    expect(sheet.rows).toMatch(
      /^documents\/orders\.xlsx\/sheets\/[0-9a-f]{64}\/\{sheet\}-\{from\}\.json$/,
    );
    expect(sheet.blockRows).toBe(200);
  });

  it('serves rows in blocks, immutable, and the tail once read', async () => {
    const first = await get(url(sheet.rows, 0, 0), 'orders.xlsx');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('immutable');
    const rows = first.body.rows as { r: number; cells: { v: string }[] }[];
    expect(rows).toHaveLength(200);
    expect(rows[0]?.cells[0]?.v).toBe('Order');
    const last = await get(url(sheet.rows, 0, 4800), 'orders.xlsx');
    const lastRows = last.body.rows as { r: number; cells: { v: string }[] }[];
    expect(lastRows.at(-1)?.r).toBe(4999);
    const tail = await get(url(sheet.tail, 0), 'orders.xlsx');
    expect(tail.body).toMatchObject({ rows: 5001, columns: 12 });
  });

  it('searches its cells', async () => {
    expect(sheet.search).toBeDefined();
    const found = await get(`${sheet.search ?? ''}?q=row%204999%20note`, 'orders.xlsx');
    expect(found.body).toEqual({ hits: [[0, 4998, 11]], capped: false });
  });

  it('answers 404 for another version or a malformed name', async () => {
    const other = sheet.rows.replace(/[0-9a-f]{64}/, '0'.repeat(64));
    expect((await get(url(other, 0, 0), 'orders.xlsx')).status).toBe(404);
    expect((await get(url(sheet.rows, 0, 7), 'orders.xlsx')).status).toBe(404);
    expect((await get(url(sheet.rows, 9, 0), 'orders.xlsx')).status).toBe(404);
  });
});

it('reads a table of text in its own encoding and delimiter', async () => {
  const meta = await get('documents/table.csv', 'table.csv');
  expect(meta.body.view).toBe('sheet');
  const sheet = meta.body.sheet as SheetField;
  expect(sheet.sheets[0]?.name).toBe('table');
  const block = await get(url(sheet.rows, 0, 0), 'table.csv');
  const rows = block.body.rows as { cells: { v: string; n?: true }[] }[];
  expect(rows.map((row) => row.cells.map((cell) => cell.v))).toEqual([
    ['城市', '人口'],
    ['北京', '21893095'],
    ['上海', '24870895'],
  ]);
  expect(rows[1]?.cells[1]?.n).toBe(true);
});

it("serves a far block of a workbook before the read-ahead's pass has reached it", async () => {
  const meta = await get('documents/tall.xlsx', 'tall.xlsx');
  const sheet = meta.body.sheet as SheetField;
  const hash = /[0-9a-f]{64}/.exec(sheet.rows)?.[0] ?? '';
  // Asked at once, as Ctrl+End does: the pass over 50 000 rows is still on its way.
  const last = await get(url(sheet.rows, 0, 49_800), 'tall.xlsx');
  expect(last.status).toBe(200);
  expect(await written(path.join(served.cacheDir, 'sheets', hash, '0-tail.json'))).toBe(false);
  const rows = last.body.rows as { r: number; cells: { v: string }[] }[];
  expect(rows.at(-1)?.r).toBe(49_999);
  expect(rows.at(-1)?.cells.at(-1)?.v).toBe('Row 50000 note');
  expect(rows.at(-1)?.cells[2]?.v).toBe('Customer 49999');
});

it("reads a long table's tail from its index and any block by seeking", async () => {
  const meta = await get('documents/long.csv', 'long.csv');
  const sheet = meta.body.sheet as SheetField;
  const hash = /[0-9a-f]{64}/.exec(sheet.rows)?.[0] ?? '';
  const tail = await get(url(sheet.tail, 0), 'long.csv');
  expect(tail.body).toMatchObject({ rows: 30_000, columns: 2 });
  const dir = path.join(served.cacheDir, 'sheets', hash);
  expect(await written(path.join(dir, 'index.json'))).toBe(true);
  // No pass wrote every block on the way: the last one is read when asked, by seeking.
  expect(await written(path.join(dir, '0-29800.json'))).toBe(false);
  const last = await get(url(sheet.rows, 0, 29_800), 'long.csv');
  const rows = last.body.rows as { r: number; cells: { v: string }[] }[];
  expect(last.body.end).toBe(true);
  expect(rows.at(-1)?.cells.map((cell) => cell.v)).toEqual(['29999', 'row 29999']);
  expect(rows.find((row) => row.r === 29_990)?.cells[1]?.v).toBe('two\r\nlines');
  const past = await get(url(sheet.rows, 0, 40_000), 'long.csv');
  expect(past.body).toEqual({ rows: [], end: true });
});

it('gives a view-only reader rows, never the file', async () => {
  const meta = await get('documents/locked.xlsx', 'locked.xlsx', ['print']);
  expect(meta.body.view).toBe('sheet');
  expect(meta.body).not.toHaveProperty('fileUrl');
  expect(meta.body.param).toMatchObject({ download: false });
  const sheet = meta.body.sheet as SheetField;
  const block = await get(url(sheet.rows, 0, 0), 'locked.xlsx', ['print']);
  expect(block.status).toBe(200);
  expect(JSON.stringify(block.body)).toContain('secret');
  expect((await get('documents/locked.xlsx/content', 'locked.xlsx', ['print'])).status).toBe(403);
  expect((await get('documents/locked.xlsx/original', 'locked.xlsx', ['print'])).status).toBe(403);
});

it('answers a file that is no workbook clearly, and keeps serving', async () => {
  const meta = await get('documents/broken.xlsx', 'broken.xlsx');
  expect(meta.status).toBe(422);
  expect(meta.body.error).toBe('unreadable');
  expect((await get('documents/table.csv', 'table.csv')).status).toBe(200);
});

describe("a grid's pages, made when asked for", () => {
  const pdfsMade = async () =>
    (await readdir(served.cacheDir)).filter((name) => name.endsWith('.pdf'));

  it('makes no PDF for the grid itself; a host linking content gets it made, as pages are', async () => {
    const spawned = served.spawns();
    expect((await get('documents/fresh.xlsx', 'fresh.xlsx')).body.view).toBe('sheet');
    // Opening the grid starts nothing: a while later there is still no PDF, no LibreOffice run.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pdfsMade()).toEqual([]);
    expect(served.spawns()).toBe(spawned);
    let content = await get('documents/fresh.xlsx/content', 'fresh.xlsx');
    expect(content.status).toBe(409);
    expect(content.body.error).toBe('converting');
    for (let tries = 0; content.status === 409 && tries < 120; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      content = await get('documents/fresh.xlsx/content', 'fresh.xlsx');
    }
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toContain('application/pdf');
    expect(served.spawns()).toBeGreaterThan(spawned);
    expect(await pdfsMade()).toHaveLength(1);
    expect((await get('documents/fresh.xlsx', 'fresh.xlsx')).body.view).toBe('sheet');
  });

  it('makes its pages when asked with ?view=pages, then serves them as content', async () => {
    let pages = await get('documents/small.xlsx?view=pages', 'small.xlsx');
    for (let tries = 0; pages.body.loadedCount !== pages.body.pageCount && tries < 120; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      pages = await get('documents/small.xlsx?view=pages', 'small.xlsx');
    }
    expect(pages.status).toBe(200);
    expect(pages.body).not.toHaveProperty('view');
    expect(pages.body).toMatchObject({ pageCount: 1, loadedCount: 1 });
    expect(pages.body.fileUrl).toBe('documents/small.xlsx/content');
    const pdf = await get('documents/small.xlsx/content', 'small.xlsx');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // Not JSON: get() leaves the file's text as the body.
    expect(JSON.stringify(pdf.body)).toMatch(/^"%PDF-/);
    // The grid is still what the document opens as.
    expect((await get('documents/small.xlsx', 'small.xlsx')).body.view).toBe('sheet');
  });

  it('gives a view-only reader page images to print, never the PDF', async () => {
    const pages = await get('documents/locked.xlsx?view=pages', 'locked.xlsx', ['print']);
    expect(pages.status).toBe(200);
    expect(pages.body).not.toHaveProperty('fileUrl');
    expect(pages.body).toHaveProperty('viewOnly');
    expect((await get('documents/locked.xlsx/content', 'locked.xlsx', ['print'])).status).toBe(403);
  });
});

describe("a document's param asking for pages", () => {
  it('is answered as pages, converting, not as a grid', async () => {
    const meta = await get('documents/pages.xlsx', 'pages.xlsx');
    expect(meta.status).toBe(200);
    expect(meta.body).not.toHaveProperty('view');
    expect(meta.body).not.toHaveProperty('sheet');
    expect(meta.body.fileUrl).toBe('documents/pages.xlsx/content');
  });
});
