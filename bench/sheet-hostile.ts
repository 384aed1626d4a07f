/**
 * `node bench/sheet-hostile.ts`: the hostile workbooks and tables of the sheet view against a
 * real `npm run serve` process (SHEET_VIEW=grid): for each, the metadata's answer, then block 0
 * of its first sheet's rows and the sheet's tail, each with the server's peak resident memory
 * and health's slowest answer meanwhile (served-process.ts); and whether anything knocked on a
 * canary server on loopback that the files' links, formulas and entities name. Prints one JSON
 * report (docs/decisions/2026-12-07-sheet-hostile.md).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildZip } from '../facility/archives/__tests__/_zip.ts';
import type { ZipEntry } from '../facility/archives/__tests__/_zip.ts';
import { buildXlsx, xlsxParts } from '../facility/sheets/__tests__/_xlsx.ts';
import { servedProcess } from './served-process.ts';

const root = await mkdtemp(path.join(tmpdir(), 'folio-bench-sheet-hostile-'));
const docs = path.join(root, 'docs');
await mkdir(docs);

let knocks = 0;
const canary = createServer((_req, res) => {
  knocks += 1;
  res.end('canary');
});
await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
const bait = `http://127.0.0.1:${String((canary.address() as AddressInfo).port)}`;

const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** A part's text. */
function textOf(entries: readonly ZipEntry[], name: string): string {
  return Buffer.from(entries.find((entry) => entry.name === name)?.data ?? []).toString();
}

/** `xlsxParts` with one part's text replaced, or the part added. */
function withPart(entries: ZipEntry[], name: string, text: string): ZipEntry[] {
  const data = Buffer.from(text);
  return entries.some((entry) => entry.name === name)
    ? entries.map((entry) => (entry.name === name ? { ...entry, data } : entry))
    : [...entries, { name, data }];
}

/** A sheet whose declared inflated size is 4 GB (local header and central directory). */
function declaringGigabytes(): Buffer {
  const zip = buildZip(xlsxParts([{ name: 'Bomb', rows: [['a']] }]));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (let at = zip.indexOf(name); at >= 0; at = zip.indexOf(name, at + 1)) {
    const signature = zip.readUInt32LE(at - 30) === 0x04034b50 ? at - 30 : at - 46;
    const field = zip.readUInt32LE(signature) === 0x04034b50 ? 22 : 24;
    zip.writeUInt32LE(0xfff00000, signature + field);
  }
  return zip;
}

/** Ten million shared strings, the sheet using the first and the last. */
function tenMillionStrings(): Buffer {
  const items: string[] = [SST_HEAD];
  for (let i = 0; i < 10_000_000; i += 1) items.push(`<si><t>s${String(i)}</t></si>`);
  items.push('</sst>');
  const parts = xlsxParts([{ name: 'Strings', rows: [['placeholder']] }]);
  const sheetXml = textOf(parts, 'xl/worksheets/sheet1.xml').replace(
    /<sheetData>.*<\/sheetData>/,
    '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>9999999</v></c></row></sheetData>',
  );
  return buildZip(
    withPart(
      withPart(parts, 'xl/sharedStrings.xml', items.join('')),
      'xl/worksheets/sheet1.xml',
      sheetXml,
    ),
  );
}

const bomb = `<!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;"><!ENTITY x SYSTEM "${bait}/entity">]>`;

/** An external workbook the formulas refer to, related by an external URL. */
function externalLinks(): Buffer {
  const parts = xlsxParts([
    {
      name: 'Links',
      rows: [
        [{ v: 'cached web', f: `WEBSERVICE("${bait}/webservice")` }],
        [{ v: 'cached link', f: `HYPERLINK("${bait}/hyperlink","go")` }],
        [{ v: 42, f: '[1]Sheet1!A1' }],
        [{ v: 7, f: `'${bait}/[book.xlsx]Sheet1'!A1` }],
      ],
      links: [{ ref: 'A2', url: `${bait}/cell-link` }],
    },
  ]);
  return buildZip(
    withPart(
      withPart(
        parts,
        'xl/_rels/workbook.xml.rels',
        textOf(parts, 'xl/_rels/workbook.xml.rels').replace(
          '</Relationships>',
          '<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLink" Target="externalLinks/externalLink1.xml"/></Relationships>',
        ),
      ),
      'xl/externalLinks/externalLink1.xml',
      `<?xml version="1.0"?><externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><externalBook r:id="rId1"/></externalLink>`,
    ).concat({
      name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" Target="${bait}/book.xlsx" TargetMode="External"/></Relationships>`,
      ),
    }),
  );
}

async function oneLine(file: string, mb: number): Promise<void> {
  const out = createWriteStream(file);
  const chunk = 'x'.repeat(1024 * 1024);
  for (let i = 0; i < mb; i += 1) {
    if (!out.write(chunk))
      await new Promise<void>((resolve) =>
        out.once('drain', () => {
          resolve();
        }),
      );
  }
  await new Promise<void>((resolve) =>
    out.end(() => {
      resolve();
    }),
  );
}

const cases: [string, string][] = [
  ['gigabytes.xlsx', 'a sheet declaring 4 GB inflated'],
  ['strings.xlsx', 'a shared-string table of 10 000 000 entries'],
  ['columns.xlsx', '16 384 columns × 200 rows'],
  ['merges.xlsx', 'a million merged ranges'],
  ['long-cells.xlsx', '2 000 cells of 32 767 characters, one of 40 000'],
  ['links.xlsx', 'WEBSERVICE(), HYPERLINK(), external-workbook links'],
  ['laughs.xlsx', 'billion laughs and an external entity (shared strings)'],
  ['one-line.csv', 'a CSV of one 200 MB line'],
];
const started = performance.now();
await writeFile(path.join(docs, 'gigabytes.xlsx'), declaringGigabytes());
await writeFile(path.join(docs, 'strings.xlsx'), tenMillionStrings());
await writeFile(
  path.join(docs, 'columns.xlsx'),
  buildXlsx([
    {
      name: 'Wide',
      rowCount: 200,
      rows: (r) => Array.from({ length: 16_384 }, (_, c) => r * 16_384 + c),
    },
  ]),
);
await writeFile(
  path.join(docs, 'merges.xlsx'),
  buildXlsx([
    {
      name: 'Merged',
      rows: [['a', 'b']],
      merges: Array.from({ length: 1_000_000 }, (_, i) => `A${String(i + 1)}:B${String(i + 1)}`),
    },
  ]),
);
await writeFile(
  path.join(docs, 'long-cells.xlsx'),
  buildXlsx([
    {
      name: 'Long',
      rowCount: 2_000,
      rows: (r) => [r === 0 ? 'y'.repeat(40_000) : String(r).padEnd(32_767, 'x')],
    },
  ]),
);
await writeFile(path.join(docs, 'links.xlsx'), externalLinks());
await writeFile(
  path.join(docs, 'laughs.xlsx'),
  buildZip(
    withPart(
      xlsxParts([{ name: 'Laughs', rows: [['a']] }]),
      'xl/sharedStrings.xml',
      `<?xml version="1.0"?>${bomb}${SST_HEAD.replace(/^<\?xml[^>]*>/, '')}<si><t>&i;&x;</t></si></sst>`,
    ),
  ),
);
await oneLine(path.join(docs, 'one-line.csv'), 200);
const writtenS = Math.round((performance.now() - started) / 1000);

const served = await servedProcess(root, docs, { SHEET_VIEW: 'grid', MAX_FILE_MB: '300' });

interface SheetAnswer {
  error?: string;
  view?: string;
  sheet?: { sheets: unknown[]; rows: string; tail: string };
}
interface RowsAnswer {
  error?: string;
  rows?: { cells: { v?: string }[] }[];
}

const step = (
  what: string,
  { body, ...figures }: Awaited<ReturnType<typeof served.measured>>,
  detail: Record<string, unknown>,
) => ({ step: what, ...figures, ...detail, error: (body as { error?: string }).error });

try {
  const rows = [];
  for (const [id, what] of cases) {
    const knocksBefore = knocks;
    const meta = await served.measured(`documents/${encodeURIComponent(id)}`);
    const answer = meta.body as SheetAnswer;
    const steps = [
      step('metadata', meta, { view: answer.view, sheets: answer.sheet?.sheets.length }),
    ];
    if (answer.sheet !== undefined) {
      const at = (template: string) => template.replace('{sheet}', '0').replace('{from}', '0');
      const block = await served.measured(at(answer.sheet.rows));
      const blockRows = (block.body as RowsAnswer).rows;
      steps.push(
        step('rows 0–199', block, {
          rows: blockRows?.length,
          widestCell: Math.max(
            0,
            ...(blockRows ?? []).flatMap((row) => row.cells.map((c) => c.v?.length ?? 0)),
          ),
          cellsInRow1: blockRows?.[0]?.cells.length,
        }),
      );
      const tail = await served.measured(at(answer.sheet.tail));
      steps.push(step('tail', tail, { rows: (tail.body as { rows?: number }).rows }));
    }
    rows.push({ id, what, steps, canaryKnocks: knocks - knocksBefore });
  }
  console.log(
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadavg: loadavg().map((n) => n.toFixed(2)),
        filesWrittenInS: writtenS,
        rows,
        canaryKnocks: knocks,
        alive: served.alive(),
      },
      null,
      2,
    ),
  );
} finally {
  served.stop();
  canary.close();
  await rm(root, { recursive: true, force: true });
}
