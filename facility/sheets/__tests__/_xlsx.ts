/**
 * Workbooks the tests write (the sheet view's reader and its browser test): the parts of an
 * `.xlsx` as Excel writes them, zipped by the archive tests' zip writer.
 */
import { buildZip } from '../../archives/__tests__/_zip.ts';
import type { ZipEntry } from '../../archives/__tests__/_zip.ts';

export type CellSpec =
  string | number | boolean | null | { v: string | number; s?: number; f?: string };

export interface SheetSpec {
  name: string;
  hidden?: boolean;
  rows: readonly (readonly CellSpec[])[] | ((r: number) => readonly CellSpec[]);
  /** Rows when `rows` is a function. */
  rowCount?: number;
  /** Declared in `dimension`, when it differs from the rows written. */
  dimension?: string;
  merges?: string[];
  frozen?: { rows: number; columns: number };
  /** Width in characters by column (0-based). */
  widths?: Record<number, number>;
  hiddenRows?: number[];
  links?: { ref: string; url: string }[];
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * Styles: 0 default; 1 bold red 14 pt on yellow, centred and wrapped, with a bottom border;
 * 2 `#,##0.00`; 3 `yyyy-mm-dd`; 4 `0.0%`; 5 italic.
 */
export const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="2"><numFmt numFmtId="164" formatCode="#,##0.00"/><numFmt numFmtId="165" formatCode="0.0%"/></numFmts>
<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="14"/><color rgb="FFFF0000"/><name val="Calibri"/></font><font><i/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill></fill></fills>
<borders count="2"><border><left/><right/><top/><bottom/></border><border><left/><right/><top/><bottom style="thin"><color rgb="FF0000FF"/></bottom></border></borders>
<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="1" applyAlignment="1"><alignment horizontal="center" wrapText="1"/></xf><xf numFmtId="164" fontId="0" fillId="0" borderId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0"/></cellXfs>
</styleSheet>`;

const MAIN =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function sheetXml(sheet: SheetSpec, shared: Map<string, number>): { xml: string; rels?: string } {
  const count = typeof sheet.rows === 'function' ? (sheet.rowCount ?? 0) : sheet.rows.length;
  const rowOf = (r: number) =>
    typeof sheet.rows === 'function' ? sheet.rows(r) : (sheet.rows[r] ?? []);
  const out: string[] = [];
  let widest = 1;
  for (let r = 0; r < count; r += 1) {
    const cells = rowOf(r);
    widest = Math.max(widest, cells.length);
    const hidden = sheet.hiddenRows?.includes(r) ? ' hidden="1"' : '';
    out.push(`<row r="${String(r + 1)}"${hidden}>`);
    cells.forEach((cell, c) => {
      if (cell === null) return;
      const ref = `${columnName(c)}${String(r + 1)}`;
      const spec = typeof cell === 'object' ? cell : { v: cell };
      const style = 's' in spec && spec.s !== undefined ? ` s="${String(spec.s)}"` : '';
      const formula = 'f' in spec && spec.f !== undefined ? `<f>${escape(spec.f)}</f>` : '';
      if (typeof spec.v === 'boolean') {
        out.push(`<c r="${ref}" t="b"${style}>${formula}<v>${spec.v ? 1 : 0}</v></c>`);
      } else if (typeof spec.v === 'number') {
        out.push(`<c r="${ref}"${style}>${formula}<v>${String(spec.v)}</v></c>`);
      } else if (formula !== '') {
        out.push(`<c r="${ref}" t="str"${style}>${formula}<v>${escape(spec.v)}</v></c>`);
      } else {
        let index = shared.get(spec.v);
        if (index === undefined) {
          index = shared.size;
          shared.set(spec.v, index);
        }
        out.push(`<c r="${ref}" t="s"${style}><v>${String(index)}</v></c>`);
      }
    });
    out.push('</row>');
  }
  const dimension = sheet.dimension ?? `A1:${columnName(widest - 1)}${String(Math.max(1, count))}`;
  const pane = sheet.frozen
    ? `<pane xSplit="${String(sheet.frozen.columns)}" ySplit="${String(sheet.frozen.rows)}" topLeftCell="${columnName(sheet.frozen.columns)}${String(sheet.frozen.rows + 1)}" activePane="bottomRight" state="frozen"/>`
    : '';
  const cols = sheet.widths
    ? `<cols>${Object.entries(sheet.widths)
        .map(
          ([c, w]) =>
            `<col min="${String(Number(c) + 1)}" max="${String(Number(c) + 1)}" width="${String(w)}" customWidth="1"/>`,
        )
        .join('')}</cols>`
    : '';
  const merges = sheet.merges?.length
    ? `<mergeCells count="${String(sheet.merges.length)}">${sheet.merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`
    : '';
  const links = sheet.links?.length
    ? `<hyperlinks>${sheet.links.map((link, i) => `<hyperlink ref="${link.ref}" r:id="rId${String(i + 1)}"/>`).join('')}</hyperlinks>`
    : '';
  const rels = sheet.links?.length
    ? `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheet.links
        .map(
          (link, i) =>
            `<Relationship Id="rId${String(i + 1)}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${escape(link.url)}" TargetMode="External"/>`,
        )
        .join('')}</Relationships>`
    : undefined;
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet ${MAIN}><dimension ref="${dimension}"/><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>${out.join('')}</sheetData>${merges}${links}</worksheet>`;
  return { xml, rels };
}

/** The workbook's parts, before zipping (a test may change one). */
export function xlsxParts(sheets: readonly SheetSpec[]): ZipEntry[] {
  const shared = new Map<string, number>();
  const sheetParts = sheets.map((sheet) => sheetXml(sheet, shared));
  const strings = [...shared.keys()];
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${String(i + 1)}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ${MAIN}><sheets>${sheets
          .map(
            (sheet, i) =>
              `<sheet name="${escape(sheet.name)}" sheetId="${String(i + 1)}"${sheet.hidden ? ' state="hidden"' : ''} r:id="rId${String(i + 1)}"/>`,
          )
          .join('')}</sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${String(i + 1)}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${String(i + 1)}.xml"/>`,
          )
          .join(
            '',
          )}<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/styles.xml', data: Buffer.from(STYLES_XML) },
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${String(strings.length)}" uniqueCount="${String(strings.length)}">${strings.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('')}</sst>`,
      ),
    },
  ];
  sheetParts.forEach((part, i) => {
    entries.push({ name: `xl/worksheets/sheet${String(i + 1)}.xml`, data: Buffer.from(part.xml) });
    if (part.rels !== undefined) {
      entries.push({
        name: `xl/worksheets/_rels/sheet${String(i + 1)}.xml.rels`,
        data: Buffer.from(part.rels),
      });
    }
  });
  return entries;
}

export function buildXlsx(sheets: readonly SheetSpec[]): Buffer {
  return buildZip(xlsxParts(sheets));
}

/** The issue's workbook: `rows` × 12 columns of orders, a bold frozen header row. */
export function ordersSheet(rows: number): SheetSpec {
  const header = [
    'Order',
    'Date',
    'Customer',
    'Region',
    'Product',
    'Quantity',
    'Price',
    'Total',
    'Discount',
    'Status',
    'Agent',
    'Note',
  ];
  const regions = ['North', 'South', 'East', 'West'];
  return {
    name: 'Orders',
    rowCount: rows + 1,
    frozen: { rows: 1, columns: 0 },
    widths: { 2: 24, 11: 30 },
    rows: (r) =>
      r === 0
        ? header.map((v) => ({ v, s: 1 }))
        : [
            r,
            { v: 45000 + (r % 365), s: 3 },
            `Customer ${String(r)}`,
            regions[r % 4] ?? '',
            `Product ${String(r % 97)}`,
            r % 50,
            { v: 9.99 + (r % 10), s: 2 },
            { v: (r % 50) * (9.99 + (r % 10)), s: 2, f: `F${String(r + 1)}*G${String(r + 1)}` },
            { v: (r % 20) / 100, s: 4 },
            r % 3 === 0 ? 'Shipped' : 'Open',
            `Agent ${String(r % 13)}`,
            `Row ${String(r + 1)} note`,
          ],
  };
}
