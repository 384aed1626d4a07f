/**
 * The policy's `gridLine` (contracts §5b; facility/conversion/sheet-grid.ts): a spreadsheet
 * converted with it prints its cell grid, in every format a sheet arrives in, and without it prints
 * as the sheet says (no grid); the two PDFs of the same bytes are cached apart, and a document that
 * is no sheet is converted once whatever the flag says. The grid is looked for in the page's
 * preview, drawn by pdf.js: rows of pixels crossed by a rule across the empty cells.
 */
import { readdir } from 'node:fs/promises';
import { converted } from './_converted.ts';
import { horizontalLines } from './_image.ts';
import { GRID_SHEET, savedAs } from './_office-samples.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(900_000);

const CSV = `预算 Folio grid,,,,,\n${',,,,,\n'.repeat(28)},,,,,end\n`;
const GRID = JSON.stringify({ param: { gridLine: true } });
/** At 480 px wide, six default columns span ≈ 310 px; a line of text is never one run that long. */
const RULE_PX = 200;

/** Rows of page 1's preview (480 px wide) crossed by a rule. */
async function rules(served: Served, id: string): Promise<number> {
  const { meta } = await converted(served, id);
  expect([id, meta.status]).toEqual([id, 200]);
  const previews = meta.body.previews as { url: string };
  const url = previews.url.replace('{page}', '1').replace('{width}', '480');
  const res = await fetch(`${served.api}${url}`);
  expect([id, res.status]).toEqual([id, 200]);
  return horizontalLines(Buffer.from(await res.arrayBuffer()), RULE_PX);
}

describe('gridLine', () => {
  let served: Served;

  beforeAll(async () => {
    const saved = await savedAs('sheet', GRID_SHEET, ['.xlsx', '.xls', '.ods']);
    const bytes = (ext: string) => saved.get(ext) ?? Buffer.alloc(0);
    served = await startServe({
      files: {
        'sheet.xlsx': bytes('.xlsx'),
        'sheet.xlsx.json': GRID,
        'sheet.xls': bytes('.xls'),
        'sheet.xls.json': GRID,
        // Kingsoft's sheet: the Office 97 file under its name (the same bytes as sheet.xls).
        'sheet.et': bytes('.xls'),
        'sheet.et.json': GRID,
        'sheet.ods': bytes('.ods'),
        'sheet.ods.json': GRID,
        'sheet.fods': GRID_SHEET,
        'sheet.fods.json': GRID,
        'sheet.csv': CSV,
        'sheet.csv.json': GRID,
        // sheet.xlsx's bytes, without the flag.
        'plain.xlsx': bytes('.xlsx'),
        'not-a-sheet.md': '# 季度报告\n',
        'not-a-sheet.md.json': GRID,
      },
      // The PDF path (SHEET_VIEW=pages): its gridLine is what this file tests.
      options: { sheetView: 'pages' },
    });
  });
  afterAll(() => served.close());

  test.each(['.xlsx', '.xls', '.et', '.ods', '.fods', '.csv'])(
    'a %s sheet with gridLine prints its grid',
    async (ext) => {
      // 30 rows' rules, each one or two pixel rows at this scale.
      expect(await rules(served, `sheet${ext}`)).toBeGreaterThanOrEqual(25);
    },
  );

  test('without gridLine the sheet prints as it says: no grid', async () => {
    expect(await rules(served, 'plain.xlsx')).toBe(0);
  });

  test('the gridded PDF is cached apart; a document that is no sheet is not split', async () => {
    await converted(served, 'not-a-sheet.md');
    const pdfs = (await readdir(served.cacheDir)).filter((name) => name.endsWith('.pdf'));
    // .xlsx .xls (= .et) .ods .fods .csv gridded; plain.xlsx and the Markdown file plain.
    expect(pdfs.filter((name) => name.endsWith('-grid.pdf'))).toHaveLength(5);
    expect(pdfs.filter((name) => !name.endsWith('-grid.pdf'))).toHaveLength(2);
  });
});
