import { readHits, readRowBlock, readSheetBook, readSheetTail } from '../read';
import { parseCellRef, columnName, cellName } from '../../sheet/cellRef';

const base = new URL('https://viewer.example/api/');
const template = (raw: unknown, names: readonly string[]) => {
  if (typeof raw !== 'string' || !names.every((name) => raw.includes(`{${name}}`)))
    return undefined;
  const url = new URL(raw, base);
  return url.protocol === 'https:' ? decodeURI(url.href) : undefined;
};

describe('reading the facility’s sheet (nothing trusted)', () => {
  it('reads the sheets, styles and URLs, defaults for what is wrong', () => {
    const book = readSheetBook(
      {
        sheets: [
          {
            name: 'Orders\u202e',
            hidden: false,
            declaredRows: 50001,
            columns: 2,
            widths: [80, -3],
            defaultHeight: 20,
            frozen: { rows: 1, columns: 9 },
          },
          { name: '', hidden: true, columns: 'x' },
        ],
        styles: [
          { bold: true, color: '#FF0000', fill: 'red', font: 'Calibri', size: 11 },
          { font: 'x;} body{display:none' },
        ],
        rows: 'documents/a.xlsx/sheets/h/{sheet}-{from}.json',
        tail: 'documents/a.xlsx/sheets/h/{sheet}-tail.json',
        search: 'javascript:alert(1)',
        blockRows: 200,
      },
      template,
    );
    expect(book?.sheets).toEqual([
      {
        name: 'Orders',
        hidden: false,
        declaredRows: 50001,
        columns: 2,
        widths: [80, 64],
        defaultHeight: 20,
        frozen: { rows: 1, columns: 2 },
      },
      {
        name: 'Sheet2',
        hidden: true,
        declaredRows: 0,
        columns: 1,
        widths: [64],
        defaultHeight: 20,
        frozen: { rows: 0, columns: 0 },
      },
    ]);
    expect(book?.styles).toEqual([{ bold: true, color: '#ff0000', font: 'Calibri', size: 11 }, {}]);
    expect(book?.rowsUrl).toBe(
      'https://viewer.example/api/documents/a.xlsx/sheets/h/{sheet}-{from}.json',
    );
    expect(book?.searchUrl).toBeUndefined();
  });

  it('is unusable without its rows URLs or sheets', () => {
    expect(readSheetBook({ sheets: [{}], tail: 'x/{sheet}' }, template)).toBeUndefined();
    expect(
      readSheetBook({ sheets: [], rows: '{sheet}{from}', tail: '{sheet}' }, template),
    ).toBeUndefined();
    expect(readSheetBook('nope', template)).toBeUndefined();
  });

  it('reads rows as text, a style never beyond the book’s', () => {
    const block = readRowBlock(
      {
        rows: [
          {
            r: 0,
            h: 30,
            cells: [
              { c: 0, v: 'a\u0007b\u202e', s: 7, n: true },
              { c: -1, v: 'x' },
            ],
          },
          { r: 'x' },
        ],
        end: true,
      },
      2,
      200,
    );
    expect(block).toEqual({
      rows: [{ r: 0, h: 30, hidden: false, cells: [{ c: 0, v: 'ab', s: 0, n: true }] }],
      end: true,
    });
  });

  it('keeps only http(s) links and well-formed merges, hits within the book', () => {
    const tail = readSheetTail({
      rows: 10,
      columns: 3,
      merges: [[0, 0, 0, 3], [2, 2, 1, 1], 'x'],
      links: [
        [1, 1, 'https://a.example/'],
        [1, 2, 'javascript:alert(1)'],
        [1, 3, 'file:///etc/passwd'],
      ],
    });
    expect(tail).toEqual({
      rows: 10,
      columns: 3,
      merges: [[0, 0, 0, 3]],
      links: [[1, 1, 'https://a.example/']],
    });
    expect(
      readHits(
        {
          hits: [
            [0, 5, 1],
            [3, 1, 1],
            [0, -1, 0],
          ],
        },
        2,
      ),
    ).toEqual([[0, 5, 1]]);
  });

  it('names cells as a spreadsheet does', () => {
    expect([0, 25, 26, 701, 16_383].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'XFD']);
    expect(parseCellRef('b200')).toEqual({ r: 199, c: 1 });
    expect(parseCellRef('$C$3')).toEqual({ r: 2, c: 2 });
    for (const bad of ['A0', 'XFE1', '1A', '', 'A99999999'])
      expect(parseCellRef(bad)).toBeUndefined();
    expect(cellName(49_998, 11)).toBe('L49999');
  });
});
