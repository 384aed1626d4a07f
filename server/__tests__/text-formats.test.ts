/**
 * Text in any encoding becomes a PDF whose text is the file's (facility/conversion/text-decode.ts,
 * text-prepare.ts): each sample is a known string encoded here with iconv-lite.
 */
import iconv from 'iconv-lite';
import { converted } from './_converted.ts';
import { startServe } from './_serve.ts';
import type { Served } from './_serve.ts';

jest.setTimeout(300_000);

const SIMPLIFIED = '这是一份季度报告。本公司营业收入稳定增长，请各部门于下周提交预算。';
const TRADITIONAL = '這是一份季度報告。本公司營業收入穩定成長，請各部門於下週提交預算。';
const JAPANESE = 'これは四半期報告書です。来週までに各部署の予算を提出してください。';

const utf16 = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);

const FILES: Record<string, Buffer> = {
  'gbk.txt': iconv.encode(`季度报告\n${SIMPLIFIED}\n`, 'gbk'),
  'big5.txt': iconv.encode(`季度報告\n${TRADITIONAL}\n`, 'big5'),
  'shift-jis.log': iconv.encode(`報告\n${JAPANESE}\n`, 'shift_jis'),
  'utf16.txt': utf16(`季度报告\n${SIMPLIFIED}\n`),
  'gb18030.csv': iconv.encode(
    `部门,预算,备注\n销售部,1200,${SIMPLIFIED}\n研发部,3400,下周提交\n`,
    'gb18030',
  ),
  // Two rows: too little for chardet's statistics alone (facility/conversion/text-decode.ts).
  'short-gb18030.csv': iconv.encode('部门,预算\n销售部,1200\n', 'gb18030'),
  'semicolons.csv': Buffer.from('name;amount\nalpha;1\nbeta;2\n'),
  'tabs.tsv': iconv.encode(`部門\t預算\n銷售部\t1200\n研發部\t3400\n${TRADITIONAL}\t0\n`, 'big5'),
  // LibreOffice took 120 s and 930 MB on it, then was stopped (text-prepare.ts, MAX_TABLE_ROWS).
  'million.csv': Buffer.from(
    Array.from(
      { length: 1_000_000 },
      (_, row) => `${String(row)},order-${String(row)},12.50\n`,
    ).join(''),
  ),
};

describe('text in any encoding', () => {
  let served: Served;
  beforeAll(async () => {
    // Tables of text as pages (SHEET_VIEW=pages): their PDF is what this file tests.
    served = await startServe({ files: FILES, options: { sheetView: 'pages' } });
  });
  afterAll(() => served.close());

  test.each([
    ['gbk.txt', SIMPLIFIED],
    ['big5.txt', TRADITIONAL],
    ['shift-jis.log', JAPANESE],
    ['utf16.txt', SIMPLIFIED],
  ])('%s converts to a PDF whose text is the file’s', async (id, expected) => {
    const { meta, text } = await converted(served, id);
    expect(meta).toMatchObject({ status: 200, body: { pageCount: 1 } });
    // pdf.js splits text into runs: compare without the breaks between them.
    expect(text.replace(/\s/g, '')).toContain(expected);
  });

  test('a table of a million rows is refused with why, LibreOffice never started', async () => {
    const spawnsBefore = served.spawns();
    const { meta } = await converted(served, 'million.csv');
    expect(meta).toMatchObject({ status: 413, body: { error: 'too_large' } });
    expect(String(meta.body.message)).toMatch(/more than 100,000 rows/);
    expect(served.spawns()).toBe(spawnsBefore);
  });

  test.each([
    // The first row is a row of the sheet, not a header dropped.
    ['gb18030.csv', ['部门', '预算', '备注', '销售部', '1200', '研发部', '3400', SIMPLIFIED]],
    ['short-gb18030.csv', ['部门', '预算', '销售部', '1200']],
    ['semicolons.csv', ['name', 'amount', 'alpha', 'beta']],
    ['tabs.tsv', ['部門', '預算', '銷售部', '研發部', '3400']],
  ])('%s: delimiter and encoding found, every cell its own', async (id, cells) => {
    const { meta, text } = await converted(served, id);
    expect(meta.status).toBe(200);
    const items = text.split('\n').map((item) => item.trim());
    for (const cell of cells) expect(items).toContain(cell);
  });
});
